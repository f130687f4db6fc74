import Foundation
import GRDB
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
    init(row: Row) {
        id = row.lenient("id") ?? 0
        amount = Money(cents: max(0, row.lenient("amountCents") ?? 0))
        currency = (row.lenient("currency") as String?).flatMap(Currency.init(code:)) ?? .euro
        day = (row.lenient("day") as String?).flatMap(LocalDate.init(iso:)) ?? LocalDate(year: 1, month: 1, day: 1)!
        note = row.lenient("note") ?? ""
        category = row.lenient("category")
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

/// A widget snapshot another program published, as stored.
public struct PublishedSnapshot: Hashable, Sendable {
    /// The largest snapshot the store takes, in bytes of UTF-8 (a budget's is under 1 KB).
    public static let maximumBytes = 65_536

    public let json: String
    public let publishedAt: Date

    public init(json: String, publishedAt: Date) {
        self.json = json
        self.publishedAt = publishedAt
    }
}

extension Store {
    // MARK: - Budget reads

    /// Every month's budget, by month.
    public func budgets() throws -> [MonthlyBudget] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM budget ORDER BY month").compactMap(Self.budget(row:)) }
    }

    /// The currency of the latest budget on or before `month` (else the earliest after it): the
    /// currency an expense of a month without a budget is taken to be in.
    public func currency(near month: YearMonth) throws -> Currency? {
        try read { db in
            let code = try String.fetchOne(db, sql: "SELECT currency FROM budget WHERE month <= ? ORDER BY month DESC LIMIT 1", arguments: [month.iso])
                ?? String.fetchOne(db, sql: "SELECT currency FROM budget ORDER BY month LIMIT 1")
            return code.flatMap(Currency.init(code:))
        }
    }

    /// Spent and counts per month of a year, from the totals the triggers keep.
    public func monthTotals(year: Int) throws -> [YearMonth: MonthTotal] {
        try read { db in try Self.monthTotals(db, year: year) }
    }

    /// What the budget pane needs about one month, in one read transaction: its budget, its
    /// total, and its latest expenses (newest day first).
    public func monthSummary(_ month: YearMonth, recent limit: Int) throws -> (budget: MonthlyBudget?, total: MonthTotal, recent: [Expense]) {
        try read { db in
            let total = try Self.monthTotals(db, from: month, to: month)[month] ?? .none
            let recent = try Row.fetchAll(db, sql: """
                SELECT * FROM expense WHERE day >= ? AND day <= ? ORDER BY day DESC, id DESC LIMIT ?
                """, arguments: [month.firstDay.iso, month.lastDay.iso, limit]).map(Expense.init(row:))
            return (try Self.budget(db, month: month), total, recent)
        }
    }

    /// What the year grid needs, in one read transaction: each month's budget and total.
    public func yearSummary(_ year: Int) throws -> (budgets: [YearMonth: MonthlyBudget], totals: [YearMonth: MonthTotal]) {
        try read { db in
            let budgets = try Row.fetchAll(db, sql: "SELECT * FROM budget WHERE month LIKE ?", arguments: [String(format: "%04d-%%", year)])
                .compactMap(Self.budget(row:))
            return (Dictionary(budgets.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first }), try Self.monthTotals(db, year: year))
        }
    }

    /// The expenses of a month (every month when nil), by day then id.
    public func expenses(in month: YearMonth?) throws -> [Expense] {
        try read { db in
            guard let month else { return try Row.fetchAll(db, sql: "SELECT * FROM expense ORDER BY day, id").map(Expense.init(row:)) }
            return try Row.fetchAll(db, sql: "SELECT * FROM expense WHERE day >= ? AND day <= ? ORDER BY day, id",
                                    arguments: [month.firstDay.iso, month.lastDay.iso]).map(Expense.init(row:))
        }
    }

    /// Calls `body` with each expense of a month (every month when nil), by day then id, read
    /// through a cursor: a million expenses never sit in memory at once. `body` must not use
    /// the store (it runs inside the read).
    public func forEachExpense(in month: YearMonth?, _ body: (Expense) throws -> Void) throws {
        try read { db in
            let rows = try month.map { month in
                try Row.fetchCursor(db, sql: "SELECT * FROM expense WHERE day >= ? AND day <= ? ORDER BY day, id",
                                    arguments: [month.firstDay.iso, month.lastDay.iso])
            } ?? Row.fetchCursor(db, sql: "SELECT * FROM expense ORDER BY day, id")
            while let row = try rows.next() { try body(Expense(row: row)) }
        }
    }

    /// How many monthly budgets and expenses the store holds, without reading the rows.
    public func budgetCounts() throws -> (budgets: Int, expenses: Int) {
        try read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM budget") ?? 0, try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM expense") ?? 0)
        }
    }

    public func publishedSnapshot(kind: WidgetKind) throws -> PublishedSnapshot? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT json, publishedAt FROM publishedSnapshot WHERE kind = ?", arguments: [kind.rawValue])
                .map { PublishedSnapshot(json: $0.lenient("json") ?? "", publishedAt: $0.lenient("publishedAt") ?? Date(timeIntervalSince1970: 0)) }
        }
    }

    static func budget(_ db: Database, month: YearMonth) throws -> MonthlyBudget? {
        try Row.fetchOne(db, sql: "SELECT * FROM budget WHERE month = ?", arguments: [month.iso]).flatMap(budget(row:))
    }

    /// nil for a row another program wrote with a currency or month we cannot use.
    static func budget(row: Row) -> MonthlyBudget? {
        guard let month = (row.lenient("month") as String?).flatMap(YearMonth.init(iso:)),
              let currency = (row.lenient("currency") as String?).flatMap(Currency.init(code:)),
              let cents = row.lenient("limitCents") as Int64?, cents > 0 else { return nil }
        return MonthlyBudget(month: month, limit: Money(cents: cents), currency: currency)
    }

    static func monthTotals(_ db: Database, year: Int) throws -> [YearMonth: MonthTotal] {
        try monthTotals(db, from: YearMonth(year: year, month: 1)!, to: YearMonth(year: year, month: 12)!)
    }

    static func monthTotals(_ db: Database, from first: YearMonth, to last: YearMonth) throws -> [YearMonth: MonthTotal] {
        var result: [YearMonth: MonthTotal] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT * FROM monthTotal WHERE month >= ? AND month <= ?", arguments: [first.iso, last.iso]) {
            guard let month = (row.lenient("month") as String?).flatMap(YearMonth.init(iso:)),
                  let spent = row.lenient("spentCents") as Int64?, let count = row.lenient("expenseCount") as Int? else { continue }
            result[month] = MonthTotal(spent: Money(cents: spent), expenseCount: count)
        }
        return result
    }

    // MARK: - Budget writes (each one transaction)

    /// Sets (or replaces) a month's limit.
    /// The currency a month keeps its amounts in: its budget's, else its expenses'; nil for a
    /// month with neither.
    public func currency(of month: YearMonth) throws -> Currency? {
        try read { db in try Self.currency(db, of: month) }
    }

    /// - Parameter besides: an expense that does not count (the one being changed).
    static func currency(_ db: Database, of month: YearMonth, besides id: Int64 = 0) throws -> Currency? {
        let code = try String.fetchOne(db, sql: "SELECT currency FROM budget WHERE month = ?", arguments: [month.iso])
            ?? String.fetchOne(db, sql: "SELECT currency FROM expense WHERE day >= ? AND day <= ? AND currency IS NOT NULL AND id <> ? LIMIT 1",
                               arguments: [month.firstDay.iso, month.lastDay.iso, id])
        return code.flatMap(Currency.init(code:))
    }

    /// Sets or changes a month's budget. - Throws: `BudgetError.currencyConflict` when the
    /// month's expenses are in another currency (nothing is written).
    public func setBudget(_ budget: MonthlyBudget, at date: Date = Date()) throws {
        try write { db in
            // A month keeps one currency, so the expenses in another are all in the same one.
            if let other = try Row.fetchOne(db, sql: "SELECT MIN(currency) AS kept, COUNT(*) AS count FROM expense WHERE day >= ? AND day <= ? AND currency <> ?",
                                            arguments: [budget.month.firstDay.iso, budget.month.lastDay.iso, budget.currency.code]),
               let kept = (other["kept"] as String?).flatMap(Currency.init(code:)) {
                throw BudgetError.currencyConflict(month: budget.month, expenses: other["count"], currency: kept)
            }
            try db.execute(sql: """
                INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES (?, ?, ?, ?)
                ON CONFLICT(month) DO UPDATE SET limitCents = excluded.limitCents, currency = excluded.currency, updatedAt = excluded.updatedAt
                """, arguments: [budget.month.iso, budget.limit.cents, budget.currency.code, date])
        }
    }

    /// Adds many expenses in one transaction (demo data, imports), all in `currency`.
    @discardableResult
    public func addExpenses(_ expenses: [(amount: Money, day: LocalDate, note: String, category: String?)], currency: Currency,
                            at date: Date = Date()) throws -> [Expense] {
        try write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO expense (amountCents, currency, day, note, category, createdAt) VALUES (?, ?, ?, ?, ?, ?)")
            return try expenses.map { expense in
                let month = YearMonth(expense.day)
                if let kept = try Self.currency(db, of: month), kept != currency { throw BudgetError.currencyMismatch(month: month, kept: kept, given: currency) }
                try statement.execute(arguments: [expense.amount.cents, currency.code, expense.day.iso, expense.note, expense.category, date])
                return Expense(id: db.lastInsertedRowID, amount: expense.amount, currency: currency, day: expense.day, note: expense.note, category: expense.category)
            }
        }
    }

    /// Changes an expense's amount (in its own currency), day and note. - Throws:
    /// `BudgetError.currencyMismatch` when the new day's month keeps another currency.
    @discardableResult
    public func updateExpense(id: Int64, amount: Money, day: LocalDate, note: String) throws -> Expense {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM expense WHERE id = ?", arguments: [id]) else { throw BudgetError.unknownExpense(id: id) }
            let old = Expense(row: row), month = YearMonth(day)
            if let kept = try Self.currency(db, of: month, besides: id), kept != old.currency {
                throw BudgetError.currencyMismatch(month: month, kept: kept, given: old.currency)
            }
            try db.execute(sql: "UPDATE expense SET amountCents = ?, day = ?, note = ? WHERE id = ?", arguments: [amount.cents, day.iso, note, id])
            return Expense(id: id, amount: amount, currency: old.currency, day: day, note: note, category: old.category)
        }
    }

    @discardableResult
    public func removeExpense(id: Int64) throws -> Expense {
        Expense(row: try deleteRow(from: "expense", id: id, missing: BudgetError.unknownExpense(id: id)))
    }

    /// Replaces a kind's published snapshot with already validated JSON, in one transaction.
    public func publish(kind: WidgetKind, json: String, at date: Date = Date()) throws {
        try write { db in
            try db.execute(sql: """
                INSERT INTO publishedSnapshot (kind, json, publishedAt) VALUES (?, ?, ?)
                ON CONFLICT(kind) DO UPDATE SET json = excluded.json, publishedAt = excluded.publishedAt
                """, arguments: [kind.rawValue, json, date])
        }
    }

    /// Removes a kind's published snapshot; the widget shows the local data again.
    /// - Returns: whether there was one.
    @discardableResult
    public func clearPublished(kind: WidgetKind) throws -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM publishedSnapshot WHERE kind = ?", arguments: [kind.rawValue])
            return db.changesCount > 0
        }
    }
}
