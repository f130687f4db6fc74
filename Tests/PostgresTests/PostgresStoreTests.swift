import Foundation
import HomescreenWidgets
import Testing
import HomescreenTestSupport
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenPostgres

/// The PostgreSQL store against a real server (see `PostgresServer`): identity and creation,
/// the pantry's rules, concurrent consumes from several connections, the schema's CHECKs and
/// triggers for plain SQL, LISTEN/NOTIFY, and connection failures that never show a password.
@Suite(.serialized)
struct PostgresStoreTests {
    static let day = LocalDate(year: 2026, month: 11, day: 22)!

    @Test func anEmptyDatabaseBecomesAStoreAndOpensAgain() throws {
        let url = try PostgresServer.freshDatabase()
        let store = try PostgresStore.prepared(url: url)
        #expect(try store.schemaVersion() == PostgresSchema.version)
        #expect(try store.integrityCheck().hasPrefix("schema \(PostgresSchema.version), PostgreSQL 1"))
        _ = try PantryRepository(store).addProduct(name: "Milk", amount: Quantity(units: 2), unit: "l", due: Self.day)
        let again = try PostgresStore.prepared(url: url)
        #expect(try PantryRepository(again).products().map(\.name) == ["Milk"])
    }

    @Test func aForeignDatabaseAndANewerSchemaAreRefusedAndLeftAlone() throws {
        let foreign = try PostgresServer.freshDatabase()
        try PostgresConnection(url: foreign).execute("CREATE TABLE public.invoices (id integer)")
        #expect { try PostgresStore.open(url: foreign) } throws: { error in
            guard case PostgresError.notAStore(_, let reason) = error else { return false }
            return reason.contains("another program's tables (1)") && "\(error)".contains("is not a Homescreen store")
        }
        let schemas = try PostgresConnection(url: foreign).execute("SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name = 'homescreen'")
        #expect(schemas.first?.int("n") == 0, "nothing created")

        let newer = try PostgresServer.freshDatabase()
        _ = try PostgresStore.open(url: newer)
        try PostgresConnection(url: newer).execute("UPDATE homescreen.identity SET version = 99")
        #expect(throws: PostgresError.newerSchema(location: PostgresLocation.redacted(newer), found: 99, supported: PostgresSchema.version)) { try PostgresStore.open(url: newer) }
        #expect(try PostgresConnection(url: newer).execute("SELECT version FROM homescreen.identity").first?.int("version") == 99, "left untouched")
    }

    /// A store made at schema 7 (the first PostgreSQL schema, as today's main makes it) is
    /// migrated on open, its rows intact; a version row no Homescreen wrote is refused in one
    /// sentence and the store left as it is.
    @Test func anOlderStoreIsMigratedAndANonsenseVersionRefused() throws {
        let older = try PostgresServer.freshDatabase()
        _ = try Spawn.run("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", older, "-f", SourceRoot.path("Tests/EndToEndTests/Vectors/schema7/postgres-dump.sql")])
        let connection = try PostgresConnection(url: older)
        try connection.execute("INSERT INTO homescreen.product (name, amountMilli, due) VALUES ('Milk', 2000, '2026-11-30')")
        #expect(try connection.execute("SELECT version FROM homescreen.identity").first?.int("version") == 7)
        let store = try PostgresStore.open(url: older)
        #expect(try store.schemaVersion() == PostgresSchema.version)
        #expect(try PantryRepository(store).products().map(\.name).contains("Milk"))
        #expect(try store.kindVersions() == [:], "the kinds' version table is there, empty")

        for version in [6, 0, -1] {
            try connection.execute("UPDATE homescreen.identity SET version = $1", [String(version)])
            #expect { try PostgresStore.open(url: older) } throws: { error in
                guard case PostgresError.notAStore(_, let reason) = error else { return false }
                let sentence = "\(error)"
                return reason.contains("its version row says \(version)") && sentence.hasSuffix(".") && sentence.components(separatedBy: ". ").count == 1
            }
            #expect(try connection.execute("SELECT version FROM homescreen.identity").first?.int("version") == Int64(version), "left untouched")
        }
    }

    /// Issue 51, point 7: a store of this version whose version row says 7 or 8 (set back by
    /// hand) while its kinds' tables exist is brought to this version, its rows and kinds kept
    /// (step 8 again failed: "relation kindschema already exists").
    @Test(arguments: [7, 8]) func aVersionRowSetBackIsBroughtToThisVersion(_ version: Int) throws {
        let url = try PostgresServer.freshDatabase()
        try PantryRepository(PostgresStore.prepared(url: url)).addProduct(name: "Milk", amount: .one, unit: "l", due: Self.day)
        let connection = try PostgresConnection(url: url)
        let kinds = try PostgresStore.open(url: url).kindVersions()
        try connection.execute("UPDATE homescreen.identity SET version = $1", [String(version)])
        let store = try PostgresStore.prepared(url: url)
        #expect(try store.schemaVersion() == PostgresSchema.version)
        // Said, never done in silence: the row's version, the tables' and the one it says now.
        #expect(store.schemaUpgrade == SchemaUpgrade(location: store.path, from: version, tablesAt: PostgresSchema.version, to: PostgresSchema.version))
        #expect(try PostgresStore.open(url: url).schemaUpgrade == nil, "nothing to say the next time")
        #expect(try store.kindVersions() == kinds && !kinds.isEmpty)
        #expect(try PantryRepository(store).products().map(\.name) == ["Milk"])
        #expect(try PantryRepository(store).pantrySnapshot(today: Self.day, dueSoonDays: 5, limit: 5).counts.inStock == 1)
    }

    @Test func consumesFollowFirstExpiringOrderAndNeverGoBelowZero() throws {
        let store = try PostgresStore.prepared(url: try PostgresServer.freshDatabase())
        try PantryRepository(store).addProducts([("Rice", Quantity(units: 2), "kg", Self.day.adding(days: 30)), ("Spinach", Quantity(thousandths: 300), "kg", Self.day),
                               ("Éclair", Quantity(units: 1), "", Self.day), ("Zucchini", Quantity(units: 1), "", Self.day)])
        // The name's bytes break the tie on a day, as in the SQLite store: "Spinach" < "Zucchini" < "Éclair".
        #expect(try PantryRepository(store).pantrySnapshot(today: Self.day, dueSoonDays: 5, limit: 10).first.map(\.name) == ["Spinach", "Zucchini", "Éclair", "Rice"])
        let consumed = try PantryRepository(store).consume(productID: nil, amount: .one)
        #expect(consumed.productName == "Spinach" && consumed.amount == Quantity(thousandths: 300) && consumed.remaining == .zero)
        let snapshot = try PantryRepository(store).pantrySnapshot(today: Self.day, dueSoonDays: 5, limit: 10)
        #expect(snapshot.counts == PantryCounts(inStock: 3, expired: 0, dueSoon: 2))
        #expect(throws: PantryError.productEmpty(id: consumed.productID, name: "Spinach")) { try PantryRepository(store).consume(productID: consumed.productID, amount: .one) }
        #expect(throws: PantryError.unknownProduct(id: 999)) { try PantryRepository(store).consume(productID: 999, amount: .one) }
        #expect(try PantryRepository(store).undoLastConsume().remaining == Quantity(thousandths: 300))
        #expect(throws: PantryError.nothingToUndo) { try PantryRepository(store).undoLastConsume() }
        #expect(try PantryRepository(store).removeProduct(id: consumed.productID).name == "Spinach")
        #expect(throws: PantryError.unknownProduct(id: consumed.productID)) { try PantryRepository(store).updateProduct(id: consumed.productID, name: "X", amount: .one, unit: "", due: Self.day) }
    }

    /// The issue's must-hold, with four connections as four machines: 4 × 50 consumes of one
    /// product of 200 units leave exactly 0, and none fails.
    @Test func concurrentConsumesNeitherLoseNorOverdraw() throws {
        let url = try PostgresServer.freshDatabase()
        let product = try PantryRepository(PostgresStore.prepared(url: url)).addProduct(name: "Rice", amount: Quantity(units: 200), unit: "kg", due: Self.day)
        let stores = try (0..<4).map { _ in try PostgresStore.prepared(url: url) }
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            for _ in 0..<50 {
                do { _ = try PantryRepository(stores[index]).consume(productID: nil, amount: .one) } catch { failures.add("\(error)") }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let reader = try PostgresStore.prepared(url: url)
        #expect(try PantryRepository(reader).products().first { $0.id == product.id }?.amount == .zero)
        #expect(try PostgresConnection(url: url).execute("SELECT count(*) AS n FROM homescreen.consumption").first?.int("n") == 200)
        #expect(throws: PantryError.nothingInStock) { try PantryRepository(reader).consume(productID: nil, amount: .one) }
    }

    @Test func plainSQLMeetsTheSameRulesAndKeepsTheTotals() throws {
        let url = try PostgresServer.freshDatabase()
        _ = try PostgresStore.prepared(url: url)
        let sql = try PostgresConnection(url: url)
        for bad in ["INSERT INTO product (name, amountMilli, due) VALUES ('', 1, '2026-11-22')",
                    "INSERT INTO product (name, amountMilli, due) VALUES ('Milk', -1, '2026-11-22')",
                    "INSERT INTO product (name, amountMilli, due) VALUES ('Milk', 1, '2300-01-01')",
                    "INSERT INTO budget (month, limitCents, currency) VALUES ('2026-13', 100, 'EUR')",
                    "INSERT INTO event (uid, title) VALUES ('x', 'no date')"] {
            #expect(throws: PostgresError.self, "\(bad)") { try sql.execute(bad) }
        }
        // Unquoted names, as a script written for the SQLite store spells them.
        try sql.execute("INSERT INTO budget (month, limitCents, currency) VALUES ('2026-11', 80000, 'CHF')")
        try sql.execute("INSERT INTO expense (amountCents, day, note) VALUES (1250, '2026-11-03', 'Lunch'), (800, '2026-11-04', 'Bus')")
        try sql.execute("UPDATE expense SET day = '2026-12-01' WHERE note = 'Bus'")
        let totals = try sql.execute("SELECT month, spentCents, expenseCount FROM monthTotal ORDER BY month").all.map { "\($0["month"]!) \($0["spentCents"]!) \($0["expenseCount"]!)" }
        #expect(totals == ["2026-11 1250 1", "2026-12 800 1"])
        #expect(try sql.execute("SELECT currency FROM expense WHERE note = 'Lunch'").first?["currency"] == "CHF", "a missing currency is the month's")
        #expect(throws: PostgresError.self) { try sql.execute("INSERT INTO expense (amountCents, day, currency) VALUES (100, '2026-11-05', 'EUR')") }
        let revisions = try PostgresStore.prepared(url: url).revisions()
        #expect(revisions[.budget] == 1 && revisions[.expense] == 2)
    }

    @Test func anotherConnectionsCommitIsNotifiedOnTheFeedsSocket() throws {
        let url = try PostgresServer.freshDatabase()
        let store = try PostgresStore.prepared(url: url)
        let feed = try store.changeFeed()
        let writer = try PostgresStore.prepared(url: url)
        _ = try PantryRepository(writer).addProduct(name: "Milk", amount: .one, unit: "l", due: Self.day)
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5_000) == 1, "the socket wakes up")
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.product])
        // A rolled-back write notifies nothing.
        let sql = try PostgresConnection(url: url)
        try sql.execute("BEGIN")
        try sql.execute("INSERT INTO homescreen.card (firstName, lastName) VALUES ('Lan', 'Nguyen')")
        try sql.execute("ROLLBACK")
        descriptor.revents = 0
        #expect(poll(&descriptor, 1, 300) == 0)
        #expect(try feed.changedTables() == [])
        // TRUNCATE is a change too.
        try sql.execute("TRUNCATE homescreen.product CASCADE")
        descriptor.revents = 0
        #expect(poll(&descriptor, 1, 5_000) == 1 && feed.drainEvents())
        #expect(try feed.changedTables().contains(.product))
    }

    @Test func failedConnectionsSayWhyWithoutThePassword() throws {
        let server = try PostgresServer.server()
        let wrong = server.tcpURL.replacingOccurrences(of: "postgresql://homescreen@", with: "postgresql://homescreen:not-the-secret@")
        for (url, words) in [(wrong, "password authentication failed"),
                             ("postgresql://lan:s3cret@nowhere.invalid/family", "could not translate host name"),
                             ("postgresql://lan:s3cret@127.0.0.1:1/family", "Connection refused")] {
            do {
                _ = try PostgresStore.open(url: url)
                Issue.record("\(url) connected")
            } catch {
                let text = "\(error)"
                #expect(text.contains(words) && text.hasPrefix("cannot connect to the PostgreSQL store "), "\(text)")
                #expect(!text.contains("not-the-secret") && !text.contains("s3cret"))
            }
        }
        let right = server.tcpURL.replacingOccurrences(of: "postgresql://homescreen@", with: "postgresql://homescreen:\(server.password)@")
        let database = PostgresServer.url(right, database: try PostgresServer.freshDatabase().components(separatedBy: "/").last!)
        #expect(try PostgresStore.open(url: database).path.contains("homescreen@127.0.0.1"))
    }
}

final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ text: String) { lock.lock(); list.append(text); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return list }
}

/// `homescreen migrate` copies a kind's own data too, from its description: a new kind's rows
/// are not left behind when a household moves to a server.
struct KindDataMigrationTests {
    static let data = KindData(owner: "water", steps: [
        .create(DataTable(StoreTable(rawValue: "glass"), columns: [.id, .day("day"), .integer("count", 0...50), .timestamp("createdAt")])),
        .addColumn(StoreTable(rawValue: "glass"), .text("note", max: 80).orNull()),
    ])

    @Test func aKindsOwnRowsAreCopiedAndCompared() throws {
        let folder = TemporaryFolder()
        let source = try Store.open(at: folder.path("s.sqlite"))
        try source.prepare([Self.data])
        try source.writing { sql in
            try sql.execute("INSERT INTO glass (day, count, createdAt, note) VALUES ('2026-11-25', 3, '2026-11-25 08:00:00.250', 'é ☕')")
            try sql.execute("INSERT INTO glass (day, count, note) VALUES ('2026-11-26', 0, NULL)")
        }
        let target = try PostgresStore.open(url: try PostgresServer.freshDatabase())
        let report = try PostgresMigration.copy(from: source, to: target, kinds: [Self.data])
        #expect(report.rows.contains { $0.table == "glass" && $0.count == 2 })
        let copied = try target.reading { try $0.rows("SELECT day, count, createdAt, note FROM glass ORDER BY id") }
        #expect(copied.map { $0.text("day") } == ["2026-11-25", "2026-11-26"])
        #expect(copied.map { $0.int("count") } == [3, 0])
        #expect(copied[0].text("createdAt") == "2026-11-25 08:00:00.250" && copied[0].text("note") == "é ☕" && copied[1].text("note") == nil)
        #expect(try target.kindVersions()["water"] == 2)
        // The next id continues after the copied ones.
        let next = try target.writing { try $0.row("INSERT INTO glass (day, count) VALUES ('2026-11-27', 1) RETURNING id")?.int("id") }
        #expect(next == 3)
    }
}
