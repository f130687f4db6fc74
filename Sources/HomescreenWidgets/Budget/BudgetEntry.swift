import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// Everything the budget views need at one instant: this month's spending from the local
/// store, or the snapshot another program published.
public struct BudgetEntry: TimelineEntry, Encodable {
    /// Seed 001's states, in the seed's order of precedence, plus over budget.
    public enum State: String, Sendable, Encodable {
        case ok, overBudget, notConfigured, error, stale
    }

    public enum Source: String, Sendable, Encodable {
        /// Budgets and expenses in the store (`budget set`, `expense add`, the form).
        case local
        /// A snapshot from `homescreen publish budget`.
        case published
        /// An hledger journal, through `hledger balance --budget` (`[budget] source = "hledger"`).
        case hledger
    }

    public internal(set) var date: Date
    public let source: Source
    /// The month shown; for a published snapshot, the month its data was taken in.
    public let month: YearMonth
    /// The month as the header writes it: "Novembre 2026", or the publisher's own text.
    public let monthLabel: String
    public let denomination: Denomination
    public let spent: Money
    /// nil when the month has no budget.
    public let limit: Money?
    public let expenseCount: Int
    /// The month's latest expenses, newest first (local data only).
    public let recent: [Expense]
    /// Days left in the month, today included.
    public let daysLeft: Int
    /// When published data was last updated (nil for local data: the store is live).
    public let lastUpdated: Date?
    public let hasError: Bool
    public let groupName: String?
    public let isPlaceholder: Bool
    /// What went wrong or is missing, as a sentence with the fix (the hledger source's refusals).
    public let problem: String?
    /// hledger is reading the journal again: the figures are the last run's.
    public let updating: Bool
    /// The journal the figures are from (the hledger source): where `a` adds an expense.
    public let journal: BudgetSource?
    /// The journal's spending accounts, as `hledger accounts` lists them.
    public let accounts: [String]
    /// The hledger source's full screen: the transactions Homescreen wrote, one per row of
    /// `recent` (the only ones `e` and `x` change).
    public var written: [HledgerJournal.Written] = []
    /// The hledger source's other commodities this month, each on its own (never added in).
    public var others: [OtherCommodity] = []

    /// The hledger source's full screen: the month per account as hledger's rows give it (the
    /// budgeted accounts and their parents), then hledger's total, each commodity in its own
    /// columns (`tableCommodities`, the one shown first), never added together.
    public var accountTable: [AccountFigures] = []
    public var tableCommodities: [Denomination] = []

    /// One row of the account table: an account's spent and goal in each commodity (nil where
    /// the account has neither in it).
    public struct AccountFigures: Sendable, Equatable {
        public let name: String
        public let figures: [Figure?]
        /// hledger's total of the month (`prTotals`), not an account.
        public var isTotal = false

        public struct Figure: Sendable, Equatable {
            public let spent: Money
            public let goal: Money?
            /// The goal less what was spent (negative when over); nil without a goal.
            public var available: Money? { goal.map { $0 - spent } }
        }
    }

    /// One more commodity's spending and goal, as hledger computed them.
    public struct OtherCommodity: Sendable, Equatable {
        public let denomination: Denomination
        public let spent: Money
        public let limit: Money?
    }

    /// Published data older than this is stale (seed 001: 24 hours).
    public static let staleAfter: TimeInterval = 24 * 3600
    /// How many expenses an entry carries for the large pane (the detail view carries all).
    public static let recentLimit = 40

    public init(date: Date, source: Source, month: YearMonth, monthLabel: String, denomination: Denomination, spent: Money,
                limit: Money?, expenseCount: Int, recent: [Expense] = [], daysLeft: Int, lastUpdated: Date? = nil,
                hasError: Bool = false, groupName: String? = nil, isPlaceholder: Bool = false, problem: String? = nil, updating: Bool = false, journal: BudgetSource? = nil, accounts: [String] = []) {
        self.date = date
        self.source = source
        self.month = month
        self.monthLabel = monthLabel
        self.denomination = denomination
        self.spent = spent
        self.limit = limit
        self.expenseCount = expenseCount
        self.recent = recent
        self.daysLeft = daysLeft
        self.lastUpdated = lastUpdated
        self.hasError = hasError
        self.groupName = groupName
        self.isPlaceholder = isPlaceholder
        self.problem = problem
        self.updating = updating
        self.journal = journal
        self.accounts = accounts
    }

    /// The same data seen at another instant (a timeline's later entries).
    func at(_ instant: Date) -> BudgetEntry {
        var later = self
        later.date = instant
        return later
    }

    public var state: State {
        if hasError || !spent.fitsAsTotal { return .error }
        guard let limit, limit > .zero else { return .notConfigured }
        if let age, age >= Self.staleAfter { return .stale }
        return spent > limit ? .overBudget : .ok
    }

    /// Seconds since published data was updated; nil for local data.
    public var age: TimeInterval? { lastUpdated.map { max(0, date.timeIntervalSince($0)) } }

    /// Available to spend: the limit less what was spent (negative when over budget).
    public var available: Money? { limit.map { $0 - spent } }

    /// Spent as a share of the limit, in whole percent rounded half up.
    public var percent: Int64? { limit.flatMap { $0 > .zero ? spent.percent(of: $0) : nil } }

    /// What can still be spent per day, today included, rounded down to the cent (never
    /// promises more than is left); nil when nothing is left or the month is over.
    public var perDay: Money? {
        guard let available, available > .zero, daysLeft > 0 else { return nil }
        return Money(cents: available.cents / Int64(daysLeft))
    }

    /// How the freshness line reads at this entry's date.
    public enum Freshness: Equatable, Sendable {
        case now, minutes(Int), hours(Int), stale
    }

    public var freshness: Freshness? {
        guard let age else { return nil }
        let minutes = Int(age / 60)
        if minutes < 1 { return .now }
        if minutes < 60 { return .minutes(minutes) }
        return age < Self.staleAfter ? .hours(minutes / 60) : .stale
    }

    // MARK: - JSON (documented in the README)

    enum CodingKeys: String, CodingKey {
        case date, source, state, month, monthLabel, currency, spent, limit, available, percentage, expenseCount,
             daysLeft, perDay, lastUpdated, hasError, groupName, recent, problem
    }

    struct JSONExpense: Encodable {
        let id: Int64, amount: String, date: String, note: String
        @NullWhenAbsent var category: String?
    }

    public func encode(to encoder: any Encoder) throws {
        let digits = denomination.currencyForPlain
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(source, forKey: .source)
        try container.encode(state, forKey: .state)
        try container.encode(month.iso, forKey: .month)
        try container.encode(monthLabel, forKey: .monthLabel)
        try container.encode(denomination.label, forKey: .currency)
        // The store's own figures in the error state are unknown (a month total another program
        // made impossible): null, never a zero that is not.
        let unknown = source == .local && hasError
        try container.encode(unknown ? nil : spent.plain(digits), forKey: .spent)
        try container.encode(limit?.plain(digits), forKey: .limit)
        try container.encode(available?.plain(digits), forKey: .available)
        try container.encode(limit.flatMap { $0 > .zero ? spent.basisPoints(of: $0) : nil }.map { Decimal($0) / 100 }, forKey: .percentage)
        try container.encode(unknown ? nil : expenseCount, forKey: .expenseCount)
        try container.encode(daysLeft, forKey: .daysLeft)
        try container.encode(perDay?.plain(digits), forKey: .perDay)
        try container.encode(lastUpdated, forKey: .lastUpdated)
        try container.encode(hasError, forKey: .hasError)
        try container.encode(groupName, forKey: .groupName)
        try container.encode(problem, forKey: .problem)
        try container.encode(recent.map {
            JSONExpense(id: $0.id, amount: $0.amount.plain(digits), date: $0.day.iso, note: $0.note, category: $0.category)
        }, forKey: .recent)
    }
}

extension Denomination {
    /// The currency whose decimals machine-readable amounts use.
    var currencyForPlain: Currency {
        if case .currency(let currency) = self { return currency }
        return .euro
    }
}
