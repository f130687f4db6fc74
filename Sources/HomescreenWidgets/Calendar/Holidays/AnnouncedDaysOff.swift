import HomescreenWidgetCore

/// The days off the Government fixes each year where the Labour Code leaves them to it
/// (Bộ luật Lao động 2019, Article 112(3)): which days Tết Âm lịch's five are (112(1)(b)), and
/// whether National Day's second is the day before or after 2 September (112(1)(đ)).
///
/// Only years whose announcement is known are here, each with its source: for any other year
/// nothing is guessed, and only the Code's fixed days are days off (Tết's first day and 2
/// September among them). To add a year, add its line with the notice it comes from; a test
/// keeps every day within `reach` of its holiday.
enum AnnouncedDaysOff {
    struct Year: Sendable {
        /// Tết's break as announced for the civil service, first to last day, weekends included.
        let tet: ClosedRange<LocalDate>?
        /// National Day's second day.
        let nationalDay: LocalDate?
    }

    static let years: [Int: Year] = [
        // Ministry of Labour, Invalids and Social Affairs, Thông báo 6150/TB-LĐTBXH
        // (8 November 2024), on the Prime Minister's decision: Tết Ất Tỵ from Saturday 25 January
        // to Sunday 2 February 2025 (26 Chạp to mùng 5); National Day on Monday 1 and Tuesday
        // 2 September 2025.
        2025: Year(tet: day(2025, 1, 25)...day(2025, 2, 2), nationalDay: day(2025, 9, 1)),
        // The Ministry of Home Affairs' notice on the Prime Minister's decision (autumn 2025):
        // Tết Bính Ngọ from Saturday 14 to Sunday 22 February 2026 (27 Chạp to mùng 6).
        // National Day's second day of 2026 is left out until its notice is checked.
        2026: Year(tet: day(2026, 2, 14)...day(2026, 2, 22), nationalDay: nil),
    ]

    /// How far an announced day may lie from its holiday: the calendar looks this far around a
    /// span for the holidays that give it days off.
    static let reach = 10

    private static func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDate { LocalDate(year: year, month: month, day: day)! }
}
