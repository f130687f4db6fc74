import Foundation

/// The local wall-clock boundaries a timeline reloads at, on the zone's own clock, so a 23-hour
/// or 25-hour DST day still ends at its real midnight.
public enum TimeBoundaries {
    /// The first instant of the next local day.
    public static func nextMidnight(after date: Date, in timeZone: Zone) -> Date {
        let day = timeZone.wallClock(date).day
        // Where clocks once went back across midnight, the day after's start can be behind us.
        let next = timeZone.start(of: day.adding(days: 1))
        return next > date ? next : timeZone.start(of: day.adding(days: 2))
    }

    /// The first instant of the next local hour (or the change of offset, when that comes first).
    public static func nextHour(after date: Date, in timeZone: Zone) -> Date {
        let seconds = timeZone.wallClock(date).seconds
        let next = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down) + Double(3600 - seconds % 3600))
        return timeZone.nextDaylightSavingTimeTransition(after: date).map { min($0, next) } ?? next
    }

    /// The first instant of the next local month.
    public static func nextMonth(after date: Date, in timeZone: Zone) -> Date {
        let day = timeZone.wallClock(date).day
        let first = day.month == 12 ? LocalDate(year: day.year + 1, month: 1, day: 1) : LocalDate(year: day.year, month: day.month + 1, day: 1)
        return timeZone.start(of: first ?? day)
    }
}
