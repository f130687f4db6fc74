import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// A person's own date on the calendar: a lunar anniversary (a giỗ, a birthday kept by the
/// lunar date) or a solar event, once or repeating by an iCalendar rule. The store keeps the
/// rule as written (`FREQ=YEARLY`, …); the calendar kind expands it.
public struct CalendarEvent: Hashable, Sendable, Identifiable {
    public var id: Int64
    /// Stable across exports and imports: an imported event keeps its file's UID.
    public var uid: String
    public var title: String
    public var note: String
    public var when: EventDate
    /// The zone a timed solar event's time and rule are in (a tz database name, or "UTC");
    /// empty: floating, the viewer's own wall clock (events added here, and imported ones
    /// written without a zone).
    public var zone: String
    /// How long it lasts (DTEND or DURATION of an import); nil: a day, or a moment.
    public var length: EventLength?
    public var createdAt: Date
    /// The vdir file it was read from, as it was then (nil: the store's own event). A change
    /// writes that file only if it is still that version.
    public var file: VdirFile?
    /// The vdir's display name (its `displayname` file, else its folder's name); nil: the store's own event.
    public var calendar: String?
    /// The vdir's `color` file as it is written (`#rrggbb`, or `#rrggbbaa` as some servers
    /// give it); the panes mark its events in it (`calendarColor`).
    public var color: String?

    public init(id: Int64, uid: String, title: String, note: String = "", when: EventDate, zone: String = "", length: EventLength? = nil, createdAt: Date) {
        self.id = id
        self.uid = uid
        self.title = title
        self.note = note
        self.when = when
        self.zone = zone
        self.length = length
        self.createdAt = createdAt
    }

    /// Reads a row defensively (other programs write this table too): a row whose dates do not
    /// make sense reads as a lunar date that never occurs (month 0), never a crash.
    init(row: StoreRow) {
        id = row.int("id") ?? 0
        uid = row.text("uid") ?? ""
        title = row.text("title") ?? ""
        note = row.text("note") ?? ""
        createdAt = row.date("createdAt") ?? Date(timeIntervalSince1970: 0)
        // A zone this machine does not know reads as floating, a length that cannot be read as none.
        zone = row.text("zone").flatMap { Zone(identifier: $0) != nil ? $0 : nil } ?? ""
        length = row.text("duration").flatMap(EventLength.init(text:))
        if let dayText = row.text("day"), let day = LocalDate(iso: dayText) {
            let exceptions = (row.text("exdates") ?? "").split(separator: ",").compactMap { LocalDate(iso: String($0)) }
            when = .solar(start: day, time: row.text("time").flatMap(EventTime.init(text:)), rule: row.text("rule") ?? "", except: exceptions)
        } else {
            when = .lunar(month: Int(row.int("lunarMonth") ?? 0), day: Int(row.int("lunarDay") ?? 0),
                          leap: (row.int("lunarLeap") ?? 0) != 0, firstYear: row.int("lunarYear").map(Int.init))
        }
    }
}

/// When an event happens.
public enum EventDate: Hashable, Sendable {
    /// Every lunar year on this lunar date, from `firstYear` (a lunar year) when given. `leap`:
    /// the first year's month was its leap month (so `firstYear` is required).
    case lunar(month: Int, day: Int, leap: Bool, firstYear: Int?)
    /// From `start`, once (`rule` empty) or by an iCalendar RRULE, less the `except` days.
    case solar(start: LocalDate, time: EventTime?, rule: String, except: [LocalDate])
}

/// How long an event lasts: whole days for an all-day event (3: it covers its first day and
/// the two after), minutes for a timed one. Stored as an RFC 5545 duration, `P3D` or `PT90M`.
public enum EventLength: Hashable, Sendable, CustomStringConvertible {
    case days(Int)
    case minutes(Int)

    /// Reads `P3D`, `P2W`, `PT1H30M`, `P1DT2H` (RFC 5545 §3.3.6; seconds are dropped, a
    /// negative or empty length is none).
    public init?(text: String) {
        var rest = Substring(text.uppercased())
        guard rest.hasPrefix("P") else { return nil }
        rest = rest.dropFirst()
        var minutes = 0, days = 0, inTime = false, number = "", sawAny = false
        for character in rest {
            if character.isNumber { number.append(character); continue }
            if character == "T" { guard number.isEmpty, !inTime else { return nil }; inTime = true; continue }
            guard let value = Int(number), value <= 1_000_000 else { return nil }
            number = ""
            sawAny = true
            switch (character, inTime) {
            case ("W", false): days += value * 7
            case ("D", false): days += value
            case ("H", true): minutes += value * 60
            case ("M", true): minutes += value
            case ("S", true): minutes += value / 60
            default: return nil
            }
        }
        guard number.isEmpty, sawAny else { return nil }
        if minutes == 0 { guard days > 0 else { return nil }; self = .days(days) } else { self = .minutes(days * 1440 + minutes) }
    }

    public var description: String {
        switch self {
        case .days(let days): return "P\(days)D"
        case .minutes(let minutes): return "PT\(minutes)M"
        }
    }

    /// In minutes (a day: 1440).
    public var minutes: Int {
        switch self {
        case .days(let days): return days * 1440
        case .minutes(let minutes): return minutes
        }
    }
}

/// A time of day, minutes since midnight (an imported event that has one).
public struct EventTime: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let minutes: Int
    public init?(hour: Int, minute: Int) {
        guard (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        minutes = hour * 60 + minute
    }
    /// "09:30".
    public init?(text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 }), let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        self.init(hour: hour, minute: minute)
    }
    public var hour: Int { minutes / 60 }
    public var minute: Int { minutes % 60 }
    public var description: String { String(format: "%02d:%02d", hour, minute) }
    public static func < (a: EventTime, b: EventTime) -> Bool { a.minutes < b.minutes }
}

/// An event as it is about to be written: checked by the caller (the CLI, the form, the .ics
/// import), kept by the table's CHECKs for everyone else.
public struct EventDraft: Hashable, Sendable {
    public var uid: String?
    public var title: String
    public var note: String
    public var when: EventDate
    /// As `CalendarEvent.zone` and `.length`.
    public var zone: String
    public var length: EventLength?

    public init(uid: String? = nil, title: String, note: String = "", when: EventDate, zone: String = "", length: EventLength? = nil) {
        self.uid = uid
        self.title = title
        self.note = note
        self.when = when
        self.zone = zone
        self.length = length
    }
}

/// What an import did.
public struct EventImportCount: Hashable, Sendable {
    public var added = 0
    public var updated = 0
    public var unchanged = 0
    public init() {}
}

public enum EventError: StoreRefusal, Equatable {

    case unknownEvent(id: Int64)

    public var sentence: String { "there is no event with id %1; `homescreen event list` shows the ids." }

    public var values: [String] {
        switch self {
        case .unknownEvent(let id): return [String(id)]
        }
    }

    /// Its sentences in French, Italian and Vietnamese: the kind's own words.
    public var words: Translations { CalendarFeature.words }
}

extension CalendarEvent {
    /// The vdir's color as a color (`#rrggbb`; the alpha of `#rrggbbaa` is dropped), nil when
    /// it has none or it does not read as one.
    public var calendarColor: RGB? {
        guard let color = color?.trimmingCharacters(in: .whitespaces), color.count == 7 || color.count == 9 else { return nil }
        return RGB(hex: String(color.prefix(7)))
    }
}
