import Foundation

/// A calendar day with no time and no time zone (a due date, a day in a month grid).
/// Proleptic Gregorian, years 1…9999. Comparable and countable in whole days.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// - Returns: nil when the day does not exist (2026-02-30, month 13…).
    /// The days every date input accepts (`--now`, `--today`, `--due`, expense days, budget
    /// months, form fields) and the store's CHECKs allow: the lunar calendar's years.
    public static let supported = LocalDate(year: 1800, month: 1, day: 1)!...LocalDate(year: 2199, month: 12, day: 31)!
    public static let supportedText = "from 1800-01-01 to 2199-12-31"

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]), let day = Self.number(bytes[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The value of ASCII digits, nil for anything else (by byte: asking each Character for its
    /// Unicode properties was a tenth of a status line's reading of its rows, issue 36).
    static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }

    /// The day an instant falls on in a time zone: the local time's whole days since 1970
    /// (the zone's offset at that instant handles daylight saving time).
    public init(_ date: Date, in timeZone: Zone) { self = timeZone.wallClock(date).day }

    /// `2026-11-23` (written by hand: `String(format:)` costs a status line a tenth of a millisecond).
    public var iso: String { year.zeroPadded(4) + "-" + month.zeroPadded(2) + "-" + day.zeroPadded(2) }

    public var description: String { iso }

    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: - Day arithmetic

    /// Days since 1970-01-01 (negative before), from the civil-calendar formula.
    public var dayNumber: Int { LocalDate.dayNumber(year: year, month: month, day: day) }

    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.year = year
        self.month = month
        self.day = day
    }

    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int { ((dayNumber % 7) + 11) % 7 }

    /// The instant this day starts in a time zone (not always 00:00 on DST days).
    public func start(in timeZone: Zone) -> Date { timeZone.start(of: self) }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool { lhs.dayNumber < rhs.dayNumber }
}

extension Int {
    /// The number in decimal with zeros in front up to `width` characters, the sign included,
    /// as `%0*d` writes it: `7.zeroPadded(2)` is "07", `(-1).zeroPadded(4)` is "-001".
    public func zeroPadded(_ width: Int) -> String {
        let digits = String(magnitude), sign = self < 0 ? "-" : ""
        return sign + String(repeating: "0", count: Swift.max(0, width - digits.count - sign.count)) + digits
    }
}
