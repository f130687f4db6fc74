import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// hledger's budget report in the budget's own terms, for one commodity: each month's goal
/// (the limit) and actual (spent), exactly as hledger computed them. Other commodities are
/// never added in.
struct HledgerSummary {
    let commodity: String
    let denomination: Denomination
    /// The currency the year grid formats with (the commodity's, else the euro's format).
    let currency: Currency
    let budgets: [YearMonth: MonthlyBudget]
    let totals: [YearMonth: MonthTotal]
    let hasGoals: Bool
    let report: HledgerBudgetReport

    /// The sentence of a journal without goals: how to write one.
    static let noGoals = "the journal has no budget goals; add a periodic transaction, such as \"~ monthly\" then \"    expenses:food  400 CHF\" and \"    assets:bank\"."

    /// Why `month` has no limit: the journal has no goals, its goals are in other commodities
    /// than the one shown (named, so that the setting can be fixed), or none is for this month.
    func noLimit(_ month: YearMonth) -> String {
        guard hasGoals else { return Self.noGoals }
        guard !budgets.isEmpty else {
            let goals = report.commodities.filter { commodity in report.months.values.contains { $0.goal(commodity) != nil } }
            let named = goals.isEmpty ? "other commodities" : goals.count == 1 ? goals[0] : goals.dropLast().joined(separator: ", ") + " and " + goals[goals.count - 1]
            return "the journal's goals are in \(named), not \(commodity); set [budget] commodity to " + (goals.count == 1 ? "\"\(goals[0])\"." : "one of them.")
        }
        return "the journal has no goal in \(commodity) for \(month.iso)"
    }

    init(_ report: HledgerBudgetReport, commodity chosen: String?) throws {
        let commodity = chosen ?? report.commodities.first ?? "EUR"
        self.commodity = commodity
        let currency = Currency(code: commodity) ?? Self.symbols[commodity].flatMap(Currency.init(code:))
        self.currency = currency ?? .euro
        denomination = currency.map(Denomination.currency) ?? .symbol(commodity)
        var budgets: [YearMonth: MonthlyBudget] = [:], totals: [YearMonth: MonthTotal] = [:]
        for (month, figures) in report.months {
            if let actual = figures.actual(commodity) {
                guard let spent = actual.money else { throw Self.tooPrecise(commodity) }
                totals[month] = MonthTotal(spent: spent, expenseCount: 0)
            }
            if let goal = figures.goal(commodity) {
                guard let limit = goal.money else { throw Self.tooPrecise(commodity) }
                budgets[month] = MonthlyBudget(month: month, limit: limit, currency: self.currency)
            }
        }
        self.budgets = budgets
        self.totals = totals
        hasGoals = report.hasGoals
        self.report = report
    }

    /// Each account's spent and goal in the commodity shown, for `month`, as hledger's rows give
    /// them (the budgeted accounts and their parents), by name.
    /// Each account's rows in the commodity shown, then in each other commodity it has (its own
    /// row, in that commodity: never added to the first).
    func accounts(_ month: YearMonth) -> [YearEntry.Account] {
        report.accounts.keys.sorted().flatMap { name -> [YearEntry.Account] in
            guard let figures = report.accounts[name]?[month] else { return [] }
            return ([commodity] + report.commodities.filter { $0 != commodity }).compactMap { shown in
                let spent = figures.actual(shown).map { $0.money } ?? .zero, goal = figures.goal(shown)
                guard let spent, spent != .zero || goal != nil, goal == nil || goal?.money != nil else { return nil }
                guard shown != commodity else { return YearEntry.Account(name: name, spent: spent, limit: goal?.money) }
                let currency = Currency(code: shown) ?? Self.symbols[shown].flatMap(Currency.init(code:))
                return YearEntry.Account(name: name, spent: spent, limit: goal?.money, denomination: currency.map(Denomination.currency) ?? .symbol(shown))
            }
        }
    }

    /// The month's other commodities, in hledger's order, each as hledger gives it (amounts
    /// with more than 2 decimals are left out: they could not be shown to their last digit).
    func others(_ month: YearMonth) -> [BudgetEntry.OtherCommodity] {
        guard let figures = report.months[month] else { return [] }
        return report.commodities.filter { $0 != commodity }.compactMap { other in
            let spent = figures.actual(other), goal = figures.goal(other)
            guard spent != nil || goal != nil, let spentMoney = spent.map({ $0.money }) ?? .zero else { return nil }
            let limit = goal?.money
            if goal != nil && limit == nil { return nil }
            let currency = Currency(code: other) ?? Self.symbols[other].flatMap(Currency.init(code:))
            return BudgetEntry.OtherCommodity(denomination: currency.map(Denomination.currency) ?? .symbol(other), spent: spentMoney, limit: limit)
        }
    }

    /// The full screen's table for `month`: every account hledger's rows give, then its total,
    /// each with its spent and goal in every commodity of the year (the one shown first); an
    /// amount with more than 2 decimals is left blank (it could not be shown to its last digit).
    func table(_ month: YearMonth) -> (commodities: [Denomination], rows: [BudgetEntry.AccountFigures]) {
        let commodities = [commodity] + report.commodities.filter { $0 != commodity }
        func figures(_ month: HledgerBudgetReport.Month?) -> [BudgetEntry.AccountFigures.Figure?] {
            commodities.map { name in
                let spent = month?.actual(name), goal = month?.goal(name)
                guard spent != nil || goal != nil, let spentMoney = spent.map({ $0.money }) ?? .zero else { return nil }
                if let goal, goal.money == nil { return nil }
                return BudgetEntry.AccountFigures.Figure(spent: spentMoney, goal: goal?.money)
            }
        }
        var rows = report.accounts.keys.sorted().compactMap { name -> BudgetEntry.AccountFigures? in
            let row = figures(report.accounts[name]?[month])
            return row.allSatisfy({ $0 == nil }) ? nil : BudgetEntry.AccountFigures(name: name, figures: row)
        }
        let total = figures(report.months[month])
        if !total.allSatisfy({ $0 == nil }) {
            var row = BudgetEntry.AccountFigures(name: "total", figures: total)
            row.isTotal = true
            rows.append(row)
        }
        return (commodities.map(Self.denomination), rows)
    }

    /// How a commodity is written: a currency's code when it is one (or its symbol names one),
    /// else the journal's own symbol.
    static func denomination(_ commodity: String) -> Denomination {
        (Currency(code: commodity) ?? symbols[commodity].flatMap(Currency.init(code:))).map(Denomination.currency) ?? .symbol(commodity)
    }

    private static func tooPrecise(_ commodity: String) -> HledgerError {
        HledgerError("\(commodity) amounts in the journal have more than 2 decimals, which the budget panes cannot show to the last digit; choose another commodity with [budget] commodity.")
    }

    /// Commodity symbols that name one currency.
    static let symbols = ["€": "EUR", "$": "USD", "£": "GBP", "¥": "JPY", "₫": "VND", "Fr.": "CHF", "₹": "INR", "₩": "KRW", "kr": "SEK"]

    /// The summary of `year` from the journal (a command's: hledger runs now, unless another
    /// process runs it, then `updating` says the figures are the last run's).
    static func of(_ source: BudgetSource, year: Int, store: (any StoreBackend)?) throws -> (summary: HledgerSummary, updating: Bool) {
        let state = Hledger.state(source, year: year, store: store, wait: true)
        if let error = state.error { throw error }
        guard let report = state.report else { throw HledgerError("hledger gave no budget report.") }
        return (try HledgerSummary(report, commodity: source.commodity), state.updating)
    }

    /// What the panes show: where a loop watches the journal never waiting for hledger (the last
    /// result while a run is under way), elsewhere hledger's answer now; the last good figures
    /// under a refusal.
    static func shown(_ source: BudgetSource, year: Int, store: (any StoreBackend)?)
        -> (summary: HledgerSummary?, problem: HledgerError?, updating: Bool, accounts: [String], lookAgain: Date?) {
        let state = Hledger.state(source, year: year, store: store)
        do {
            return (try state.report.map { try HledgerSummary($0, commodity: source.commodity) }, state.error, state.updating, state.accounts, state.lookAgain)
        } catch {
            return (nil, error as? HledgerError ?? HledgerError("\(error)"), state.updating, state.accounts, state.lookAgain)
        }
    }
}

extension HledgerSummary {
    /// The year grid's figures, as the store's `yearSummary` gives them.
    var year: (budgets: [YearMonth: MonthlyBudget], totals: [YearMonth: MonthTotal]) { (budgets, totals) }
}
