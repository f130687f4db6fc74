import HomescreenHosting
import HomescreenWidgetCore

/// A day of the Vietnamese lunar calendar: the lunar year it belongs to (the one that starts
/// at its Tết), the month 1…12, whether that month is the year's leap month, and the day 1…30.
public struct LunarDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int
    public let isLeapMonth: Bool

    public init(year: Int, month: Int, day: Int, isLeapMonth: Bool = false) {
        self.year = year
        self.month = month
        self.day = day
        self.isLeapMonth = isLeapMonth
    }

    /// Months in calendar order: a leap month follows the regular month of the same number.
    public static func < (a: LunarDate, b: LunarDate) -> Bool {
        (a.year, a.month, a.isLeapMonth ? 1 : 0, a.day) < (b.year, b.month, b.isLeapMonth ? 1 : 0, b.day)
    }

    /// "3/10", "1/6N" for the leap sixth month (N for nhuận).
    public var dayMonth: String { "\(day)/\(month)" + (isLeapMonth ? "N" : "") }
    public var description: String { "\(dayMonth)/\(year)" }
}
