import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The year overview widget (seed 002): a 4×3 grid of the year's months with what is left to
/// spend in each, the current month highlighted. Reloads when the month changes.
public struct YearWidget: Widget {
    public let store: any StoreBackend
    /// The store's tables, or an hledger journal (`[budget] source`).
    public let source: BudgetSource

    public init(store: any StoreBackend, source: BudgetSource = BudgetSource()) {
        self.store = store
        self.source = source
    }

    public var kind: WidgetKind { .year }
    public var supportedFamilies: [WidgetFamily] { Self.families }
    /// Seed 002's large grid, and a medium one.
    public static let families: [WidgetFamily] = [.systemMedium, .systemLarge]

    public func placeholder(in context: WidgetContext) -> YearEntry {
        let current = YearMonth(Date(), in: context.timeZone)
        let months = (1...12).map { YearEntry.Month(month: YearMonth(year: current.year, month: $0)!, budget: nil, total: .none) }
        return YearEntry(date: Date(), current: current, selected: current, months: months, isPlaceholder: true)
    }

    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<YearEntry> {
        let current = source.origin == .hledger ? source.period(containing: LocalDate(date, in: context.timeZone)).month : YearMonth(date, in: context.timeZone)
        let selected = context.detail ? current.adding(months: context.cursor) : current
        var again = TimeBoundaries.nextMonth(after: date, in: context.timeZone)
        let summary: (budgets: [YearMonth: MonthlyBudget], totals: [YearMonth: MonthTotal])
        var accounts: [YearEntry.Account] = []
        if source.origin == .hledger {
            let shown = HledgerSummary.shown(source, year: selected.year, store: store)
            if let problem = shown.problem, shown.summary == nil { throw problem }
            summary = shown.summary?.year ?? ([:], [:])
            if context.detail { accounts = shown.summary?.accounts(selected) ?? [] }
            if let lookAgain = shown.lookAgain { again = min(again, lookAgain) }
        } else {
            do {
                summary = try BudgetRepository(store).yearSummary(selected.year)
            } catch let damaged as SummaryDamaged {
                // The error state, reloaded with the store (a repair marks the expenses changed).
                let months = (1...12).map { YearEntry.Month(month: YearMonth(year: selected.year, month: $0)!, budget: nil, total: .none) }
                let entry = YearEntry(date: date, current: current, selected: selected, months: months,
                                      problem: BudgetFeature.damaged(damaged, in: context.language))
                return Timeline(entries: [entry], policy: .after(again))
            }
        }
        let months = (1...12).map { number -> YearEntry.Month in
            let month = YearMonth(year: selected.year, month: number)!
            return YearEntry.Month(month: month, budget: summary.budgets[month], total: summary.totals[month] ?? .none)
        }
        let expenses = context.detail && source.origin == .store ? try BudgetRepository(store).expenses(in: selected) : []
        var entry = YearEntry(date: date, current: current, selected: selected, months: months, expenses: expenses)
        entry.accounts = accounts
        entry.countsExpenses = source.origin != .hledger
        return Timeline(entries: [entry], policy: .after(again))
    }

    public func render(_ entry: YearEntry, in context: WidgetContext) -> CellGrid {
        YearView(entry: entry, context: context).draw()
    }
}
