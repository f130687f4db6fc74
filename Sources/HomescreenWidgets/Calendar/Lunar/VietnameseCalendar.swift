import Foundation
import HomescreenHosting
import HomescreenWidgetCore

/// The Vietnamese lunisolar calendar, computed astronomically for UTC+7.
///
/// A month begins on the local day of a new moon. Month 11 is the month that holds the winter
/// solstice; a lunar year with 13 months between two months 11 gets a leap month, the first
/// month in which the sun enters no new 30° sector of longitude (no major solar term); it takes
/// the number of the month before it. New moons and the sun's longitude come from the
/// truncated series of Jean Meeus' *Astronomical Algorithms* (the same method Hồ Ngọc Đức
/// published for the Vietnamese calendar); the solar years 1800–2199 are covered.
///
/// Every month of the range is computed once, on first use (≈5,000 months, about a
/// millisecond); converting a day is then a binary search.
public enum VietnameseCalendar {
    /// Solar years whose every day converts.
    public static let supportedYears = 1800...2199

    /// The lunar date of a solar day; nil outside `supportedYears`.
    public static func lunarDate(for date: LocalDate) -> LunarDate? {
        guard let index = table.monthIndex(containing: Astronomy.julianDay(date)) else { return nil }
        let month = table.months[index]
        return LunarDate(year: month.year, month: month.number, day: Astronomy.julianDay(date) - month.start + 1, isLeapMonth: month.isLeap)
    }

    /// The solar day of a lunar date; nil when it does not exist (a 30th in a 29-day month, a
    /// leap month the year does not have) or lies outside the range.
    public static func solarDate(for lunar: LunarDate) -> LocalDate? {
        guard lunar.day >= 1, let index = table.monthIndex(of: lunar), lunar.day <= table.length(of: index) else { return nil }
        return Astronomy.localDate(julianDay: table.months[index].start + lunar.day - 1)
    }

    /// How many days the lunar month holding `date` has (29 or 30).
    public static func monthLength(containing date: LocalDate) -> Int? {
        table.monthIndex(containing: Astronomy.julianDay(date)).map(table.length(of:))
    }

    /// Tết (1 Giêng) of a lunar year.
    public static func tet(_ lunarYear: Int) -> LocalDate? { solarDate(for: LunarDate(year: lunarYear, month: 1, day: 1)) }

    /// The leap month of a lunar year, if it has one.
    public static func leapMonth(of lunarYear: Int) -> Int? {
        table.months.first { $0.year == lunarYear && $0.isLeap }?.number
    }

    /// The solar term (one of 24, 15° of the sun's longitude each, 0 = Xuân phân at 0°) the sun
    /// is in at the end of a day, local time.
    public static func solarTerm(at date: LocalDate) -> Int {
        Int(Astronomy.sunLongitude(atLocalMidnightBefore: Astronomy.julianDay(date) + 1) / 15)
    }

    // MARK: - The table of months

    /// Eight bytes a month (the table's 4,950 months are resident in every dashboard).
    struct Month: Sendable {
        private let startDay: Int32, yearNumber: Int16, monthNumber: Int8
        let isLeap: Bool
        /// Julian day number of the first day.
        var start: Int { Int(startDay) }
        var year: Int { Int(yearNumber) }
        var number: Int { Int(monthNumber) }

        init(start: Int, year: Int, number: Int, isLeap: Bool) {
            startDay = Int32(start)
            yearNumber = Int16(year)
            monthNumber = Int8(number)
            self.isLeap = isLeap
        }
        /// Orders months the way `LunarDate` does.
        var key: Int { year * 100 + number * 2 + (isLeap ? 1 : 0) }
    }

    struct MonthTable: Sendable {
        /// Every month from the one holding the first supported day, plus one past the last.
        let months: [Month]

        init(years: ClosedRange<Int>) {
            var months: [Month] = []
            months.reserveCapacity((years.count + 2) * 13)
            // From the month 11 of the year before the range to the one of its last year.
            var start = Astronomy.month11(solarYear: years.lowerBound - 1)
            for year in (years.lowerBound - 1)...years.upperBound {
                let next = Astronomy.month11(solarYear: year + 1)
                months += Self.months(from: start, to: next, solarYear: year)
                start = next
            }
            months.append(Month(start: start, year: years.upperBound, number: 11, isLeap: false))
            self.months = months
        }

        /// The months from one month 11 (in `solarYear`) to the next, numbered.
        private static func months(from start: Int, to end: Int, solarYear: Int) -> [Month] {
            let k = Astronomy.lunation(near: start)
            let count = Int((Double(end - start) / Astronomy.synodicMonth).rounded())
            // In a 13-month year the leap month is the first with no major solar term: the sun
            // is in the same 30° sector when it starts and when the next month starts.
            var leap: Int?
            if count == 13 {
                var sector = Astronomy.majorTermSector(Astronomy.newMoonDay(k + 1))
                for offset in 1..<13 {
                    let next = Astronomy.majorTermSector(Astronomy.newMoonDay(k + offset + 1))
                    if next == sector { leap = offset; break }
                    sector = next
                }
            }
            return (0..<count).map { offset in
                let shifted = leap.map { offset >= $0 ? offset - 1 : offset } ?? offset
                let number = (shifted + 10) % 12 + 1
                // Months 11 and 12 at the start belong to the lunar year of this solar year.
                let year = offset < 4 && number >= 11 ? solarYear : solarYear + 1
                return Month(start: offset == 0 ? start : Astronomy.newMoonDay(k + offset), year: year, number: number, isLeap: offset == leap)
            }
        }

        func length(of index: Int) -> Int { months[index + 1].start - months[index].start }

        /// The last month starting on or before `julianDay`, not the sentinel past the end.
        func monthIndex(containing julianDay: Int) -> Int? {
            guard julianDay >= months[0].start, julianDay < months[months.count - 1].start else { return nil }
            var low = 0, high = months.count - 1
            while high - low > 1 {
                let middle = (low + high) / 2
                if months[middle].start <= julianDay { low = middle } else { high = middle }
            }
            return low
        }

        func monthIndex(of lunar: LunarDate) -> Int? {
            let key = lunar.year * 100 + lunar.month * 2 + (lunar.isLeapMonth ? 1 : 0)
            var low = 0, high = months.count - 2
            while low <= high {
                let middle = (low + high) / 2
                if months[middle].key == key { return middle }
                if months[middle].key < key { low = middle + 1 } else { high = middle - 1 }
            }
            return nil
        }
    }

    static let table = MonthTable(years: supportedYears)
}
