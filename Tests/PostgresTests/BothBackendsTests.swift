import Foundation
import HomescreenWidgets
import Synchronization
import Testing
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenPostgres

/// The store's behaviour through its boundary (`any StoreBackend`), run on SQLite and on
/// PostgreSQL alike: first-expiring order and consumes, totals and currencies, table revisions,
/// cards, events, refusals and concurrent writers.
struct BothBackendsTests {
    enum Backend: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
        static let folders = Mutex<[TemporaryFolder]>([])

        /// A new, empty store; `again` opens another connection to the same one.
        func make() throws -> (store: any StoreBackend, again: () throws -> any StoreBackend) {
            switch self {
            case .sqlite:
                let folder = TemporaryFolder()
                Self.folders.withLock { $0.append(folder) }   // the store's file lives as long as the test run
                let path = folder.path("s.sqlite")
                return (try Store.prepared(at: path), { try Store.prepared(at: path) })
            case .postgres:
                let url = try PostgresServer.freshDatabase()
                return (try PostgresStore.prepared(url: url), { try PostgresStore.prepared(url: url) })
            }
        }
    }

    static let day = LocalDate(year: 2026, month: 11, day: 22)!
    static let chf = Currency(code: "CHF")!, eur = Currency(code: "EUR")!

    @Test(arguments: Backend.allCases) func firstExpiringFirstOutNeverBelowZero(_ backend: Backend) throws {
        let store = try backend.make().store
        try PantryRepository(store).addProducts([("Rice", Quantity(units: 2), "kg", Self.day.adding(days: 30)), ("Spinach", Quantity(thousandths: 300), "kg", Self.day),
                               ("Éclair", .one, "", Self.day), ("Zucchini", .one, "", Self.day)])
        #expect(try PantryRepository(store).pantrySnapshot(today: Self.day, dueSoonDays: 5, limit: 10).first.map(\.name) == ["Spinach", "Zucchini", "Éclair", "Rice"])
        let consumed = try PantryRepository(store).consume(productID: nil, amount: .one)
        #expect(consumed.productName == "Spinach" && consumed.amount == Quantity(thousandths: 300) && consumed.remaining == .zero)
        #expect(try PantryRepository(store).pantrySnapshot(today: Self.day, dueSoonDays: 5, limit: 10).counts == PantryCounts(inStock: 3, expired: 0, dueSoon: 2))
        #expect(throws: PantryError.productEmpty(id: consumed.productID, name: "Spinach")) { try PantryRepository(store).consume(productID: consumed.productID, amount: .one) }
        #expect(throws: PantryError.unknownProduct(id: 999)) { try PantryRepository(store).removeProduct(id: 999) }
        #expect(try PantryRepository(store).undoLastConsume().remaining == Quantity(thousandths: 300))
        #expect(throws: PantryError.nothingToUndo) { try PantryRepository(store).undoLastConsume() }
    }

    @Test(arguments: Backend.allCases) func monthTotalsFollowEveryChange(_ backend: Backend) throws {
        let store = try backend.make().store
        let month = YearMonth(Self.day)
        try BudgetRepository(store).setBudget(MonthlyBudget(month: month, limit: Money(cents: 80_000), currency: Self.chf), at: Date())
        let lunch = try BudgetRepository(store).addExpense(amount: Money(cents: 1250), currency: Self.chf, day: Self.day, note: "Lunch", category: nil, at: Date())
        let bus = try BudgetRepository(store).addExpense(amount: Money(cents: 800), currency: Self.chf, day: Self.day, note: "Bus", category: nil, at: Date())
        #expect(try BudgetRepository(store).monthSummary(month, recent: 5).total == MonthTotal(spent: Money(cents: 2050), expenseCount: 2))
        _ = try BudgetRepository(store).updateExpense(id: bus.id, amount: Money(cents: 900), day: Self.day.adding(days: 10), note: "Bus")
        #expect(try BudgetRepository(store).monthTotals(year: 2026)[month] == MonthTotal(spent: Money(cents: 1250), expenseCount: 1))
        #expect(try BudgetRepository(store).monthTotals(year: 2026)[month.adding(months: 1)] == MonthTotal(spent: Money(cents: 900), expenseCount: 1))
        _ = try BudgetRepository(store).removeExpense(id: lunch.id)
        #expect(try BudgetRepository(store).monthTotals(year: 2026)[month] == MonthTotal(spent: .zero, expenseCount: 0))
        #expect(throws: BudgetError.unknownExpense(id: lunch.id)) { try BudgetRepository(store).removeExpense(id: lunch.id) }
    }

    @Test(arguments: Backend.allCases) func aMonthKeepsOneCurrency(_ backend: Backend) throws {
        let store = try backend.make().store
        let month = YearMonth(Self.day)
        _ = try BudgetRepository(store).addExpense(amount: Money(cents: 100), currency: Self.chf, day: Self.day, note: "", category: nil, at: Date())
        #expect(throws: BudgetError.currencyMismatch(month: month, kept: Self.chf, given: Self.eur)) {
            try BudgetRepository(store).addExpense(amount: Money(cents: 100), currency: Self.eur, day: Self.day, note: "", category: nil, at: Date())
        }
        #expect(throws: BudgetError.currencyConflict(month: month, expenses: 1, currency: Self.chf)) {
            try BudgetRepository(store).setBudget(MonthlyBudget(month: month, limit: Money(cents: 100), currency: Self.eur), at: Date())
        }
        #expect(try BudgetRepository(store).currency(of: month) == Self.chf)
        #expect(try BudgetRepository(store).budgets().isEmpty && BudgetRepository(store).expenses(in: month).count == 1, "nothing written by the refusals")
    }

    @Test(arguments: Backend.allCases) func everyWriteBumpsItsTablesRevision(_ backend: Backend) throws {
        let store = try backend.make().store
        let before = try store.revisions()
        _ = try PantryRepository(store).addProduct(name: "Milk", amount: .one, unit: "l", due: Self.day, at: Date())
        _ = try PantryRepository(store).consume(productID: nil, amount: .one, at: Date())
        _ = try CardRepository(store).addCard(CardDraft(firstName: "Lan", lastName: "Nguyen"), at: Date())
        _ = try EventRepository(store).addEvent(EventDraft(title: "Giỗ", when: .lunar(month: 3, day: 15, leap: false, firstYear: nil)), at: Date())
        let after = try store.revisions()
        for table in [StoreTable.product, .consumption, .card, .event] {
            #expect(after[table, default: 0] > before[table, default: 0], "\(table)")
        }
        #expect(after[.budget, default: 0] == before[.budget, default: 0])
    }

    @Test(arguments: Backend.allCases) func cardsAndTheirChoice(_ backend: Backend) throws {
        let store = try backend.make().store
        #expect(try CardRepository(store).cardSelection() == .noCards)
        let lan = try CardRepository(store).addCard(CardDraft(firstName: "Lan", lastName: "Nguyen", company: "Saigon Coffee"), at: Date())
        let minh = try CardRepository(store).addCard(CardDraft(firstName: "Minh", lastName: "Tran"), at: Date())
        #expect(try CardRepository(store).cardSelection().shownID == lan.id)
        _ = try CardRepository(store).selectCard(id: minh.id)
        #expect(try CardRepository(store).cardListing().chosen == minh.id)
        _ = try CardRepository(store).removeCard(id: minh.id)
        #expect(try CardRepository(store).cardSelection() == .unavailable(id: minh.id))
        #expect(throws: CardError.unknownCard(id: minh.id)) { try CardRepository(store).selectCard(id: minh.id) }
        #expect(try CardRepository(store).updateCard(id: lan.id, CardDraft(firstName: "Lan", lastName: "Pham"), at: Date()).lastName == "Pham")
    }

    @Test(arguments: Backend.allCases) func eventsImportByUIDWithoutDuplicates(_ backend: Backend) throws {
        let store = try backend.make().store
        let drafts = [EventDraft(uid: "a@x", title: "Giỗ", when: .lunar(month: 6, day: 10, leap: true, firstYear: 2025)),
                      EventDraft(uid: "b@x", title: "Gym", when: .solar(start: Self.day, time: EventTime(hour: 18, minute: 30), rule: "FREQ=WEEKLY;COUNT=10", except: [Self.day.adding(days: 7)]))]
        #expect(try EventRepository(store).importEvents(drafts, at: Date()) == { var c = EventImportCount(); c.added = 2; return c }())
        var changed = drafts
        changed[1].title = "Gym (evening)"
        let again = try EventRepository(store).importEvents(changed, at: Date())
        #expect(again.added == 0 && again.updated == 1 && again.unchanged == 1)
        #expect(try EventRepository(store).events().map(\.when) == changed.map(\.when) && EventRepository(store).events().map(\.title) == ["Giỗ", "Gym (evening)"])
        #expect(throws: EventError.unknownEvent(id: 999)) { try EventRepository(store).removeEvent(id: 999) }
    }

    @Test(arguments: Backend.allCases) func concurrentWritersNeitherLoseNorOverdraw(_ backend: Backend) throws {
        let (store, again) = try backend.make()
        let rice = try PantryRepository(store).addProduct(name: "Rice", amount: Quantity(units: 100), unit: "kg", due: Self.day, at: Date())
        let writers = try (0..<4).map { _ in try again() }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<25 {
                do { _ = try PantryRepository(writers[index]).consume(productID: nil, amount: .one, at: Date()) } catch { failures.add("\(error)") }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(2))")
        #expect(try PantryRepository(store).products().first { $0.id == rice.id }?.amount == .zero)
    }
}
