import Foundation
import SnapshotTesting
import Testing
import HomescreenTestSupport
import HomescreenRender
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// The calendar's views rendered to text (snapshots in `__Snapshots__/CalendarWidgetTests/`,
/// re-record with SNAPSHOT_TESTING_RECORD=all), its roles, its timeline and its JSON.
struct CalendarWidgetTests {
    static let saigon = Zone(identifier: "Asia/Ho_Chi_Minh")!
    static let tet2026 = LocalDate(year: 2026, month: 2, day: 17)!
    /// The first day of 2025's leap sixth month.
    static let leap2025 = LocalDate(year: 2025, month: 7, day: 25)!

    static func context(_ family: WidgetFamily, _ density: Density = .regular, ascii: Bool = false, detail: Bool = false, cursor: Int = 0, scroll: Int = 0) -> WidgetContext {
        WidgetContext(family: family, density: density, language: .vietnamese, timeZone: saigon, ascii: ascii, detail: detail, scroll: scroll, cursor: cursor)
    }

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func entry(_ today: LocalDate, _ context: WidgetContext) -> CalendarEntry {
        let noon = instant(today.iso + "T12:00:00+07:00")
        return try! CalendarWidget().timeline(in: context, at: noon).entries[0]
    }

    static func grid(_ today: LocalDate, _ context: WidgetContext) -> CellGrid {
        CalendarWidget().render(entry(today, context), in: context)
    }

    static let families = WidgetFamily.allCases.flatMap { family in Density.allCases.map { (family, $0) } }

    @Test(arguments: families)
    func tet2026(_ family: WidgetFamily, _ density: Density) {
        let context = Self.context(family, density)
        assertSnapshot(of: PaneSnapshot.text(Self.grid(Self.tet2026, context), context), as: .lines, named: "\(family.rawValue)-\(density.rawValue)")
    }

    @Test(arguments: [Density.regular, .compact])
    func leapMonth2025(_ density: Density) {
        let context = Self.context(.systemMedium, density)
        assertSnapshot(of: PaneSnapshot.text(Self.grid(Self.leap2025, context), context), as: .lines, named: "medium-\(density.rawValue)")
        let large = Self.context(.systemLarge, density)
        assertSnapshot(of: PaneSnapshot.text(Self.grid(Self.leap2025, large), large), as: .lines, named: "large-\(density.rawValue)")
    }

    /// Where each role lands in seed 003's widget, February 2026 on Tết.
    @Test func theMediumGridsRolesForFebruary2026() {
        let context = Self.context(.systemMedium)
        let grid = Self.grid(Self.tet2026, context)
        assertSnapshot(of: PaneSnapshot.roles(grid), as: .lines, named: "roles")
        let lines = grid.rowTexts()
        /// The style of the first cell of `text` on the row that holds `neighbours`.
        func style(of text: String, onRowWith neighbours: String) -> Style {
            let y = lines.firstIndex { $0.contains(neighbours) }!
            let column = DisplayWidth.of(String(lines[y][..<lines[y].range(of: " " + text + " ")!.lowerBound])) + 1
            var x = 0, width = 0
            while width < column { if !grid[x, y].isContinuation { width += 1 }; x += 1 }
            return grid[x, y].style
        }
        let week3 = "16         17         18         19         20         21         22"
        #expect(style(of: "17", onRowWith: week3) == Style(.today, [.bold, .reverse]))
        #expect(style(of: "22", onRowWith: week3) == Style(.sunday))
        // Tết Bính Ngọ's announced break (14–22 February) is off: its days in Sunday's role.
        #expect(style(of: "21", onRowWith: week3) == Style(.sunday))
        #expect(style(of: "18", onRowWith: week3) == Style(.sunday))
        let week4 = "27         28         1 "
        #expect(style(of: "28", onRowWith: week4) == Style(.saturday))
        #expect(style(of: "25", onRowWith: week4) == Style(.text))
        // Tết's lunar "1/1" is in today's block; January's days are muted, Sunday 1 Feb is not.
        #expect(style(of: "1/1", onRowWith: "29        1/1") == Style(.today, [.reverse]))
        #expect(style(of: "26", onRowWith: "26         27") == Style(.muted, [.dim]))
        #expect(style(of: "1", onRowWith: "26         27") == Style(.sunday))
        #expect(lines[1].contains("Tháng 2, 2026") && lines[1].hasSuffix("Tháng Giêng Bính Ngọ │"))
        #expect(lines[3].split(separator: " ").dropFirst().dropLast() == ["T2", "T3", "T4", "T5", "T6", "T7", "CN"])
    }

    @Test func todayIsTheOnlyHighlightedCellAndOtherMonthsAreMuted() {
        let entry = Self.entry(Self.tet2026, Self.context(.systemMedium))
        #expect(entry.days.count == 42)
        #expect(entry.days.filter(\.isToday).map(\.date) == [Self.tet2026])
        #expect(entry.days.first?.date == LocalDate(year: 2026, month: 1, day: 26), "Monday before Sunday 1 February")
        #expect(entry.days.filter(\.isCurrentMonth).count == 28)
        #expect(entry.days.map(\.dayOfWeek).prefix(7) == [1, 2, 3, 4, 5, 6, 0])
        #expect(entry.days.first { $0.date == Self.tet2026 }?.lunarText == "1/1")
        #expect(entry.days.first { $0.date == LocalDate(year: 2026, month: 2, day: 16) }?.lunarText == "29")
        let leap = Self.entry(Self.leap2025, Self.context(.systemMedium))
        #expect(leap.days.first { $0.date == Self.leap2025 }?.lunarText == "1/6N")
        #expect(leap.lunarMonthName == "Tháng Sáu nhuận Ất Tỵ")
    }

    @Test func itReloadsAtTheNextLocalMidnight() throws {
        let widget = CalendarWidget()
        let timeline = try widget.timeline(in: Self.context(.systemMedium), at: Self.instant("2026-02-16T23:59:59+07:00"))
        #expect(timeline.entries.count == 1)
        #expect(timeline.policy == .after(Self.instant("2026-02-17T00:00:00+07:00")))
        #expect(timeline.entries[0].lunarMonthName == "Tháng Chạp Ất Tỵ")
        let after = try widget.timeline(in: Self.context(.systemMedium), at: Self.instant("2026-02-17T00:00:00+07:00"))
        #expect(after.entries[0].lunarMonthName == "Tháng Giêng Bính Ngọ")
        #expect(after.entries[0].today == Self.tet2026)
        // The same instant is still the 16th in Zurich: today follows the pane's time zone.
        let zurich = WidgetContext(family: .systemMedium, timeZone: Zone(identifier: "Europe/Zurich")!)
        let there = try widget.timeline(in: zurich, at: Self.instant("2026-02-17T00:00:00+07:00"))
        #expect(there.entries[0].today == LocalDate(year: 2026, month: 2, day: 16))
        #expect(there.policy == .after(Self.instant("2026-02-17T00:00:00+01:00")))
    }

    @Test func theMonthViewMovesByMonthsAndDays() {
        let next = Self.entry(Self.tet2026, Self.context(.systemLarge, detail: true, cursor: 1))
        #expect(next.month == YearMonth(year: 2026, month: 3))
        #expect(next.selected == LocalDate(year: 2026, month: 3, day: 17))
        let back = Self.entry(LocalDate(year: 2026, month: 1, day: 31)!, Self.context(.systemLarge, detail: true, cursor: 1, scroll: -3))
        #expect(back.selected == LocalDate(year: 2026, month: 2, day: 25), "the 31st clamps to the 28th, then three days back")
        let grid = CalendarWidget().render(next, in: Self.context(.systemLarge, detail: true, cursor: 1))
        let text = grid.rowTexts().joined(separator: "\n")
        #expect(text.contains("Tháng 3, 2026") && text.contains("Thứ ba, 17/03/2026") && text.contains("←/→ ngày · ↑/↓ tuần"))
        #expect(!text.contains("Hôm nay"))
        // The chosen day is drawn in the focus role, today stays in its own.
        #expect(grid.rowTexts().indices.contains { y in (0..<grid.width).contains { grid[$0, y].style == Style(.focus, [.bold, .reverse]) } })
    }

    @Test func asciiModeFoldsEveryName() {
        for family in WidgetFamily.allCases {
            let context = Self.context(family, ascii: true)
            let text = Self.grid(Self.tet2026, context).foldedToASCII().rowTexts().joined(separator: "\n")
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(family): \(text)")
        }
        let medium = Self.grid(Self.tet2026, Self.context(.systemMedium, ascii: true)).foldedToASCII().rowTexts().joined()
        #expect(medium.contains("Thang Gieng Binh Ngo"))
    }

    @Test func theJSONHasTheSeedsFieldsAndMore() throws {
        let entry = Self.entry(Self.tet2026, Self.context(.systemMedium))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try JSONSerialization.jsonObject(with: encoder.encode(entry)) as! [String: Any]
        #expect(object["monthName"] as? String == "Tháng 2, 2026")
        #expect(object["lunarMonthName"] as? String == "Tháng Giêng Bính Ngọ")
        #expect(object["currentMonth"] as? Int == 2 && object["currentYear"] as? Int == 2026)
        #expect(object["lunarMonth"] as? Int == 1 && object["lunarYear"] as? Int == 2026 && object["lunarLeap"] as? Bool == false)
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 42)
        let tet = try #require(days.first { $0["date"] as? String == "2026-02-17" })
        #expect(tet["solar"] as? Int == 17 && tet["lunar"] as? Int == 1 && tet["lunarMonth"] as? Int == 1)
        #expect(tet["dayOfWeek"] as? Int == 2 && tet["isToday"] as? Bool == true && tet["isCurrentMonth"] as? Bool == true && tet["lunarLeap"] as? Bool == false)
        #expect(days.first?["isCurrentMonth"] as? Bool == false && days.first?["date"] as? String == "2026-01-26")
        #expect(Set(days.flatMap(\.keys)) == ["date", "solar", "lunar", "lunarMonth", "lunarLeap", "dayOfWeek", "isCurrentMonth", "isToday", "events", "holidays", "dayOff"])
        #expect(tet["holidays"] as? [String] == ["Tết Nguyên Đán"] && tet["dayOff"] as? Bool == true)
        let leap = try JSONSerialization.jsonObject(with: encoder.encode(Self.entry(Self.leap2025, Self.context(.systemMedium)))) as! [String: Any]
        #expect(leap["lunarLeap"] as? Bool == true)
        #expect((leap["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2025-07-25" }?["lunarLeap"] as? Bool == true)
    }

    @Test func aMonthOutsideTheRangeIsAnErrorNotACrash() {
        #expect(throws: CalendarRangeError.self) {
            _ = try CalendarWidget().timeline(in: Self.context(.systemMedium), at: Self.instant("2250-01-01T12:00:00+07:00"))
        }
    }
}

/// Seed 003's cell kinds stay apart in every shipped theme at every color depth, down to no
/// color at all (where attributes stand in for hues).
struct CalendarRoleContrastTests {

    @Test(arguments: ["dark", "light", "high-contrast"])
    func weekdaysWeekendsTodayAndOtherMonthsAreDistinguishable(_ name: String) throws {
        let theme = try ShippedThemes.library.theme(named: name)
        let context = CalendarWidgetTests.context(.systemMedium)
        let entry = CalendarWidgetTests.entry(CalendarWidgetTests.tet2026, context)
        let view = CalendarView(entry: entry, context: context)
        let cells: [(String, CalendarDay)] = [
            // After Tết's break, whose days are off (drawn as Sundays, on purpose).
            ("weekday", entry.days.first { $0.date == LocalDate(year: 2026, month: 2, day: 25) }!),
            ("saturday", entry.days.first { $0.date == LocalDate(year: 2026, month: 2, day: 28) }!),
            ("sunday", entry.days.first { $0.date == LocalDate(year: 2026, month: 2, day: 22) }!),
            ("today", entry.days.first(where: \.isToday)!),
            ("other month", entry.days[0]),
        ]
        for depth in ColorDepth.allCases {
            let resolved = cells.map { ($0.0, ResolvedStyle(view.solarStyle($0.1), theme: theme, depth: depth)) }
            for (i, a) in resolved.enumerated() {
                for b in resolved[(i + 1)...] {
                    #expect(a.1 != b.1, "\(name), \(depth): \(a.0) looks like \(b.0)")
                }
            }
        }
    }
}
