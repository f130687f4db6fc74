import Foundation
import HomescreenWidgets
import GRDB
import Testing
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenStore

struct BudgetStoreTests {
    let folder = TemporaryFolder()
    typealias F = BudgetFixtures

    @Test func monthTotalsFollowEveryChangeToExpenses() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        try BudgetRepository(store).setBudget(MonthlyBudget(month: F.november, limit: F.money("800"), currency: F.chf))
        let lunch = try BudgetRepository(store).addExpense(amount: F.money("12.50"), currency: F.chf, day: F.today, note: "Lunch")
        try BudgetRepository(store).addExpense(amount: F.money("0.10"), currency: F.chf, day: F.today)
        try BudgetRepository(store).addExpense(amount: F.money("0.20"), currency: F.chf, day: LocalDate(iso: "2026-11-30")!)
        try BudgetRepository(store).addExpense(amount: F.money("99"), currency: F.chf, day: LocalDate(iso: "2026-12-01")!)
        #expect(try BudgetRepository(store).monthTotals(year: 2026)[F.november] == MonthTotal(spent: F.money("12.80"), expenseCount: 3))
        try BudgetRepository(store).removeExpense(id: lunch.id)
        #expect(try BudgetRepository(store).monthTotals(year: 2026)[F.november] == MonthTotal(spent: F.money("0.30"), expenseCount: 2))
        #expect(throws: BudgetError.unknownExpense(id: 999)) { try BudgetRepository(store).removeExpense(id: 999) }
        // Another program writing the table with SQL keeps the totals right (triggers).
        let raw = try DatabaseQueue(path: folder.path("s.sqlite"))
        try raw.write { db in
            try db.execute(sql: "INSERT INTO expense (amountCents, day, note, createdAt) VALUES (500, '2026-11-02', 'x', '2026-11-02 10:00:00')")
            try db.execute(sql: "UPDATE expense SET day = '2026-10-31' WHERE amountCents = 20")
        }
        let totals = try BudgetRepository(store).monthTotals(year: 2026)
        #expect(totals[F.november] == MonthTotal(spent: F.money("5.10"), expenseCount: 2))
        #expect(totals[YearMonth(year: 2026, month: 10)!] == MonthTotal(spent: F.money("0.20"), expenseCount: 1))
        #expect(totals[YearMonth(year: 2026, month: 12)!] == MonthTotal(spent: F.money("99"), expenseCount: 1))
        // The totals agree with a plain sum of the rows.
        let sum = try raw.read { try Int64.fetchOne($0, sql: "SELECT SUM(amountCents) FROM expense WHERE day LIKE '2026-11-%'") }
        #expect(sum == totals[F.november]?.spent.cents)
    }

    @Test func budgetsAreReplacedAndWritesBumpTheirTables() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        try BudgetRepository(store).setBudget(MonthlyBudget(month: F.november, limit: F.money("800"), currency: F.chf))
        try BudgetRepository(store).setBudget(MonthlyBudget(month: F.november, limit: F.money("900"), currency: Currency(code: "EUR")!))
        #expect(try BudgetRepository(store).budgets() == [MonthlyBudget(month: F.november, limit: F.money("900"), currency: Currency(code: "EUR")!)])
        let expense = try BudgetRepository(store).addExpense(amount: F.money("1"), currency: Currency(code: "EUR")!, day: F.today)
        try BudgetRepository(store).removeExpense(id: expense.id)
        let revisions = try store.revisions()
        #expect(revisions[.budget] == 2 && revisions[.expense] == 2 && revisions[.product] == nil)
        try PublishedSnapshots(store).publish(kind: .budget, json: "{}")
        #expect(try store.revisions()[.publishedSnapshot] == 1 && store.revisions()[.budget] == 2)
        #expect(try PublishedSnapshots(store).clear(kind: .budget))
        #expect(try !PublishedSnapshots(store).clear(kind: .budget))
        #expect(try store.revisions()[.publishedSnapshot] == 2, "clearing nothing changes nothing")
    }

    @Test func theCurrencyOfAMonthWithoutBudgetIsTheLatestBefore() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        #expect(try BudgetRepository(store).currency(near: F.november) == nil)
        try BudgetRepository(store).setBudget(MonthlyBudget(month: YearMonth(year: 2026, month: 3)!, limit: F.money("1"), currency: Currency(code: "EUR")!))
        try BudgetRepository(store).setBudget(MonthlyBudget(month: YearMonth(year: 2026, month: 9)!, limit: F.money("1"), currency: F.chf))
        #expect(try BudgetRepository(store).currency(near: F.november) == F.chf)
        #expect(try BudgetRepository(store).currency(near: YearMonth(year: 2026, month: 5)!)?.code == "EUR")
        #expect(try BudgetRepository(store).currency(near: YearMonth(year: 2025, month: 1)!)?.code == "EUR")
    }

    @Test func theSchemaRefusesImpossibleRows() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        _ = store
        let raw = try DatabaseQueue(path: folder.path("s.sqlite"))
        for sql in ["INSERT INTO budget VALUES ('2026-13', 100, 'CHF', '2026-01-01')", "INSERT INTO budget VALUES ('2026-11', 0, 'CHF', '2026-01-01')",
                    "INSERT INTO expense (amountCents, day, createdAt) VALUES (-5, '2026-11-01', '2026-01-01')",
                    "INSERT INTO expense (amountCents, day, createdAt) VALUES (5, '2026-02-30', '2026-01-01')"] {
            #expect(throws: DatabaseError.self) { try raw.write { try $0.execute(sql: sql) } }
        }
    }

    @Test func anOlderStoreIsMigratedWhenOpenedForReading() throws {
        let path = folder.path("old.sqlite")
        // A version-1 store: this build's first migration only.
        let queue = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(queue, upTo: "1-pantry")
        #expect(try queue.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 1)
        try queue.close()
        let store = try Store.openReadOnly(at: path)
        #expect(try store.schemaVersion() == Schema.version)
        #expect(try BudgetRepository(store).budgets().isEmpty)
    }
}
