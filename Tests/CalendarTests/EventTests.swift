import Foundation
import Testing
import HomescreenTestSupport
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// The calendar's own dates: lunar anniversaries, the RRULE expander, giờ hoàng đạo, .ics.
struct EventTests {
    static func lunarEvent(_ month: Int, _ day: Int, leap: Bool = false, from year: Int? = nil, id: Int64 = 1, title: String = "Giỗ ông nội") -> CalendarEvent {
        CalendarEvent(id: id, uid: "e\(id)@test", title: title, when: .lunar(month: month, day: day, leap: leap, firstYear: year), createdAt: Date(timeIntervalSince1970: 0))
    }

    static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }

    /// The solar day of a lunar date from vnlunar's month table (not the project's calendar).
    static func reference(year: Int, month: Int, day: Int, leap: Bool = false) -> LocalDate? {
        LunarVectors.months.first { $0.lunar.year == year && $0.lunar.month == month && $0.lunar.isLeapMonth == leap }
            .map { $0.start.adding(days: min(day, $0.days) - 1) }
    }

    @Test func aLunarAnniversaryFallsOnItsLunarDateEveryYear() {
        let days = Self.lunarEvent(3, 15).days(in: Self.day("2027-01-01")...Self.day("2029-12-31"), timeZone: .utc)
        #expect(days == [2027, 2028, 2029].map { Self.reference(year: $0, month: 3, day: 15)! })
        #expect(days.map(\.iso) == ["2027-04-21", "2028-04-09", "2029-04-28"])
        // Not before its first year.
        #expect(Self.lunarEvent(3, 15, from: 2028).days(in: Self.day("2027-01-01")...Self.day("2029-12-31"), timeZone: .utc) == Array(days.dropFirst()))
    }

    @Test func aLeapFirstYearKeepsTheRegularMonthAfterwards() {
        // 2025 has a leap sixth month: the first date is in it, later years in the regular sixth.
        let event = Self.lunarEvent(6, 10, leap: true, from: 2025)
        let days = event.days(in: Self.day("2025-01-01")...Self.day("2027-12-31"), timeZone: .utc)
        #expect(days == [Self.reference(year: 2025, month: 6, day: 10, leap: true)!, Self.reference(year: 2026, month: 6, day: 10)!,
                         Self.reference(year: 2027, month: 6, day: 10)!])
        // Without --leap the same date in 2025 is in the regular month.
        #expect(Self.lunarEvent(6, 10, from: 2025).days(in: Self.day("2025-01-01")...Self.day("2025-12-31"), timeZone: .utc) == [Self.reference(year: 2025, month: 6, day: 10)!])
    }

    @Test func aThirtiethFallsOnTheTwentyNinthInAShortMonth() {
        let short = LunarVectors.months.filter { (2026...2030).contains($0.lunar.year) && !$0.lunar.isLeapMonth && $0.days == 29 }
        let long = LunarVectors.months.filter { (2026...2030).contains($0.lunar.year) && !$0.lunar.isLeapMonth && $0.days == 30 }
        let shortMonth = try! #require(short.first), longMonth = try! #require(long.first)
        let range = shortMonth.start...shortMonth.start.adding(days: 40)
        #expect(Self.lunarEvent(shortMonth.lunar.month, 30).days(in: range, timeZone: .utc).first == shortMonth.start.adding(days: 28))
        #expect(Self.lunarEvent(longMonth.lunar.month, 30).days(in: longMonth.start...longMonth.start.adding(days: 40), timeZone: .utc).first == longMonth.start.adding(days: 29))
    }

    @Test func leapAndRangeInputAreRefusedWithASentence() {
        #expect(throws: EventInput.Problem.self) { try EventInput.lunar("15/3", leap: true, year: 2025) }
        #expect(throws: EventInput.Problem.self) { try EventInput.lunar("15/6", leap: true, year: nil) }
        #expect(throws: EventInput.Problem.self) { try EventInput.lunar("31/3", leap: false, year: nil) }
        #expect(throws: EventInput.Problem.self) { try EventInput.lunar("15/13", leap: false, year: nil) }
        #expect((try? EventInput.lunar("15/6", leap: true, year: 2025)) == .lunar(month: 6, day: 15, leap: true, firstYear: 2025))
        let today = Self.day("2026-11-23")
        #expect((try? EventInput.dateField("15/6N/2025", repeat: "", today: today)) == .lunar(month: 6, day: 15, leap: true, firstYear: 2025))
        #expect((try? EventInput.dateField("2027-05-01", repeat: "yearly", today: today)) == .solar(start: Self.day("2027-05-01"), time: nil, rule: "FREQ=YEARLY", except: []))
        #expect((try? EventInput.dateField("tomorrow", repeat: "", today: today)) == .solar(start: Self.day("2026-11-24"), time: nil, rule: "", except: []))
    }

    // MARK: - Recurrence rules against recurring_ical_events

    struct RecurrenceCase: Decodable { let start: String, rule: String, except: [String], from: String, to: String, days: [String] }
    struct RecurrenceFile: Decodable { let cases: [RecurrenceCase] }

    static let recurrenceCases: [RecurrenceCase] = {
        let url = Bundle.module.url(forResource: "Vectors/recurrence", withExtension: "json")!
        return try! JSONDecoder().decode(RecurrenceFile.self, from: Data(contentsOf: url)).cases
    }()

    @Test func everyRuleExpandsAsTheReferenceDoes() throws {
        #expect(Self.recurrenceCases.count >= 16)
        for vector in Self.recurrenceCases {
            let rule = try RecurrenceRule(parsing: vector.rule)
            let days = rule.days(from: Self.day(vector.start), in: Self.day(vector.from)...Self.day(vector.to), except: Set(vector.except.map(Self.day)))
            #expect(days.map(\.iso) == vector.days, "\(vector.rule) from \(vector.start)")
            // The stored text reads back as the same rule.
            #expect(try RecurrenceRule(parsing: rule.description) == rule)
        }
    }

    @Test func unsupportedRulePartsAreNamedNotGuessed() {
        for (text, part) in [("FREQ=MONTHLY;BYSETPOS=-1;BYDAY=MO,TU", "BYSETPOS"), ("FREQ=HOURLY", "FREQ=HOURLY"), ("FREQ=YEARLY;BYWEEKNO=20", "BYWEEKNO"),
                             ("RSCALE=CHINESE;FREQ=YEARLY", "RSCALE"), ("FREQ=YEARLY;BYYEARDAY=100", "BYYEARDAY")] {
            do {
                _ = try RecurrenceRule(parsing: text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(error.isUnsupported && error.part == part, "\(text): \(error)")
            }
        }
    }

    // MARK: - Giờ hoàng đạo against vnlunar

    @Test func auspiciousHoursAndDayQualityMatchTheReference() {
        let rows = LunarVectors.rows("auspicious")
        #expect(rows.count > 8000)
        var wrong: [String] = []
        for row in rows {
            let date = Self.day(row[0])
            let hours = Auspicious.hours(on: date).map(\.branch)
            let flags = String((0..<12).map { hours.contains($0) ? "1" : "0" })
            if flags != row[2] || Auspicious.dayQuality(on: date).spirit != Int(row[1]) { wrong.append(row.joined(separator: ",")) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        // 2026-11-23 (Tân Sửu, month Mười): hoàng đạo, Ngọc Đường; hours Dần, Mão, Tỵ, Thân, Tuất, Hợi.
        #expect(Auspicious.dayQuality(on: Self.day("2026-11-23")).label == "Hoàng đạo (Ngọc Đường)")
        #expect(Auspicious.hours(on: Self.day("2026-11-23")).map(\.label) == ["Dần 3–5", "Mão 5–7", "Tỵ 9–11", "Thân 15–17", "Tuất 19–21", "Hợi 21–23"])
    }

    // MARK: - The entry and the views

    static let saigon = Zone(identifier: "Asia/Ho_Chi_Minh")!

    static func render(_ events: [CalendarEvent], on day: LocalDate, _ family: WidgetFamily, detail: Bool = false) -> String {
        let context = WidgetContext(family: family, language: .vietnamese, timeZone: saigon, detail: detail)
        let entry = CalendarEntry(date: Date(), today: day, month: YearMonth(day), selected: day, events: events)!
        return PaneSnapshot.text(CalendarWidget().render(entry, in: context), context)
    }

    @Test func theGridMarksEventDaysAndTheLargeViewListsThem() {
        let events = [Self.lunarEvent(3, 15), CalendarEvent(id: 2, uid: "b@test", title: "Sinh nhật Lan", when: .solar(start: Self.day("2020-04-25"), time: nil, rule: "FREQ=YEARLY", except: []), createdAt: Date())]
        let large = Self.render(events, on: Self.day("2027-04-21"), .systemLarge)
        #expect(large.contains("21•"), "\(large)")
        #expect(large.contains("25•"))
        #expect(large.contains("• Giỗ ông nội") && large.contains("• Sinh nhật Lan") && large.contains("còn 4 ngày"))
        #expect(large.contains("Giờ hoàng đạo") && large.contains("hắc đạo (Thiên Hình)"))
        // Personal events come before the holiday of the same day.
        let tet = [Self.lunarEvent(1, 1, title: "Mừng tuổi")]
        let entry = CalendarEntry(date: Date(), today: Self.day("2027-01-20"), month: YearMonth(Self.day("2027-01-20")), selected: Self.day("2027-01-20"), events: tet)!
        let onTet = entry.upcoming.filter { $0.date == Self.day("2027-02-06") }
        #expect(onTet.map(\.title) == ["Mừng tuổi", "Tết Nguyên Đán"])
        // Without events: no mark.
        #expect(!Self.render([], on: Self.day("2027-04-21"), .systemLarge).contains("•"))
    }

    @Test func theSmallAndAccessoryViewsShowTheNextEventWithinAWeek() {
        let events = [Self.lunarEvent(3, 15)]   // 2027-04-21
        for family in [WidgetFamily.systemSmall, .accessoryRectangular, .accessoryInline] {
            #expect(Self.render(events, on: Self.day("2027-04-16"), family).contains("Giỗ ông nội"), "\(family)")
            #expect(!Self.render(events, on: Self.day("2027-04-10"), family).contains("Giỗ ông nội"), "\(family): 11 days is not within a week")
        }
        #expect(Self.render(events, on: Self.day("2027-04-16"), .accessoryCircular).contains("• 5 ngày"))
        // Every family draws a hostile title inert.
        let hostile = [Self.lunarEvent(3, 15, title: "\u{1B}[31m#(touch /tmp/x)" + String(repeating: "x", count: 10_000))]
        for family in WidgetFamily.allCases {
            #expect(!Self.render(hostile, on: Self.day("2027-04-21"), family).unicodeScalars.contains { $0.value == 0x1B }, "\(family)")
        }
    }

    @Test func aLongTitleIsShortenedNeverDroppedAndDaysLeftCountFromToday() {
        let long = [Self.lunarEvent(3, 15, title: "Sinh nhật bà ngoại Hương ở Huế trong mùa thu năm ấy")]
        let inline = Self.render(long, on: Self.day("2027-04-20"), .accessoryInline)
        #expect(inline.contains("• Sinh nhật") && inline.contains("…") && inline.contains("còn 1 ngày"), "\(inline)")
        let rectangular = Self.render(long, on: Self.day("2027-04-20"), .accessoryRectangular)
        #expect(rectangular.contains("còn 1 ngày"), "\(rectangular)")
        // The month view on another day than today: the list still counts from today.
        let today = Self.day("2027-04-18"), chosen = Self.day("2027-04-20")
        let entry = CalendarEntry(date: Date(), today: today, month: YearMonth(chosen), selected: chosen, events: [Self.lunarEvent(3, 15)])!
        let context = WidgetContext(family: .systemLarge, language: .vietnamese, timeZone: Self.saigon, detail: true)
        let large = PaneSnapshot.text(CalendarWidget().render(entry, in: context), context)
        #expect(large.contains("còn 3 ngày") && !large.contains("hôm nay"), "\(large)")
    }

    // MARK: - .ics

    @Test func exportFoldsEscapesAndImportRebuildsTheEvents() throws {
        let hostile = "Giỗ; ông, nội\\\n\u{1B}[31m#(touch /tmp/x) " + String(repeating: "ễ", count: 200)
        let events = [Self.lunarEvent(3, 15, title: hostile),
                      CalendarEvent(id: 2, uid: "w@test", title: "Tập", when: .solar(start: Self.day("2026-01-05"), time: EventTime(hour: 18, minute: 30), rule: "FREQ=WEEKLY;BYDAY=MO,WE", except: [Self.day("2026-01-07")]), createdAt: Date(timeIntervalSince1970: 0))]
        let text = ICalendar.export(events, today: Self.day("2026-11-23"), years: 3, timeZone: .utc)
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines.allSatisfy { $0.utf8.count <= 75 })
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
        #expect(text.contains("SUMMARY:Giỗ\\; ông\\, nội\\\\\\n[31m#(touch /tmp/x)"))
        #expect(lines.filter { $0.hasPrefix("UID:e1@test-") }.count == 3)
        let back = ICalendar.parse([text], timeZone: Self.saigon)
        #expect(back.skipped.isEmpty)
        #expect(back.drafts.count == 2)
        #expect(back.drafts[0].uid == "e1@test" && back.drafts[0].when == .lunar(month: 3, day: 15, leap: false, firstYear: nil))
        #expect(back.drafts[0].title == hostile.replacingOccurrences(of: "\u{1B}", with: ""))
        #expect(back.drafts[1].when == events[1].when)
        // A floating timed event is written on the exporting zone's clock, with its VTIMEZONE,
        // and read back at the same time in that zone.
        let once = [CalendarEvent(id: 3, uid: "o@test", title: "Gọi Zurich", when: .solar(start: Self.day("2026-12-05"), time: EventTime(hour: 2, minute: 0), rule: "", except: []),
                                  createdAt: Date(timeIntervalSince1970: 0))]
        let onceText = ICalendar.export(once, today: Self.day("2026-11-23"), years: 1, timeZone: Self.saigon)
        #expect(onceText.contains("DTSTART;TZID=Asia/Ho_Chi_Minh:20261205T020000") && onceText.contains("BEGIN:VTIMEZONE\r\nTZID:Asia/Ho_Chi_Minh"), "\(onceText)")
        let read = try #require(ICalendar.parse([onceText], timeZone: Self.saigon).drafts.first)
        #expect(read.when == once[0].when && read.zone == "Asia/Ho_Chi_Minh")
    }

    @Test func importConvertsZonesAndHandlesChangedOccurrences() {
        let text = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:m@x
            DTSTART;TZID=Europe/Paris:20260105T090000
            RRULE:FREQ=WEEKLY;COUNT=4
            SUMMARY:Standup
            BEGIN:VALARM
            SUMMARY:alarm
            END:VALARM
            END:VEVENT
            BEGIN:VEVENT
            UID:m@x
            RECURRENCE-ID;TZID=Europe/Paris:20260112T090000
            DTSTART;TZID=Europe/Paris:20260113T100000
            SUMMARY:Standup (moved)
            END:VEVENT
            BEGIN:VEVENT
            UID:bad@x
            DTSTART;VALUE=DATE:20260101
            RRULE:FREQ=MONTHLY;BYSETPOS=1;BYDAY=MO
            SUMMARY:Unsupported
            END:VEVENT
            END:VCALENDAR
            """
        let result = ICalendar.parse([text], timeZone: Self.saigon)
        #expect(result.skipped.count == 1 && result.skipped[0].reason.contains("BYSETPOS"))
        #expect(result.drafts.count == 2)
        // Kept on Paris's clock, 09:00; the moved occurrence is left out of the series. Shown in
        // Saigon at 15:00.
        #expect(result.drafts[0].when == .solar(start: Self.day("2026-01-05"), time: EventTime(hour: 9, minute: 0), rule: "FREQ=WEEKLY;COUNT=4", except: [Self.day("2026-01-12")]))
        #expect(result.drafts[0].zone == "Europe/Paris")
        let draft = result.drafts[0]
        let series = CalendarEvent(id: 1, uid: "m@x", title: draft.title, when: draft.when, zone: draft.zone, createdAt: Date())
        #expect(series.occurrences(in: Self.day("2026-01-01")...Self.day("2026-01-31"), timeZone: Self.saigon).map { "\($0.date.iso) \($0.time?.description ?? "")" }
                == ["2026-01-05 15:00", "2026-01-19 15:00", "2026-01-26 15:00"])
        #expect(result.drafts[1].uid == "m@x/20260112" && result.drafts[1].title == "Standup (moved)")
    }
}

/// Issue 29, F5: lines folded inside a UTF-8 character are rejoined before decoding (RFC 5545
/// §3.1), and bare CR line ends are read.
struct ICalendarBytesTests {
    static func file(_ lineEnd: [UInt8], summary: [UInt8]) -> Data {
        let lines: [[UInt8]] = [Array("BEGIN:VCALENDAR".utf8), Array("BEGIN:VEVENT".utf8), Array("UID:fold-1".utf8),
                                Array("DTSTART;VALUE=DATE:20261205".utf8), Array("SUMMARY:".utf8) + summary, Array("END:VEVENT".utf8), Array("END:VCALENDAR".utf8)]
        return Data(lines.flatMap { $0 + lineEnd })
    }

    @Test func aFoldInsideACharacterIsRejoinedByteByByte() throws {
        // "Café" with the fold between the two bytes of "é" (C3 | CRLF SP | A9).
        let split: [UInt8] = Array("Caf".utf8) + [0xC3, 13, 10, 32, 0xA9]
        let data = Self.file([13, 10], summary: split)
        #expect(String(data: data, encoding: .utf8) == nil, "the file as it is decodes to nothing")
        let text = try #require(ICalendar.text(of: data))
        let result = ICalendar.parse([text], timeZone: .utc)
        #expect(result.drafts.map(\.title) == ["Café"] && result.skipped.isEmpty)
        // A tab folds too, and a fold of plain ASCII still joins.
        let tabbed = Self.file([13, 10], summary: Array("Gi".utf8) + [13, 10, 9] + Array("ỗ Tổ".utf8))
        #expect(ICalendar.parse([try #require(ICalendar.text(of: tabbed))], timeZone: .utc).drafts.map(\.title) == ["Giỗ Tổ"])
    }

    @Test func bareCarriageReturnsEndLines() throws {
        let data = Self.file([13], summary: Array("Tết".utf8))
        let result = ICalendar.parse([try #require(ICalendar.text(of: data))], timeZone: .utc)
        #expect(result.drafts.map(\.title) == ["Tết"])
        #expect(ICalendar.text(of: Data([0xC3, 0x28])) == nil, "not UTF-8 is still refused")
    }
}

/// Issue 51, point 7: an import reads its file from disk a block at a time (`forEachLine(ofFile:)`,
/// `ICalendar.prepare` and `read`) and gives the lines and the events that the whole text gave.
struct ICalendarFileTests {
    /// The lines of `data` as a file read a block at a time, and as its whole text gives them.
    static func lines(_ data: Data) throws -> (file: [String], text: [String]) {
        let folder = TemporaryFolder()
        let path = folder.path("c.ics")
        try data.write(to: URL(fileURLWithPath: path))
        var file: [String] = [], text: [String] = []
        try ICalendar.forEachLine(ofFile: path) { line, number in file.append("\(number) \(line)") }
        if let whole = ICalendar.text(of: data) { ICalendar.forEachLine(whole) { line, number in text.append("\(number) \(line)") } }
        // The whole text's last line is the empty one after the final line end: no line of the file.
        if text.last?.hasSuffix(" ") == true, file.count == text.count - 1 { text.removeLast() }
        return (file, text)
    }

    @Test func aFileReadByBlocksGivesTheLinesItsTextGives() throws {
        let cafe: [UInt8] = Array("Caf".utf8) + [0xC3, 13, 10, 32, 0xA9]
        let forms: [Data] = [
            ICalendarBytesTests.file([13, 10], summary: cafe), ICalendarBytesTests.file([13], summary: Array("Tết".utf8)),
            ICalendarBytesTests.file([10], summary: Array("Gi".utf8) + [10, 9] + Array("ỗ".utf8)),
            ICalendarBytesTests.file([13, 10], summary: [UInt8](repeating: 0x61, count: 200_000)),   // a line longer than a block
            Data("BEGIN:VCALENDAR\r\n\r\nBEGIN:VEVENT\r\nSUMMARY:no final line end".utf8),
            Data("BEGIN:VCALENDAR\r\nSUMMARY:Caf".utf8) + Data([0xC3]),                            // cut inside its last character
        ]
        for (index, data) in forms.enumerated() {
            let (file, text) = try Self.lines(data)
            #expect(!file.isEmpty && file == text, "form \(index): \(file.map { $0.prefix(40) }) against \(text.map { $0.prefix(40) })")
        }
    }

    @Test func aLineThatIsNotUTF8IsRefusedAndAMissingFileUnreadable() throws {
        let folder = TemporaryFolder()
        let path = folder.path("bad.ics")
        try Data([0x42, 0xC3, 0x28, 13, 10, 0x41]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ICalendar.FileProblem.notACalendar(file: path)) { try ICalendar.forEachLine(ofFile: path) { _, _ in } }
        #expect(throws: ICalendar.FileProblem.unreadable(file: folder.path("none.ics"))) { try ICalendar.forEachLine(ofFile: folder.path("none.ics")) { _, _ in } }
    }

    /// The three passes give the drafts `parse` gives for the same text, in the same order:
    /// anniversaries first, a series with the days of its changed occurrences left out (the
    /// occurrence after the series, and before it), a cancelled occurrence, a skipped event.
    @Test func theThreePassesGiveWhatParseGives() throws {
        let anniversary = ICalendar.export([EventTests.lunarEvent(3, 10, title: "Giỗ Tổ")], today: LocalDate(iso: "2026-11-23")!, years: 2, timeZone: .utc)
        let series = """
            BEGIN:VCALENDAR
            BEGIN:VEVENT
            UID:early@x
            RECURRENCE-ID;TZID=Europe/Paris:20260112T090000
            DTSTART;TZID=Europe/Paris:20260113T100000
            SUMMARY:Moved before its series
            END:VEVENT
            BEGIN:VEVENT
            UID:early@x
            DTSTART;TZID=Europe/Paris:20260105T090000
            RRULE:FREQ=WEEKLY;COUNT=4
            SUMMARY:Series
            END:VEVENT
            BEGIN:VEVENT
            UID:early@x
            RECURRENCE-ID;TZID=Europe/Paris:20260119T090000
            STATUS:CANCELLED
            DTSTART;TZID=Europe/Paris:20260119T090000
            SUMMARY:Cancelled
            END:VEVENT
            BEGIN:VEVENT
            UID:bad@x
            DTSTART;VALUE=DATE:20260101
            EXRULE:FREQ=DAILY;COUNT=2
            SUMMARY:Skipped
            END:VEVENT
            END:VCALENDAR

            """.replacingOccurrences(of: "\n", with: "\r\n")
        let folder = TemporaryFolder()
        let files = [folder.path("a.ics"), folder.path("b.ics")]
        try Data(series.utf8).write(to: URL(fileURLWithPath: files[0]))
        try Data(anniversary.utf8).write(to: URL(fileURLWithPath: files[1]))
        let parsed = ICalendar.parse([series, anniversary], timeZone: .utc)
        let prepared = try ICalendar.prepare(files: files, timeZone: .utc)
        var written: [EventDraft] = []
        let read = try ICalendar.read(prepared) { written.append($0) }
        #expect(written == parsed.drafts && written.count == 3, "\(written) against \(parsed.drafts)")
        #expect(read.skipped.map(\.reason) == parsed.skipped.map(\.reason) && read.skipped.count == 1)
        #expect(prepared.eventCount == (series + anniversary).components(separatedBy: "BEGIN:VEVENT").count - 1 && prepared.truncated.isEmpty)
        guard case .solar(_, _, _, let except)? = written.first(where: { $0.uid == "early@x" })?.when else { Issue.record("no series"); return }
        #expect(except.map(\.iso) == ["2026-01-12", "2026-01-19"])
    }
}

/// Issue 29, point 5: what one event of an import gets wrong is said for that event, never the
/// whole import refused by the store.
struct ICalendarLimitsTests {
    static func vevent(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART;VALUE=DATE:20261205"] + lines + ["END:VEVENT", "END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    @Test func aNulALongUIDOrALongRuleSkipsThatEventAlone() {
        let texts = [Self.vevent(["UID:nu\u{0}l", "SUMMARY:Nul"]), Self.vevent(["UID:" + String(repeating: "u", count: 256), "SUMMARY:Long uid"]),
                     Self.vevent(["UID:ok", "SUMMARY:Fine"]), Self.vevent(["UID:rule", "SUMMARY:Rule", "RRULE:FREQ=DAILY;BYHOUR=" + Array(repeating: "1", count: 300).joined(separator: ",")])]
        let result = ICalendar.parse(texts, timeZone: .utc)
        #expect(result.drafts.map(\.title) == ["Fine"])
        let reasons = result.skipped.map(\.reason)
        #expect(reasons.contains("its UID on line 4 contains a NUL character"), "\(reasons)")
        #expect(reasons.contains("its UID has 256 characters; the store keeps at most 255"))
        #expect(reasons.contains { $0.hasPrefix("its RRULE has") || $0.contains("BYHOUR") }, "\(reasons)")
    }

    @Test func aLongDescriptionIsCutAndSaidSo() {
        let result = ICalendar.parse([Self.vevent(["UID:long", "SUMMARY:Long", "DESCRIPTION:" + String(repeating: "x", count: 20_001)])], timeZone: .utc)
        #expect(result.drafts.first?.note.count == EventInput.maximumLength)
        #expect(result.cut.map(\.reason) == ["its DESCRIPTION of 20001 characters was cut to 20000"])
        // Counted as the store counts: 👍🏽 is two scalars, one grapheme.
        let emoji = ICalendar.parse([Self.vevent(["UID:emoji", "SUMMARY:Emoji", "DESCRIPTION:" + String(repeating: "👍🏽", count: 20_000)])], timeZone: .utc)
        #expect(emoji.drafts.first?.note.unicodeScalars.count == EventInput.maximumLength)
    }

    @Test func aFileCutShortIsToldApart() {
        #expect(ICalendar.isComplete(Self.vevent(["UID:a", "SUMMARY:A"])))
        #expect(!ICalendar.isComplete("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:A\r\n"))
        #expect(ICalendar.isComplete("BEGIN:VCALENDAR\nEND:VCALENDAR\n\n"))
    }
}

/// Issue 30: a TZID the tz database does not know (Exchange's Windows names) is read through
/// the file's VTIMEZONE, as a tz database zone with the same offsets and changes.
struct VTimeZoneAliasTests {
    @Test func exchangeZonesAreMatchedToTzDatabaseZones() throws {
        let text = try String(contentsOfFile: SourceRoot.path("Tests/EndToEndTests/Vectors/calendars/outlook.ics"), encoding: .utf8)
        let aliases = ICalendar.zoneAliases(text)
        let europe = try #require(aliases["W. Europe Standard Time"].flatMap(Zone.init(identifier:)), "\(aliases)")
        let berlin = Zone(identifier: "Europe/Berlin")!
        for day in stride(from: 0, to: 366 * 12, by: 5) {
            let instant = Date(timeIntervalSince1970: 1_767_225_600 + Double(day) * 86_400)
            #expect(europe.secondsFromGMT(for: instant) == berlin.secondsFromGMT(for: instant), "\(europe.identifier) at \(instant)")
        }
        let asia = try #require(aliases["SE Asia Standard Time"].flatMap(Zone.init(identifier:)), "\(aliases)")
        #expect(asia.secondsFromGMT(for: Date()) == 7 * 3600 && asia.nextDaylightSavingTimeTransition(after: Date()) == nil)
        // A zone the tz database knows needs no alias.
        #expect(ICalendar.zoneAliases("BEGIN:VTIMEZONE\nTZID:Europe/Paris\nEND:VTIMEZONE\n").isEmpty)
    }
}
