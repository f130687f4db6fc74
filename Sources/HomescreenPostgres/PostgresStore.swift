import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// The shared store on a PostgreSQL server, for a household on several machines. The same
/// domains as the SQLite store, the same rules (held by the schema's CHECKs and triggers), and
/// changes followed with LISTEN/NOTIFY instead of inotify. One connection, used under a lock;
/// every write is one transaction, run again when the server reports a serialization failure.
public final class PostgresStore: @unchecked Sendable {
    public let url: String
    let connection: PostgresConnection
    private let lock = NSRecursiveLock()
    private var inTransaction = false

    /// The URL without its password: what messages and `doctor` show.
    public var path: String { connection.location }

    /// What opening it did to its schema's version (nil when nothing): the command line says it.
    public private(set) var schemaUpgrade: SchemaUpgrade?

    /// Connects, checks that the database holds a Homescreen store of a version this build
    /// reads, and creates the schema in a database that has no tables of its own yet.
    public static func open(url: String) throws(PostgresError) -> PostgresStore {
        let store = PostgresStore(url: url, connection: try PostgresConnection(url: url))
        try store.prepare()
        return store
    }

    init(url: String, connection: PostgresConnection) {
        self.url = url
        self.connection = connection
    }

    /// The identity check, then the schema for an empty database or the steps an older store
    /// lacks, in one transaction under an advisory lock (machines starting together create or
    /// migrate it once). A version row this build cannot take (newer, or one no Homescreen
    /// wrote: below 7, 0, −1) is refused and the store left as it is.
    private func prepare() throws(PostgresError) {
        // The common case in one round trip: the store is there, at this build's version.
        if let identity = try? connection.execute("SELECT applicationID, version FROM homescreen.identity WHERE singleton = 1").first,
           identity.int("applicationID") == Int64(PostgresSchema.applicationID), identity.int("version") == Int64(PostgresSchema.version) {
            return
        }
        do {
            schemaUpgrade = try withoutDeadline { try transaction { () throws -> SchemaUpgrade? in
                // Creating or migrating a large store (or waiting for another machine doing it)
                // may take longer than a statement may.
                try execute("SET LOCAL statement_timeout = 0")
                try execute("SELECT pg_advisory_xact_lock(\(PostgresSchema.applicationID))")
                let schema = try execute("SELECT count(*) AS n FROM information_schema.schemata WHERE schema_name = $1", [PostgresSchema.name]).first?.int("n") ?? 0
                if schema == 0 {
                    let tables = try execute("""
                        SELECT count(*) AS n FROM information_schema.tables
                        WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
                        """).first?.int("n") ?? 0
                    guard tables == 0 else {
                        throw PostgresError.notAStore(location: path, reason: "it holds another program's tables (\(tables)) and no homescreen schema; use a database of its own (createdb homescreen)")
                    }
                    try connection.executeScript(PostgresSchema.creation)
                }
                guard let identity = try? execute("SELECT applicationID, version FROM homescreen.identity WHERE singleton = 1").first,
                      identity.int("applicationID") == Int64(PostgresSchema.applicationID), let version = identity.int("version").map(Int.init) else {
                    throw PostgresError.notAStore(location: path, reason: "its schema homescreen was not made by Homescreen")
                }
                if version > PostgresSchema.version { throw PostgresError.newerSchema(location: path, found: version, supported: PostgresSchema.version) }
                guard version >= PostgresSchema.firstVersion else {
                    throw PostgresError.notAStore(location: path, reason: "its version row says \(version), a schema no Homescreen wrote on PostgreSQL (they begin at \(PostgresSchema.firstVersion))")
                }
                // A version row behind what the schema holds (set back by hand, or the identity
                // restored alone): kindSchema is what step 8 made, in the transaction that wrote 8,
                // so with it there the store is at least at 8 (9 differs only by what the kinds
                // prepare themselves). Running step 8 again failed on "relation kindschema already exists".
                let kindSchema = try version < PostgresSchema.version && (execute("""
                    SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'kindschema'
                    """, [PostgresSchema.name]).first?.int("n") ?? 0) > 0
                let reached = version < 8 && kindSchema ? 8 : version
                for step in PostgresSchema.ladder where step.version > reached {
                    try connection.executeScript(step.sql)
                    try execute("UPDATE identity SET version = $1 WHERE singleton = 1", [String(step.version)])
                }
                guard version < PostgresSchema.version else { return nil }
                // Said on one line by the command line. Rows in kindSchema are the kinds' own
                // tables, which only a store at 9 has (a store at 8 gets them after its row says
                // 9): with them the tables were already 9's, whatever the row said.
                let kindsOwnTables = try kindSchema && (execute("SELECT count(*) AS n FROM kindSchema").first?.int("n") ?? 0) > 0
                let tablesAt = kindsOwnTables ? PostgresSchema.version : reached > version ? reached : nil
                return SchemaUpgrade(location: path, from: version, tablesAt: tablesAt, to: PostgresSchema.version)
            } }
        } catch let error as PostgresError {
            throw error
        } catch {
            throw .failed(location: path, sqlState: nil, message: "\(error)")
        }
    }

    // MARK: - Statements and transactions

    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> [PostgresRows.Row] {
        try acquire()
        defer { lock.unlock() }
        guard !inTransaction else { return try connection.execute(sql, parameters).all }
        // Outside a transaction only reads run here: one that finds the connection dead (the
        // server restarted since the last statement) runs again on a new one; one the server
        // did not answer in time is not sent again.
        try checkAnswering()
        do {
            return try connection.execute(sql, parameters).all
        } catch {
            guard connection.isBroken, !error.isTimeout else { throw error }
            try connection.reconnectIfBroken()
            return try connection.execute(sql, parameters).all
        }
    }

    func affected(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> Int {
        try acquire()
        defer { lock.unlock() }
        return try connection.execute(sql, parameters).affected
    }

    /// Runs `work` as one transaction (joining the one in progress, as `batch` asks); a
    /// serialization failure or a deadlock runs it again, up to five times.
    /// - Parameter begin: how it begins (a read asks for one snapshot: REPEATABLE READ READ ONLY).
    func transaction<T>(_ begin: String = "BEGIN ISOLATION LEVEL READ COMMITTED", _ work: () throws -> T) throws -> T {
        try acquire()
        defer { lock.unlock() }
        if inTransaction { return try work() }
        var attempt = 0
        while true {
            attempt += 1
            try checkAnswering()
            // BEGIN is the first statement on a connection the server may have dropped since:
            // nothing was sent yet, so it is safe to connect again and begin once more.
            do {
                try connection.execute(begin)
            } catch {
                guard connection.isBroken, !error.isTimeout else { throw error }
                try connection.reconnectIfBroken()
                try connection.execute(begin)
            }
            inTransaction = true
            do {
                let value = try work()
                inTransaction = false
                try connection.execute("COMMIT")
                return value
            } catch {
                inTransaction = false
                _ = try? connection.execute("ROLLBACK")
                if let failure = error as? PostgresError, failure.isRetryable, attempt < 5 { continue }
                throw error
            }
        }
    }

    /// The connection's lock, waited for no longer than a round trip may take: a statement
    /// another thread has waiting on a server that does not answer holds it.
    private func acquire() throws(PostgresError) {
        guard lock.lock(before: Date().addingTimeInterval(PostgresConnection.roundTrip)) else {
            throw .timedOut(location: path, seconds: Int(PostgresConnection.roundTrip), committing: false)
        }
    }

    /// Since when the server has not answered (a round trip ran past its deadline): until it
    /// does again, statements fail at once, and a new connection is tried at most every
    /// `retryPause` (each try waits out libpq's connect_timeout).
    private var unansweredSince: Date?
    private var lastTry: Date?
    static let retryPause: TimeInterval = 2

    /// Connects again if the connection was dropped; while the server does not answer, says
    /// so at once instead of waiting on it again.
    private func checkAnswering() throws(PostgresError) {
        let unanswered = { [connection, path] in PostgresError.timedOut(location: path, seconds: Int(connection.deadline.rounded()), committing: false) }
        if unansweredSince == nil, connection.abandonedForTime { (unansweredSince, lastTry) = (Date(), Date()) }
        if unansweredSince != nil {
            if let lastTry, Date().timeIntervalSince(lastTry) < Self.retryPause { throw unanswered() }
            lastTry = Date()
            do { try connection.reconnectIfBroken() } catch { throw unanswered() }
            unansweredSince = nil
            lastTry = nil
            return
        }
        try connection.reconnectIfBroken()
    }

    /// `work` with no deadline on the round trips (creating or migrating a store, which may
    /// take minutes on a large one).
    func withoutDeadline<T>(_ work: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        let deadline = connection.deadline
        connection.deadline = 24 * 3600
        defer { connection.deadline = deadline }
        return try work()
    }

    /// How long a round trip to the server may take before Homescreen gives it up.
    public static var roundTrip: TimeInterval { PostgresConnection.roundTrip }

    static func timestamp(_ date: Date) -> String { String(format: "%.6f", date.timeIntervalSince1970) }
}

extension PostgresStore: StoreBackend {

    public func revisions() throws -> [StoreTable: Int] {
        var result: [StoreTable: Int] = [:]
        for row in try execute("SELECT name, revision FROM homescreen.tableRevision") {
            if let name = row["name"], let table = PostgresChangeFeed.table(named: name), let revision = row.int("revision") { result[table] = Int(revision) }
        }
        return result
    }

    public func integrityCheck() throws -> String {
        let version = try execute("SELECT current_setting('server_version') AS v").first?["v"] ?? "?"
        return "schema \(try schemaVersion()), PostgreSQL \(version), connection ok"
    }

    public func schemaVersion() throws -> Int {
        Int(try execute("SELECT version FROM homescreen.identity WHERE singleton = 1").first?.int("version") ?? 0)
    }

    /// A PostgreSQL store is made strict from the start: nothing was ever set aside.
    public func setAsideRows() throws -> [SetAsideRow] { [] }

    public func batch<T>(_ work: () throws -> T) throws -> T { try transaction { try work() } }
}
