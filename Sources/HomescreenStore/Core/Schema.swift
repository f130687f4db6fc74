import GRDB

/// The store's versioned schema. A migration is never edited once released; a new one is added.
/// `PRAGMA application_id` marks the file as a Homescreen store and `PRAGMA user_version`
/// holds the schema version, so other programs (and older Homescreens) can tell.
enum Schema {
    /// "HOME" in ASCII.
    static let applicationID: Int32 = 0x484F_4D45

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1-pantry") { db in
            // Plain SQL: this is the schema other programs read and write (see the README).
            try db.execute(sql: """
                PRAGMA application_id = \(applicationID);
                CREATE TABLE kindRevision (
                    kind TEXT PRIMARY KEY NOT NULL,
                    revision INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE product (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL CHECK (length(trim(name)) > 0),
                    amountMilli INTEGER NOT NULL CHECK (amountMilli >= 0),
                    unit TEXT NOT NULL DEFAULT '',
                    -- A real day as YYYY-MM-DD: the modifier makes date() normalize 2026-02-30
                    -- to 2026-03-02 (without one SQLite 3.40 passes it through).
                    due TEXT NOT NULL CHECK (date(due, '+0 days') IS due),
                    createdAt DATETIME NOT NULL
                );
                -- Products in stock in first-expiring order: the pane and the consume action.
                CREATE INDEX productInStockByDue ON product(due, name, id) WHERE amountMilli > 0;
                CREATE TABLE consumption (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    productID INTEGER NOT NULL REFERENCES product(id) ON DELETE CASCADE,
                    amountMilli INTEGER NOT NULL CHECK (amountMilli > 0),
                    at DATETIME NOT NULL
                );
                CREATE INDEX consumptionByProduct ON consumption(productID);
                PRAGMA user_version = 1;
                """)
        }
        return migrator
    }

    /// The newest schema version this build knows.
    static let version = 1
}
