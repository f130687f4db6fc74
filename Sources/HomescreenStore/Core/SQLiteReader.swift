import Foundation
import GRDBSQLite
import HomescreenWidgetCore
import Synchronization

/// A store file as this version writes it, read through SQLite's C API: the status line's way
/// (a tmux status line runs every few seconds), which skips what opening through GRDB costs
/// (its connection set-up, statement authorizer and queue) and what it brings in at start.
/// It runs the same statements, the kinds' repositories' own, through `reading`; it reads and
/// nothing else: every other request throws `SQLiteReader.Unsupported`.
///
/// `Store.reader(at:)` gives one only for the common case: a file of this user's that passes
/// `StoreFile.inspect`, marked as a Homescreen store at this schema version in its header and
/// its connection. Anything else (no file yet, another program's database, an older store to
/// migrate, a newer one, a read-only mount), and any error on the way, is for `Store`: the
/// caller opens the store as every command does, so every message and exit status stays.
public final class SQLiteReader: StoreBackend {
    public let path: String
    private let connection: Mutex<Connection>

    /// The handle, used under the mutex only.
    private struct Connection: @unchecked Sendable { let handle: OpaquePointer }

    /// What a reader does not do: the caller opens the store with `Store` instead.
    public struct Unsupported: Error, CustomStringConvertible {
        public let description: String
    }

    /// SQLite's refusal of a statement (the caller falls back to `Store`, which says it).
    public struct Failure: Error, CustomStringConvertible {
        public let code: Int32
        public let description: String
    }

    private init(path: String, handle: OpaquePointer) {
        self.path = path
        connection = Mutex(Connection(handle: handle))
    }

    deinit { connection.withLock { _ = sqlite3_close_v2($0.handle) } }

    /// The reader of the store file at `path`, or nil when it is not one this version reads as
    /// it is (see the type's comment).
    static func open(at path: String) -> SQLiteReader? {
        // A `file:` URI is a path to Store (GRDB), which says what it makes of it.
        guard !path.hasPrefix("file:"), case .regular(let size)? = try? StoreFile.inspect(path), size > 0,
              access(path, R_OK) == 0,
              // What the header says is checked as `Store` checks it (a WAL store's header can
              // lag behind its last commits: the connection's word below counts).
              (try? Store.checkHeader(path: path)) != nil else { return nil }
        var handle: OpaquePointer?
        // Without SQLite's own mutex: `connection` already lets one thread at a time use it.
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
            if let handle { sqlite3_close_v2(handle) }
            return nil
        }
        sqlite3_busy_timeout(handle, Int32(Store.busyTimeout * 1000))
        let reader = SQLiteReader(path: path, handle: handle)
        // The header can lag behind a WAL store's last commits: the connection's word counts.
        guard let identity = try? reader.reading({ try $0.row(Store.identityStatement) }),
              identity.int("app").map({ Int32(truncatingIfNeeded: $0) }) == Schema.applicationID,
              identity.int("version") == Int64(Schema.version), (identity.int("objects") ?? 0) > 0 else { return nil }
        return reader
    }

    // MARK: - Reading

    /// `work` in one read transaction: one consistent view of the store, as `Store.reading`.
    public func reading<T>(_ work: (any StoreSQL) throws -> T) throws -> T {
        try connection.withLock { connection in
            let statements = SQLiteCStatements(connection.handle)
            try statements.execute("BEGIN DEFERRED TRANSACTION", [])
            defer { _ = try? statements.execute("COMMIT TRANSACTION", []) }
            return try work(statements)
        }
    }

    // MARK: - What a reader leaves to Store

    public func revisions() throws -> [StoreTable: Int] { throw Unsupported(description: "revisions") }
    public func changeFeed() throws -> any ChangeFeed { throw Unsupported(description: "a change feed") }
    public func integrityCheck() throws -> String { throw Unsupported(description: "an integrity check") }
    public func schemaVersion() throws -> Int { throw Unsupported(description: "the schema version") }
    public func setAsideRows() throws -> [SetAsideRow] { throw Unsupported(description: "the rows set aside") }
    public func batch<T>(_ work: () throws -> T) throws -> T { throw Unsupported(description: "a batch") }
    public func writing<T>(_ work: (any StoreSQL) throws -> T) throws -> T { throw Unsupported(description: "a write") }
    public func exclusively<T>(_ work: (any StoreSQL) throws -> T) throws -> T { throw Unsupported(description: "a migration") }
}

extension Store {
    /// The reader of the store file at `path` when it is a store this version reads as it is;
    /// nil for anything else, which `openReadOnly` opens (or refuses, with its sentence).
    public static func reader(at path: String) -> SQLiteReader? { SQLiteReader.open(at: path) }
}

/// `StoreSQL` on a SQLite connection through its C API, reading: values as `SQLiteStatements`
/// (GRDB) gives them (a REAL as Swift writes the Double, a BLOB as UTF-8 text).
final class SQLiteCStatements: StoreSQL {
    let handle: OpaquePointer
    init(_ handle: OpaquePointer) { self.handle = handle }

    var dialect: SQLDialect { .sqlite }

    func execute(_ sql: String, _ values: [StoreValue]) throws -> Int {
        _ = try run(sql, values, collect: false)
        return Int(sqlite3_changes(handle))
    }

    func rows(_ sql: String, _ values: [StoreValue]) throws -> [StoreRow] {
        try run(sql, values, collect: true)
    }

    private func failure() -> SQLiteReader.Failure {
        SQLiteReader.Failure(code: sqlite3_extended_errcode(handle), description: String(cString: sqlite3_errmsg(handle)))
    }

    /// Runs every statement of `sql` in turn (as GRDB does), binding `values` across them;
    /// the rows of the statements that return rows.
    private func run(_ sql: String, _ values: [StoreValue], collect: Bool) throws -> [StoreRow] {
        var rows: [StoreRow] = []
        var remaining = values[...]
        try sql.utf8CString.withUnsafeBufferPointer { text in
            var start = text.baseAddress!
            while start.pointee != 0 {
                var statement: OpaquePointer?, tail: UnsafePointer<CChar>?
                guard sqlite3_prepare_v2(handle, start, -1, &statement, &tail) == SQLITE_OK else { throw failure() }
                guard let statement else { break }   // only white space or comments were left
                defer { sqlite3_finalize(statement) }
                let count = Int(sqlite3_bind_parameter_count(statement))
                guard remaining.count >= count else { throw SQLiteReader.Failure(code: SQLITE_RANGE, description: "wrong number of statement arguments") }
                for index in 0..<count {
                    let position = Int32(index + 1)
                    let code: Int32
                    switch remaining.popFirst()! {
                    case .null: code = sqlite3_bind_null(statement, position)
                    case .integer(let number): code = sqlite3_bind_int64(statement, position, number)
                    case .text(let value): code = sqlite3_bind_text(statement, position, value, -1, SQLiteCStatements.transient)
                    }
                    guard code == SQLITE_OK else { throw failure() }
                }
                let columns = (0..<sqlite3_column_count(statement)).map { String(cString: sqlite3_column_name(statement, $0)) }
                while true {
                    let step = sqlite3_step(statement)
                    if step == SQLITE_DONE { break }
                    guard step == SQLITE_ROW else { throw failure() }
                    guard collect else { continue }
                    rows.append(StoreRow(columns: columns, values: (0..<Int32(columns.count)).map { value(statement, $0) }))
                }
                guard let tail else { break }
                start = tail
            }
        }
        guard remaining.isEmpty else { throw SQLiteReader.Failure(code: SQLITE_RANGE, description: "wrong number of statement arguments") }
        return rows
    }

    private func value(_ statement: OpaquePointer, _ column: Int32) -> StoreValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .text(String(sqlite3_column_double(statement, column)))
        case SQLITE_TEXT: return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .text("") }
            return .text(String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self))
        default: return .null
        }
    }

    /// SQLite copies the bound text (SQLITE_TRANSIENT).
    static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
}
