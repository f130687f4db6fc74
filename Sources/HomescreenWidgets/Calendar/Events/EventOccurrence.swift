import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// An event once: the day and time it starts on the viewer's clock, and the last day it covers.
public struct EventOccurrence: Hashable, Sendable {
    public let event: CalendarEvent
    /// The day it starts, in the viewer's zone.
    public let date: LocalDate
    /// The time it starts there; nil for an all-day event or an anniversary.
    public let time: EventTime?
    /// The last day it covers there: `date` for a one-day event, later for a multi-day all-day
    /// event or a timed one that ends on a later day (an end at midnight covers the day before).
    public let lastDate: LocalDate
    /// When a timed event with a length ends, on the viewer's clock.
    public let endDate: LocalDate?
    public let endTime: EventTime?

    public init(event: CalendarEvent, date: LocalDate, time: EventTime? = nil, lastDate: LocalDate? = nil, endDate: LocalDate? = nil, endTime: EventTime? = nil) {
        self.event = event
        self.date = date
        self.time = time
        self.lastDate = lastDate ?? date
        self.endDate = endDate
        self.endTime = endTime
    }

    /// Whether it is on `day` (starts on it, or covers it).
    public func covers(_ day: LocalDate) -> Bool { date <= day && day <= lastDate }
}

extension CalendarEvent {
    /// The solar days the event starts on in `range`, in order, on the clock of `timeZone`.
    public func days(in range: ClosedRange<LocalDate>, timeZone: Zone) -> [LocalDate] {
        occurrences(in: range, timeZone: timeZone).map(\.date)
    }

    /// The occurrences that start in `range` on the clock of `timeZone`, in order.
    ///
    /// A lunar anniversary falls once a lunar year, from its first year when it has one. Its
    /// rules, the common practice: in the first year a leap-month date is in the leap month; in
    /// every later year it is in the regular month of that number (whether or not the year has
    /// a leap month of it). A 30th falls on the 29th in a lunar month of 29 days.
    /// A solar event falls on its day, or on its rule's days (`RecurrenceRule`); a rule that
    /// cannot be read (written by another program) makes it fall on its first day only.
    /// A timed event with a zone is expanded in that zone (RFC 5545 §3.3.10: the rule's days,
    /// BYDAY and EXDATE are the zone's days, its time the zone's wall clock across daylight
    /// saving changes, a date-time UNTIL compared as an instant), and each occurrence is then
    /// converted to `timeZone`; an all-day or floating event is on the viewer's days as written.
    public func occurrences(in range: ClosedRange<LocalDate>, timeZone: Zone) -> [EventOccurrence] {
        let range = range.clamped(to: LocalDate.supported)
        guard !range.isEmpty else { return [] }
        switch when {
        case .lunar(let month, let day, let leap, let firstYear):
            guard (1...12).contains(month), (1...30).contains(day),
                  let low = VietnameseCalendar.lunarDate(for: range.lowerBound)?.year,
                  let high = VietnameseCalendar.lunarDate(for: range.upperBound)?.year else { return [] }
            let first = max(low, firstYear ?? low)
            guard first <= high else { return [] }
            return (first...high).compactMap { year -> EventOccurrence? in
                let isLeap = leap && year == firstYear
                guard let monthStart = VietnameseCalendar.solarDate(for: LunarDate(year: year, month: month, day: 1, isLeapMonth: isLeap)),
                      let length = VietnameseCalendar.monthLength(containing: monthStart) else { return nil }
                let date = monthStart.adding(days: min(day, length) - 1)
                return range.contains(date) ? EventOccurrence(event: self, date: date) : nil
            }
        case .solar(let start, let time, let ruleText, let except):
            let rule = ruleText.isEmpty ? nil : try? RecurrenceRule(parsing: ruleText)
            guard let time else {
                let days = rule?.days(from: start, in: range, except: Set(except)) ?? (range.contains(start) && !except.contains(start) ? [start] : [])
                return days.map { EventOccurrence(event: self, date: $0, lastDate: $0.adding(days: max(1, length.map { $0.minutes / 1440 } ?? 1) - 1)) }
            }
            // The event's own clock: its zone, or (floating) the viewer's.
            let own = zone.isEmpty ? nil : Zone(identifier: zone)
            let clock = own ?? timeZone
            // The rule's days around the range (a zone's day may be the viewer's day before or after).
            let wide = range.lowerBound.adding(days: -2)...range.upperBound.adding(days: 2)
            let days = rule?.days(from: start, in: wide, except: Set(except)) ?? (wide.contains(start) && !except.contains(start) ? [start] : [])
            let until = rule.flatMap { rule in
                rule.until.flatMap { day in rule.untilClock.map { $0.utc ? Date(timeIntervalSince1970: Double(day.dayNumber * 86_400 + $0.seconds))
                                                                          : clock.instant(day, seconds: $0.seconds) } }
            }
            return days.compactMap { day -> EventOccurrence? in
                let instant = ICalendar.instant(day, time, in: clock)
                if let until, instant > until { return nil }
                let (localDay, localTime) = ICalendar.wallClock(instant, in: timeZone)
                guard range.contains(localDay) else { return nil }
                guard case .minutes(let minutes)? = length else { return EventOccurrence(event: self, date: localDay, time: localTime) }
                let (endDay, endTime) = ICalendar.wallClock(instant.addingTimeInterval(Double(minutes * 60)), in: timeZone)
                return EventOccurrence(event: self, date: localDay, time: localTime, lastDate: max(localDay, endTime.minutes == 0 ? endDay.adding(days: -1) : endDay),
                                       endDate: endDay, endTime: endTime)
            }
        }
    }

    /// "15/3 ÂL every lunar year", "10/6N ÂL (leap) in 2025, then every lunar year",
    /// "2027-05-01", "every year from 2027-05-01", "from 2027-05-01 09:00 America/New_York,
    /// every week on Monday, Wednesday" (a timed event kept in a zone names it; a rule in words).
    public var whenText: String {
        switch when {
        case .lunar(let month, let day, let leap, let firstYear):
            if leap, let firstYear { return "\(day)/\(month)N ÂL in \(firstYear), then \(day)/\(month) ÂL every lunar year" }
            return "\(day)/\(month) ÂL every lunar year" + (firstYear.map { " from \($0)" } ?? "")
        case .solar(let start, let time, let rule, _):
            let day = start.iso + (time.map { " \($0)" + (zone.isEmpty ? "" : " " + zone) } ?? "")
            switch rule {
            case "": return day
            case "FREQ=YEARLY": return "every year from " + day
            case "FREQ=MONTHLY": return "every month from " + day
            case "FREQ=WEEKLY": return "every week from " + day
            case "FREQ=DAILY": return "every day from " + day
            default:
                guard let parsed = try? RecurrenceRule(parsing: rule) else { return day + " " + rule }
                return "from " + day + ", " + parsed.words
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
    /// Every occurrence that starts in `range` (or, `covering`, that covers a day of it: a
    /// multi-day event that started before), by day, then by time (untimed first), then by id.
    public static func occurrences(of events: [CalendarEvent], in range: ClosedRange<LocalDate>, timeZone: Zone,
                                   covering: Bool = false) -> [EventOccurrence] {
        events.flatMap { event -> [EventOccurrence] in
            guard covering, let length = event.length else { return event.occurrences(in: range, timeZone: timeZone) }
            return event.occurrences(in: range.lowerBound.adding(days: -(length.minutes / 1440 + 1))...range.upperBound, timeZone: timeZone)
                .filter { $0.lastDate >= range.lowerBound }
        }
        .sorted { a, b in
            if a.date != b.date { return a.date < b.date }
            let (ta, tb) = (a.time?.minutes ?? -1, b.time?.minutes ?? -1)
            return ta != tb ? ta < tb : a.event.id < b.event.id
        }
    }
}

extension CalendarEvent {
    /// The time of a timed solar event.
    public var time: EventTime? { if case .solar(_, let time, _, _) = when { return time } else { return nil } }
}
