import HomescreenHosting
import HomescreenWidgetCore

/// A day of Vietnam's year the calendar names: the public holidays of the Labour Code (Bộ luật
/// Lao động 2019, Article 112(1)), which are paid days off, and the traditional days, which are
/// not. Names are Vietnamese in every language; the interface's label goes beside them
/// (`CalendarWords.holidayName`). The lunar ones fall on their day of a regular (not leap)
/// month, as `VietnameseCalendar` computes it.
public struct Holiday: Hashable, Sendable {
    /// Where a holiday falls in its year.
    public enum Day: Hashable, Sendable {
        case solar(month: Int, day: Int)
        case lunar(month: Int, day: Int)
        /// Giao thừa, the lunar year's last day: the 29th or 30th of month 12, the day before
        /// the next Tết (computed, as the month's length is).
        case lunarYearsLastDay
    }

    /// A stable key: the JSON's and the labels' (`CalendarWords.holidayLabels`).
    public let id: String
    /// The Vietnamese name, shown in every language.
    public let name: String
    public let day: Day
    /// One of Article 112(1)'s public holidays. Tết's five days and National Day's second are
    /// the Government's to fix each year (112(3)); `AnnouncedDaysOff` holds the years it did.
    public let isDayOff: Bool

    /// In the order of the year; on a day with two, the first listed comes first.
    public static let all = [
        Holiday(id: "new-year", name: "Tết Dương lịch", day: .solar(month: 1, day: 1), isDayOff: true),
        // Tết Âm lịch: its first day is one of the Code's five every year; the others are announced.
        Holiday(id: "tet", name: "Tết Nguyên Đán", day: .lunar(month: 1, day: 1), isDayOff: true),
        Holiday(id: "first-full-moon", name: "Rằm tháng Giêng", day: .lunar(month: 1, day: 15), isDayOff: false),
        Holiday(id: "cold-food", name: "Tết Hàn thực", day: .lunar(month: 3, day: 3), isDayOff: false),
        Holiday(id: "hung-kings", name: "Giỗ Tổ Hùng Vương", day: .lunar(month: 3, day: 10), isDayOff: true),
        // The Code's "Ngày Chiến thắng"; calendars print it as the South's liberation.
        Holiday(id: "reunification", name: "Giải phóng miền Nam", day: .solar(month: 4, day: 30), isDayOff: true),
        Holiday(id: "labour-day", name: "Quốc tế Lao động", day: .solar(month: 5, day: 1), isDayOff: true),
        Holiday(id: "buddha", name: "Phật Đản", day: .lunar(month: 4, day: 15), isDayOff: false),
        Holiday(id: "double-fifth", name: "Tết Đoan Ngọ", day: .lunar(month: 5, day: 5), isDayOff: false),
        Holiday(id: "double-seventh", name: "Thất tịch", day: .lunar(month: 7, day: 7), isDayOff: false),
        Holiday(id: "vu-lan", name: "Vu Lan", day: .lunar(month: 7, day: 15), isDayOff: false),
        Holiday(id: "mid-autumn", name: "Tết Trung Thu", day: .lunar(month: 8, day: 15), isDayOff: false),
        Holiday(id: "national-day", name: "Quốc khánh", day: .solar(month: 9, day: 2), isDayOff: true),
        Holiday(id: "kitchen-gods", name: "Ông Công ông Táo", day: .lunar(month: 12, day: 23), isDayOff: false),
        Holiday(id: "new-years-eve", name: "Giao thừa", day: .lunarYearsLastDay, isDayOff: false),
    ]

    /// A holiday on a solar day.
    public struct Occurrence: Hashable, Sendable {
        public let holiday: Holiday
        public let date: LocalDate
        public let lunar: LunarDate
        /// The days off it brings, in order: none for a traditional day; for a public holiday
        /// its own day, or the days announced for its year where it has some.
        public let daysOff: [LocalDate]
    }

    /// Every holiday falling in a range of days, by day (on one day, in `all`'s order); days
    /// outside the lunar calendar's range have none.
    public static func occurrences(in range: ClosedRange<LocalDate>) -> [Occurrence] {
        guard let first = VietnameseCalendar.lunarDate(for: max(range.lowerBound, LocalDate.supported.lowerBound)),
              let last = VietnameseCalendar.lunarDate(for: min(range.upperBound, LocalDate.supported.upperBound)) else { return [] }
        let found = all.enumerated().flatMap { order, holiday in
            dates(of: holiday, solarYears: range.lowerBound.year...range.upperBound.year, lunarYears: first.year...last.year)
                .filter(range.contains)
                .map { (order, holiday, $0) }
        }
        return found.sorted { ($0.2, $0.0) < ($1.2, $1.0) }.compactMap { _, holiday, date in
            VietnameseCalendar.lunarDate(for: date).map { Occurrence(holiday: holiday, date: date, lunar: $0, daysOff: daysOff(holiday, date)) }
        }
    }

    /// The next holidays on or after a day, soonest first.
    public static func upcoming(from date: LocalDate, count: Int) -> [Occurrence] {
        var found: [Occurrence] = []
        var start = date
        // A year at a time: fifteen a year, so one or two years for the lists.
        while found.count < count, start <= LocalDate.supported.upperBound {
            let end = start.adding(days: 365)
            found += occurrences(in: start...end)
            start = end.adding(days: 1)
        }
        return Array(found.prefix(count))
    }

    /// The holiday whose day off a day is, among occurrences around it (an announced day lies
    /// within `AnnouncedDaysOff.reach` of its holiday).
    public static func dayOff(on date: LocalDate, among occurrences: [Occurrence]) -> Holiday? {
        occurrences.first { $0.daysOff.contains(date) }?.holiday
    }

    /// The holidays around a span of days that can give it days off.
    public static func occurrences(around range: ClosedRange<LocalDate>) -> [Occurrence] {
        occurrences(in: range.lowerBound.adding(days: -AnnouncedDaysOff.reach)...range.upperBound.adding(days: AnnouncedDaysOff.reach))
    }

    private static func dates(of holiday: Holiday, solarYears: ClosedRange<Int>, lunarYears: ClosedRange<Int>) -> [LocalDate] {
        switch holiday.day {
        case .solar(let month, let day):
            return solarYears.compactMap { LocalDate(year: $0, month: month, day: day) }
        case .lunar(let month, let day):
            return lunarYears.compactMap { VietnameseCalendar.solarDate(for: LunarDate(year: $0, month: month, day: day)) }
        case .lunarYearsLastDay:
            return lunarYears.compactMap { VietnameseCalendar.tet($0 + 1)?.adding(days: -1) }
        }
    }

    private static func daysOff(_ holiday: Holiday, _ date: LocalDate) -> [LocalDate] {
        guard holiday.isDayOff else { return [] }
        let announced = AnnouncedDaysOff.years[date.year]
        switch holiday.id {
        case "tet":
            guard let span = announced?.tet, span.contains(date) else { return [date] }
            return (0...(span.upperBound.dayNumber - span.lowerBound.dayNumber)).map(span.lowerBound.adding(days:))
        case "national-day":
            return ([date] + (announced?.nationalDay.map { [$0] } ?? [])).sorted()
        default:
            return [date]
        }
    }
}
