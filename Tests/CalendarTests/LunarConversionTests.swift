import Foundation
import Testing
import HomescreenWidgetCore
@testable import HomescreenWidgets

@Suite struct LunarConversionTests {
    @Test func everyTetFrom1900To2100IsTheReferenceDay() {
        #expect(LunarVectors.tet.count == 201)
        for (year, date) in LunarVectors.tet {
            #expect(VietnameseCalendar.tet(year) == date, "Tết \(year)")
            #expect(VietnameseCalendar.lunarDate(for: date) == LunarDate(year: year, month: 1, day: 1), "\(date)")
        }
    }

    /// Not the Chinese calendar: Tết 1985 is 21 January in Vietnam (20 February in China), 2007
    /// is 17 February (18 February in China), 2030 is 2 February (3 February in China).
    @Test func tetFallsWhereTheVietnameseCalendarPutsIt() {
        #expect(VietnameseCalendar.tet(1985) == LocalDate(year: 1985, month: 1, day: 21))
        #expect(VietnameseCalendar.tet(2007) == LocalDate(year: 2007, month: 2, day: 17))
        #expect(VietnameseCalendar.tet(2030) == LocalDate(year: 2030, month: 2, day: 2))
        #expect(VietnameseCalendar.tet(2026) == LocalDate(year: 2026, month: 2, day: 17))
    }

    /// The month table follows every day of 1900–2100 (73,414 days), so every day is checked.
    @Test func everyDayFrom1900To2100MatchesTheReferenceMonths() {
        let months = LunarVectors.months
        #expect(months.first!.start <= LocalDate(year: 1900, month: 1, day: 1)!)
        var checked = 0, wrong: [String] = []
        for month in months {
            for offset in 0..<month.days {
                let date = month.start.adding(days: offset)
                guard (1900...2100).contains(date.year) else { continue }
                let expected = LunarDate(year: month.lunar.year, month: month.lunar.month, day: offset + 1, isLeapMonth: month.lunar.isLeapMonth)
                if VietnameseCalendar.lunarDate(for: date) != expected, wrong.count < 10 { wrong.append("\(date): \(String(describing: VietnameseCalendar.lunarDate(for: date))) ≠ \(expected)") }
                checked += 1
            }
            #expect(VietnameseCalendar.monthLength(containing: month.start) == month.days, "\(month.start)")
        }
        #expect(checked == LocalDate(year: 2101, month: 1, day: 1)!.dayNumber - LocalDate(year: 1900, month: 1, day: 1)!.dayNumber)
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test func wholeYearsMatchTheReferenceDayByDay() {
        let days = LunarVectors.days
        #expect(days.count == 366 + 365 + 365 + 365 + 365 + 366 + 365 + 365)
        for day in days {
            #expect(VietnameseCalendar.lunarDate(for: day.date) == day.lunar, "\(day.date)")
        }
    }

    @Test func leapMonthsAreMarked() {
        #expect(VietnameseCalendar.leapMonth(of: 2025) == 6)
        #expect(VietnameseCalendar.leapMonth(of: 2033) == 11)
        #expect(VietnameseCalendar.leapMonth(of: 2026) == nil)
        #expect(VietnameseCalendar.lunarDate(for: LocalDate(year: 2025, month: 7, day: 25)!) == LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true))
        #expect(VietnameseCalendar.lunarDate(for: LocalDate(year: 2025, month: 7, day: 24)!) == LunarDate(year: 2025, month: 6, day: 30))
        #expect(VietnameseCalendar.lunarDate(for: LocalDate(year: 2033, month: 12, day: 22)!) == LunarDate(year: 2033, month: 11, day: 1, isLeapMonth: true))
        // The leap 11th month of 2033 is in lunar year 2033 although it ends in solar 2034.
        #expect(VietnameseCalendar.lunarDate(for: LocalDate(year: 2034, month: 1, day: 19)!)?.year == 2033)
        // A lunar year has 12 months, or 13 with its leap month.
        let counts = Dictionary(grouping: LunarVectors.months.filter { (1901...2099).contains($0.lunar.year) }, by: \.lunar.year).mapValues(\.count)
        for (year, count) in counts {
            #expect(count == (VietnameseCalendar.leapMonth(of: year) == nil ? 12 : 13), "\(year)")
        }
    }

    @Test func roundTripsSolarLunarSolarOnEveryDayOfTheRange() {
        var date = LocalDate(year: 1900, month: 1, day: 1)!
        let end = LocalDate(year: 2100, month: 12, day: 31)!
        var failures = 0
        while date <= end {
            if let lunar = VietnameseCalendar.lunarDate(for: date), VietnameseCalendar.solarDate(for: lunar) == date {} else { failures += 1 }
            date = date.adding(days: 1)
        }
        #expect(failures == 0)
    }

    @Test func lunarDatesThatDoNotExistHaveNoSolarDay() {
        // 2026's second month has 29 days; 2026 has no leap month; 2025's leap month is the 6th.
        #expect(VietnameseCalendar.monthLength(containing: LocalDate(year: 2026, month: 3, day: 19)!) == 29)
        #expect(VietnameseCalendar.solarDate(for: LunarDate(year: 2026, month: 2, day: 30)) == nil)
        #expect(VietnameseCalendar.solarDate(for: LunarDate(year: 2026, month: 1, day: 30)) == LocalDate(year: 2026, month: 3, day: 18))
        #expect(VietnameseCalendar.solarDate(for: LunarDate(year: 2026, month: 3, day: 1, isLeapMonth: true)) == nil)
        #expect(VietnameseCalendar.solarDate(for: LunarDate(year: 2025, month: 5, day: 1, isLeapMonth: true)) == nil)
        #expect(VietnameseCalendar.solarDate(for: LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true)) == LocalDate(year: 2025, month: 7, day: 25))
        #expect(VietnameseCalendar.solarDate(for: LunarDate(year: 2026, month: 1, day: 0)) == nil)
        #expect(VietnameseCalendar.lunarDate(for: LocalDate(year: 1799, month: 1, day: 1)!) == nil)
        #expect(VietnameseCalendar.lunarDate(for: LocalDate(year: 2300, month: 1, day: 1)!) == nil)
    }
}

/// Why the calendar is computed here: Foundation's Chinese calendar (UTC+8) is another calendar.
@Suite struct ChineseCalendarDifferenceTests {
    @Test func foundationsChineseCalendarDisagreesWithVietnamOnThousandsOfDays() {
        var chinese = Calendar(identifier: .chinese)
        chinese.timeZone = TimeZone(secondsFromGMT: 8 * 3600)!
        var gregorian = Calendar(identifier: .gregorian)
        gregorian.timeZone = chinese.timeZone
        var differing = 0
        var day = LocalDate(year: 1900, month: 1, day: 1)!
        while day.year <= 2100 {
            let noon = gregorian.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
            let parts = chinese.dateComponents([.month, .day, .isLeapMonth], from: noon)
            let ours = VietnameseCalendar.lunarDate(for: day)!
            if parts.month != ours.month || parts.day != ours.day || (parts.isLeapMonth ?? false) != ours.isLeapMonth { differing += 1 }
            day = day.adding(days: 1)
        }
        #expect((2000...3500).contains(differing), "\(differing) days differ")
        let tet1985 = gregorian.date(from: DateComponents(year: 1985, month: 1, day: 21, hour: 12))!
        #expect(chinese.dateComponents([.month, .day], from: tet1985).month == 12, "China is still in the 12th month")
    }
}
