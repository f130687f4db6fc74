import Foundation

/// A calendar month with no time zone (a budget's month, a cell of the year grid).
public struct YearMonth: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int

    public static let accepted = "a month as YYYY-MM, such as 2026-02"

    /// - Returns: nil when the month does not exist (month 13, year 0…).
    public init?(year: Int, month: Int) {
        guard (1...9999).contains(year), (1...12).contains(month) else { return nil }
        self.year = year
        self.month = month
    }

    /// Parses exactly `YYYY-MM`.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 7, bytes[4] == UInt8(ascii: "-"),
              let year = LocalDate.number(bytes[0..<4]), let month = LocalDate.number(bytes[5..<7]) else { return nil }
        self.init(year: year, month: month)
    }

    public init(_ day: LocalDate) {
        year = day.year
        month = day.month
    }

    /// The month an instant falls in, in a time zone.
    public init(_ date: Date, in timeZone: Zone) { self.init(LocalDate(date, in: timeZone)) }

    public var iso: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) }
    public var description: String { iso }

    public var firstDay: LocalDate { LocalDate(year: year, month: month, day: 1)! }
    public var lastDay: LocalDate { LocalDate(year: year, month: month, day: dayCount)! }
    public var dayCount: Int { LocalDate.daysIn(month: month, year: year) }

    public func adding(months: Int) -> YearMonth {
        let index = year * 12 + (month - 1) + months
        return YearMonth(uncheckedYear: index / 12, month: index % 12 + 1)
    }

    private init(uncheckedYear year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public func contains(_ day: LocalDate) -> Bool { day.year == year && day.month == month }

    public static func < (lhs: YearMonth, rhs: YearMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
