import Foundation
import HomescreenWidgets
import GRDB
import Testing
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenStore

struct StoreOpeningTests {
    let folder = TemporaryFolder()

    @Test func aNewStoreIsCreatedPrivateInANewFolder() throws {
        let path = folder.path("deep/er/store.sqlite")
        let store = try Store.open(at: path)
        #expect(try store.schemaVersion() == Schema.version)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path("deep/er"))[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let journal = try store.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func reopeningMigratesNothingAndKeepsData() throws {
        let path = folder.path("store.sqlite")
        try PantryRepository(Store.open(at: path)).addProduct(name: "Milk", amount: .one, unit: "l", due: LocalDateFixture.day)
        #expect(try PantryRepository(Store.open(at: path)).products().count == 1)
        #expect(try PantryRepository(Store.openReadOnly(at: path)).products().count == 1)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndUntouched() throws {
        let path = folder.path("notes.txt")
        try Data("my precious notes\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = FileSnapshot.bytes(path)
        #expect(throws: StoreError.notAStore(path: path, reason: nil)) { try Store.open(at: path) }
        #expect(throws: StoreError.notAStore(path: path, reason: nil)) { try Store.openReadOnly(at: path) }
        #expect(FileSnapshot.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anotherProgramsDatabaseIsRefusedAndUntouched() throws {
        let path = folder.path("other.sqlite")
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY); INSERT INTO invoices VALUES (1)") }
        try other.close()
        let before = FileSnapshot.bytes(path)
        #expect(throws: StoreError.notAStore(path: path, reason: "another program's database")) { try Store.open(at: path) }
        #expect(throws: StoreError.notAStore(path: path, reason: "another program's database")) { try Store.openReadOnly(at: path) }
        #expect(FileSnapshot.bytes(path) == before)
    }

    @Test func aStoreOfANewerSchemaIsRefusedAndUntouched() throws {
        let path = folder.path("store.sqlite")
        _ = try Store.open(at: path)
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
        try raw.close()
        let before = FileSnapshot.bytes(path)
        #expect(throws: StoreError.newerSchema(path: path, found: 99, supported: Schema.version)) { try Store.open(at: path) }
        #expect(throws: StoreError.newerSchema(path: path, found: 99, supported: Schema.version)) { try Store.openReadOnly(at: path) }
        #expect(FileSnapshot.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") && !FileManager.default.fileExists(atPath: path + "-shm"),
                "refused before SQLite made a journal beside it")
        #expect(StoreError.newerSchema(path: path, found: 99, supported: 1).description.contains(path))
    }

    @Test func aSchema3StoreIsMigratedInPlaceAndPlainSQLIsTrackedFromThen() throws {
        let path = folder.path("old.sqlite")
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "3-card")
        try old.write { db in
            try db.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('Milk', 1000, 'l', '2026-11-20', datetime('now'))")
            try db.execute(sql: "INSERT INTO kindRevision (kind, revision) VALUES ('pantry', 7)")
        }
        #expect(try old.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 3)
        try old.close()

        let store = try Store.open(at: path)
        #expect(try store.schemaVersion() == Schema.version)
        #expect(try PantryRepository(store).products().map(\.name) == ["Milk"], "the data stays")
        #expect(try store.revisions().isEmpty)
        // Another program's plain SQL, with no revision bump: the triggers record it.
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "INSERT INTO expense (amountCents, day, note, createdAt) VALUES (1250, '2026-11-20', '', datetime('now'))")
            try db.execute(sql: "UPDATE product SET amountMilli = 500 WHERE name = 'Milk'")
            try db.execute(sql: "INSERT INTO kindRevision (kind, revision) VALUES ('budget', 1)")   // an old script still runs
        }
        try other.close()
        // (The expense written without a currency gets its month's from a trigger: a second bump.)
        #expect(try store.revisions() == [.expense: 2, .product: 1])
        #expect(try BudgetRepository(store).expenses(in: nil).map(\.currency.code) == ["EUR"])
        // Reopening migrates nothing more.
        #expect(try Store.open(at: path).schemaVersion() == Schema.version)
    }

    /// Schema 6 gives each expense the currency it was shown in: its month's budget's, else the
    /// nearest earlier budget's, else the first budget's, else EUR. No amount changes meaning.
    @Test func aSchema5StoreGivesEachExpenseTheCurrencyItWasShownIn() throws {
        let path = folder.path("five.sqlite")
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "5-strict")
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES ('2026-03', 80000, 'VND', datetime('now'));
                INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES ('2026-11', 80000, 'CHF', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (100, '2026-01-20', 'before any budget', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (200, '2026-05-20', 'after March', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (300, '2026-11-20', 'November', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (400, '2027-02-01', 'after November', datetime('now'));
                """)
        }
        try old.close()
        let store = try Store.open(at: path)
        #expect(try store.schemaVersion() == Schema.version)
        let expenses = try BudgetRepository(store).expenses(in: nil)
        #expect(expenses.map(\.currency.code) == ["VND", "VND", "CHF", "CHF"])
        #expect(expenses.map(\.amount.cents) == [100, 200, 300, 400], "amounts unchanged")
    }

    @Test func aSchema4StoreIsMadeStrictAndItsBadRowsAreSetAsideNotDropped() throws {
        let path = folder.path("loose.sqlite")
        let old = try DatabaseQueue(path: path)
        try Schema.migrator.migrate(old, upTo: "4-table-revisions")
        try old.write { db in
            try db.execute(sql: """
                INSERT INTO product (id, name, amountMilli, unit, due, createdAt) VALUES (1, 'Milk', 1000, 'l', '2026-11-20', datetime('now'));
                INSERT INTO product (id, name, amountMilli, unit, due, createdAt) VALUES (17, 'Oats', 'abc', '', '2026-11-30', datetime('now'));
                INSERT INTO consumption (productID, amountMilli, at) VALUES (17, 500, datetime('now'));
                INSERT INTO consumption (productID, amountMilli, at) VALUES (1, 500, datetime('now'));
                INSERT INTO budget (month, limitCents, currency, updatedAt) VALUES ('2026-11', 80000, 'CHF', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (1250, '2026-11-20', '', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (990, '2026-11-21', 'kept', datetime('now'));
                INSERT INTO expense (amountCents, day, note, createdAt) VALUES (500, '2026-11-22', 'bad date', 'garbage');
                INSERT INTO publishedSnapshot (kind, json, publishedAt) VALUES ('budget', x'00ff', 'garbage');
                UPDATE monthTotal SET spentCents = 'lots';
                """)
        }
        try old.close()

        let store = try Store.open(at: path)
        #expect(try store.schemaVersion() == Schema.version)
        #expect(try PantryRepository(store).products().map(\.name) == ["Milk"])
        #expect(try BudgetRepository(store).expenses(in: nil).map(\.amount.cents) == [1250, 990])
        #expect(try BudgetRepository(store).monthTotals(year: 2026)[YearMonth(year: 2026, month: 11)!] == MonthTotal(spent: Money(cents: 2240), expenseCount: 2),
                "the month totals are rebuilt from the expenses that stayed")
        #expect(try PublishedSnapshots(store).snapshot(kind: WidgetKind("budget")) == nil)
        let setAside = try store.setAsideRows()
        #expect(setAside.map(\.table).sorted() == ["consumption", "expense", "product", "publishedSnapshot"])
        let oats = try #require(setAside.first { $0.table == "product" })
        #expect(oats.content.contains("\"amountMilli\":\"abc\"") && oats.content.contains("\"id\":17") && oats.reason.contains("amountMilli"))
        // From now on SQLite refuses what the views cannot read.
        #expect(throws: (any Error).self) {
            try store.write { try $0.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('Oats', 'abc', '', '2026-11-30', datetime('now'))") }
        }
    }

    @Test func aTableAKindAddsIsTrackedLikeTheOthers() throws {
        let store = try Store.open(at: folder.path("s.sqlite"))
        try store.write { try $0.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") }
        let note = StoreTable(rawValue: "note")
        try store.trackChanges(of: note)
        try store.trackChanges(of: note)   // twice is harmless
        try store.write { db in
            try db.execute(sql: "INSERT INTO note (text) VALUES ('a'), ('b')")
            try db.execute(sql: "DELETE FROM note WHERE text = 'a'")
        }
        #expect(try store.revisions()[note] == 3)
    }

    @Test func anUncreatablePathSaysWhereAndWhatToDo() throws {
        #expect(throws: StoreError.self) { try Store.open(at: "/proc/homescreen/store.sqlite") }
        let file = folder.path("plain-file")
        try Data().write(to: URL(fileURLWithPath: file))
        do {
            _ = try Store.open(at: file + "/store.sqlite")
            Issue.record("opened a store under a file")
        } catch {
            #expect(error.description.contains(file + "/store.sqlite"))
            #expect(error.description.contains("--store"))
        }
    }

    @Test func aMissingStoreReadsAsEmptyWithoutBeingCreated() throws {
        let path = folder.path("nothing-here.sqlite")
        let store = try Store.openReadOnly(at: path)
        #expect(try PantryRepository(store).products().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func locationFollowsOptionThenEnvironmentThenXDG() {
        #expect(StoreLocation.resolve(option: "/a/b.sqlite", environment: ["HOMESCREEN_STORE": "/c/d.sqlite"]) == "/a/b.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["HOMESCREEN_STORE": "/c/d.sqlite"]) == "/c/d.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/homescreen/store.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["HOME": "/h"]) == "/h/.local/share/homescreen/store.sqlite")
    }
}
