import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// Budgets, expenses and published snapshots on PostgreSQL, with the SQLite store's refusals
/// (one currency per month; the triggers hold it for plain SQL too).
extension PostgresStore: BudgetStore, SnapshotStore {
    static func budget(_ row: PostgresRows.Row) -> MonthlyBudget? {
        guard let month = row["month"].flatMap(YearMonth.init(iso:)), let currency = row["currency"].flatMap(Currency.init(code:)),
              let cents = row.int("limitCents"), cents > 0 else { return nil }
        return MonthlyBudget(month: month, limit: Money(cents: cents), currency: currency)
    }

    static func expense(_ row: PostgresRows.Row) -> Expense {
        Expense(id: row.int("id") ?? 0, amount: Money(cents: max(0, row.int("amountCents") ?? 0)),
                currency: row["currency"].flatMap(Currency.init(code:)) ?? .euro,
                day: row["day"].flatMap(LocalDate.init(iso:)) ?? LocalDate(year: 1, month: 1, day: 1)!, note: row["note"] ?? "", category: row["category"])
    }

    public func budgets() throws -> [MonthlyBudget] {
        try execute("SELECT * FROM budget ORDER BY month").compactMap(Self.budget)
    }

    public func currency(near month: YearMonth) throws -> Currency? {
        try transaction {
            let code = try execute("SELECT currency FROM budget WHERE month <= $1 ORDER BY month DESC LIMIT 1", [month.iso]).first?["currency"]
                ?? execute("SELECT currency FROM budget ORDER BY month LIMIT 1").first?["currency"]
            return code.flatMap(Currency.init(code:))
        }
    }

    public func monthTotals(year: Int) throws -> [YearMonth: MonthTotal] {
        try monthTotals(from: YearMonth(year: year, month: 1)!, to: YearMonth(year: year, month: 12)!)
    }

    private func monthTotals(from first: YearMonth, to last: YearMonth) throws -> [YearMonth: MonthTotal] {
        var result: [YearMonth: MonthTotal] = [:]
        for row in try execute("SELECT * FROM monthTotal WHERE month >= $1 AND month <= $2", [first.iso, last.iso]) {
            guard let month = row["month"].flatMap(YearMonth.init(iso:)), let spent = row.int("spentCents"), let count = row.int("expenseCount") else { continue }
            result[month] = MonthTotal(spent: Money(cents: spent), expenseCount: Int(count))
        }
        return result
    }

    public func monthSummary(_ month: YearMonth, recent limit: Int) throws -> (budget: MonthlyBudget?, total: MonthTotal, recent: [Expense]) {
        try transaction {
            let total = try monthTotals(from: month, to: month)[month] ?? .none
            let recent = try execute("SELECT * FROM expense WHERE day >= $1 AND day <= $2 ORDER BY day DESC, id DESC LIMIT $3",
                                     [month.firstDay.iso, month.lastDay.iso, String(limit)]).map(Self.expense)
            let budget = try execute("SELECT * FROM budget WHERE month = $1", [month.iso]).first.flatMap(Self.budget)
            return (budget, total, recent)
        }
    }

    public func yearSummary(_ year: Int) throws -> (budgets: [YearMonth: MonthlyBudget], totals: [YearMonth: MonthTotal]) {
        try transaction {
            let budgets = try execute("SELECT * FROM budget WHERE month LIKE $1", [String(format: "%04d-%%", year)]).compactMap(Self.budget)
            return (Dictionary(budgets.map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first }), try monthTotals(year: year))
        }
    }

    public func expenses(in month: YearMonth?) throws -> [Expense] {
        var result: [Expense] = []
        try forEachExpense(in: month) { result.append($0) }
        return result
    }

    /// Reads 10,000 rows at a time (keyset pages), so a million expenses never sit in memory.
    public func forEachExpense(in month: YearMonth?, _ body: (Expense) throws -> Void) throws {
        let first = month?.firstDay.iso ?? "1800-01-01", last = month?.lastDay.iso ?? "2199-12-31"
        var after = ("0001-01-01", "0")
        while true {
            let page = try execute("""
                SELECT * FROM expense WHERE day >= $1 AND day <= $2 AND (day, id) > ($3::date, $4::bigint) ORDER BY day, id LIMIT 10000
                """, [first, last, after.0, after.1])
            for row in page { try body(Self.expense(row)) }
            guard page.count == 10_000, let tail = page.last, let day = tail["day"], let id = tail["id"] else { return }
            after = (day, id)
        }
    }

    public func budgetCounts() throws -> (budgets: Int, expenses: Int) {
        let row = try execute("SELECT (SELECT count(*) FROM budget) AS budgets, (SELECT count(*) FROM expense) AS expenses").first
        return (Int(row?.int("budgets") ?? 0), Int(row?.int("expenses") ?? 0))
    }

    public func currency(of month: YearMonth) throws -> Currency? {
        try transaction { try currency(of: month, besides: 0) }
    }

    private func currency(of month: YearMonth, besides id: Int64) throws -> Currency? {
        let code = try execute("SELECT currency FROM budget WHERE month = $1", [month.iso]).first?["currency"]
            ?? execute("SELECT currency FROM expense WHERE day >= $1 AND day <= $2 AND currency IS NOT NULL AND id <> $3 LIMIT 1",
                       [month.firstDay.iso, month.lastDay.iso, String(id)]).first?["currency"]
        return code.flatMap(Currency.init(code:))
    }

    public func setBudget(_ budget: MonthlyBudget, at date: Date = Date()) throws {
        try transaction {
            if let other = try execute("SELECT min(currency) AS kept, count(*) AS n FROM expense WHERE day >= $1 AND day <= $2 AND currency <> $3",
                                       [budget.month.firstDay.iso, budget.month.lastDay.iso, budget.currency.code]).first,
               let kept = other["kept"].flatMap(Currency.init(code:)) {
                throw BudgetError.currencyConflict(month: budget.month, expenses: Int(other.int("n") ?? 0), currency: kept)
            }
            try execute("""
                INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES ($1, $2, $3, to_timestamp($4))
                ON CONFLICT (month) DO UPDATE SET limitCents = excluded.limitCents, currency = excluded.currency, updatedAt = excluded.updatedAt
                """, [budget.month.iso, String(budget.limit.cents), budget.currency.code, Self.timestamp(date)])
        }
    }

    @discardableResult
    public func addExpenses(_ expenses: [(amount: Money, day: LocalDate, note: String, category: String?)], currency: Currency,
                            at date: Date = Date()) throws -> [Expense] {
        try transaction {
            try expenses.map { expense in
                let month = YearMonth(expense.day)
                if let kept = try self.currency(of: month, besides: 0), kept != currency { throw BudgetError.currencyMismatch(month: month, kept: kept, given: currency) }
                let id = try execute("""
                    INSERT INTO expense (amountCents, currency, day, note, category, createdAt) VALUES ($1, $2, $3, $4, $5, to_timestamp($6)) RETURNING id
                    """, [String(expense.amount.cents), currency.code, expense.day.iso, expense.note, expense.category, Self.timestamp(date)]).first?.int("id") ?? 0
                return Expense(id: id, amount: expense.amount, currency: currency, day: expense.day, note: expense.note, category: expense.category)
            }
        }
    }

    @discardableResult
    public func updateExpense(id: Int64, amount: Money, day: LocalDate, note: String) throws -> Expense {
        try transaction {
            guard let row = try execute("SELECT * FROM expense WHERE id = $1 FOR UPDATE", [String(id)]).first else { throw BudgetError.unknownExpense(id: id) }
            let old = Self.expense(row), month = YearMonth(day)
            if let kept = try currency(of: month, besides: id), kept != old.currency {
                throw BudgetError.currencyMismatch(month: month, kept: kept, given: old.currency)
            }
            try execute("UPDATE expense SET amountCents = $1, day = $2, note = $3 WHERE id = $4", [String(amount.cents), day.iso, note, String(id)])
            return Expense(id: id, amount: amount, currency: old.currency, day: day, note: note, category: old.category)
        }
    }

    @discardableResult
    public func removeExpense(id: Int64) throws -> Expense {
        try transaction {
            guard let row = try execute("DELETE FROM expense WHERE id = $1 RETURNING *", [String(id)]).first else { throw BudgetError.unknownExpense(id: id) }
            return Self.expense(row)
        }
    }

    // MARK: - Published snapshots

    public func publishedSnapshot(kind: WidgetKind) throws -> PublishedSnapshot? {
        try execute("SELECT json::text AS json, extract(epoch FROM publishedAt)::float8 AS at FROM publishedSnapshot WHERE kind = $1", [kind.rawValue]).first
            .map { PublishedSnapshot(json: $0["json"] ?? "", publishedAt: Date(timeIntervalSince1970: $0["at"].flatMap(Double.init) ?? 0)) }
    }

    public func publish(kind: WidgetKind, json: String, at date: Date = Date()) throws {
        try transaction {
            try execute("""
                INSERT INTO publishedSnapshot (kind, json, publishedAt) VALUES ($1, $2::jsonb, to_timestamp($3))
                ON CONFLICT (kind) DO UPDATE SET json = excluded.json, publishedAt = excluded.publishedAt
                """, [kind.rawValue, json, Self.timestamp(date)])
        }
    }

    @discardableResult
    public func clearPublished(kind: WidgetKind) throws -> Bool {
        try transaction { try affected("DELETE FROM publishedSnapshot WHERE kind = $1", [kind.rawValue]) > 0 }
    }
}
