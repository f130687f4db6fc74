import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// Forms edit like text fields; help, forms and full-screen views fit small terminals or scroll.
struct OverlayFitTests {
    let folder = TemporaryFolder()
    let zone = Zone(identifier: "Europe/Zurich")!
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func runtime(_ columns: Int, _ rows: Int) throws -> (DashboardRuntime, Store) {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        try PantryRepository(store).addProduct(name: "Milk", amount: .one, unit: "l", due: LocalDate(start, in: zone), at: start)
        let settings = DashboardSettings(config: DashboardConfig(catalog: .standard), catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: zone)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: columns, rows: rows)), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        return (runtime, store)
    }

    func text(_ runtime: DashboardRuntime) -> String { runtime.frame().rowTexts().joined(separator: "\n") }
    func type(_ text: String, into runtime: DashboardRuntime) { for character in text { runtime.send(.key(.character(character))) } }

    @Test func aFieldEditsAtTheCursorAndSaysItsLimit() {
        var field = Form.Field("Note", maxLength: 12)
        for key: Key in [.character("a"), .character("b"), .character("d"), .left, .character("c")] { _ = field.edit(key) }
        #expect(field.text == "abcd" && field.cursor == 3)
        for key: Key in [.home, .delete, .end, .backspace] { _ = field.edit(key) }
        #expect(field.text == "bc" && field.cursor == 2)
        for character in " lunch men" { _ = field.edit(.character(character)) }
        #expect(field.text == "bc lunch men" && field.isFull == false)
        _ = field.edit(.character("u"))
        #expect(field.text == "bc lunch men" && field.isFull, "a full field keeps its text and says so")
        _ = field.edit(.control("w"))
        #expect(field.text == "bc lunch " && !field.isFull)
        _ = field.edit(.left); _ = field.edit(.left); _ = field.edit(.control("u"))
        #expect(field.text == "h " && field.cursor == 0)
    }

    @Test func theHelpScrollsToQuitIn80x16() throws {
        let (runtime, _) = try runtime(80, 16)
        runtime.send(.key(.character("?")))
        // The key bar says "q quit"; the help's own line is further down.
        #expect(!text(runtime).contains("q Ctrl-C") && text(runtime).contains("more"))
        for _ in 0..<30 { runtime.send(.key(.down)) }
        #expect(text(runtime).contains("quit") && text(runtime).contains("q Ctrl-C"))
        #expect(runtime.dashboard.showingHelp)
    }

    @Test(arguments: ["n", "a"])
    func everyFieldIsVisibleWhenFocusedIn80x12(key: Character) throws {
        let (runtime, _) = try runtime(80, 12)
        runtime.send(.key(.character(key)))
        guard case .form(let form) = try #require(runtime.dashboard.modal).content else { Issue.record("no form"); return }
        for field in form.fields {
            let screen = text(runtime)
            #expect(screen.contains(field.label), "\(field.label) not on screen:\n\(screen)")
            runtime.send(.key(.tab))
        }
        // The form's frame is whole, above the key bar.
        #expect(runtime.frame().rowTexts().dropLast().last?.contains("╯") == true, "the form's frame is whole")
        #expect(runtime.frame().rowTexts().last?.contains("Esc cancel") == true, "the key bar says the form's keys")
    }

    /// Issue 28 point 9: an example is a placeholder (dim and italic, or in brackets without
    /// color), gone at the first letter typed; what a field accepts is said under it when focused.
    @Test func examplesArePlaceholdersAndHintsSayWhatIsAccepted() throws {
        func draw(_ form: Form, monochrome: Bool) -> CellGrid {
            var grid = CellGrid(width: 80, height: 24)
            Overlay.draw(form, in: &grid, ascii: false, monochrome: monochrome)
            return grid
        }
        func row(_ grid: CellGrid, with label: String) throws -> Int { try #require(grid.rowTexts().firstIndex { $0.contains(label) }) }
        var form = Form(title: "Add a product", fields: [Form.Field("Name", placeholder: "Milk"),
                                                         Form.Field("Due", text: "2026-12-01", hint: "YYYY-MM-DD, tomorrow, +3d")])
        form.focus = 1
        let colored = draw(form, monochrome: false)
        let name = try row(colored, with: "Name"), line = colored.rowTexts()[name]
        let at = line.distance(from: line.startIndex, to: try #require(line.range(of: "Milk")).lowerBound)
        #expect((0..<4).allSatisfy { colored[at + $0, name].style.attributes.isSuperset(of: [.dim, .italic]) }, "dim and italic")
        #expect(!colored.rowTexts().contains { $0.contains("[e.g. Milk]") } && line.contains("e.g. Milk"), "\(line)")
        let due = try row(colored, with: "Due")
        #expect(colored.rowTexts()[due + 1].contains("YYYY-MM-DD, tomorrow, +3d"), "the focused field says what it accepts")
        #expect(!colored.rowTexts()[name + 1].contains("Milk"), "the example is not repeated as a hint")

        let plain = draw(form, monochrome: true)
        #expect(plain.rowTexts()[name].contains("Name   [e.g. Milk]"), "\(plain.rowTexts().joined(separator: "\n"))")
        #expect(Overlay.placeholderInBrackets("(optional)") == "[optional]")

        // Focused, the example stays until a letter is typed; then only the letter shows.
        form.focus = 0
        #expect(draw(form, monochrome: true).rowTexts()[name].contains("[e.g. Milk]"))
        _ = form.fields[0].edit(.character("R"))
        let typed = draw(form, monochrome: true).rowTexts()[name]
        #expect(typed.contains("Name  R ") && !typed.contains("Milk"), "\(typed)")
    }

    /// Issue 28 point 11: the lock screen's gauges say what they measure, in every language and
    /// at both ring sizes.
    @Test func lockScreenGaugesAreLabelled() throws {
        let store = try DemoDashboard.store(in: folder)
        let labels: [Language: [String]] = [.english: ["Spent", "Card"], .french: ["Dépensé", "Carte"],
                                            .italian: ["Speso", "Bigl."], .vietnamese: ["Đã chi", "Thẻ"]]
        for (language, words) in labels {
            let runtime = DemoDashboard.runtime(store, size: CellSize(columns: 100, rows: 9), language: language, lockScreen: true)
            let rows = runtime.frame().rowTexts()
            for word in words {
                #expect(rows.contains { $0.contains("│" + word) || $0.contains(word + " │") || $0.contains(" " + word + " ") }, "\(language) \(word):\n\(rows.joined(separator: "\n"))")
            }
        }
        let large = DemoDashboard.runtime(store, size: CellSize(columns: 160, rows: 20), lockScreen: true).frame().rowTexts().joined(separator: "\n")
        #expect(large.contains("Spent") && large.contains("Card"), "\(large)")
    }

    @Test func aFormErrorIsShownWholeIn80x24() throws {
        let (runtime, _) = try runtime(80, 24)
        runtime.send(.key(.character("a")))
        type("12.345", into: runtime)
        runtime.send(.key(.enter))
        guard case .form(let form) = try #require(runtime.dashboard.modal).content, let error = form.fields[0].error else {
            Issue.record("no error"); return
        }
        // The error's words, in order, inside the form's box (wrapped over rows, never cut with "…").
        let rows = runtime.frame().rowTexts().map(Array.init)
        let top = try #require(rows.firstIndex { String($0).contains("Add an expense") })
        let left = try #require(rows[top].firstIndex(of: "╭")), right = try #require(rows[top].lastIndex(of: "╮"))
        let inside = rows[(top + 1)...].prefix { $0[left] != "╰" }.map { String($0[(left + 1)..<right]) }
        let words = inside.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains(error.split(separator: " ").joined(separator: " ")), "\(error) not whole in:\n\(text(runtime))")
    }

    @Test func theCalendarFullScreenKeepsItsFrameIn100x9() throws {
        let (runtime, _) = try runtime(100, 9)
        let calendar = try #require(runtime.dashboard.panes.firstIndex { $0.kind == .calendar })
        while runtime.dashboard.focus != calendar { runtime.send(.key(.tab)) }
        runtime.send(.key(.enter))
        let rows = runtime.frame().rowTexts()
        #expect(rows[rows.count - 2].hasPrefix("╰") && rows[rows.count - 2].hasSuffix("╯"), "the bottom border:\n\(rows.joined(separator: "\n"))")
        #expect(rows.dropLast().allSatisfy { $0.hasPrefix("╭") || $0.hasPrefix("│") || $0.hasPrefix("╰") })
    }

    @Test func mouseReportsAreFoldedIntoOneKey() {
        let typed: [Key] = [.character("c"), .escape, .character("["), .character("<")] + "65;12;3M".map { .character($0) } + [.character("u")]
        #expect(Key.foldingMouseReports(typed) == [.character("c"), .mouse(Mouse(button: .wheelDown, column: 11, row: 2, pressed: true)), .character("u")])
        let release: [Key] = [.escape, .character("["), .character("<")] + "0;1;1m".map { .character($0) }
        #expect(Key.foldingMouseReports(release) == [.mouse(Mouse(button: .left, column: 0, row: 0, pressed: false))])
        let plainEscape: [Key] = [.escape, .character("["), .character("x")]
        #expect(Key.foldingMouseReports(plainEscape) == plainEscape)
    }

    @Test func aClickOnAPickerRowChoosesIt() throws {
        let (runtime, store) = try runtime(120, 40)
        _ = try CardRepository(store).addCard(CardDraft(firstName: "Lan", lastName: "Nguyen"))
        let marco = try CardRepository(store).addCard(CardDraft(firstName: "Marco", lastName: "Rossi"))
        runtime.send(.key(.character("s")))
        guard case .picker(let picker) = try #require(runtime.dashboard.modal).content else { Issue.record("no picker"); return }
        // The picker is centred in the screen above the key bar.
        let (area, first, _) = Overlay.pickerGeometry(picker, screen: CellSize(columns: 120, rows: 39))
        runtime.send(.key(.mouse(Mouse(button: .left, column: area.x + 3, row: area.y + 1 - first, pressed: true))))
        #expect(try CardRepository(store).selectedCardID() == marco.id && runtime.dashboard.modal == nil)
    }

    /// Issue 28 point 11: the help on the 100×9 lock screen covers the whole width: no letter of
    /// the status line is left beside its frame.
    @Test func theHelpLeavesNoStrayCharacterOnTheLockScreen() throws {
        let (runtime, _) = try runtime(100, 9)
        runtime.send(.key(.character("?")))
        let rows = runtime.frame().rowTexts()
        #expect(rows.last?.hasSuffix("╯") == true, "\(rows.last ?? "")")
        #expect(rows.allSatisfy { $0.hasSuffix("│") || $0.hasSuffix("╮") || $0.hasSuffix("╯") }, "\(rows.joined(separator: "\n"))")
        runtime.send(.key(.escape))
        #expect(runtime.frame().rowTexts().last?.hasSuffix("? help") == true)
    }
}
