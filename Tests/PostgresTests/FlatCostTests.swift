import Foundation
import HomescreenWidgets
import Testing
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenPostgres
@testable import HomescreenWidgets

/// Issue 36: a write's checks and the counts a pane or status line shows are found through an
/// index or a summary row, never by reading every row; counted, not timed. On SQLite, the plan
/// of each statement (EXPLAIN QUERY PLAN, the rules' SQL as the triggers run it); on
/// PostgreSQL, the scans the server counted in the transaction (`pg_stat_xact_user_tables`)
/// with a table big enough for its planner to choose.
struct FlatCostTests {
    static let month = "2026-11", size = 20_000

    /// `size` expenses in CHF in `month`, and a budget in CHF for it.
    static func crowdedMonth(_ backend: TestBackend) throws -> TestBackend.Made {
        let made = try backend.make()
        try BudgetRepository(made.store).setBudget(MonthlyBudget(month: YearMonth(iso: month)!, limit: Money(cents: 100_000), currency: Currency(code: "CHF")!))
        let rows = backend == .sqlite
            ? "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(size - 1)) SELECT i FROM n"
            : "SELECT generate_series(0, \(size - 1)) AS i"
        _ = try made.plainSQL("""
            INSERT INTO expense (amountCents, currency, day, note, createdAt)
            SELECT 100, 'CHF', '\(month)-' || lpad_day, '', '2026-11-01 10:00:00' FROM (SELECT CASE WHEN i % 28 < 9 THEN '0' ELSE '' END || (i % 28 + 1) AS lpad_day FROM (\(rows)) AS n) AS d;
            \(backend == .postgres ? "ANALYZE;" : "")
            """)
        return made
    }

    /// What `work` read of each table on PostgreSQL: its sequential scans and the rows fetched
    /// through indexes, as the server counts them (`pg_stat_xact_user_tables`, which also holds
    /// counts of the connection's earlier transactions not yet reported: the difference).
    static func scans(_ sql: any StoreSQL, _ work: () throws -> Void) throws -> [String: (seq: Int64, indexRows: Int64)] {
        func counts() throws -> [String: (Int64, Int64)] {
            var result: [String: (Int64, Int64)] = [:]
            for row in try sql.rows("SELECT relname, seq_scan, COALESCE(idx_tup_fetch, 0) AS fetched FROM pg_stat_xact_user_tables") {
                result[row.text("relname") ?? ""] = (row.int("seq_scan") ?? 0, row.int("fetched") ?? 0)
            }
            return result
        }
        let before = try counts()
        try work()
        return try counts().reduce(into: [:]) { result, entry in
            let earlier = before[entry.key] ?? (0, 0)
            result[entry.key] = (entry.value.0 - earlier.0, entry.value.1 - earlier.1)
        }
    }

    /// Every table a plan reads is searched (an index or a key), never scanned; summaries aside.
    static func searched(_ sql: any StoreSQL, _ statement: String, _ values: [StoreValue] = [], besides summaries: Set<String> = []) throws -> [String] {
        let plan = try sql.rows("EXPLAIN QUERY PLAN " + statement, values).compactMap { $0.text("detail") }
        return plan.filter { line in
            line.hasPrefix("SCAN ") && !line.hasPrefix("SCAN CONSTANT") && !summaries.contains(String(line.dropFirst(5).prefix { $0 != " " }))
                && !line.contains("USING INDEX") && !line.contains("USING COVERING INDEX")
        }
    }

    /// The lines of a plan that read the expenses otherwise than by month and currency (a range
    /// of days reads the whole month).
    static func notByMonth(_ sql: any StoreSQL, _ statement: String, _ values: [StoreValue] = []) throws -> [String] {
        try sql.rows("EXPLAIN QUERY PLAN " + statement, values).compactMap { $0.text("detail") }
            .filter { $0.contains(" expense ") && !$0.contains("expenseByMonth (<expr>=?") }
    }

    /// The currency rules' SQL as the triggers run it, with a new row's values written in.
    static func rules(_ dialect: SQLDialect) -> [String] {
        let row = ["NEW.day": "'2026-11-03'", "NEW.currency": "'EUR'", "NEW.id": "NULL", "NEW.month": "'2026-11'"]
        return BudgetFeature.data!.steps.compactMap { step -> String? in   // issue 36's three replaced rules
            guard case .replaceRule(_, let rule) = step else { return nil }
            switch rule {
            case .fill(_, _, let value): return row.reduce("SELECT " + value) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
            case .refuse(_, _, let condition, _): return row.reduce("SELECT 1 WHERE " + condition) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
            case .total: return nil
            }
        }
    }

    @Test(arguments: TestBackend.allCases) func theCurrencyRulesReadTheMonthThroughAnIndex(_ backend: TestBackend) throws {
        let made = try Self.crowdedMonth(backend)
        switch backend {
        case .sqlite:
            // A new connection: EXPLAIN reads the schema a connection cached, and the store's
            // first reader cached it before the kinds' steps ran.
            let store = try made.again()
            let rules = Self.rules(.sqlite)
            #expect(rules.count == 3)
            for rule in rules {
                #expect(try store.reading { try Self.searched($0, rule) + Self.notByMonth($0, rule) }.isEmpty, "\(rule)")
            }
            let repository = try store.reading { sql in
                try Self.notByMonth(sql, BudgetRepository.expenseCurrency, ["2026-11", 0])
                    + Self.notByMonth(sql, BudgetRepository.otherCurrencies, ["2026-11", "EUR", "EUR"])
            }
            #expect(repository.isEmpty, "\(repository)")
        case .postgres:
            // An expense in the month's currency, and a budget changed: the rules read two or
            // three index entries, and no table whole.
            let read = try made.store.writing { sql in
                try Self.scans(sql) {
                    _ = try sql.execute("INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (5, 'CHF', '2026-11-03', '', '2026-11-03 10:00:00')")
                    _ = try sql.execute("UPDATE budget SET currency = 'CHF' WHERE month = '2026-11'")
                }
            }
            // (The budget table, one row, is read whole: cheaper than its key for the planner.)
            #expect(read["expense"]?.seq == 0, "\(read)")
            #expect((read["expense"]?.indexRows ?? 0) < 10, "\(read)")
        }
    }

    @Test(arguments: TestBackend.allCases) func aRowInAnotherCurrencyIsStillRefusedInACrowdedMonth(_ backend: TestBackend) throws {
        let made = try Self.crowdedMonth(backend)
        // Plain SQL: the same refusal whatever the month holds.
        #expect(throws: (any Error).self) {
            _ = try made.plainSQL("INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (5, 'EUR', '2026-11-28', '', '2026-11-03 10:00:00')")
        }
        #expect(throws: (any Error).self) { _ = try made.plainSQL("UPDATE expense SET currency = 'EUR' WHERE id = (SELECT MAX(id) FROM expense)") }
        // The month without its budget still keeps its expenses' currency.
        _ = try made.plainSQL("DELETE FROM budget")
        #expect(throws: (any Error).self) {
            _ = try made.plainSQL("INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (5, 'EUR', '2026-11-01', '', '2026-11-03 10:00:00')")
        }
        #expect(throws: (any Error).self) {
            _ = try made.plainSQL("INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES ('2026-11', 100, 'EUR', '2026-11-03 10:00:00')")
        }
        // Through the repository: the same sentences, the count of the month's expenses in it.
        let november = YearMonth(iso: Self.month)!, chf = Currency(code: "CHF")!, eur = Currency(code: "EUR")!
        #expect(throws: BudgetError.currencyConflict(month: november, expenses: Self.size, currency: chf)) {
            try BudgetRepository(made.store).setBudget(MonthlyBudget(month: november, limit: Money(cents: 100), currency: eur))
        }
        #expect(throws: BudgetError.currencyMismatch(month: november, kept: chf, given: eur)) {
            try BudgetRepository(made.store).addExpense(amount: Money(cents: 100), currency: eur, day: LocalDate(iso: "2026-11-15")!)
        }
        // A row without a currency takes the month's; another month is free.
        _ = try made.plainSQL("INSERT INTO expense (amountCents, day, note, createdAt) VALUES (7, '2026-11-09', 'filled', '2026-11-03 10:00:00')")
        #expect(try made.plainSQL("SELECT currency FROM expense WHERE note = 'filled'").trimmingCharacters(in: .whitespacesAndNewlines) == "CHF")
        _ = try made.plainSQL("INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (5, 'EUR', '2026-12-01', '', '2026-11-03 10:00:00')")
    }

    /// The products of a pantry: `count` in stock over 40 due days, a tenth of them used up.
    static func crowdedPantry(_ backend: TestBackend, count: Int) throws -> TestBackend.Made {
        let made = try backend.make()
        let rows = backend == .sqlite
            ? "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(count - 1)) SELECT i FROM n"
            : "SELECT generate_series(0, \(count - 1)) AS i"
        _ = try made.plainSQL("""
            INSERT INTO product (name, amountMilli, unit, due, createdAt)
            SELECT 'Product ' || i, CASE WHEN i % 10 = 0 THEN 0 ELSE 1000 END, '', '2026-11-' || (10 + i % 20), '2026-11-01 10:00:00' FROM (\(rows)) AS n;
            \(backend == .postgres ? "ANALYZE;" : "")
            """)
        return made
    }

    @Test(arguments: TestBackend.allCases) func thePantryCountsComeFromTheSummaryAndItsListFromTheIndex(_ backend: TestBackend) throws {
        let made = try Self.crowdedPantry(backend, count: 5_000)
        let repository = PantryRepository(made.store)
        let today = LocalDate(iso: "2026-11-20")!
        // Whoever writes: the summary follows plain SQL's updates, consumes and deletes.
        _ = try made.plainSQL("UPDATE product SET amountMilli = 0 WHERE name = 'Product 1'")
        _ = try made.plainSQL("UPDATE product SET due = '2026-12-24' WHERE name = 'Product 2'")
        _ = try made.plainSQL("DELETE FROM product WHERE name IN ('Product 3', 'Product 10')")
        try repository.consume(productID: nil, amount: .one)
        try repository.undoLastConsume()
        let counts = try repository.pantrySnapshot(today: today, dueSoonDays: 3, limit: 8).counts
        let plain = try made.plainSQL("""
            SELECT COUNT(*) || ' ' || SUM(CASE WHEN due < '2026-11-20' THEN 1 ELSE 0 END) || ' ' || SUM(CASE WHEN due >= '2026-11-20' AND due <= '2026-11-23' THEN 1 ELSE 0 END)
            FROM product WHERE amountMilli > 0
            """).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect("\(counts.inStock) \(counts.expired) \(counts.dueSoon)" == plain)
        #expect(counts.inStock == 4_498)
        switch backend {
        case .sqlite:
            let store = try made.again()
            let scanned = try store.reading { sql in
                try Self.searched(sql, PantryRepository.countsStatement, ["2026-11-20", "2026-11-20", "2026-11-23"], besides: ["productDue"])
                    + Self.searched(sql, PantryRepository.firstInStock(.sqlite), [8])
            }
            #expect(scanned.isEmpty, "\(scanned)")
            let plan = try store.reading { try $0.rows("EXPLAIN QUERY PLAN " + PantryRepository.firstInStock(.sqlite), [8]).compactMap { $0.text("detail") } }
            #expect(plan.contains { $0.contains("productInStockByDue") } && !plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
        case .postgres:
            let read = try made.store.writing { sql in
                try Self.scans(sql) {
                    _ = try sql.rows(PantryRepository.countsStatement, ["2026-11-20", "2026-11-20", "2026-11-23"])
                    _ = try sql.rows(PantryRepository.firstInStock(.postgres), [8])
                }
            }
            #expect(read["product"]?.seq == 0, "\(read)")
            #expect((read["product"]?.indexRows ?? 0) <= 8, "\(read)")
        }
    }

    /// A store whose pantry and budget data are at the versions before issue 36 (the steps it
    /// appended left out), with rows written through them; and how to open it again.
    static func storeOfTheStepsBefore(_ backend: TestBackend) throws -> (store: any StoreBackend, again: () throws -> any StoreBackend) {
        let store: any StoreBackend, again: () throws -> any StoreBackend
        switch backend {
        case .sqlite:
            let folder = TemporaryFolder(), path = folder.path("s.sqlite")
            (store, again) = (try Store.open(at: path), { _ = folder; return try Store.open(at: path) })
        case .postgres:
            let url = try PostgresServer.freshDatabase()
            (store, again) = (try PostgresStore.open(url: url), { try PostgresStore.open(url: url) })
        }
        try store.prepare([KindData(owner: "pantry", steps: Array(PantryFeature.data!.steps.prefix(2))),
                           KindData(owner: "budget", steps: Array(BudgetFeature.data!.steps.prefix(8)))])
        try store.writing { sql in
            for (index, due) in ["2026-11-20", "2026-11-20", "2026-11-21", "2026-11-25", "2026-11-25"].enumerated() {
                _ = try sql.execute("INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, '', ?, '2026-11-01 10:00:00')",
                                    [.text("P\(index)"), .integer(index == 2 ? 0 : 1000), .text(due)])
            }
            _ = try sql.execute("INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES ('2026-11', 100000, 'CHF', '2026-11-01 10:00:00')")
            for (day, currency) in [("2026-11-02", "CHF"), ("2026-11-03", nil), ("2026-10-30", "EUR"), ("2026-10-31", nil)] {
                _ = try sql.execute("INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (250, ?, ?, '', '2026-11-01 10:00:00')",
                                    [currency.map { .text($0) } ?? .null, .text(day)])
            }
        }
        return (store, again)
    }

    @Test(arguments: TestBackend.allCases) func aStoreOfTheStepsBeforeMigratesWithEveryRow(_ backend: TestBackend) throws {
        let (store, again) = try Self.storeOfTheStepsBefore(backend)
        let rows = { (store: any StoreBackend) in
            try store.reading { sql in
                try ["SELECT id, name, amountMilli, due FROM product ORDER BY id", "SELECT id, amountCents, currency, day FROM expense ORDER BY id",
                     "SELECT month, spentCents, expenseCount FROM monthTotal ORDER BY month", "SELECT month, currency FROM budget ORDER BY month"]
                    .map { try sql.rows($0).map { row in ["id", "name", "amountMilli", "due", "amountCents", "currency", "day", "month", "spentCents", "expenseCount"]
                        .map { row.text($0) ?? row.int($0).map(String.init) ?? "" }.joined(separator: "|") } }
            }
        }
        let before = try rows(store)
        let upgraded = try again()
        try upgraded.prepare([PantryFeature.data!, BudgetFeature.data!])
        #expect(try upgraded.kindVersions()["pantry"] == PantryFeature.data!.version && upgraded.kindVersions()["budget"] == BudgetFeature.data!.version)
        #expect(try rows(upgraded) == before)
        // The summary made from the rows already there, then kept.
        let counts = try PantryRepository(upgraded).pantrySnapshot(today: LocalDate(iso: "2026-11-21")!, dueSoonDays: 3, limit: 8).counts
        #expect(counts == PantryCounts(inStock: 4, expired: 2, dueSoon: 0))
        try PantryRepository(upgraded).addProduct(name: "New", amount: .one, unit: "", due: LocalDate(iso: "2026-11-22")!)
        #expect(try PantryRepository(upgraded).pantrySnapshot(today: LocalDate(iso: "2026-11-21")!, dueSoonDays: 3, limit: 8).counts
                == PantryCounts(inStock: 5, expired: 2, dueSoon: 1))
        // The replaced rules: the same refusals, the same fill.
        #expect(throws: (any Error).self) {
            try upgraded.writing { _ = try $0.execute("INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (1, 'EUR', '2026-11-09', '', '2026-11-01 10:00:00')") }
        }
        #expect(throws: (any Error).self) {
            try upgraded.writing { _ = try $0.execute("UPDATE budget SET currency = 'EUR' WHERE month = '2026-11'") }
        }
        try upgraded.writing { _ = try $0.execute("INSERT INTO expense (amountCents, day, note, createdAt) VALUES (1, '2026-10-09', 'filled', '2026-11-01 10:00:00')") }
        #expect(try upgraded.reading { try $0.row("SELECT currency FROM expense WHERE note = 'filled'")?.text("currency") } == "EUR")
    }
}
