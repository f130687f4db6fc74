import Foundation
import SnapshotTesting
import HomescreenTestSupport
import Testing
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// Every family of both kinds at both densities in two locales, rendered to text and held as
/// snapshot files (`__Snapshots__/BudgetSnapshotTests/`). Re-record with
/// SNAPSHOT_TESTING_RECORD=all.
struct BudgetSnapshotTests {
    typealias F = BudgetFixtures

    static let locales: [(Language, String)] = [(.english, "en_US"), (.french, "fr_CH")]
    static let budgetCases = WidgetFamily.allCases.flatMap { family in Density.allCases.flatMap { density in locales.map { (family, density, $0.1) } } }
    static let yearCases = [WidgetFamily.systemMedium, .systemLarge].flatMap { family in Density.allCases.flatMap { density in locales.map { (family, density, $0.1) } } }

    static func language(_ locale: String) -> Language { Language(localeTag: locale)! }


    @Test(arguments: budgetCases)
    func budget(_ family: WidgetFamily, _ density: Density, _ locale: String) {
        let context = F.context(family, density, Self.language(locale), locale: locale)
        let text = PaneSnapshot.text(BudgetWidget.draw(F.demoEntry(language: Self.language(locale)), in: context), context)
        assertSnapshot(of: text, as: .lines, named: "\(family.rawValue)-\(density.rawValue)-\(locale)")
    }

    @Test(arguments: yearCases)
    func year(_ family: WidgetFamily, _ density: Density, _ locale: String) {
        let context = F.context(family, density, Self.language(locale), locale: locale)
        let text = PaneSnapshot.text(YearWidget(store: try! Store.openReadOnly(at: "/nonexistent/x.sqlite")).render(F.demoYear(), in: context), context)
        assertSnapshot(of: text, as: .lines, named: "\(family.rawValue)-\(density.rawValue)-\(locale)")
    }

    /// Seed 001's states in Italian, as the medium pane draws them.
    @Test(arguments: [("fresh", 300.0, false), ("stale", 25.0 * 3600, false), ("error", 60.0, true)])
    func seedStatesInItalian(_ name: String, _ age: TimeInterval, _ hasError: Bool) {
        let context = F.context(.systemMedium, .regular, .italian, locale: "it_IT")
        let text = PaneSnapshot.text(BudgetWidget.draw(F.published(age: age, hasError: hasError), in: context), context)
        assertSnapshot(of: text, as: .lines, named: name)
    }

    @Test(arguments: WidgetFamily.allCases)
    func statesShowTheSeedsStrings(_ family: WidgetFamily) {
        let context = F.context(family, .regular, .italian, locale: "it_IT")
        func draw(_ entry: BudgetEntry) -> String { BudgetWidget.draw(entry, in: context).rowTexts().joined(separator: "\n") }
        let notConfigured = BudgetEntry(date: F.now, source: .local, month: F.november, monthLabel: "Novembre 2026",
                                        denomination: .currency(F.chf), spent: .zero, limit: nil, expenseCount: 0, daysLeft: 9)
        if family == .accessoryCircular {
            #expect(draw(F.published(age: 25 * 3600)).contains("⚠"))
            #expect(draw(F.published(age: 60)).contains("56%"))
            return
        }
        let compactWords: (String) -> String = { String($0.prefix(12)) }
        #expect(draw(notConfigured).contains(compactWords("Budget non configurato")))
        #expect(draw(F.published(age: 60, hasError: true)).contains(compactWords("Errore di caricamento")))
        #expect(draw(F.published(age: 25 * 3600)).contains(compactWords("Dati non aggiornati")))
        if family != .accessoryInline {
            #expect(draw(F.published(age: 25 * 3600)).contains("Agg. 21/11 09:00"))
            #expect(draw(F.published(age: 20)).contains("Aggiornato ora"))
            #expect(draw(F.published(age: 5 * 60)).contains("Aggiornato 5 min fa"))
            #expect(draw(F.published(age: 3 * 3600)).contains("Aggiornato 3 ore fa"))
        }
    }

    @Test func overBudgetIsDrawnInTheDangerRole() {
        let entry = BudgetEntry(date: F.now, source: .local, month: F.november, monthLabel: "November 2026", denomination: .currency(F.chf),
                                spent: F.money("950"), limit: F.money("800"), expenseCount: 3, daysLeft: 9)
        for family in WidgetFamily.allCases where family != .accessoryCircular {
            let grid = BudgetWidget.draw(entry, in: F.context(family, locale: "en_US"))
            let cells: [Cell] = (0..<grid.height).flatMap { y in (0..<grid.width).map { x in grid[x, y] } }
            let danger = cells.filter { $0.style.foreground == ThemeRole.danger }
            #expect(!danger.isEmpty, "\(family)")
        }
        let lines = BudgetWidget.draw(entry, in: F.context(.systemMedium, locale: "en_US")).rowTexts().joined()
        #expect(lines.contains("Over budget by " + MoneyFormat.full(F.money("150"), .currency(F.chf), locale: FormattingLocale(identifier: "en_US"))))
    }

    @Test func theCurrentMonthIsFramedAndEmptyMonthsShowADash() {
        let grid = YearWidget(store: try! Store.openReadOnly(at: "/nonexistent/x.sqlite")).render(F.demoYear(), in: F.context(.systemMedium))
        let lines = grid.rowTexts()
        #expect(lines.contains { $0.contains("Jan") && $0.contains("Feb") })
        #expect(lines.contains { $0.filter { $0 == "—" }.count == 2 })   // January and February have no budget
        let novRow = lines.firstIndex { $0.contains("Nov") }!
        let novColumn = Array(lines[novRow]).firstIndex(of: "N")!
        #expect(grid[novColumn - 2, novRow].text == "│" && grid[novColumn - 2, novRow].style.foreground == ThemeRole.accent)
    }

    @Test func asciiAndPrivacyHoldForEveryFamily() {
        for family in WidgetFamily.allCases {
            for density in Density.allCases {
                let ascii = BudgetWidget.draw(F.demoEntry(), in: F.context(family, density, ascii: true)).foldedToASCII()
                #expect(ascii.rowTexts().joined().allSatisfy { $0.isASCII }, "\(family)")
                let masked = BudgetWidget.draw(F.demoEntry(), in: F.context(family, density, privacy: true)).rowTexts().joined()
                #expect(!masked.contains("1,656") && !masked.contains("1,343") && !masked.contains("Books"), "\(family) \(density)")
            }
        }
    }
}
