import Foundation
import Testing
import HomescreenTestSupport
import HomescreenRender
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// Vietnam's holidays: the Labour Code's days off (Article 112), the traditional days, the
/// days the Government announced, their labels, and where the views show them.
struct HolidayTests {
    static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// The lunar holidays of every lunar year 1901–2099 land where vnlunar's months put them
    /// (`Vectors/lunar-months.csv`), and Giao thừa on the day before vnlunar's next Tết, the
    /// 29th or 30th of month 12.
    @Test func lunarHolidaysFallWhereTheReferenceMonthsPutThem() {
        var starts: [LunarDate: LocalDate] = [:]
        for month in LunarVectors.months { starts[month.lunar] = month.start }
        let tet = Dictionary(uniqueKeysWithValues: LunarVectors.tet.map { ($0.year, $0.date) })
        let all = Holiday.occurrences(in: Self.day("1901-01-01")...Self.day("2099-12-31"))
        var wrong: [String] = []
        for year in 1901...2098 {
            for holiday in Holiday.all {
                let expected: LocalDate
                switch holiday.day {
                case .solar: continue
                case .lunar(let month, let day): expected = starts[LunarDate(year: year, month: month, day: 1)]!.adding(days: day - 1)
                case .lunarYearsLastDay: expected = tet[year + 1]!.adding(days: -1)
                }
                let found = all.filter { $0.holiday == holiday && $0.lunar.year == year }.map(\.date)
                if found != [expected], wrong.count < 10 { wrong.append("\(holiday.name) \(year): \(found) ≠ \(expected)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        let eves = all.filter { $0.holiday.id == "new-years-eve" }
        #expect(eves.allSatisfy { $0.lunar.month == 12 && [29, 30].contains($0.lunar.day) }, "\(eves.filter { ![29, 30].contains($0.lunar.day) })")
    }

    /// Article 112(1): 1/1, 30/4, 1/5 and 2/9 solar, 10/3 lunar, and Tết's first day, are off;
    /// the traditional days are not.
    @Test func theLabourCodesDaysAreOffAndTheTraditionalOnesAreNot() {
        let year = Holiday.occurrences(in: Self.day("2027-01-01")...Self.day("2027-12-31"))
        let off = year.filter { !$0.daysOff.isEmpty }.map { "\($0.date.iso) \($0.holiday.name)" }
        #expect(off == ["2027-01-01 Tết Dương lịch", "2027-02-06 Tết Nguyên Đán", "2027-04-16 Giỗ Tổ Hùng Vương", "2027-04-30 Giải phóng miền Nam",
                        "2027-05-01 Quốc tế Lao động", "2027-09-02 Quốc khánh"])
        #expect(Set(year.filter { $0.daysOff.isEmpty }.map(\.holiday.name)) == ["Rằm tháng Giêng", "Tết Hàn thực", "Phật Đản", "Tết Đoan Ngọ", "Thất tịch",
                                                                               "Vu Lan", "Tết Trung Thu", "Ông Công ông Táo", "Giao thừa"])
    }

    /// The announced years' Tết break and National Day's second day are off; a year with no
    /// announcement gets nothing more than the Code's fixed days.
    @Test func announcedDaysAreOffAndNothingIsGuessedForOtherYears() {
        func dayOff(_ iso: String) -> String? {
            let date = Self.day(iso)
            return Holiday.dayOff(on: date, among: Holiday.occurrences(around: date...date))?.name
        }
        // 2025: Tết from 25 January to 2 February, National Day on 1 and 2 September.
        #expect(dayOff("2025-01-24") == nil && dayOff("2025-02-03") == nil)
        #expect(["2025-01-25", "2025-01-28", "2025-01-29", "2025-02-02"].allSatisfy { dayOff($0) == "Tết Nguyên Đán" })
        #expect(dayOff("2025-09-01") == "Quốc khánh" && dayOff("2025-09-02") == "Quốc khánh" && dayOff("2025-09-03") == nil)
        // 2026: Tết from 14 to 22 February; no National Day announcement in the table.
        #expect(dayOff("2026-02-13") == nil && dayOff("2026-02-14") == "Tết Nguyên Đán" && dayOff("2026-02-22") == "Tết Nguyên Đán")
        #expect(dayOff("2026-09-02") == "Quốc khánh" && dayOff("2026-09-01") == nil && dayOff("2026-09-03") == nil)
        // 2027: no announcement, so only Tết's first day; Giao thừa and mùng 2 are not off.
        #expect(dayOff("2027-02-06") == "Tết Nguyên Đán" && dayOff("2027-02-05") == nil && dayOff("2027-02-07") == nil)
        #expect(dayOff("2027-02-18") == nil)
    }

    /// Each announced day lies within `reach` of its holiday, so the grid finds it.
    @Test func announcedDaysLieNearTheirHoliday() {
        for (year, announced) in AnnouncedDaysOff.years {
            let tet = VietnameseCalendar.tet(year)!
            if let span = announced.tet {
                #expect(span.contains(tet) && tet.dayNumber - span.lowerBound.dayNumber <= AnnouncedDaysOff.reach
                        && span.upperBound.dayNumber - tet.dayNumber <= AnnouncedDaysOff.reach, "\(year)")
            }
            if let second = announced.nationalDay {
                #expect(abs(second.dayNumber - LocalDate(year: year, month: 9, day: 2)!.dayNumber) == 1, "\(year)")
            }
        }
    }

    /// Every holiday has its label in English, French and Italian, none in Vietnamese.
    @Test func everyHolidayIsLabelledInTheInterfaceLanguages() {
        for language in [Language.english, .french, .italian] {
            let words = CalendarWords.of(language)
            #expect(Set(words.holidayLabels.keys) == Set(Holiday.all.map(\.id)), "\(language)")
        }
        #expect(CalendarWords.vietnamese.holidayLabels.isEmpty)
        let nationalDay = Holiday.all.first { $0.id == "national-day" }!
        #expect(CalendarWords.english.holidayName(nationalDay) == "Quốc khánh (National Day)")
        #expect(CalendarWords.french.holidayName(nationalDay) == "Quốc khánh (Fête nationale)")
        #expect(CalendarWords.vietnamese.holidayName(nationalDay) == "Quốc khánh")
    }

    // MARK: - The views

    static func context(_ family: WidgetFamily, _ language: Language, detail: Bool = false) -> WidgetContext {
        WidgetContext(family: family, density: .regular, language: language, timeZone: CalendarWidgetTests.saigon, detail: detail)
    }

    static func text(_ today: String, _ context: WidgetContext) -> String {
        PaneSnapshot.text(CalendarWidgetTests.grid(Self.day(today), context), context)
    }

    /// National Day 2026 in the full-screen view: its name, labelled in English, marked as a
    /// day off, and in the coming dates.
    @Test(arguments: [(Language.english, "Quốc khánh (National Day) · day off"), (.vietnamese, "Quốc khánh · ngày nghỉ")])
    func theFullScreenDayNamesTheHoliday(_ language: Language, _ line: String) {
        let text = Self.text("2026-09-02", Self.context(.systemLarge, language, detail: true))
        #expect(text.contains(line), "\(text)")
        // The list from the day: Quốc khánh today, then Tết Trung Thu (25 September).
        let list = text.components(separatedBy: "\n").drop { !$0.contains(CalendarWords.of(language).comingUp) }
        #expect(list.dropFirst().first?.contains("Quốc khánh") == true && list.dropFirst(2).first?.contains("Tết Trung Thu") == true, "\(text)")
    }

    /// A day off announced for a holiday on another day says whose it is.
    @Test func anAnnouncedDayOffSaysWhoseItIs() {
        let english = Self.text("2025-01-25", Self.context(.systemLarge, .english, detail: true))
        #expect(english.contains("Day off: Tết Nguyên Đán (Lunar New Year)"), "\(english)")
        let vietnamese = Self.text("2025-01-25", Self.context(.systemLarge, .vietnamese))
        #expect(vietnamese.contains("Nghỉ Tết Nguyên Đán"), "\(vietnamese)")
    }

    /// In the month grid a day off is drawn as a Sunday is: 2 September 2026 is a Wednesday.
    @Test func theGridDrawsADayOffAsASunday() {
        let context = Self.context(.systemMedium, .vietnamese)
        let entry = CalendarWidgetTests.entry(Self.day("2026-09-01"), context)
        let view = CalendarView(entry: entry, context: context)
        let nationalDay = entry.days.first { $0.date == Self.day("2026-09-02") }!
        let thursday = entry.days.first { $0.date == Self.day("2026-09-03") }!
        #expect(nationalDay.dayOff?.name == "Quốc khánh" && nationalDay.holidays.map(\.name) == ["Quốc khánh"])
        #expect(view.solarStyle(nationalDay) == Style(.sunday) && view.solarStyle(thursday) == Style(.text))
    }

    /// The small pane names the next holiday in the interface's language.
    @Test func theSmallPaneNamesTheNextHoliday() {
        let text = Self.text("2026-08-30", Self.context(.systemSmall, .english))
        #expect(text.contains("Quốc khánh (National Day)"), "\(text)")
    }
}
