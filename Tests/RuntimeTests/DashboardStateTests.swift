import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// The update function and the composed screen, with a real store and a manual clock.
struct DashboardStateTests {
    let folder = TemporaryFolder()
    let zone = Zone(identifier: "Europe/Zurich")!
    let start = Date(timeIntervalSince1970: 1_795_000_000)   // 2026-11-18

    func runtime(_ size: CellSize = CellSize(columns: 160, rows: 48), config: DashboardConfig = DashboardConfig(catalog: .standard), products: [(String, Int64, Int)] = [("Milk", 3, 0), ("Rice", 2, 30)]) throws -> (DashboardRuntime, Store) {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        let today = LocalDate(start, in: zone)
        for (name, amount, days) in products {
            try PantryRepository(store).addProduct(name: name, amount: Quantity(units: amount), unit: "l", due: today.adding(days: days), at: start)
        }
        try BudgetRepository(store).setBudget(MonthlyBudget(month: YearMonth(today), limit: Money(cents: 80_000), currency: Currency(code: "CHF")!), at: start)
        let settings = DashboardSettings(config: config, catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: zone,
                                         themes: [.builtInDark, Theme(name: "light", colors: [:])])
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: size), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        return (runtime, store)
    }

    func text(_ runtime: DashboardRuntime) -> String { runtime.frame().rowTexts().joined(separator: "\n") }

    @Test func aConsumeIsOnScreenBeforeTheStoreConfirmsIt() throws {
        let (runtime, _) = try runtime()
        var dashboard = runtime.dashboard
        #expect(dashboard.compose(at: start).rowTexts().joined().contains("3 l"))
        let effects = dashboard.update(.key(.character("c")))
        #expect(effects == [.write(PantryFeature.consume)])
        let screen = dashboard.compose(at: start).rowTexts().joined(separator: "\n")
        #expect(screen.contains("2 l") && !screen.contains("3 l"), "the optimistic state shows at once")
        #expect(screen.contains("Consumed 1 l of Milk"))
    }

    @Test func rapidPressesEachCountOnceAndUndoPutsBackTheLast() throws {
        let (runtime, store) = try runtime()
        for _ in 0..<3 { runtime.send(.key(.character("c"))) }
        #expect(try PantryRepository(store).products().first { $0.name == "Milk" }?.amount == .zero)
        #expect(runtime.dashboard.state(of: .pantry, as: PantryFeature.State.self)?.pendingConsumes == 0)
        // Milk is gone; the next consume takes Rice.
        runtime.send(.key(.character("c")))
        #expect(try PantryRepository(store).products().first { $0.name == "Rice" }?.amount == Quantity(units: 1))
        runtime.send(.key(.character("u")))
        #expect(try PantryRepository(store).products().first { $0.name == "Rice" }?.amount == Quantity(units: 2))
        #expect(text(runtime).contains("Put back 1 l of Rice"))
        runtime.send(.key(.character("u")))
        #expect(try PantryRepository(store).products().first { $0.name == "Milk" }?.amount == Quantity(units: 1))
    }

    @Test func aFailedConsumeIsSaidAndTheScreenComesBack() throws {
        let (runtime, _) = try runtime(products: [])
        runtime.send(.key(.character("c")))
        #expect(text(runtime).contains("Nothing to consume"))
        #expect(runtime.dashboard.state(of: .pantry, as: PantryFeature.State.self)?.pendingConsumes == 0)
    }

    @Test func nothingToUndoIsSaid() throws {
        let (runtime, _) = try runtime()
        runtime.send(.key(.character("u")))
        #expect(text(runtime).contains("Nothing to undo"))
    }

    @Test func helpIsTheKeyTableAndEscClosesIt() throws {
        let (runtime, _) = try runtime()
        runtime.send(.key(.character("?")))
        let help = text(runtime)
        for line in KeyTable.standard.helpLines { #expect(help.contains(line.summary)) }
        runtime.send(.key(.escape))
        #expect(!text(runtime).contains(Action.help.summary))
    }

    @Test func tabWalksEveryPaneAcrossPagesAndTheFocusIsMarked() throws {
        var config = DashboardConfig(catalog: .standard)
        (config.home, config.lockScreen) = (DesignScreens.home, DesignScreens.lockScreen)
        let (runtime, _) = try runtime(config: config)
        var seen: [Int] = []
        for _ in 0..<5 {
            seen.append(try #require(runtime.dashboard.focus))
            runtime.send(.key(.tab))
        }
        // Reading order (issue 28): pantry, budget and card on the top row, then calendar and year.
        #expect(seen == [0, 1, 3, 2, 4])
        #expect(runtime.dashboard.focus == 0 && runtime.dashboard.page == 0)
        let grid = runtime.frame()
        let first = try #require(runtime.dashboard.layout?.rect(of: 0)), second = try #require(runtime.dashboard.layout?.rect(of: 1))
        #expect(grid[first.x, first.y].style.foreground == .focus, "the focused pane's frame")
        #expect(grid[second.x, second.y].style.foreground == .border, "another pane's frame")
        runtime.send(.key(.backTab))
        #expect(runtime.dashboard.focus == 4 && runtime.dashboard.page == 0, "every pane on page one at 160×48")
        #expect(text(runtime).contains("Year overview"))
    }

    /// The text of the row drawn selected (reversed) in the full-screen view.
    func selectedRow(_ runtime: DashboardRuntime) -> String {
        let grid = runtime.frame()
        return (0..<grid.height).first { y in (0..<grid.width).contains { grid[$0, y].style.attributes.contains(.reverse) && grid[$0, y].text != " " } }
            .map { grid.rowTexts()[$0] } ?? ""
    }

    @Test func enterOpensTheWholeProductListAndEscReturns() throws {
        let products = (0..<60).map { ("Item \($0 < 10 ? "0" : "")\($0)", Int64(1), $0) }
        let (runtime, _) = try runtime(products: products)
        #expect(!text(runtime).contains("Item 30"))
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("Item 30") && text(runtime).contains("60 in stock"))
        // The selected row moves; the list scrolls only to keep it in sight, never past the end.
        for _ in 0..<30 { runtime.send(.key(.down)) }
        #expect(selectedRow(runtime).contains("Item 30"), "\(text(runtime))")
        runtime.send(.key(.end))
        #expect(selectedRow(runtime).contains("Item 59") && !text(runtime).contains("Item 05"))
        for _ in 0..<5 { runtime.send(.key(.down)) }
        #expect(selectedRow(runtime).contains("Item 59") && text(runtime).contains("Item 58"), "never past the end")
        runtime.send(.key(.home))
        #expect(selectedRow(runtime).contains("Item 00") && text(runtime).contains("Item 01"))
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.detail == nil && !text(runtime).contains("Item 30"))
    }

    @Test func theAddProductFormValidatesAndSaves() throws {
        let (runtime, store) = try runtime()
        runtime.send(.key(.character("n")))
        for character in "Eggs" { runtime.send(.key(.character(character))) }
        runtime.send(.key(.tab))
        runtime.send(.key(.backspace))
        for character in "1.2345" { runtime.send(.key(.character(character))) }
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("'1.2345' is not an amount"), "more than three decimals are refused, never dropped")
        #expect(try PantryRepository(store).products().count == 2)
        runtime.send(.key(.backspace))
        runtime.send(.key(.enter))
        #expect(try PantryRepository(store).products().first { $0.name == "Eggs" }?.amount == Quantity(thousandths: 1234))
        #expect(runtime.dashboard.modal == nil && text(runtime).contains("Added Eggs"))
    }

    /// The forms' dates read `tomorrow`, `+3d` and the weekdays in the interface's languages.
    @Test func formDatesAreFriendlyInEveryLanguage() throws {
        let (runtime, store) = try runtime()
        let today = LocalDate(start, in: zone)   // a Wednesday
        for (typed, expected) in [("demain", today.adding(days: 1)), ("+3d", today.adding(days: 3)), ("thứ sáu", today.adding(days: 2))] {
            runtime.send(.key(.character("n")))
            type("Eggs " + typed, into: runtime)
            for _ in 0..<3 { runtime.send(.key(.tab)) }
            runtime.send(.key(.control("u")))
            type(typed, into: runtime)
            runtime.send(.key(.enter))
            #expect(try PantryRepository(store).products().first { $0.name == "Eggs " + typed }?.due == expected, "\(typed)")
        }
        runtime.send(.key(.character("n")))
        type("Flour", into: runtime)
        for _ in 0..<3 { runtime.send(.key(.tab)) }
        runtime.send(.key(.control("u")))
        type("someday", into: runtime)
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("'someday' is not a date; use YYYY-MM-DD such as \(today.adding(days: 3).iso), or tomorrow, +3d, friday."))
        #expect(try PantryRepository(store).products().contains { $0.name == "Flour" } == false)
    }

    @Test func themesCycleAndThePickerChooses() throws {
        let (runtime, _) = try runtime()
        #expect(runtime.dashboard.theme.name == "dark")
        runtime.send(.key(.character("t")))
        #expect(runtime.dashboard.theme.name == "light")
        runtime.send(.key(.character("T")))
        #expect(text(runtime).contains("Theme"))
        runtime.send(.key(.down))
        runtime.send(.key(.enter))
        #expect(runtime.dashboard.theme.name == "dark" && runtime.dashboard.modal == nil)
    }

    @Test func privacyMasksAndUnmasks() throws {
        let (runtime, _) = try runtime()
        runtime.send(.key(.character("p")))
        #expect(!text(runtime).contains("Milk") && text(runtime).contains("privacy"))
        runtime.send(.key(.character("p")))
        #expect(text(runtime).contains("Milk"))
    }

    @Test func writesFromElsewhereReloadOnlyWhenTheStoreSaysSo() throws {
        let (runtime, store) = try runtime()
        try PantryRepository(store).addProduct(name: "Zucchini", amount: .one, unit: "", due: LocalDate(start, in: zone).adding(days: -1), at: start)
        #expect(!text(runtime).contains("Zucchini"))
        runtime.send(.storeChanged([.product]))
        #expect(text(runtime).contains("Zucchini"))
    }

    @Test func midnightReloadsThePantry() throws {
        var pantryOnly = DashboardConfig(catalog: .standard)
        pantryOnly.home = [PaneSpec(.pantry, .systemMedium)]
        let (runtime, _) = try runtime(config: pantryOnly)
        #expect(text(runtime).contains("expires today"))
        let midnight = try #require(runtime.nextWakeUp)
        #expect(midnight == TimeBoundaries.nextMidnight(after: start, in: zone))
        (runtime.clock as! ManualClock).set(midnight.addingTimeInterval(1))
        runtime.tick()
        #expect(text(runtime).contains("expired yesterday"))
    }

    @Test func aTinyTerminalSaysHowBigItMustBe() throws {
        let (runtime, _) = try runtime(CellSize(columns: 24, rows: 6))
        #expect(text(runtime).contains("too small"))
        runtime.send(.resized(CellSize(columns: 160, rows: 48)))
        #expect(text(runtime).contains("Milk"))
    }

    @Test func messagesExpireFailuresWaitForAKeyAndTheDateIsShown() throws {
        let (runtime, _) = try runtime()
        #expect(text(runtime).contains("Wed, Nov 18") || text(runtime).contains("Wed 18 Nov"), "the date in the status line: \(runtime.frame().rowTexts().last ?? "")")
        runtime.send(.key(.character("r")))
        #expect(text(runtime).contains("Reloaded every widget."))
        let clock = runtime.clock as! ManualClock
        #expect(runtime.nextWakeUp == clock.now.addingTimeInterval(StatusMessage.lifetime))
        clock.set(clock.now.addingTimeInterval(StatusMessage.lifetime + 0.1))
        runtime.tick()
        #expect(!text(runtime).contains("Reloaded every widget.") && runtime.dashboard.message == nil)
        runtime.send(.key(.character("u")))
        #expect(text(runtime).contains("Nothing to undo"))
        clock.set(clock.now.addingTimeInterval(60))
        runtime.tick()
        #expect(text(runtime).contains("Nothing to undo"), "a failure stays until the next key")
        runtime.send(.key(.tab))
        #expect(!text(runtime).contains("Nothing to undo"))
    }

    /// The lock screen's pantry reads the top five products, not all of them: consumes pressed
    /// faster than the store confirms them still count what is in stock, not what is listed.
    @Test func rapidConsumesOnTheLockScreenCountTheStockNotTheList() throws {
        var config = DashboardConfig(catalog: .standard)
        config.lockScreen = [PaneSpec(.pantry, .accessoryRectangular)]
        let products = (1...7).map { ("Product \($0)", Int64(1), $0) }
        let (runtime, store) = try runtime(CellSize(columns: 100, rows: 9), config: config, products: products)
        var dashboard = runtime.dashboard
        #expect(text(runtime).contains("Product 1"))
        for press in 1...7 {
            #expect(dashboard.update(.key(.character("c"))).contains(.write(PantryFeature.consume)), "press \(press)")
        }
        // Confirmed one by one, the seven empty the pantry, and the next press says so.
        for _ in 1...7 { runtime.send(.key(.character("c"))) }
        #expect(try PantryRepository(store).pantrySnapshot(today: LocalDate(start, in: zone), dueSoonDays: 5, limit: 1).counts.inStock == 0)
        runtime.send(.key(.character("c")))
        #expect(text(runtime).contains("Nothing to consume yet"))
    }

    @Test func unboundKeysAreSaid() throws {
        let (runtime, _) = try runtime()
        // A key no kind takes, whichever kinds the build has.
        let free = try #require("zyxwvutsrqponmlkjihgfedcba".map { Key.character($0) }.first { KeyTable.standard.action(for: $0) == nil })
        runtime.send(.key(free))
        #expect(text(runtime).contains("\(free.name): no action"))
    }

    static var cardPanes: DashboardConfig {
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.card, .systemMedium), PaneSpec(.pantry, .systemSmall)]
        config.lockScreen = [PaneSpec(.card, .accessoryInline)]
        return config
    }

    @Test func theCardPickerChoosesAndTheCodeRedrawsAtOnce() throws {
        let (runtime, store) = try runtime(config: Self.cardPanes)
        runtime.send(.key(.character("s")))
        #expect(runtime.dashboard.modal != nil && text(runtime).contains("Nothing to choose.") && text(runtime).contains("n: add"),
                "an empty picker still adds a card")
        runtime.send(.key(.escape))
        #expect(text(runtime).contains("No cards"))
        let lan = try CardRepository(store).addCard(CardDraft(serverCardID: "4821", firstName: "Lan", lastName: "Nguyen", company: "Saigon Coffee"))
        let marco = try CardRepository(store).addCard(CardDraft(serverCardID: "7340", firstName: "Marco", lastName: "Rossi", company: "Rossi & Figli", isActive: false))
        runtime.send(.storeChanged([.card]))
        let before = runtime.frame()
        #expect(text(runtime).contains("Lan Nguyen") && text(runtime).contains("Saigon Coffee"))

        runtime.send(.key(.character("s")))
        let picker = text(runtime)
        #expect(picker.contains("Business card") && picker.contains("● Lan Nguyen") && picker.contains("Saigon Coffee · active"))
        #expect(picker.contains("Marco Rossi") && picker.contains("Rossi & Figli · inactive"))
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.modal == nil)
        #expect(try CardRepository(store).selectedCardID() == nil, "Esc chooses nothing")

        runtime.send(.key(.character("s")))
        runtime.send(.key(.down))
        runtime.send(.key(.enter))
        #expect(try CardRepository(store).selectedCardID() == marco.id)
        let after = text(runtime)
        #expect(after.contains("Marco Rossi") && !after.contains("Lan Nguyen") && after.contains("Showing Marco Rossi's card."))
        #expect(runtime.frame() != before)
        #expect(try CardRepository(store).cardSelection() == .card(try CardRepository(store).cards()[1], chosen: true))

        // The chosen card removed elsewhere: the pane says so, and the picker offers the rest.
        try CardRepository(store).removeCard(id: marco.id)
        runtime.send(.storeChanged([.card]))
        #expect(text(runtime).contains("Card unavailable"))
        runtime.send(.key(.character("s")))
        runtime.send(.key(.enter))
        #expect(try CardRepository(store).selectedCardID() == lan.id)
        #expect(text(runtime).contains("Lan Nguyen"))
    }

    @Test func thePickerMasksNamesInPrivacyMode() throws {
        let (runtime, store) = try runtime(config: Self.cardPanes)
        try CardRepository(store).addCard(CardDraft(firstName: "Lan", lastName: "Nguyen", company: "Saigon Coffee"))
        runtime.send(.key(.character("p")))
        runtime.send(.key(.character("s")))
        let screen = text(runtime)
        #expect(screen.contains("Card 1") && !screen.contains("Lan") && !screen.contains("Saigon"))
    }

    static var budgetPanes: DashboardConfig {
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.budget, .systemSmall), PaneSpec(.year, .systemMedium), PaneSpec(.pantry, .systemSmall)]
        config.lockScreen = [PaneSpec(.budget, .accessoryInline)]
        return config
    }

    func type(_ text: String, into runtime: DashboardRuntime) {
        for character in text { runtime.send(.key(.character(character))) }
    }

    @Test func theAddExpenseFormValidatesInlineAndSavesToEveryBudgetPane() throws {
        let (runtime, store) = try runtime(config: Self.budgetPanes)
        #expect(text(runtime).contains("800.00"))
        runtime.send(.key(.character("+")))
        #expect(text(runtime).contains("Add an expense") && text(runtime).contains("Amount (CHF)"))
        type("abc", into: runtime)
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("'abc' is not an amount"))
        for _ in 0..<3 { runtime.send(.key(.backspace)) }
        type("12,505", into: runtime)
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("'12,505' has more than 2 decimals"), "digits are refused, never dropped")
        #expect(try BudgetRepository(store).expenses(in: nil).isEmpty)
        runtime.send(.key(.backspace))
        runtime.send(.key(.tab))
        type("Lunch", into: runtime)
        runtime.send(.key(.enter))
        let saved = try BudgetRepository(store).expenses(in: nil)
        #expect(saved.map(\.amount) == [Money(cents: 1250)] && saved.first?.note == "Lunch" && saved.first?.day == LocalDate(start, in: zone))
        #expect(runtime.dashboard.modal == nil && text(runtime).contains("Added an expense of CHF\u{A0}12.50 (Lunch)"), "money as the panes write it: \(text(runtime))")
        // Both panes were reloaded at once: the budget pane's available and the year cell.
        let budget = runtime.dashboard.entry(for: .home(0), at: start)?.value as? BudgetEntry
        let year = runtime.dashboard.entry(for: .home(1), at: start)?.value as? YearEntry
        #expect(budget?.available == Money(cents: 78_750) && year?.selectedMonth.available == Money(cents: 78_750))
        #expect(text(runtime).contains("787.50"), "the year cell, to its last digit where it fits")
    }

    @Test func escapeClosesTheExpenseFormWritingNothing() throws {
        let (runtime, store) = try runtime(config: Self.budgetPanes)
        runtime.send(.key(.character("a")))
        type("99", into: runtime)
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.modal == nil && text(runtime).contains("nothing was saved"))
        #expect(try BudgetRepository(store).expenses(in: nil).isEmpty && store.revisions()[.budget] == 1)
    }

    @Test func theYearDetailMovesThroughMonthsWithTheArrows() throws {
        let (runtime, store) = try runtime(config: Self.budgetPanes)
        try BudgetRepository(store).addExpense(amount: Money(cents: 4_200), currency: Currency(code: "CHF")!, day: LocalDate(iso: "2026-12-03")!, note: "Gift")
        while runtime.dashboard.focus != 1 { runtime.send(.key(.tab)) }   // the year pane, wherever Tab's order puts it
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("November 2026") && text(runtime).contains("←/→ month"))
        runtime.send(.key(.right))
        #expect(text(runtime).contains("December 2026") && text(runtime).contains("Gift"))
        runtime.send(.key(.left))
        runtime.send(.key(.left))
        #expect(text(runtime).contains("October 2026") && !text(runtime).contains("Gift"))
        // b sets the selected month's budget.
        runtime.send(.key(.character("b")))
        #expect(text(runtime).contains("Budget for 2026-10"), "\(text(runtime))")
        for character in "650" { runtime.send(.key(.character(character))) }
        runtime.send(.key(.enter))
        #expect(try BudgetRepository(store).budgets().contains { $0.month == YearMonth(year: 2026, month: 10)! && $0.limit == Money(cents: 65_000) })
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.detail == nil)
    }

    /// ←/→ a day and ↑/↓ a week (past the month's ends into the next or previous month),
    /// PgUp/PgDn a month, Esc goes back.
    @Test func theCalendarMonthViewMovesByDaysWeeksAndMonths() throws {
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.calendar, .systemMedium)]
        let (runtime, _) = try runtime(config: config)
        #expect(text(runtime).contains("November 2026") && !text(runtime).contains("Solar term"))
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("Today · Wednesday, 18/11/2026"), "\(text(runtime))")
        // ↑/↓ a week, ←/→ a day, within the month; PgUp/PgDn a month.
        runtime.send(.key(.down))
        #expect(text(runtime).contains("Wednesday, 25/11/2026") && !text(runtime).contains("Today"), "a week on")
        runtime.send(.key(.down))
        #expect(text(runtime).contains("December 2026") && text(runtime).contains("Wednesday, 02/12/2026"), "a week on, into December")
        runtime.send(.key(.left))
        #expect(text(runtime).contains("Tuesday, 01/12/2026"))
        runtime.send(.key(.left))
        #expect(text(runtime).contains("November 2026") && text(runtime).contains("Monday, 30/11/2026"), "a day back, into November")
        runtime.send(.key(.right))
        #expect(text(runtime).contains("Tuesday, 01/12/2026"))
        runtime.send(.key(.left))
        runtime.send(.key(.pageDown))
        #expect(text(runtime).contains("December 2026") && text(runtime).contains("Friday, 18/12/2026"))
        runtime.send(.key(.pageUp))
        runtime.send(.key(.pageUp))
        #expect(text(runtime).contains("October 2026") && text(runtime).contains("Sunday, 18/10/2026"))
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.detail == nil)
        #expect(text(runtime).contains("November 2026"))
    }

    @Test func theEventFormChecksEachFieldAsTheCommandLineDoes() throws {
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.calendar, .systemLarge)]
        let (runtime, store) = try runtime(config: config)
        runtime.send(.key(.enter))
        runtime.send(.key(.character("n")))
        // The chosen day (today) is filled in; 2026-11-18 is the 10th of the tenth lunar month.
        #expect(text(runtime).contains("Add an event") && text(runtime).contains("Date     2026-11-18") && text(runtime).contains("every year on 10/10 ÂL"),
                "\(text(runtime))")
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("the title is empty"), "\(text(runtime))")
        type("Giỗ", into: runtime)
        runtime.send(.key(.tab))
        for _ in 0..<10 { runtime.send(.key(.backspace)) }
        type("31/3", into: runtime)
        // Past Time and Minutes (empty: all day) to Repeat.
        for _ in 0..<3 { runtime.send(.key(.tab)) }
        type("sometimes", into: runtime)
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("'sometimes' is not a repeat"), "\(text(runtime))")
        for _ in 0..<9 { runtime.send(.key(.backspace)) }
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("'31/3' is not a lunar date"), "\(text(runtime))")
        #expect(try EventRepository(store).events().isEmpty)
        // The form opens again on the field in error.
        for _ in 0..<4 { runtime.send(.key(.backspace)) }
        type("15/3", into: runtime)
        runtime.send(.key(.enter))
        let saved = try EventRepository(store).events()
        #expect(saved.map(\.when) == [.lunar(month: 3, day: 15, leap: false, firstYear: nil)] && saved.first?.title == "Giỗ", "\(saved)")
        #expect(runtime.dashboard.modal == nil && text(runtime).contains("Added Giỗ"), "\(text(runtime))")
    }

    /// Issue 54: `e` on the calendar's full screen edits the chosen day's event in a form filled
    /// with its title and note; the key bar and the help say so; the save changes the store's row.
    @Test func eOnTheCalendarEditsTheDaysEventInAFilledForm() throws {
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.calendar, .systemLarge)]
        let (runtime, store) = try runtime(config: config)
        let today = LocalDate(start, in: zone)
        let event = try EventRepository(store).addEvent(EventDraft(title: "Họp lớp", note: "mang hoa", when: .solar(start: today, time: nil, rule: "", except: [])), at: start)
        runtime.send(.storeChanged([.event]))
        runtime.send(.key(.enter))
        let bar = runtime.dashboard.keyBarItems.map { "\($0.name) \($0.label)" }
        #expect(bar.contains("e edit") && bar.contains("x remove") && bar.contains("n add"), "\(bar)")
        runtime.send(.key(.character("?")))
        #expect(text(runtime).contains(Action.edit.summary), "\(text(runtime))")
        runtime.send(.key(.escape))
        runtime.send(.key(.character("e")))
        #expect(text(runtime).contains("Edit Họp lớp (2026-11-18)") && text(runtime).contains("Title  Họp lớp") && text(runtime).contains("Note   mang hoa"),
                "\(text(runtime))")
        // Enter on the form as it was filled: nothing to write.
        runtime.send(.key(.enter))
        #expect(runtime.dashboard.modal == nil && text(runtime).contains("Nothing changed in Họp lớp."), "\(text(runtime))")
        runtime.send(.key(.character("e")))
        type("Họp lớp 12A", into: runtime)
        runtime.send(.key(.enter))
        let saved = try #require(try EventRepository(store).events().first)
        #expect(saved.id == event.id && saved.title == "Họp lớp 12A" && saved.note == "mang hoa", "\(saved)")
        #expect(runtime.dashboard.modal == nil && text(runtime).contains("Saved Họp lớp 12A."), "\(text(runtime))")
        // An empty title is refused under its field, as `event edit --title ""` is.
        runtime.send(.key(.character("e")))
        runtime.send(.key(.backspace))
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("the title is empty"), "\(text(runtime))")
        runtime.send(.key(.escape))
        #expect(try EventRepository(store).events().first?.title == "Họp lớp 12A")
    }

    /// Issue 28 point 6: edit the selected product so it sorts elsewhere (here by another
    /// program, so the list reloads): the selection stays on it, and x asks to remove it, not the
    /// product that took its row.
    @Test func theSelectionStaysOnTheEditedProduct() throws {
        var pantryOnly = DashboardConfig(catalog: .standard)
        pantryOnly.home = [PaneSpec(.pantry, .systemMedium)]
        let (runtime, store) = try runtime(config: pantryOnly, products: [("Milk", 3, 0), ("Spinach", 1, 2), ("Rice", 2, 30)])
        runtime.send(.key(.enter))
        runtime.send(.key(.down))
        #expect(runtime.dashboard.detailScroll == 1)
        let spinach = try #require(try PantryRepository(store).products().first { $0.name == "Spinach" })
        try PantryRepository(store).updateProduct(id: spinach.id, name: "Spinach", amount: spinach.amount, unit: spinach.unit,
                                                 due: LocalDate(start, in: zone).adding(days: 60))
        runtime.send(.storeChanged([.product]))
        #expect(runtime.dashboard.detailScroll == 2, "Spinach sorts last now: \(text(runtime))")
        runtime.send(.key(.character("x")))
        #expect(text(runtime).contains("Remove Spinach (1 l) from the pantry?"), "\(text(runtime))")
    }

    /// Issue 28 point 6: Esc in a form opened from a picker's key goes back to the picker (on
    /// the row it was on); Esc there closes it.
    @Test func escInAFormOpenedFromThePickerGoesBackToThePicker() throws {
        let (runtime, store) = try runtime(config: Self.cardPanes)
        _ = try CardRepository(store).addCard(CardDraft(serverCardID: "4821", firstName: "Lan", lastName: "Nguyen", company: "Saigon Coffee"))
        _ = try CardRepository(store).addCard(CardDraft(serverCardID: "7340", firstName: "Marco", lastName: "Rossi", company: "Rossi & Figli"))
        runtime.send(.storeChanged([.card]))
        runtime.send(.key(.character("s")))
        runtime.send(.key(.down))
        let picker = runtime.dashboard.modal
        runtime.send(.key(.character("n")))
        #expect(text(runtime).contains("Add a card"), "\(text(runtime))")
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.modal == picker && text(runtime).contains("Marco Rossi"), "back to the picker, on Marco: \(text(runtime))")
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.modal == nil)
        #expect(try CardRepository(store).cards().count == 2, "nothing added")
    }

    /// Issue 28 point 9: the due date's hint says what is accepted, not only YYYY-MM-DD.
    @Test func theDueHintSaysWordsAreAccepted() throws {
        var pantryOnly = DashboardConfig(catalog: .standard)
        pantryOnly.home = [PaneSpec(.pantry, .systemMedium)]
        let (runtime, _) = try runtime(config: pantryOnly)
        runtime.send(.key(.character("n")))
        #expect(text(runtime).contains("Add a product"), "\(text(runtime))")
        for _ in 0..<3 { runtime.send(.key(.tab)) }
        // On the due date (filled in: a week from today), its hint is under it.
        #expect(text(runtime).contains("YYYY-MM-DD, tomorrow, +3d"), "\(text(runtime))")
        runtime.send(.key(.escape))
    }
}
