import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// An event on one solar day.
public struct EventOccurrence: Hashable, Sendable {
    public let event: CalendarEvent
    public let date: LocalDate
}

extension CalendarEvent {
    /// The solar days the event falls on in `range`, in order.
    ///
    /// A lunar anniversary falls once a lunar year, from its first year when it has one. Its
    /// rules, the common practice: in the first year a leap-month date is in the leap month; in
    /// every later year it is in the regular month of that number (whether or not the year has
    /// a leap month of it). A 30th falls on the 29th in a lunar month of 29 days.
    /// A solar event falls on its day, or on its rule's days (`RecurrenceRule`); a rule that
    /// cannot be read (written by another program) makes it fall on its first day only.
    public func days(in range: ClosedRange<LocalDate>) -> [LocalDate] {
        let range = range.clamped(to: LocalDate.supported)
        guard !range.isEmpty else { return [] }
        switch when {
        case .lunar(let month, let day, let leap, let firstYear):
            guard (1...12).contains(month), (1...30).contains(day),
                  let low = VietnameseCalendar.lunarDate(for: range.lowerBound)?.year,
                  let high = VietnameseCalendar.lunarDate(for: range.upperBound)?.year else { return [] }
            let first = max(low, firstYear ?? low)
            guard first <= high else { return [] }
            return (first...high).compactMap { year -> LocalDate? in
                let isLeap = leap && year == firstYear
                guard let monthStart = VietnameseCalendar.solarDate(for: LunarDate(year: year, month: month, day: 1, isLeapMonth: isLeap)),
                      let length = VietnameseCalendar.monthLength(containing: monthStart) else { return nil }
                let date = monthStart.adding(days: min(day, length) - 1)
                return range.contains(date) ? date : nil
            }
        case .solar(let start, _, let ruleText, let except):
            guard !ruleText.isEmpty, let rule = try? RecurrenceRule(parsing: ruleText) else {
                return range.contains(start) && !except.contains(start) ? [start] : []
            }
            return rule.days(from: start, in: range, except: Set(except))
        }
    }

    /// "15/3 ÂL every lunar year", "10/6N ÂL (leap) in 2025, then every lunar year",
    /// "2027-05-01", "every year from 2027-05-01", "2027-05-01 FREQ=WEEKLY;BYDAY=MO,WE".
    public var whenText: String {
        switch when {
        case .lunar(let month, let day, let leap, let firstYear):
            if leap, let firstYear { return "\(day)/\(month)N ÂL in \(firstYear), then \(day)/\(month) ÂL every lunar year" }
            return "\(day)/\(month) ÂL every lunar year" + (firstYear.map { " from \($0)" } ?? "")
        case .solar(let start, let time, let rule, _):
            let day = start.iso + (time.map { " \($0)" } ?? "")
            switch rule {
            case "": return day
            case "FREQ=YEARLY": return "every year from " + day
            case "FREQ=MONTHLY": return "every month from " + day
            case "FREQ=WEEKLY": return "every week from " + day
            case "FREQ=DAILY": return "every day from " + day
            default: return day + " " + rule
            }
        }
    }

    /// Whether it falls more than once.
    public var repeats: Bool {
        if case .solar(_, _, let rule, _) = when { return !rule.isEmpty }
        return true
    }

    public var isLunar: Bool { if case .lunar = when { return true } else { return false } }
}

/// Occurrences of many events.
public enum EventSchedule {
    /// Every occurrence in `range`, by day, then by time (untimed first), then by id.
    public static func occurrences(of events: [CalendarEvent], in range: ClosedRange<LocalDate>) -> [EventOccurrence] {
        events.flatMap { event in event.days(in: range).map { EventOccurrence(event: event, date: $0) } }
            .sorted { a, b in
                if a.date != b.date { return a.date < b.date }
                let (ta, tb) = (a.event.time?.minutes ?? -1, b.event.time?.minutes ?? -1)
                return ta != tb ? ta < tb : a.event.id < b.event.id
            }
    }
}

extension CalendarEvent {
    /// The time of a timed solar event.
    public var time: EventTime? { if case .solar(_, let time, _, _) = when { return time } else { return nil } }
}
