import GRDB

/// The SQLite store's side of `StoreSQL`: statements on a GRDB connection.
final class SQLiteStatements: StoreSQL {
    let db: Database
    init(_ db: Database) { self.db = db }

    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ values: [StoreValue]) throws -> Int {
        try refusing { try db.execute(sql: sql, arguments: Self.arguments(values)) }
        return db.changesCount
    }

    func rows(_ sql: String, _ values: [StoreValue]) throws -> [StoreRow] {
        try refusing {
            // A cursor, and the column names lowered once: 10,000 rows (the vdir index) in one go.
            let cursor = try Row.fetchCursor(db, sql: sql, arguments: Self.arguments(values))
            var rows: [StoreRow] = [], columns: [String]?
            while let row = try cursor.next() {
                let names = columns ?? row.columnNames.map { $0.lowercased() }
                columns = names
                rows.append(StoreRow(lowercased: names, values: row.databaseValues.map(Self.value)))
            }
            return rows
        }
    }

    /// A rule of the schema that said no (CHECK, NOT NULL, a STRICT type, a trigger's RAISE).
    private func refusing<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT || error.resultCode == .SQLITE_MISMATCH {
            throw ConstraintViolation(error.message ?? "\(error.extendedResultCode)")
        }
    }

    static func arguments(_ values: [StoreValue]) -> StatementArguments {
        StatementArguments(values.map { value -> DatabaseValue in
            switch value {
            case .null: return .null
            case .integer(let number): return number.databaseValue
            case .text(let text): return text.databaseValue
            }
        })
    }

    static func value(_ value: DatabaseValue) -> StoreValue {
        switch value.storage {
        case .null: return .null
        case .int64(let number): return .integer(number)
        case .double(let number): return .text(String(number))
        case .string(let text): return .text(text)
        case .blob(let data): return .text(String(decoding: data, as: UTF8.self))
        }
    }
}

extension Store {
    public func reading<T>(_ work: (any StoreSQL) throws -> T) throws -> T { try read { try work(SQLiteStatements($0)) } }
    public func writing<T>(_ work: (any StoreSQL) throws -> T) throws -> T { try write { try work(SQLiteStatements($0)) } }

    public func exclusively<T>(_ work: (any StoreSQL) throws -> T) throws -> T {
        // The empty store standing in for a missing file: its tables are made in memory.
        if standsIn, let queue = database as? DatabaseQueue { return try queue.write { try work(SQLiteStatements($0)) } }
        // Opened for reading: migrating needs a writer, once.
        guard isWritable else { return try Store.open(at: path).exclusively(work) }
        var result: Result<T, any Error>!
        try StoreFile.withLock(path, timeout: Store.busyTimeout) { () throws(StoreError) in
            result = Result { try writing(work) }
        }
        return try result.get()
    }
}
