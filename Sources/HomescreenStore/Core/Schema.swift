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
        migrator.registerMigration("2-budget") { db in
            try db.execute(sql: """
                -- One limit per month, in the month's currency.
                CREATE TABLE budget (
                    month TEXT PRIMARY KEY NOT NULL
                        CHECK (month GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]' AND substr(month, 6, 2) BETWEEN '01' AND '12'),
                    limitCents INTEGER NOT NULL CHECK (limitCents > 0 AND limitCents <= 100000000000),
                    currency TEXT NOT NULL CHECK (length(currency) = 3),
                    updatedAt DATETIME NOT NULL
                );
                -- Amounts in hundredths of the month's budget currency.
                CREATE TABLE expense (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    amountCents INTEGER NOT NULL CHECK (amountCents > 0 AND amountCents <= 100000000000),
                    day TEXT NOT NULL CHECK (date(day, '+0 days') IS day),
                    note TEXT NOT NULL DEFAULT '',
                    category TEXT,
                    createdAt DATETIME NOT NULL
                );
                CREATE INDEX expenseByDay ON expense(day, id);
                -- Spent and count per month, kept by triggers, so a pane never sums 100,000 rows
                -- and a program writing the expense table directly keeps them right too.
                CREATE TABLE monthTotal (
                    month TEXT PRIMARY KEY NOT NULL,
                    spentCents INTEGER NOT NULL,
                    expenseCount INTEGER NOT NULL
                );
                \(monthTotalTriggers)
                -- Widget data published by another program (`homescreen publish KIND`): the
                -- validated JSON, replaced whole in one transaction.
                CREATE TABLE publishedSnapshot (
                    kind TEXT PRIMARY KEY NOT NULL,
                    json TEXT NOT NULL,
                    publishedAt DATETIME NOT NULL
                );
                PRAGMA user_version = 2;
                """)
        }
        migrator.registerMigration("3-card") { db in
            try db.execute(sql: """
                -- Business cards (seed 004's WidgetCardData). Names are required; the rest is
                -- optional. serverCardID is the id of the card on the sharing server: with one,
                -- the code is the card's URL; without, a vCard.
                CREATE TABLE card (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    serverCardID TEXT CHECK (serverCardID IS NULL OR length(trim(serverCardID)) > 0),
                    firstName TEXT NOT NULL CHECK (length(trim(firstName)) > 0),
                    lastName TEXT NOT NULL CHECK (length(trim(lastName)) > 0),
                    company TEXT,
                    title TEXT,
                    email TEXT,
                    phone TEXT,
                    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
                    updatedAt DATETIME NOT NULL
                );
                -- The card the card widget shows, one row at most. It is not a foreign key on
                -- purpose: a removed card stays selected, and the widget says "Card unavailable".
                CREATE TABLE selectedCard (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    cardID INTEGER NOT NULL
                );
                PRAGMA user_version = 3;
                """)
        }
        migrator.registerMigration("4-table-revisions") { db in
            // Changes are tracked by the data they touch: every table a view reads has triggers
            // that bump its revision in the writer's own transaction. A program that writes
            // plain SQL needs to know nothing about revisions. (kindRevision, the earlier
            // contract, stays so that old scripts still run; nothing reads it any more.)
            try db.execute(sql: """
                CREATE TABLE tableRevision (
                    name TEXT PRIMARY KEY NOT NULL,
                    revision INTEGER NOT NULL DEFAULT 0
                );
                """)
            // A fixed list: a table tracked later gets its triggers in its own migration.
            for name in ["product", "consumption", "budget", "expense", "publishedSnapshot", "card", "selectedCard"] {
                try db.execute(sql: trackingTriggers(for: StoreTable(rawValue: name)))
            }
            try db.execute(sql: "PRAGMA user_version = 4")
        }
        migrator.registerMigration("5-strict") { db in try migrateToStrict(db) }
        migrator.registerMigration("6-expense-currency") { db in try addExpenseCurrency(db) }
        migrator.registerMigration("7-event") { db in try addEvents(db) }
        migrator.registerMigration("8-kind-data") { db in
            // From here on a kind's own tables are its own: described in its folder
            // (`KindData`), versioned per kind in this table, migrated on either backend.
            try db.execute(sql: """
                CREATE TABLE kindSchema (
                    kind TEXT PRIMARY KEY NOT NULL CHECK (length(kind) BETWEEN 1 AND 40),
                    version INTEGER NOT NULL CHECK (version >= 1)
                ) STRICT;
                PRAGMA user_version = 8;
                """)
        }
        migrator.registerMigration("9-kinds-own-tables") { db in
            // The tables migrations 1–7 made are now their kinds' own: when a kind first
            // prepares the store (`KindData`), it rebuilds them as it describes them, rows kept.
            // An older Homescreen would not know them in that form, so the version says so.
            try db.execute(sql: "PRAGMA user_version = 9")
        }
        return migrator
    }

    /// The newest schema version this build knows (the shared tables; each kind's own data has
    /// its version in `kindSchema`).
    static let version = 9

    /// Triggers that bump `table`'s revision after every insert, update and delete.
    static func trackingTriggers(for table: StoreTable) -> String {
        DataTable.tracking(table, .sqlite).map { $0 + ";" }.joined(separator: "\n")
    }
}
