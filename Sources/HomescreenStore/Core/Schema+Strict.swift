import Foundation
import GRDB

/// Schema 5: every table other programs may write is STRICT, with CHECKs on type and range for
/// every column, so a row the views cannot read is refused by SQLite itself ("amountMilli =
/// 'abc'" is a type error, not a row that crashes readers). Existing stores are rebuilt table
/// by table; a row that breaks the rules is moved to `setAsideRow` with the reason, never
/// dropped silently.
extension Schema {
    /// The accepted day range of every date column: the calendar's years.
    static let firstDay = "1800-01-01", lastDay = "2199-12-31"

    /// A column check for a timestamp another program may write as `datetime('now')`.
    private static func timestamp(_ column: String) -> String { "\(column) TEXT NOT NULL CHECK (datetime(\(column)) IS NOT NULL)" }

    /// A real day in the accepted range, as YYYY-MM-DD.
    private static func day(_ column: String) -> String {
        "\(column) TEXT NOT NULL CHECK (date(\(column), '+0 days') IS \(column) AND \(column) BETWEEN '\(firstDay)' AND '\(lastDay)')"
    }

    /// The tables of schema 5, in an order where a table comes after the ones it refers to,
    /// with their columns.
    static let strictTables: [(name: String, columns: [String], definition: String)] = [
        ("product", ["id", "name", "amountMilli", "unit", "due", "createdAt"], """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
            amountMilli INTEGER NOT NULL CHECK (amountMilli BETWEEN 0 AND 1000000000),
            unit TEXT NOT NULL DEFAULT '' CHECK (length(unit) <= 20),
            \(day("due")),
            \(timestamp("createdAt"))
            """),
        ("consumption", ["id", "productID", "amountMilli", "at"], """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            productID INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE,
            amountMilli INTEGER NOT NULL CHECK (amountMilli BETWEEN 1 AND 1000000000),
            \(timestamp("at"))
            """),
        ("budget", ["month", "limitCents", "currency", "updatedAt"], """
            month TEXT PRIMARY KEY NOT NULL
                CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]' AND substr(month, 6, 2) BETWEEN '01' AND '12'
                       AND month BETWEEN '\(firstDay.prefix(7))' AND '\(lastDay.prefix(7))'),
            limitCents INTEGER NOT NULL CHECK (limitCents BETWEEN 1 AND 100000000000),
            currency TEXT NOT NULL CHECK (length(currency) = 3 AND currency GLOB '[A-Z][A-Z][A-Z]'),
            \(timestamp("updatedAt"))
            """),
        ("expense", ["id", "amountCents", "day", "note", "category", "createdAt"], """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            amountCents INTEGER NOT NULL CHECK (amountCents BETWEEN 1 AND 100000000000),
            \(day("day")),
            note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 200),
            category TEXT CHECK (category IS NULL OR length(category) <= 80),
            \(timestamp("createdAt"))
            """),
        ("publishedSnapshot", ["kind", "json", "publishedAt"], """
            kind TEXT PRIMARY KEY NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
            json TEXT NOT NULL CHECK (length(CAST(json AS BLOB)) <= \(PublishedSnapshot.maximumBytes) AND json_valid(json)),
            \(timestamp("publishedAt"))
            """),
        ("card", ["id", "serverCardID", "firstName", "lastName", "company", "title", "email", "phone", "active", "updatedAt"], """
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            serverCardID TEXT CHECK (serverCardID IS NULL OR (length(trim(serverCardID)) > 0 AND length(serverCardID) <= 200)),
            firstName TEXT NOT NULL CHECK (length(trim(firstName)) > 0 AND length(firstName) <= 100),
            lastName TEXT NOT NULL CHECK (length(trim(lastName)) > 0 AND length(lastName) <= 100),
            company TEXT CHECK (company IS NULL OR length(company) <= 100),
            title TEXT CHECK (title IS NULL OR length(title) <= 100),
            email TEXT CHECK (email IS NULL OR length(email) <= 254),
            phone TEXT CHECK (phone IS NULL OR length(phone) <= 40),
            active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            \(timestamp("updatedAt"))
            """),
        ("selectedCard", ["singleton", "cardID"], """
            singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
            cardID INTEGER NOT NULL
            """),
        ("kindRevision", ["kind", "revision"], """
            kind TEXT PRIMARY KEY NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0
            """),
        ("tableRevision", ["name", "revision"], """
            name TEXT PRIMARY KEY NOT NULL,
            revision INTEGER NOT NULL DEFAULT 0
            """),
    ]

    static func migrateToStrict(_ db: Database) throws {
        try db.execute(sql: """
            -- Rows that broke the rules when a store was made strict, kept for the user to look at.
            CREATE TABLE setAsideRow (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                tableName TEXT NOT NULL,
                content TEXT NOT NULL,
                reason TEXT NOT NULL,
                at TEXT NOT NULL
            ) STRICT;
            """)
        for table in strictTables {
            try db.execute(sql: "CREATE TABLE \(table.name)_strict (\(table.definition)) STRICT")
            let insert = try db.makeStatement(sql: """
                INSERT INTO \(table.name)_strict (\(table.columns.joined(separator: ", "))) VALUES (\(table.columns.map { _ in "?" }.joined(separator: ", ")))
                """)
            let rows = try Row.fetchCursor(db, sql: "SELECT * FROM \(table.name)")
            while let row = try rows.next() {
                let values = table.columns.map { row.hasColumn($0) ? row[$0] as DatabaseValue : .null }
                do {
                    try insert.execute(arguments: StatementArguments(values))
                } catch let error as DatabaseError {
                    try setAside(db, table: table.name, columns: table.columns, values: values, reason: error.message ?? "\(error.resultCode)")
                }
            }
            try db.execute(sql: "DROP TABLE \(table.name)")
            try db.execute(sql: "ALTER TABLE \(table.name)_strict RENAME TO \(table.name)")
        }
        // Consumptions of a product that was set aside go with it.
        let orphans = try Row.fetchAll(db, sql: "SELECT * FROM consumption WHERE productID NOT IN (SELECT id FROM product)")
        for row in orphans {
            try setAside(db, table: "consumption", columns: ["id", "productID", "amountMilli", "at"],
                         values: ["id", "productID", "amountMilli", "at"].map { row[$0] as DatabaseValue }, reason: "its product was set aside")
        }
        try db.execute(sql: "DELETE FROM consumption WHERE productID NOT IN (SELECT id FROM product)")
        // The month totals are derived: rebuilt from the expenses that stayed.
        try db.execute(sql: """
            DROP TABLE monthTotal;
            CREATE TABLE monthTotal (
                month TEXT PRIMARY KEY NOT NULL,
                spentCents INTEGER NOT NULL,
                expenseCount INTEGER NOT NULL
            ) STRICT;
            INSERT INTO monthTotal (month, spentCents, expenseCount)
                SELECT substr(day, 1, 7), SUM(amountCents), COUNT(*) FROM expense GROUP BY substr(day, 1, 7);
            CREATE INDEX productInStockByDue ON product(due, name, id) WHERE amountMilli > 0;
            CREATE INDEX consumptionByProduct ON consumption(productID);
            CREATE INDEX expenseByDay ON expense(day, id);
            """)
        try db.execute(sql: monthTotalTriggers)
        for name in ["product", "consumption", "budget", "expense", "publishedSnapshot", "card", "selectedCard"] {
            try db.execute(sql: trackingTriggers(for: StoreTable(rawValue: name)))
        }
        try db.execute(sql: "PRAGMA user_version = 5")
    }

    private static func setAside(_ db: Database, table: String, columns: [String], values: [DatabaseValue], reason: String) throws {
        var content: [String: Any] = [:]
        for (column, value) in zip(columns, values) {
            switch value.storage {
            case .null: content[column] = NSNull()
            case .int64(let number): content[column] = number
            case .double(let number): content[column] = number.isFinite ? number : "\(number)"
            case .string(let text): content[column] = text
            case .blob(let data): content[column] = "blob of \(data.count) bytes"
            }
        }
        let json = (try? JSONSerialization.data(withJSONObject: content, options: [.sortedKeys])).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        try db.execute(sql: "INSERT INTO setAsideRow (tableName, content, reason, at) VALUES (?, ?, ?, datetime('now'))",
                       arguments: [table, json, reason])
    }

    /// Spent and count per month, kept by triggers on `expense`.
    static let monthTotalTriggers = """
        CREATE TRIGGER expenseInserted AFTER INSERT ON expense BEGIN
            INSERT INTO monthTotal (month, spentCents, expenseCount) VALUES (substr(NEW.day, 1, 7), NEW.amountCents, 1)
            ON CONFLICT(month) DO UPDATE SET spentCents = spentCents + excluded.spentCents, expenseCount = expenseCount + 1;
        END;
        CREATE TRIGGER expenseDeleted AFTER DELETE ON expense BEGIN
            UPDATE monthTotal SET spentCents = spentCents - OLD.amountCents, expenseCount = expenseCount - 1
            WHERE month = substr(OLD.day, 1, 7);
        END;
        CREATE TRIGGER expenseUpdated AFTER UPDATE OF amountCents, day ON expense BEGIN
            UPDATE monthTotal SET spentCents = spentCents - OLD.amountCents, expenseCount = expenseCount - 1
            WHERE month = substr(OLD.day, 1, 7);
            INSERT INTO monthTotal (month, spentCents, expenseCount) VALUES (substr(NEW.day, 1, 7), NEW.amountCents, 1)
            ON CONFLICT(month) DO UPDATE SET spentCents = spentCents + excluded.spentCents, expenseCount = expenseCount + 1;
        END;
        """
}

/// A row that broke the rules when the store was made strict (schema 5), kept as it was.
public struct SetAsideRow: Hashable, Sendable {
    public let id: Int64
    /// The table it came from.
    public let table: String
    /// Its columns as a JSON object.
    public let content: String
    /// SQLite's reason ("CHECK constraint failed: …").
    public let reason: String
}

extension Store {
    /// The rows set aside when the store was made strict, oldest first.
    public func setAsideRows() throws -> [SetAsideRow] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM setAsideRow ORDER BY id").map {
                SetAsideRow(id: $0.lenient("id") ?? 0, table: $0.lenient("tableName") ?? "", content: $0.lenient("content") ?? "",
                            reason: $0.lenient("reason") ?? "")
            }
        }
    }
}
