import Foundation
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
    public var createdAt: Date

    public init(id: Int64, uid: String, title: String, note: String = "", when: EventDate, createdAt: Date) {
        self.id = id
        self.uid = uid
        self.title = title
        self.note = note
        self.when = when
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

    public init(uid: String? = nil, title: String, note: String = "", when: EventDate) {
        self.uid = uid
        self.title = title
        self.note = note
        self.when = when
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
