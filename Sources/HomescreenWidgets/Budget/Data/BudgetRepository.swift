import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// Why a budget action could not be done (bad input: exit 2).
public enum BudgetError: StoreRefusal, Equatable {

    case unknownExpense(id: Int64)
    case invalidSnapshot(String)
    /// A budget in another currency than the month's expenses.
    case currencyConflict(month: YearMonth, expenses: Int, currency: Currency)
    /// An expense in another currency than its month's budget or expenses.
    case currencyMismatch(month: YearMonth, kept: Currency, given: Currency)

    public var sentence: String {
        switch self {
        case .unknownExpense: return "there is no expense with id %1; `homescreen expense list` shows the ids."
        case .currencyConflict(_, let count, _):
            return count == 1 ? "%1 has 1 expense in %3; its budget must be in %3 too, as Homescreen never adds across currencies (remove that expense first to change the currency)."
                : "%1 has %2 expenses in %3; its budget must be in %3 too, as Homescreen never adds across currencies (remove those expenses first to change the currency)."
        case .currencyMismatch:
            return "%1 keeps its amounts in %2; an amount in %3 cannot join them, as Homescreen never adds across currencies."
        case .invalidSnapshot: return "%1"   // says what is wrong with the JSON a program published; English only
        }
    }

    public var values: [String] {
        switch self {
        case .unknownExpense(let id): return [String(id)]
        case .invalidSnapshot(let reason): return [reason]
        case .currencyConflict(let month, let count, let currency): return [month.iso, String(count), currency.code]
        case .currencyMismatch(let month, let kept, let given): return [month.iso, kept.code, given.code]
        }
    }

    /// Its sentences in French, Italian and Vietnamese: the kind's own words.
    public var words: Translations { BudgetFeature.words }
}

/// A month's spending limit.
public struct MonthlyBudget: Hashable, Sendable {
    public let month: YearMonth
    public let limit: Money
    public let currency: Currency

    public init(month: YearMonth, limit: Money, currency: Currency) {
        self.month = month
        self.limit = limit
        self.currency = currency
    }
}

/// One expense, in the currency it was entered in (its month's: a month keeps one currency).
public struct Expense: Hashable, Sendable, Identifiable {
    public let id: Int64
    public let amount: Money
    public let currency: Currency
    public let day: LocalDate
    public let note: String
    public let category: String?

    public init(id: Int64, amount: Money, currency: Currency = .euro, day: LocalDate, note: String = "", category: String? = nil) {
        self.id = id
        self.amount = amount
        self.currency = currency
        self.day = day
        self.note = note
        self.category = category
    }

    /// Reads a row defensively (another program may have written it).
    init(row: StoreRow) {
        id = row.int("id") ?? 0
        amount = Money(cents: max(0, row.int("amountCents") ?? 0))
        currency = row.text("currency").flatMap(Currency.init(code:)) ?? .euro
        day = row.day("day") ?? LocalDate(year: 1, month: 1, day: 1)!
        note = row.text("note") ?? ""
        category = row.text("category")
    }
}

/// What was spent in a month, and in how many expenses.
public struct MonthTotal: Hashable, Sendable {
    public let spent: Money
    public let expenseCount: Int

    public init(spent: Money, expenseCount: Int) {
        self.spent = spent
        self.expenseCount = expenseCount
    }

    public static let none = MonthTotal(spent: .zero, expenseCount: 0)
}

/// The budget's own access to whichever store is open: monthly limits, expenses, and the
/// month totals the schema's triggers keep (so a pane never sums 100,000 rows). A month keeps
/// one currency: the repository refuses a mix in a sentence, the triggers refuse it for plain SQL.
public struct BudgetRepository: Sendable {
    public let store: any StoreBackend

    public init(_ store: any StoreBackend) { self.store = store }

    // MARK: - Reads

    /// Every month's budget, by month.
    public func budgets() throws -> [MonthlyBudget] {
        try store.reading { try $0.rows("SELECT * FROM budget ORDER BY month").compactMap(Self.budget(row:)) }
    }

    /// The currency of the latest budget on or before `month` (else the earliest after it): the
    /// currency an expense of a month without a budget is taken to be in.
    public func currency(near month: YearMonth) throws -> Currency? {
        try store.reading { sql in
            let code = try sql.row("SELECT currency FROM budget WHERE month <= ? ORDER BY month DESC LIMIT 1", [.text(month.iso)])?.text("currency")
                ?? sql.row("SELECT currency FROM budget ORDER BY month LIMIT 1")?.text("currency")
            return code.flatMap(Currency.init(code:))
        }
    }

    /// Spent and counts per month of a year, from the totals the triggers keep.
    public func monthTotals(year: Int) throws -> [YearMonth: MonthTotal] {
        try store.reading { try Self.monthTotals($0, year: year) }
    }

    /// What the budget pane needs about one month, in one read: its budget, its total, and its
    /// latest expenses (newest day first).
    public func monthSummary(_ month: YearMonth, recent limit: Int) throws -> (budget: MonthlyBudget?, total: MonthTotal, recent: [Expense]) {
        try store.reading { sql in
            let total = try Self.monthTotals(sql, from: month, to: month)[month] ?? .none
            let recent = try sql.rows("SELECT * FROM expense WHERE day >= ? AND day <= ? ORDER BY day DESC, id DESC LIMIT ?",
                                      [StoreValue(month.firstDay), StoreValue(month.lastDay), .integer(Int64(limit))]).map(Expense.init(row:))
            let budget = try sql.row("SELECT * FROM budget WHERE month = ?", [.text(month.iso)]).flatMap(Self.budget(row:))
            return (budget, total, recent)
        }
    }

    /// What the year grid needs, in one read: each month's budget and total.
    public func yearSummary(_ year: Int) throws -> (budgets: [YearMonth: MonthlyBudget], totals: [YearMonth: MonthTotal]) {
        try store.reading { sql in
            let budgets = try sql.rows("SELECT * FROM budget WHERE month LIKE ?", [.text(year.zeroPadded(4) + "-%")]).compactMap(Self.budget(row:))
            return (Dictionary(budgets.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first }), try Self.monthTotals(sql, year: year))
        }
    }

    /// The expenses of a month (every month when nil), by day then id.
    public func expenses(in month: YearMonth?) throws -> [Expense] {
        var result: [Expense] = []
        try forEachExpense(in: month) { result.append($0) }
        return result
    }

    /// Calls `body` with each expense of a month (every month when nil), by day then id, read
    /// 10,000 rows at a time (keyset pages): a million expenses never sit in memory at once.
    public func forEachExpense(in month: YearMonth?, _ body: (Expense) throws -> Void) throws {
        let first = StoreValue(month?.firstDay.iso ?? DataColumn.firstDay), last = StoreValue(month?.lastDay.iso ?? DataColumn.lastDay)
        var after: (day: StoreValue, id: StoreValue) = ("0001-01-01", 0)
        while true {
            let page = try store.reading { sql in
                try sql.rows("SELECT * FROM expense WHERE day >= ? AND day <= ? AND (day > ? OR (day = ? AND id > ?)) ORDER BY day, id LIMIT 10000",
                             [first, last, after.day, after.day, after.id])
            }
            for row in page { try body(Expense(row: row)) }
            guard page.count == 10_000, let tail = page.last, let day = tail.day("day"), let id = tail.int("id") else { return }
            after = (StoreValue(day), .integer(id))
        }
    }

    /// How many monthly budgets and expenses the store holds, without reading the rows.
    public func budgetCounts() throws -> (budgets: Int, expenses: Int) {
        try store.reading { sql in
            let row = try sql.row("SELECT (SELECT COUNT(*) FROM budget) AS budgets, (SELECT COUNT(*) FROM expense) AS expenses")
            return (Int(row?.int("budgets") ?? 0), Int(row?.int("expenses") ?? 0))
        }
    }

    /// The currency a month keeps its amounts in: its budget's, else its expenses'; nil for a
    /// month with neither.
    public func currency(of month: YearMonth) throws -> Currency? {
        try store.reading { try Self.currency($0, of: month) }
    }

    /// nil for a row another program wrote with a currency or month we cannot use.
    static func budget(row: StoreRow) -> MonthlyBudget? {
        guard let month = row.text("month").flatMap(YearMonth.init(iso:)), let currency = row.text("currency").flatMap(Currency.init(code:)),
              let cents = row.int("limitCents"), cents > 0 else { return nil }
        return MonthlyBudget(month: month, limit: Money(cents: cents), currency: currency)
    }

    static func monthTotals(_ sql: any StoreSQL, year: Int) throws -> [YearMonth: MonthTotal] {
        try monthTotals(sql, from: YearMonth(year: year, month: 1)!, to: YearMonth(year: year, month: 12)!)
    }

    /// - Throws: `SummaryDamaged` when a month's total is one its expenses cannot give (another
    ///   program wrote it): not a month, not whole numbers, a count below zero or beyond ten
    ///   million, or a sum outside what that many expenses of 0.01 to a billion add up to.
    static func monthTotals(_ sql: any StoreSQL, from first: YearMonth, to last: YearMonth) throws -> [YearMonth: MonthTotal] {
        var result: [YearMonth: MonthTotal] = [:]
        for row in try sql.rows("SELECT * FROM monthTotal WHERE month >= ? AND month <= ?", [.text(first.iso), .text(last.iso)]) {
            guard let month = row.text("month").flatMap(YearMonth.init(iso:)), let spent = row.int("spentCents"), let count = row.int("expenseCount"),
                  (0...10_000_000).contains(count), spent >= count, spent <= count * Money.maximum.cents else { throw SummaryDamaged(.monthTotal) }
            result[month] = MonthTotal(spent: Money(cents: spent), expenseCount: Int(count))
        }
        return result
    }

    /// The currency of a month's (`?`) expenses besides one (`?`): an index seek, however many.
    static let expenseCurrency = "SELECT currency FROM expense WHERE \(BudgetFeature.month(of: "day")) = ? AND currency IS NOT NULL AND id <> ? LIMIT 1"

    /// A month's (`?`) expenses in another currency than `?` (given twice): their currency and
    /// count; two index seeks when there are none.
    static let otherCurrencies = "SELECT MIN(currency) AS kept, COUNT(*) AS n FROM expense WHERE \(BudgetFeature.month(of: "day")) = ? AND \(BudgetFeature.otherCurrency(than: "?"))"

    /// - Parameter besides: an expense that does not count (the one being changed).
    static func currency(_ sql: any StoreSQL, of month: YearMonth, besides id: Int64 = 0) throws -> Currency? {
        let code = try sql.row("SELECT currency FROM budget WHERE month = ?", [.text(month.iso)])?.text("currency")
            ?? sql.row(expenseCurrency, [.text(month.iso), .integer(id)])?.text("currency")
        return code.flatMap(Currency.init(code:))
    }

    // MARK: - Writes (each one transaction)

    /// Sets or changes a month's budget. - Throws: `BudgetError.currencyConflict` when the
    /// month's expenses are in another currency (nothing is written).
    public func setBudget(_ budget: MonthlyBudget, at date: Date = Date()) throws {
        try store.writing { sql in
            // A month keeps one currency, so the expenses in another are all in the same one.
            if let other = try sql.row(Self.otherCurrencies, [.text(budget.month.iso), .text(budget.currency.code), .text(budget.currency.code)]),
               let kept = other.text("kept").flatMap(Currency.init(code:)) {
                throw BudgetError.currencyConflict(month: budget.month, expenses: Int(other.int("n") ?? 0), currency: kept)
            }
            try sql.execute("""
                INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT (month) DO UPDATE SET limitCents = excluded.limitCents, currency = excluded.currency, updatedAt = excluded.updatedAt
                """, [.text(budget.month.iso), .integer(budget.limit.cents), .text(budget.currency.code), StoreValue(date)])
        }
    }

    /// Adds many expenses in one transaction (demo data, imports), all in `currency`.
    /// - Throws: `BudgetError.currencyMismatch` when a month keeps its amounts in another
    ///   currency (nothing is written).
    @discardableResult
    public func addExpenses(_ expenses: [(amount: Money, day: LocalDate, note: String, category: String?)], currency: Currency,
                            at date: Date = Date()) throws -> [Expense] {
        try store.writing { sql in
            try expenses.map { expense in
                let month = YearMonth(expense.day)
                if let kept = try Self.currency(sql, of: month), kept != currency { throw BudgetError.currencyMismatch(month: month, kept: kept, given: currency) }
                let id = try sql.row("INSERT INTO expense (amountCents, currency, day, note, category, createdAt) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                                     [.integer(expense.amount.cents), .text(currency.code), StoreValue(expense.day), .text(expense.note),
                                      StoreValue(expense.category), StoreValue(date)])?.int("id") ?? 0
                return Expense(id: id, amount: expense.amount, currency: currency, day: expense.day, note: expense.note, category: expense.category)
            }
        }
    }

    /// Adds an expense in `currency` (one of `addExpenses`).
    @discardableResult
    public func addExpense(amount: Money, currency: Currency, day: LocalDate, note: String = "", category: String? = nil, at date: Date = Date()) throws -> Expense {
        try addExpenses([(amount, day, note, category)], currency: currency, at: date)[0]
    }

    /// Changes an expense's amount (in its own currency), day and note. - Throws:
    /// `BudgetError.currencyMismatch` when the new day's month keeps another currency.
    @discardableResult
    public func updateExpense(id: Int64, amount: Money, day: LocalDate, note: String) throws -> Expense {
        try store.writing { sql in
            guard let row = try sql.row("SELECT * FROM expense WHERE id = ?\(sql.dialect.forUpdate)", [.integer(id)]) else { throw BudgetError.unknownExpense(id: id) }
            let old = Expense(row: row), month = YearMonth(day)
            if let kept = try Self.currency(sql, of: month, besides: id), kept != old.currency {
                throw BudgetError.currencyMismatch(month: month, kept: kept, given: old.currency)
            }
            try sql.execute("UPDATE expense SET amountCents = ?, day = ?, note = ? WHERE id = ?", [.integer(amount.cents), StoreValue(day), .text(note), .integer(id)])
            return Expense(id: id, amount: amount, currency: old.currency, day: day, note: note, category: old.category)
        }
    }

    @discardableResult
    public func removeExpense(id: Int64) throws -> Expense {
        try store.writing { Expense(row: try $0.deleteRow(from: .expense, id: id, missing: BudgetError.unknownExpense(id: id))) }
    }
}
