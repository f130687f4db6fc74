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
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "kindRevision") { table in
                table.primaryKey("kind", .text)
                table.column("revision", .integer).notNull().defaults(to: 0)
            }
            try db.create(table: "product") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull().check(sql: "length(trim(name)) > 0")
                table.column("amountMilli", .integer).notNull().check { $0 >= 0 }
                table.column("unit", .text).notNull().defaults(to: "")
                // A real day as YYYY-MM-DD: a modifier makes date() normalize 2026-02-30 to
                // 2026-03-02 (without one, SQLite 3.40 passes it through), so only real days match.
                table.column("due", .text).notNull().check(sql: "date(due, '+0 days') IS due")
                table.column("createdAt", .datetime).notNull()
            }
            // Products in stock in first-expiring order: serves the pane and the consume action.
            try db.execute(sql: "CREATE INDEX productInStockByDue ON product(due, name, id) WHERE amountMilli > 0")
            try db.create(table: "consumption") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("product", onDelete: .cascade).notNull()
                table.column("amountMilli", .integer).notNull().check { $0 > 0 }
                table.column("at", .datetime).notNull()
            }
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        return migrator
    }

    /// The newest schema version this build knows.
    static let version = 1
}
