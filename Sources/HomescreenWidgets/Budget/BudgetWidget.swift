import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The budget widget (seeds 001 and 002): this month's spending, limit and what is available
/// to spend. A snapshot published by another program wins while it exists (`homescreen
/// publish budget --clear` removes it); otherwise the store's budgets and expenses are shown.
public struct BudgetWidget: Widget {
    public let store: any StoreBackend
    /// The store's tables, or an hledger journal (`[budget] source`).
    public let source: BudgetSource

    public init(store: any StoreBackend, source: BudgetSource = BudgetSource()) {
        self.store = store
        self.source = source
    }

    public var kind: WidgetKind { .budget }
    public var supportedFamilies: [WidgetFamily] { WidgetFamily.allCases }

    public func placeholder(in context: WidgetContext) -> BudgetEntry {
        let today = LocalDate(Date(), in: context.timeZone)
        let month = YearMonth(today)
        return BudgetEntry(date: Date(), source: .local, month: month, monthLabel: BudgetStrings.of(context.language).monthName(month),
                           denomination: .currency(.euro), spent: .zero, limit: Money(cents: 100_000), expenseCount: 0,
                           daysLeft: month.dayCount - today.day + 1, isPlaceholder: true)
    }

    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<BudgetEntry> {
        let reload = TimeBoundaries.nextHour(after: date, in: context.timeZone)
        if let snapshot = try PublishedSnapshots(store).snapshot(kind: .budget) {
            let entry = Self.entry(published: snapshot, at: date, context: context)
            return Timeline(entries: Self.freshnessTimeline(entry, until: reload), policy: .after(reload))
        }
        let today = LocalDate(date, in: context.timeZone)
        let month = YearMonth(today)
        if source.origin == .hledger {
            // A journal edit and a run's end are reported by the loop's feed (inotify, the
            // child's descriptors); only another process's run that may lapse is looked at again.
            let shown = Self.entry(hledger: source, store: store, today: today, at: date, context: context)
            return Timeline(entries: [shown.entry], policy: .after(min(reload, shown.lookAgain ?? reload)))
        }
        let summary: (budget: MonthlyBudget?, total: MonthTotal, recent: [Expense])
        do {
            summary = try BudgetRepository(store).monthSummary(month, recent: context.detail ? Int.max : BudgetEntry.recentLimit)
        } catch let damaged as SummaryDamaged {
            // The error state, never a figure from the damaged table; reloaded with the store
            // (the pane's tables include the totals' source, so a repair redraws it).
            let entry = BudgetEntry(date: date, source: .local, month: month, monthLabel: BudgetStrings.of(context.language).monthName(month),
                                    denomination: .currency(Currency.preferred(by: context.locale)), spent: .zero, limit: nil, expenseCount: 0,
                                    daysLeft: month.dayCount - today.day + 1, hasError: true, problem: BudgetFeature.damaged(damaged, in: context.language))
            return Timeline(entries: [entry], policy: .after(reload))
        }
        let currency = try summary.budget?.currency ?? BudgetRepository(store).currency(near: month) ?? Currency.preferred(by: context.locale)
        let entry = BudgetEntry(date: date, source: .local, month: month, monthLabel: BudgetStrings.of(context.language).monthName(month),
                                denomination: .currency(currency), spent: summary.total.spent, limit: summary.budget?.limit,
                                expenseCount: summary.total.expenseCount, recent: summary.recent, daysLeft: month.dayCount - today.day + 1)
        // Hourly, as seed 002 asks; the month boundary is a local hour boundary too.
        return Timeline(entries: [entry], policy: .after(reload))
    }

    /// This month from the journal, as hledger computes it; a refusal is the error state with
    /// its sentence over the last good figures, a journal without goals the not-configured
    /// state saying how to write one. On the dashboard a run under way says "updating…".
    static func entry(hledger source: BudgetSource, store: any StoreBackend, today: LocalDate, at date: Date, context: WidgetContext)
        -> (entry: BudgetEntry, lookAgain: Date?) {
        let (current, daysLeftNow) = source.period(containing: today)
        // The full screen moves by months (←/→): an earlier period has no days left, a later one all.
        let month = context.detail ? current.adding(months: context.cursor) : current
        let daysLeft = month == current ? daysLeftNow : month < current ? 0 : source.days(of: month)
        let shown = HledgerSummary.shown(source, year: month.year, store: store)
        let summary = shown.summary
        // No goals at all, or none in the commodity shown: the not-configured state says how to fix it.
        let problem = shown.problem?.description ?? summary.flatMap { $0.hasGoals && !$0.budgets.isEmpty ? nil : $0.noLimit(month) }
        // Full screen: the month's transactions Homescreen wrote (in the commodity shown), newest first.
        var written: [HledgerJournal.Written] = [], recent: [Expense] = []
        if context.detail, let summary {
            let found = ((try? HledgerJournal.written(in: source.journalPath())) ?? []).filter { source.period(containing: $0.day).month == month }
            // Each in the commodity it is written in: its account's goal may be in another one
            // than the commodity shown (travel in EUR beside a budget in CHF).
            let commodities = [summary.commodity] + summary.report.commodities.filter { $0 != summary.commodity }
            for item in found.sorted(by: { ($0.day, $0.offset) > ($1.day, $1.offset) }) {
                let money = commodities.lazy.compactMap { commodity -> (Money, Currency)? in
                    guard case .currency(let currency) = HledgerSummary.denomination(commodity),
                          let amount = HledgerJournal.money(item, commodity: commodity, currency: currency) else { return nil }
                    return (amount, currency)
                }.first
                guard let (amount, currency) = money else { continue }
                written.append(item)
                recent.append(Expense(id: Int64(item.offset), amount: amount, currency: currency, day: item.day, note: item.note, category: item.account))
            }
        }
        var entry = BudgetEntry(date: date, source: .hledger, month: month, monthLabel: BudgetStrings.of(context.language).monthName(month),
                                denomination: summary?.denomination ?? .symbol(source.commodity ?? ""), spent: summary?.totals[month]?.spent ?? .zero,
                                limit: summary?.budgets[month]?.limit, expenseCount: 0, recent: recent, daysLeft: daysLeft,
                                hasError: shown.problem != nil, problem: problem, updating: shown.updating, journal: source, accounts: shown.accounts)
        entry.written = written
        entry.others = summary?.others(month) ?? []
        if context.detail, let summary { (entry.tableCommodities, entry.accountTable) = summary.table(month) }
        return (entry, shown.lookAgain)
    }

    /// The entry for a published snapshot. JSON another program wrote straight into the
    /// table, and that no longer validates, shows the error state.
    static func entry(published snapshot: PublishedSnapshot, at date: Date, context: WidgetContext) -> BudgetEntry {
        let today = LocalDate(date, in: context.timeZone)
        let month = YearMonth(today)
        let daysLeft = month.dayCount - today.day + 1
        guard let data = try? PublishedBudget.parse(Data(snapshot.json.utf8), timeZone: context.timeZone) else {
            return BudgetEntry(date: date, source: .published, month: month, monthLabel: "", denomination: .currency(.euro), spent: .zero,
                               limit: nil, expenseCount: 0, daysLeft: daysLeft, lastUpdated: snapshot.publishedAt, hasError: true)
        }
        return BudgetEntry(date: date, source: .published, month: YearMonth(data.lastUpdated, in: context.timeZone), monthLabel: data.month,
                           denomination: data.denomination, spent: data.spent, limit: data.hasNoData ? nil : data.limit,
                           expenseCount: data.expenseCount, daysLeft: daysLeft, lastUpdated: data.lastUpdated,
                           hasError: data.hasError, groupName: data.groupName)
    }

    /// One entry now and one at every instant the freshness line changes before `reload`:
    /// each minute while it reads "5 min ago", each hour after, and when the data turns stale.
    static func freshnessTimeline(_ entry: BudgetEntry, until reload: Date) -> [BudgetEntry] {
        guard let updated = entry.lastUpdated else { return [entry] }
        let changes = (1...59).map { TimeInterval($0 * 60) } + (1...23).map { TimeInterval($0 * 3600) } + [BudgetEntry.staleAfter]
        let instants = changes.map { updated.addingTimeInterval($0) }.filter { $0 > entry.date && $0 < reload }
        return [entry] + instants.map(entry.at)
    }

    public func render(_ entry: BudgetEntry, in context: WidgetContext) -> CellGrid {
        Self.draw(entry, in: context)
    }

    public static func draw(_ entry: BudgetEntry, in context: WidgetContext) -> CellGrid {
        BudgetView(entry: entry, context: context).drawForFamily()
    }
}
