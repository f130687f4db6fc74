import Foundation

/// The local wall-clock boundaries a timeline reloads at. Computed by the calendar in the given
/// time zone, so a 23-hour or 25-hour DST day still ends at its real midnight.
public enum TimeBoundaries {
    /// The first instant of the next local day.
    public static func nextMidnight(after date: Date, in timeZone: TimeZone) -> Date {
        Calendar.gregorian(in: timeZone).dateInterval(of: .day, for: date)!.end
    }

    /// The first instant of the next local hour.
    public static func nextHour(after date: Date, in timeZone: TimeZone) -> Date {
        Calendar.gregorian(in: timeZone).dateInterval(of: .hour, for: date)!.end
    }

    /// The first instant of the next local month.
    public static func nextMonth(after date: Date, in timeZone: TimeZone) -> Date {
        Calendar.gregorian(in: timeZone).dateInterval(of: .month, for: date)!.end
    }
}
