import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// The help lists the keys of the view you are in and says where a rebound key went; the
/// add-expense form says its currency and why; a published budget is mentioned when adding.
struct HelpAndHintsTests {
    let folder = TemporaryFolder()

    func text(_ runtime: DashboardRuntime) -> String { runtime.frame().rowTexts().joined(separator: "\n") }

    @Test func theHelpOfAFullScreenViewListsItsOwnKeys() throws {
        let runtime = DemoDashboard.runtime(try DemoDashboard.store(in: folder), size: CellSize(columns: 120, rows: 60))
        runtime.send(.key(.character("?")))
        #expect(text(runtime).contains("add an expense") && text(runtime).contains("choose the business card"))
        runtime.send(.key(.escape))
        runtime.send(.key(.enter))   // the pantry, full screen
        #expect(text(runtime).contains("c: consume 1 · e: edit · x: remove"), "the row keys are said: \(text(runtime))")
        runtime.send(.key(.character("?")))
        let help = text(runtime)
        #expect(help.contains("consume one unit") && help.contains("remove the selected row"), "\(help)")
        #expect(!help.contains("add an expense") && !help.contains("choose the business card"), "\(help)")
    }

    @Test func theHelpSaysWhereAReboundKeyWent() throws {
        var config = DashboardConfig(catalog: .standard)
        try config.keys.rebind(.consume, to: [.character("x")])
        let settings = DashboardSettings(config: config, catalog: .standard, timeZone: DemoDashboard.zone)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 140, rows: 60)),
                                       store: try DemoDashboard.store(in: folder), clock: ManualClock(DemoDashboard.start), asynchronousWrites: false)
        runtime.start()
        #expect(text(runtime).contains("x: consume 1"))
        runtime.send(.key(.character("?")))
        #expect(text(runtime).contains("(x now: consume one unit"), "\(text(runtime))")
    }

    @Test func theExpenseFormSaysItsCurrencyAndAPublishedBudgetIsMentioned() throws {
        let store = try DemoDashboard.store(in: folder)
        let runtime = DemoDashboard.runtime(store, size: CellSize(columns: 160, rows: 48))
        runtime.send(.key(.character("a")))
        #expect(text(runtime).contains("Add an expense in CHF, the month's currency"), "\(text(runtime))")
        runtime.send(.key(.escape))
        try PublishedSnapshots(store).publish(kind: .budget, json: #"{"spent": 10, "limit": 100, "month": "Nov", "currency": "CHF"}"#, at: DemoDashboard.start)
        runtime.send(.storeChanged([.publishedSnapshot]))
        runtime.send(.key(.character("a")))
        for character in "7" { runtime.send(.key(.character(character))) }
        runtime.send(.key(.enter))
        #expect(text(runtime).contains("Added an expense of CHF\u{A0}7.00") && text(runtime).contains("The pane shows the published figures."), "\(text(runtime))")
    }

    /// `n` on a pane whose kind adds nothing says so, in the user's language.
    @Test func aKeyWithNothingToDoHereSaysSoInFrench() throws {
        let runtime = DemoDashboard.runtime(try DemoDashboard.store(in: folder), size: CellSize(columns: 160, rows: 48), language: .french)
        runtime.send(.key(.backTab))   // the year overview: nothing to add there
        runtime.send(.key(.character("n")))
        #expect(text(runtime).contains("n : rien à faire dans ce panneau."), "\(text(runtime))")
    }
}
