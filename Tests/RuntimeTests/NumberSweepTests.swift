import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// No number is ever cut (issue 28 point 5): every kind × family × density × language, at the
/// families' sizes and at the sizes the home screen gives panes from 80×24 to 200×60, on a
/// store whose month holds amounts up to 9,999,999.99, draws no "…" touching a digit. Where an
/// amount does not fit, the view writes a shorter form (no currency, compact) instead.
struct NumberSweepTests {
    let folder = TemporaryFolder()
    let zone = DemoDashboard.zone, start = DemoDashboard.start

    /// The demo store with this month's limit at 9,999,999.99 and 8,765,432.10 spent.
    func bigStore() throws -> Store {
        let store = try DemoDashboard.store(in: folder)
        let today = LocalDate(start, in: zone)
        let chf = try #require(Currency(code: "CHF"))
        let budgets = BudgetRepository(store)
        try budgets.setBudget(MonthlyBudget(month: YearMonth(today), limit: Money(cents: 999_999_999), currency: chf), at: start)
        _ = try budgets.addExpense(amount: Money(cents: 876_543_210), currency: chf, day: today, note: "Roof", at: start)
        return store
    }

    /// The sizes panes get: each family's at both densities, and every pane's place in the
    /// home layout of the terminals people have.
    func sizes(_ family: WidgetFamily) -> [CellSize] {
        var sizes = Density.allCases.map { family.size($0) }
        let config = DashboardConfig(catalog: .standard)
        for (columns, rows) in [(80, 24), (100, 30), (120, 40), (160, 48), (200, 60)] {
            guard let layout = HomeLayout.make(home: config.home, lockScreen: config.lockScreen, size: CellSize(columns: columns, rows: rows),
                                               forcedDensity: nil, preferLockScreen: false) else { continue }
            for placement in layout.pages.flatMap({ $0 }) where config.home[placement.pane].family == family {
                sizes.append(CellSize(columns: placement.rect.width, rows: placement.rect.height))
            }
        }
        return sizes
    }

    /// A "…" with a digit right before or after it (a space between does not count).
    static func cutNumber(_ line: String) -> Bool {
        let characters = Array(line)
        return characters.indices.contains { index in
            characters[index] == "…" && ((index > 0 && characters[index - 1].isNumber) || (index + 1 < characters.count && characters[index + 1].isNumber))
        }
    }

    @Test func theSweepFindsACutNumber() {
        #expect(Self.cutNumber("CHF 1,517.50 / CHF 3,00…"))
        #expect(Self.cutNumber("…5 days"))
        #expect(!Self.cutNumber("Mozzarella di bu… 3 days"))
    }

    @Test func noNumberIsCutInAnyPane() throws {
        let store = try bigStore()
        var failures: [String] = []
        for feature in WidgetCatalog.standard.features {
            let widget = feature.widget(store: store, settings: WidgetSettings())
            for family in feature.families {
                for density in Density.allCases {
                    for language in Language.allCases {
                        for size in sizes(family) {
                            for detail in family.isSystem ? [false, true] : [false] {
                                let context = WidgetContext(family: family, density: density, size: size, language: language,
                                                            timeZone: zone, detail: detail)
                                let grid = try widget.timeline(in: context, at: start).entries[0].render(in: context)
                                for line in grid.rowTexts() where Self.cutNumber(line) {
                                    failures.append("\(feature.kind) \(family) \(density) \(language) \(size.columns)×\(size.rows)\(detail ? " detail" : ""): \(line)")
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) cut numbers:\n\(failures.prefix(40).joined(separator: "\n"))")
    }
}
