import Foundation
import Testing
import HomescreenWidgetCore
@testable import HomescreenWidgets

@Suite struct CanChiTests {
    /// Every day of the reference years: can-chi of day, month and year, and the solar term
    /// (compared without case: the reference writes "Vũ Thủy", we write it like the others).
    @Test func canChiAndSolarTermsMatchTheReferenceOnWholeYears() {
        var wrong: [String] = []
        for day in LunarVectors.days {
            let lunar = VietnameseCalendar.lunarDate(for: day.date)!
            let got = [CanChi.day(day.date), CanChi.month(lunar), CanChi.year(lunar.year), LunarNames.solarTerms[VietnameseCalendar.solarTerm(at: day.date)].lowercased()]
            let expected = [day.canChiDay, day.canChiMonth, day.canChiYear, day.solarTerm.lowercased()]
            if got != expected, wrong.count < 10 { wrong.append("\(day.date): \(got) ≠ \(expected)") }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func theSeedsHeaderYear() {
        #expect(CanChi.year(2026) == "Bính Ngọ")
        #expect(CanChi.year(2025) == "Ất Tỵ")
        #expect(CanChi.year(1984) == "Giáp Tý")
        #expect(LunarNames.monthTitle(LunarDate(year: 2026, month: 1, day: 1)) == "Tháng Giêng")
        #expect(LunarNames.monthTitle(LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true)) == "Tháng Sáu nhuận")
        #expect((1...12).map(LunarNames.month) == ["Giêng", "Hai", "Ba", "Tư", "Năm", "Sáu", "Bảy", "Tám", "Chín", "Mười", "Một", "Chạp"])
    }

    @Test func holidaysComeInOrderFromTheDay() {
        let from = LocalDate(year: 2026, month: 11, day: 22)!
        let upcoming = Holiday.upcoming(from: from, count: 3)
        #expect(upcoming.map(\.holiday.name) == ["Tết Dương lịch", "Ông Công ông Táo", "Giao thừa"])
        #expect(upcoming.map(\.date.iso) == ["2027-01-01", "2027-01-30", "2027-02-05"])
        // On the day itself it is listed first.
        #expect(Holiday.upcoming(from: LocalDate(year: 2026, month: 2, day: 17)!, count: 1).first?.date.iso == "2026-02-17")
        // Giỗ Tổ Hùng Vương 2026 (10/3) and Trung Thu 2025 (15/8), as published.
        #expect(Holiday.upcoming(from: LocalDate(year: 2026, month: 4, day: 1)!, count: 3).first { $0.holiday.id == "hung-kings" }?.date.iso == "2026-04-26")
        #expect(Holiday.upcoming(from: LocalDate(year: 2025, month: 10, day: 1)!, count: 1).first?.date.iso == "2025-10-06")
    }
}
