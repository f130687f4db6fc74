import Foundation
import HomescreenRender
import HomescreenTestSupport
import HomescreenWidgetCore
import Testing
@testable import HomescreenRuntime

/// Issue 51, point 1: a form never saves what the person did not type. A value already in a
/// field (a new product's amount `1`, the budget's currency, a date) is selected when the field
/// is entered and the first character typed replaces it; an example is worded as one and is
/// never a value.
struct FormSelectionTests {
    static func field(_ text: String) -> Form.Field {
        var field = Form.Field("Amount", text: text)
        field.enter()
        return field
    }

    static func edited(_ field: Form.Field, _ keys: [Key]) -> Form.Field {
        var field = field
        for key in keys { _ = field.edit(key) }
        return field
    }

    @Test func theFirstCharacterTypedReplacesTheValueTheFieldCameWith() {
        #expect(Self.edited(Self.field("1"), [.character("2")]).text == "2")
        #expect(Self.edited(Self.field("EUR"), "CHF".map { .character($0) }).text == "CHF", "three characters fit: the old three are gone")
        #expect(Self.edited(Self.field("2026-11-28"), "2026-12-24".map { .character($0) }).text == "2026-12-24")
        #expect(!Self.edited(Self.field("1"), [.character("2")]).isSelected)
    }

    @Test func backspaceDeleteCtrlUAndCtrlWRemoveTheWholeSelection() {
        for key: Key in [.backspace, .delete, .control("d"), .control("u"), .control("w")] {
            let field = Self.edited(Self.field("2026-11-28"), [key])
            #expect(field.text.isEmpty && field.cursor == 0 && !field.isSelected, "\(key)")
        }
        // Afterwards they edit one character at a time again.
        #expect(Self.edited(Self.field("EUR"), [.end, .backspace]).text == "EU")
        #expect(Self.edited(Self.field("EUR"), [.end, .control("u"), .character("C")]).text == "C")
    }

    @Test func keysThatMoveTheCursorKeepTheTextAndEndTheSelection() {
        let cases: [(Key, Int)] = [(.home, 0), (.control("a"), 0), (.left, 0), (.end, 3), (.control("e"), 3), (.right, 3)]
        for (key, cursor) in cases {
            let field = Self.edited(Self.field("EUR"), [key])
            #expect(field.text == "EUR" && field.cursor == cursor && !field.isSelected, "\(key)")
        }
        #expect(Self.edited(Self.field("UR"), [.home, .character("E")]).text == "EUR", "typed at the cursor after Home")
        #expect(Self.edited(Self.field("2026-11-2"), [.end, .character("8")]).text == "2026-11-28", "typed after End")
    }

    @Test func enteringAFieldSelectsItsTextLeavingItEndsTheSelection() {
        var form = Form(title: "Add", fields: [Form.Field("Name"), Form.Field("Amount", text: "1"), Form.Field("Unit")])
        #expect(!form.fields[0].isSelected, "an empty field has nothing to select")
        _ = form.handle(.tab)
        #expect(form.fields[1].isSelected && form.fields[1].cursor == 1)
        _ = form.handle(.tab)
        #expect(!form.fields[1].isSelected, "left: no longer selected")
        _ = form.handle(.backTab)
        _ = form.handle(.character("2"))
        #expect(form.values == ["", "2", ""])
        // What was typed is entered again selected too, as a GUI's field does on Tab.
        _ = form.handle(.tab)
        _ = form.handle(.up)
        #expect(form.fields[1].isSelected)
        // A form opened on a filled first field (an edit) has it selected.
        #expect(Form(title: "Edit", fields: [Form.Field("Name", text: "Milk")]).fields[0].isSelected)
    }

    @Test func aFieldShownWithAnErrorKeepsTheCursorWhereItWas() {
        var form = Form(title: "Add", fields: [Form.Field("Name"), Form.Field("Amount", text: "1")])
        _ = form.handle(.tab)
        _ = form.handle(.character("x"))
        form.show(errors: [1: "'x' is not an amount"])
        _ = form.handle(.backspace)
        _ = form.handle(.character("3"))
        #expect(form.values == ["", "3"], "the typed value is corrected, not replaced")
    }

    @Test func anExampleIsWordedAsOneAndNeverAValue() {
        var form = Form(title: "Add a product", fields: [Form.Field("Name", placeholder: "Milk"), Form.Field("Note", placeholder: "(optional)"),
                                                         Form.Field("Repeat", placeholder: "empty: once", hint: "empty: once")])
        let rows = Self.draw(form).rowTexts()
        #expect(rows.contains { $0.contains("e.g. Milk") }, "\(rows.joined(separator: "\n"))")
        #expect(rows.contains { $0.contains("(optional)") } && !rows.contains { $0.contains("e.g. (optional)") })
        #expect(!rows.contains { $0.contains("e.g. empty") }, "a hint shown in the field is not an example")
        #expect(Self.draw(form, language: .french).rowTexts().contains { $0.contains("ex. Milk") })
        #expect(form.values == ["", "", ""], "what an empty field shows is never its value")
        _ = form.handle(.tab)
        _ = form.handle(.tab)
        _ = form.handle(.tab)
        #expect(form.values == ["", "", ""])
    }

    /// The example starts one cell after the cursor, so the cursor never sits on its first
    /// letter as it would on typed text; a selected value is drawn reversed as a whole.
    @Test func theCursorOfAnEmptyFieldIsBeforeTheExampleAndASelectionIsReversed() throws {
        let form = Form(title: "Add a product", fields: [Form.Field("Name", placeholder: "Milk"), Form.Field("Due", text: "2026-12-01")])
        let grid = Self.draw(form)
        let rows = grid.rowTexts()
        let name = try #require(rows.firstIndex { $0.contains("e.g. Milk") })
        let example = rows[name].distance(from: rows[name].startIndex, to: try #require(rows[name].range(of: "e.g. Milk")).lowerBound)
        #expect(grid[example - 1, name].style.attributes.contains(.reverse) && grid[example - 1, name].text == " ", "the cursor, blank")
        #expect(!grid[example, name].style.attributes.contains(.reverse))
        #expect((0..<9).allSatisfy { grid[example + $0, name].style.attributes.isSuperset(of: [.dim, .italic]) })
        var due = form
        _ = due.handle(.tab)
        let selected = Self.draw(due)
        let row = try #require(selected.rowTexts().firstIndex { $0.contains("2026-12-01") })
        let text = selected.rowTexts()[row]
        let start = text.distance(from: text.startIndex, to: try #require(text.range(of: "2026-12-01")).lowerBound)
        #expect((0..<10).allSatisfy { selected[start + $0, row].style.attributes.contains(.reverse) }, "the whole value is selected")
        #expect(!selected[start + 10, row].style.attributes.contains(.reverse), "and nothing after it")
    }

    static func draw(_ form: Form, language: Language = .english) -> CellGrid {
        var grid = CellGrid(width: 80, height: 24)
        Overlay.draw(form, in: &grid, ascii: false, language: language)
        return grid
    }
}

/// Every form of every kind, found by pressing every key a kind binds (and add, edit) on its
/// pane, at home and full screen, and every key of the pickers that opens: each field, when
/// entered, has what it came with selected, and the first character typed is all it holds.
struct EveryFormFieldTests {
    @Test func everyFieldOfEveryFormOfEveryKindIsReplacedByTheFirstCharacterTyped() throws {
        let folder = TemporaryFolder()
        let runtime = DemoDashboard.runtime(try DemoDashboard.store(in: folder), size: CellSize(columns: 160, rows: 48))
        var seen: Set<String> = []
        var prefilled = 0
        func closeEverything() {
            for _ in 0..<4 where runtime.dashboard.modal != nil { runtime.send(.key(.escape)) }
            if runtime.dashboard.detail != nil { runtime.send(.key(.escape)) }
        }
        func exercise() {
            switch runtime.dashboard.modal?.content {
            case .form(let opened):
                seen.insert(opened.title)
                for index in opened.fields.indices {
                    guard case .form(let form) = runtime.dashboard.modal?.content, form.focus == index else {
                        Issue.record("\(opened.title): field \(index) is not focused")
                        return
                    }
                    let field = form.fields[index]
                    #expect(field.isSelected == !field.text.isEmpty, "\(opened.title) · \(field.label): '\(field.text)' entered selected")
                    if !field.text.isEmpty { prefilled += 1 }
                    runtime.send(.key(.character("7")))
                    guard case .form(let typed) = runtime.dashboard.modal?.content else { return }
                    #expect(typed.fields[index].text == "7", "\(opened.title) · \(field.label): '\(typed.fields[index].text)'")
                    runtime.send(.key(.tab))
                }
            case .picker(let picker):
                for key in picker.keys.keys.sorted() {
                    runtime.send(.key(.character(key)))
                    if case .form = runtime.dashboard.modal?.content {
                        exercise()
                        runtime.send(.key(.escape))   // back to the picker
                    } else if case .confirm = runtime.dashboard.modal?.content {
                        runtime.send(.key(.escape))
                    }
                    guard case .picker = runtime.dashboard.modal?.content else { return }
                }
            default: break
            }
        }
        let dashboard = runtime.dashboard
        for pane in dashboard.panes.indices {
            let feature = try #require(dashboard.catalog.feature(dashboard.panes[pane].kind))
            let actions = feature.bindings.map(\.action) + [.addItem, .edit].filter { feature.routedActions.contains($0) }
            for inDetail in [false, true] {
                for action in actions {
                    guard let key = dashboard.keys.keys(for: action).first else { continue }
                    closeEverything()
                    for _ in 0..<dashboard.panes.count where runtime.dashboard.focus != pane { runtime.send(.key(.tab)) }
                    #expect(runtime.dashboard.focus == pane)
                    if inDetail { runtime.send(.key(.enter)) }
                    runtime.send(.key(key))
                    exercise()
                }
            }
        }
        closeEverything()
        let titles = ["Add a product", "Edit ", "Add an expense", "Budget for", "Edit the expense", "Add an event", "Add a card"]
        for title in titles { #expect(seen.contains { $0.hasPrefix(title) }, "no form '\(title)…' found: \(seen.sorted())") }
        #expect(seen.count >= 8, "\(seen.sorted())")
        #expect(prefilled >= 10, "fields that came with a value: \(prefilled)")
    }
}
