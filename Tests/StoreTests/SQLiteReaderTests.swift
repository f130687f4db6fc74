import Foundation
import Testing
import HomescreenStore
import HomescreenWidgets
import HomescreenWidgetCore
import HomescreenTestSupport

/// The status line's reader gives the rows `Store` gives for the same statements, and reads
/// only a store file this version writes; everything else is left to `Store`.
struct SQLiteReaderTests {
    @Test func itReadsTheRowsTheStoreReads() throws {
        let folder = TemporaryFolder()
        let path = folder.path("store.sqlite")
        let store = try Store.prepared(at: path)
        try store.writing { sql in
            try sql.execute("CREATE TABLE mixed (id INTEGER PRIMARY KEY, value ANY) STRICT")
            try sql.execute("INSERT INTO mixed (value) VALUES (NULL), (42), (-7), (1.5), (2.0), (1e300), ('text'), ('Ất Tỵ 🍞'), (x'6869'), (x''), ('')")
        }
        try PantryRepository(store).addProduct(name: "Milk #1", amount: Quantity(thousandths: 1500), unit: "l", due: LocalDateFixture.day)
        let reader = try #require(Store.reader(at: path))
        for (statement, values) in [("SELECT * FROM mixed ORDER BY id", [StoreValue]()),
                                    ("SELECT value, typeof(value) AS Kind FROM mixed WHERE id > ? ORDER BY id", [.integer(3)]),
                                    ("SELECT * FROM product WHERE name = ? AND due >= ?", [.text("Milk #1"), .text("2026-01-01")]),
                                    ("SELECT ? AS missing, ? AS number", [.null, .integer(5)])] {
            let expected = try store.reading { try $0.rows(statement, values) }
            let read = try reader.reading { try $0.rows(statement, values) }
            #expect(read.map(Self.described) == expected.map(Self.described), "\(statement)")
        }
        let snapshot = try PantryRepository(reader).pantrySnapshot(today: LocalDateFixture.day, dueSoonDays: 5, limit: 3)
        #expect(snapshot.first.map(\.name) == ["Milk #1"] && snapshot.counts.inStock == 1)
        // A statement SQLite refuses throws (the status line then reads through Store).
        #expect(throws: SQLiteReader.Failure.self) { try reader.reading { try $0.rows("SELECT * FROM nowhere") } }
        #expect(throws: SQLiteReader.Unsupported.self) { try reader.writing { try $0.execute("DELETE FROM product") } }
        #expect(try store.reading { try $0.rows("SELECT COUNT(*) AS n FROM product") }.first?.int("n") == 1)
    }

    static func described(_ row: StoreRow) -> String {
        ["id", "value", "kind", "name", "amountmilli", "due", "missing", "number"].map { "\($0)=\(String(describing: row[$0]))" }.joined(separator: " ")
    }

    /// Every store `Store.openReadOnly` would migrate, refuse or stand in for gets no reader.
    @Test func onlyAStoreOfThisVersionGetsAReader() throws {
        let folder = TemporaryFolder()
        func made(_ name: String, _ sql: String? = nil) throws -> String {
            let path = folder.path(name)
            _ = try Store.prepared(at: path)
            if let sql { #expect(try SQLiteShell.run(path, sql).status == 0) }
            return path
        }
        #expect(Store.reader(at: try made("ours.sqlite")) != nil)
        #expect(Store.reader(at: folder.path("missing.sqlite")) == nil)
        FileManager.default.createFile(atPath: folder.path("empty.sqlite"), contents: Data())
        #expect(Store.reader(at: folder.path("empty.sqlite")) == nil)
        FileManager.default.createFile(atPath: folder.path("text.sqlite"), contents: Data("not a database".utf8))
        #expect(Store.reader(at: folder.path("text.sqlite")) == nil)
        #expect(try SQLiteShell.run(folder.path("foreign.sqlite"), "CREATE TABLE t (x); INSERT INTO t VALUES (1);").status == 0)
        #expect(Store.reader(at: folder.path("foreign.sqlite")) == nil)
        #expect(Store.reader(at: try made("newer.sqlite", "PRAGMA user_version = 99;")) == nil)
        #expect(Store.reader(at: try made("older.sqlite", "PRAGMA user_version = 8;")) == nil)
        #expect(Store.reader(at: try made("other-id.sqlite", "PRAGMA application_id = 7;")) == nil)
        let shared = try made("shared.sqlite")
        #expect(chmod(shared, 0o666) == 0)
        #expect(Store.reader(at: shared) == nil)
        #expect(Store.reader(at: folder.url.path) == nil)
        #expect(Store.reader(at: "file:" + (try made("uri.sqlite"))) == nil)
    }
}
