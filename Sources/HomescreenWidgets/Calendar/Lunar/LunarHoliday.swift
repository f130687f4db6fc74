import HomescreenHosting
import HomescreenWidgetCore

/// The lunar holidays the large calendar lists, on their day of a regular (not leap) month.
public struct LunarHoliday: Hashable, Sendable {
    public let name: String
    public let month: Int
    public let day: Int

    public static let all = [
        LunarHoliday(name: "Tết Nguyên Đán", month: 1, day: 1),
        LunarHoliday(name: "Rằm tháng Giêng", month: 1, day: 15),
        LunarHoliday(name: "Giỗ Tổ Hùng Vương", month: 3, day: 10),
        LunarHoliday(name: "Phật Đản", month: 4, day: 15),
        LunarHoliday(name: "Vu Lan", month: 7, day: 15),
        LunarHoliday(name: "Tết Trung Thu", month: 8, day: 15),
        LunarHoliday(name: "Ông Công ông Táo", month: 12, day: 23),
    ]

    /// A holiday on a solar day.
    public struct Occurrence: Hashable, Sendable {
        public let holiday: LunarHoliday
        public let date: LocalDate
        public let lunar: LunarDate
    }

    /// The next holidays on or after a day, soonest first.
    public static func upcoming(from date: LocalDate, count: Int) -> [Occurrence] {
        guard let lunarYear = VietnameseCalendar.lunarDate(for: date)?.year else { return [] }
        return (lunarYear...lunarYear + 2).flatMap { year in
            all.compactMap { holiday -> Occurrence? in
                let lunar = LunarDate(year: year, month: holiday.month, day: holiday.day)
                return VietnameseCalendar.solarDate(for: lunar).map { Occurrence(holiday: holiday, date: $0, lunar: lunar) }
            }
        }
        .filter { $0.date >= date }
        .sorted { $0.date < $1.date }
        .prefix(count)
        .map { $0 }
    }
}
