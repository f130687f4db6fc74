import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The year overview (seed 002's YearOverviewWidget): every month's budget and spending.
public struct YearEntry: TimelineEntry, Encodable {
    public struct Month: Hashable, Sendable {
        public let month: YearMonth
        public let budget: MonthlyBudget?
        public let total: MonthTotal

        /// What is left to spend; nil for a month without a budget ("—").
        public var available: Money? { budget.map { $0.limit - total.spent } }
    }

    public let date: Date
    /// Today's month, highlighted.
    public let current: YearMonth
    /// The month the detail view is on (←/→ move it); the current month in a pane.
    public let selected: YearMonth
    /// January to December of the selected month's year.
    public let months: [Month]
    /// The selected month's expenses, by day (the detail view only).
    public let expenses: [Expense]
    /// The hledger source's detail view: the selected month per account, as hledger computed it.
    public var accounts: [Account] = []
    /// Whether the months count their expenses (a journal's budget report counts none).
    public var countsExpenses = true

    /// One account's month: what was spent and its goal (nil: none).
    public struct Account: Sendable, Equatable {
        public let name: String
        public let spent: Money
        public let limit: Money?
        /// Another commodity than the year's (a journal's account budgeted in EUR beside CHF):
        /// its amounts are written in it, never added to the others; nil: the year's.
        public var denomination: Denomination? = nil
    }
    public let isPlaceholder: Bool
    /// Why the months cannot be shown (another program made a month total impossible): the
    /// error state's line, naming the table and the repair; nil otherwise.
    public let problem: String?

    public init(date: Date, current: YearMonth, selected: YearMonth, months: [Month], expenses: [Expense] = [], isPlaceholder: Bool = false,
                problem: String? = nil) {
        precondition(months.count == 12)
        self.date = date
        self.current = current
        self.selected = selected
        self.months = months
        self.expenses = expenses
        self.isPlaceholder = isPlaceholder
        self.problem = problem
    }

    public var year: Int { selected.year }
    public var selectedMonth: Month { months[selected.month - 1] }

    /// The currency the header names: the selected month's, else the first budgeted month's.
    public var currency: Currency? { (selectedMonth.budget ?? months.lazy.compactMap(\.budget).first)?.currency }

    // MARK: - JSON (documented in the README)

    enum CodingKeys: String, CodingKey { case date, year, currentMonth, selectedMonth, months, problem }

    struct JSONMonth: Encodable {
        let month: String
        @NullWhenAbsent var currency: String?
        @NullWhenAbsent var limit: String?
        let spent: String
        @NullWhenAbsent var available: String?
        let expenseCount: Int, isCurrentMonth: Bool
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(year, forKey: .year)
        try container.encode(current.iso, forKey: .currentMonth)
        try container.encode(selected.iso, forKey: .selectedMonth)
        try container.encode(problem, forKey: .problem)
        // In the error state no month's figures are known: none is written (never a zero that is not).
        try container.encode((problem == nil ? months : []).map { month in
            let currency = month.budget?.currency ?? self.currency ?? .euro
            return JSONMonth(month: month.month.iso, currency: month.budget?.currency.code, limit: month.budget?.limit.plain(currency),
                             spent: month.total.spent.plain(currency), available: month.available?.plain(currency),
                             expenseCount: month.total.expenseCount, isCurrentMonth: month.month == current)
        }, forKey: .months)
    }
}
