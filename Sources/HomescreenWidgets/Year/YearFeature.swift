import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

extension WidgetKind { public static let year = WidgetKind("year") }

/// The year overview as a dashboard kind: no keys of its own; full screen, ←/→ move by months
/// and ↑/↓ scroll the month's expenses.
public struct YearFeature: WidgetFeature {
    public init() {}

    public var kind: WidgetKind { .year }
    public var title: String { "Year" }
    public var summary: String { "the twelve months, with what each month's budget left" }
    public var families: [WidgetFamily] { YearWidget.families }
    public var tables: Set<StoreTable> { [.budget, .expense, .hledgerRun, .hledgerJournal] }

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> YearWidget { YearWidget(store: store, source: settings[BudgetSource.key]) }

    public func detail(_ entry: YearEntry, scroll: Int) -> DetailNavigation {
        DetailNavigation(scroll: 0...max(0, max(entry.expenses.count, entry.accounts.count) - 1), movesByMonth: true)
    }
}
