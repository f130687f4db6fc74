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
            // The column names lowered once for all the rows (10,000 of the vdir index at once).
            // Not a cursor: through one, a store migrated from schema 5 in the same connection
            // read every expense's currency as EUR (StoreOpeningTests); fetched whole, it does not.
            let fetched = try Row.fetchAll(db, sql: sql, arguments: Self.arguments(values))
            guard let first = fetched.first else { return [] }
            let names = Array(first.columnNames).map { $0.lowercased() }
            return fetched.map { StoreRow(lowercased: names, values: $0.databaseValues.map(Self.value)) }
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
