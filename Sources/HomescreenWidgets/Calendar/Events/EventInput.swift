import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// Checks what a person types for an event, for the command line and the dashboard's form
/// alike: each problem is one sentence naming the value and what is accepted.
public enum EventInput {
    /// The one kind of bad input every kind reports (the command line exits with status 2).
    public typealias Problem = InputProblem

    public static let maximumLength = 20_000

    /// `text` cut to the store's limit, counted as the store counts (Unicode scalars).
    public static func cut(_ text: String) -> String {
        text.unicodeScalars.count <= maximumLength ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumLength)))
    }

    public static func title(_ text: String) throws(Problem) -> String {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw Problem("the title is empty; give the event a name, such as \"Giỗ ông nội\".") }
        // Counted as the store counts (Unicode scalars), not as graphemes (👍🏽 is two).
        guard text.unicodeScalars.count <= maximumLength else { throw Problem("the title has \(text.unicodeScalars.count) characters; use at most \(maximumLength).") }
        return text
    }

    public static func note(_ text: String) throws(Problem) -> String {
        guard text.unicodeScalars.count <= maximumLength else { throw Problem("the note has \(text.unicodeScalars.count) characters; use at most \(maximumLength).") }
        return text
    }

    /// A lunar date as D/M ("15/3"), with `leap` (its first year's month was leap) and the
    /// first lunar year. A leap first year must have that leap month.
    public static func lunar(_ text: String, leap: Bool, year: Int?) throws(Problem) -> EventDate {
        let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let day = Int(parts[0]), let month = Int(parts[1]), (1...30).contains(day), (1...12).contains(month) else {
            throw Problem("'\(text)' is not a lunar date; use D/M with a day from 1 to 30 and a month from 1 to 12, such as 15/3.")
        }
        if let year, !VietnameseCalendar.supportedYears.contains(year) {
            throw Problem("lunar year \(year) is outside the calendar's range; use a year from \(VietnameseCalendar.supportedYears.lowerBound) to \(VietnameseCalendar.supportedYears.upperBound - 1).")
        }
        if leap {
            guard let year else { throw Problem("a leap-month date needs the lunar year it fell in (--leap with --year Y; 15/\(month)N/Y in a form).") }
            let leapMonth = VietnameseCalendar.leapMonth(of: year)
            guard leapMonth == month else {
                throw Problem("lunar year \(year) has no leap month \(month) (" + (leapMonth.map { "its leap month is \($0)" } ?? "it has no leap month") + "); drop the leap mark or give the year it was in.")
            }
        }
        return .lunar(month: month, day: day, leap: leap, firstYear: year)
    }

    /// How a solar event repeats: "", "yearly", "monthly", "weekly" (or an RRULE of the
    /// supported kind, as .ics files write it).
    public static func rule(_ text: String) throws(Problem) -> String {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch word {
        case "", "none", "once", "lunar": return ""
        case "yearly", "monthly", "weekly", "daily": return "FREQ=" + word.uppercased()
        default:
            do { return try RecurrenceRule(parsing: text).description } catch {
                throw Problem("'\(text)' is not a repeat; use lunar (every lunar year), yearly, monthly, weekly, daily or none.")
            }
        }
    }

    /// The form's Time field: empty (all day) or HH:MM; a time goes with a solar date only
    /// (`when` nil: the date itself was refused, so only the time is checked).
    public static func time(_ text: String, for when: EventDate?) throws(Problem) -> EventTime? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let time = EventTime(text: trimmed) else { throw Problem("'\(trimmed)' is not a time; use HH:MM from 00:00 to 23:59, such as 18:30, or leave it empty for an all-day event.") }
        if case .lunar? = when { throw Problem("a lunar anniversary lasts its day, so it has no time ('\(trimmed)'); leave the time empty, or give a solar date.") }
        return time
    }

    /// The form's Minutes field: empty (no end) or how long a timed event lasts, 1 to 100000.
    public static func minutes(_ text: String, time: String) throws(Problem) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        guard let minutes = Int(trimmed), (1...100_000).contains(minutes) else {
            throw Problem("'\(trimmed)' is not a number of minutes; use a whole number from 1 to 100000, such as 90.")
        }
        guard !time.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw Problem("minutes (\(minutes)) go with a time; give the Time as HH:MM, or leave Minutes empty for an all-day event.")
        }
        return minutes
    }

    /// The zone a timed event added on this machine is kept in: its TZ's database name, or
    /// empty (floating, the viewer's clock) when TZ is a POSIX rule no database names.
    public static func zoneName(_ zone: Zone) -> String {
        Zone(identifier: zone.identifier) != nil ? zone.identifier : ""
    }

    /// The configured vdir named `name` (its displayname or its folder's name), for `event add
    /// --calendar` and the form's Calendar field.
    public static func vdir(_ name: String, folders: [String] = VdirCalendars.configured) throws(Problem) -> (name: String, path: String) {
        let wanted = name.trimmingCharacters(in: .whitespaces)
        guard !folders.isEmpty else {
            throw Problem("there is no calendar '\(wanted)': no vdir is configured; add [calendar] vdirs = [\"~/.calendars/family\"] to the config file.")
        }
        let named = folders.map { folder -> (name: String, path: String) in
            let path = VdirCalendar.expand(folder)
            let shown = VdirCalendar.firstLine(of: (path as NSString).appendingPathComponent("displayname")).flatMap { $0.isEmpty ? nil : $0 }
            return (shown ?? (path as NSString).lastPathComponent, path)
        }
        if let found = named.first(where: { $0.name == wanted }) ?? named.first(where: { ($0.path as NSString).lastPathComponent == wanted }) { return found }
        throw Problem("there is no calendar '\(wanted)'; use one of the configured vdirs: " + named.map(\.name).joined(separator: ", ") + ".")
    }

    /// The vdir event with this id, read now (the ids of `event list`).
    public static func vdirEvent(id: Int64, timeZone: Zone) throws(Problem) -> CalendarEvent {
        guard let event = VdirCalendars.read(timeZone: timeZone).flatMap(\.events).first(where: { $0.id == id }) else {
            throw Problem("there is no event with id \(id); `homescreen event list` shows the ids.")
        }
        return event
    }

    /// The form's date field: "15/3" (lunar, every year), "15/3/2025" (lunar, from that year),
    /// "15/3N/2025" (the leap month in 2025), or a solar day (YYYY-MM-DD, tomorrow, +3d…).
    /// A repeat of "lunar" makes a solar day a lunar anniversary: every lunar year on that
    /// day's lunar date (a leap month's date: in that leap month that year, the regular after).
    public static func dateField(_ text: String, repeat ruleText: String, today: LocalDate) throws(Problem) -> EventDate {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lunarRepeat = ["lunar", "âm lịch", "am lich", "lunaire", "lunare"].contains(ruleText.trimmingCharacters(in: .whitespaces).lowercased())
        if !trimmed.contains("/"), let day = FriendlyDate.parse(trimmed, today: today) {
            guard LocalDate.supported.contains(day) else { throw Problem("'\(trimmed)' is outside the days Homescreen works with; use a day \(LocalDate.supportedText).") }
            if lunarRepeat, let lunar = VietnameseCalendar.lunarDate(for: day) {
                return .lunar(month: lunar.month, day: lunar.day, leap: lunar.isLeapMonth, firstYear: lunar.isLeapMonth ? lunar.year : nil)
            }
            return .solar(start: day, time: nil, rule: try rule(ruleText), except: [])
        }
        if lunarRepeat { return try dateField(text, repeat: "", today: today) }
        var parts = trimmed.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 || parts.count == 3 else {
            throw Problem("'\(trimmed)' is not a date; use D/M for a lunar date (15/3, 15/3/2025, 15/3N/2025 for a leap month) or a solar day such as \(today.adding(days: 3).iso).")
        }
        let leap = parts[1].uppercased().hasSuffix("N")
        if leap { parts[1].removeLast() }
        var year: Int?
        if parts.count == 3 {
            guard let number = Int(parts[2]) else { throw Problem("'\(parts[2])' is not a lunar year; use a year such as 2025.") }
            year = number
        }
        if !ruleText.trimmingCharacters(in: .whitespaces).isEmpty, (try? rule(ruleText)) != "" {
            throw Problem("a lunar date repeats every lunar year; leave the repeat empty.")
        }
        return try lunar(parts[0] + "/" + parts[1], leap: leap, year: year)
    }

    /// The form's date field for a day: its lunar date ("15/3", "15/3N/2025" in a leap month).
    public static func fieldText(for lunar: LunarDate) -> String {
        lunar.isLeapMonth ? "\(lunar.day)/\(lunar.month)N/\(lunar.year)" : "\(lunar.day)/\(lunar.month)"
    }
}
