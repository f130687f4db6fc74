import Foundation
import GRDB
import GRDBSQLite
import HomescreenWidgetCore
import Synchronization

/// The shared store: one SQLite database (WAL) that the dashboard, the CLI, status-line commands
/// and other programs use at the same time. Every write is one transaction; triggers on the
/// tables bump their revisions in it, so watchers know which panes to reload.
public final class Store: Sendable {
    public let path: String
    /// The file it has open (a pool for read-write use, a queue for read-only use, cheaper to
    /// open) and which file that is; `reopen()` moves it to the file now at `path`.
    private let opened: Mutex<Opened>
    /// An empty store in memory, standing in for a file that does not exist yet (read-only opening).
    public let standsIn: Bool

    private struct Opened: @unchecked Sendable {
        var database: any DatabaseReader
        var writer: (any DatabaseWriter)?
        var file: StoreFile.Identity?
        /// Its shared-memory file (`-shm`), which goes with the file, not with the path.
        var shm: StoreFile.Identity?
        /// Connections to files no longer at the path: kept, not closed (closing one starts
        /// libdispatch's once-a-second worker monitor for the life of the process).
        var retired: [any DatabaseReader] = []
        /// The kinds' data it was prepared with (`prepare`), prepared again on the file `reopen` takes.
        var kinds: [KindData] = []
    }

    /// Remembers the kinds' data this store was prepared with, for the file `reopen` takes.
    func rememberPrepared(_ kinds: [KindData]) { opened.withLock { $0.kinds = kinds } }

    public var database: any DatabaseReader { opened.withLock { $0.database } }
    private var writer: (any DatabaseWriter)? { opened.withLock { $0.writer } }
    /// Opened for writing (not the read-only fast path).
    var isWritable: Bool { writer != nil }

    /// Whether opening it ran `PRAGMA quick_check` (it does unless the file is as a Homescreen
    /// process last left it: `CheckedMark`).
    let checkedOnOpen: Bool

    /// What opening it did to its schema's version (nil when nothing): the command line says it.
    public let schemaUpgrade: SchemaUpgrade?

    private init(path: String, database: any DatabaseReader, writer: (any DatabaseWriter)?, standsIn: Bool = false, checkedOnOpen: Bool = false,
                 schemaUpgrade: SchemaUpgrade? = nil) {
        self.path = path
        self.checkedOnOpen = checkedOnOpen
        self.schemaUpgrade = schemaUpgrade
        self.opened = Mutex(Opened(database: database, writer: writer, file: standsIn ? nil : StoreFile.identity(path),
                                   shm: standsIn ? nil : StoreFile.identity(path + "-shm")))
        self.standsIn = standsIn
    }

    /// Closing the file keeps its mark (`CheckedMark.closeKeepingMark`): the next open need not
    /// check it. A store whose connections `reopen` took (its `file` then nil) closes nothing.
    deinit {
        let writer = opened.withLock { $0.file == nil ? nil : $0.writer as? DatabasePool }
        if let writer, !standsIn, !isReplaced { CheckedMark.closeKeepingMark(writer, path: path) }
    }

    /// Whether the file at `path` is no longer the one this store has open: deleted, moved
    /// away, or replaced by another.
    public var isReplaced: Bool {
        guard !standsIn, let file = opened.withLock({ $0.file }) else { return false }
        return StoreFile.identity(path) != file
    }

    /// Follows the path: opens the store now there (as this one was opened, for writing or for
    /// reading) and uses it from now on. - Throws: what opening it throws; nothing changes then.
    public func reopen() throws {
        // A file put at the path by a move or a copy comes without its -wal and -shm: those
        // there are still the old file's (this store holds them), and SQLite would take them
        // for the new one's. Set aside first, under the folder lock.
        let oldShm = opened.withLock { $0.shm }
        try StoreFile.withLock(path, timeout: Store.busyTimeout) { () throws(StoreError) in
            if let oldShm, StoreFile.identity(path + "-shm") == oldShm { StoreFile.setAsideOrphans(of: path) }
        }
        let fresh = isWritable ? try Store.open(at: path) : try Store.openReadOnly(at: path)
        guard !fresh.standsIn else { throw StoreError.gone(path: path) }
        // Its connections are this store's from now on: `fresh` going away must not close them.
        let taken = fresh.opened.withLock { opened in
            defer { opened.file = nil }
            return opened
        }
        let kinds = opened.withLock { current in
            current.retired.append(current.database)
            (current.database, current.writer, current.file, current.shm) = (taken.database, taken.writer, taken.file, taken.shm)
            return current.kinds
        }
        // A store just made by another process may have the shared tables and not yet the
        // kinds' own (its maker prepares them next): read nothing before they are there.
        try prepare(kinds)
    }

    /// The schema version of the shared tables this build writes (each kind's own data has its
    /// version in `kindSchema`).
    public static let currentSchema = Schema.version

    /// How long a writer waits for another process's transaction before giving up.
    public static let busyTimeout: TimeInterval = 15

    // MARK: - Opening

    /// Opens (creating if needed, mode 0600) the store for reading and writing, and migrates it.
    /// Checking, creating and migrating happen under an exclusive lock on the file, so
    /// processes racing to create the same new store take turns and all succeed.
    /// - Throws: `StoreError`, without touching a file that is not ours, is newer than us, is
    ///   damaged, or is not a regular file of this user's.
    public static func open(at path: String) throws(StoreError) -> Store {
        if try StoreFile.inspect(path) == .missing {
            try create(path: path)
            _ = try StoreFile.inspect(path)   // whoever made it first, it must be a file of ours
        }
        let folder = (path as NSString).deletingLastPathComponent
        guard access(path, R_OK) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased()) }
        if let readOnly = StoreFile.readOnlyMount(path) { throw readOnly }
        guard access(path, W_OK) == 0 else { throw .notWritable(path: path) }
        guard access(folder, W_OK) == 0 else { throw .readOnlyFolder(path: path, folder: folder) }
        return try StoreFile.withLock(path, timeout: busyTimeout) { () throws(StoreError) -> Store in
            // The header refuses what is not ours before SQLite touches the file. Only a WAL
            // file without our mark (its header may lag behind its -wal file, as a killed
            // process leaves it) is asked through a read-only connection first, one of SQLite's
            // C API (`checkIdentity`: a GRDB connection dropped would start libdispatch's worker
            // monitor, which then ticks every second for the life of the process).
            if let header = try checkHeader(path: path), header.wal, header.applicationID == 0 { try checkIdentity(path: path) }
            do {
                var configuration = Configuration()
                configuration.busyMode = .timeout(busyTimeout)
                let opening = CheckedMark.Opening(path: path)
                configuration.prepareDatabase { db in opening.connected(db) }
                let pool = try DatabasePool(path: path, configuration: configuration)
                try pool.read(Identity.read).validate(path: path)
                // A damaged file is refused before anything is written to it (issue 21); the
                // check reads every page, so it is skipped when the file is as a Homescreen
                // process last left it (`CheckedMark`).
                let checked: Bool
                do { checked = try CheckedMark.checkUnlessUnchanged(pool, path: path, opening: opening) } catch {
                    try? pool.close()
                    throw error
                }
                let upgrade = try CheckedMark.carrying(path, writer: pool) { try migrate(pool, path: path) }
                return Store(path: path, database: pool, writer: pool, checkedOnOpen: checked, schemaUpgrade: upgrade)
            } catch let error as StoreError {
                throw error
            } catch {
                throw classify(error, path: path)
            }
        }
    }

    /// Opens the store read-only with a single connection: the fast path for `status` and
    /// `render`. A store that does not exist yet reads as an empty one and is not created.
    public static func openReadOnly(at path: String) throws(StoreError) -> Store {
        guard try StoreFile.inspect(path) != .missing else { return try emptyInMemory(path: path) }
        guard access(path, R_OK) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased()) }
        try checkHeader(path: path)
        do {
            let queue = try readOnlyConnection(path: path)
            let identity = try queue.read(Identity.read)
            if identity.version < Schema.version, let readOnly = StoreFile.readOnlyMount(path) { throw readOnly }   // it would need migrating
            try identity.validate(path: path)
            if identity.isEmpty { return try emptyInMemory(path: path) }
            if identity.version < Schema.version {
                // A store of an older Homescreen: migrate it once (if we may write), then read.
                try queue.close()
                let upgraded = try open(at: path)
                return Store(path: path, database: try readOnlyConnection(path: path), writer: nil, schemaUpgrade: upgraded.schemaUpgrade)
            }
            return Store(path: path, database: queue, writer: nil)
        } catch let error as StoreError {
            throw error
        } catch {
            throw classify(error, path: path)
        }
    }

    /// One read-only connection: cheap to open, never writes, waits out writers' locks. On a
    /// file system mounted read-only, where SQLite cannot make the shared-memory file a WAL
    /// store's readers need, the file is opened as immutable (nobody can change it there).
    static func readOnlyConnection(path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN && StoreFile.onReadOnlyFileSystem(path) {
            return try DatabaseQueue(path: immutableURI(path), configuration: configuration)
        }
    }

    /// `file:` URI of `path` with `immutable=1` (SQLite reads it without locks or journal).
    static func immutableURI(_ path: String) -> String {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        let escaped = absolute.unicodeScalars.map { scalar -> String in
            scalar == "%" || scalar == "?" || scalar == "#" ? String(format: "%%%02X", scalar.value) : String(scalar)
        }.joined()
        return "file:" + escaped + "?immutable=1"
    }

    /// An empty, migrated store in memory, standing in for a store that does not exist yet.
    static func emptyInMemory(path: String) throws(StoreError) -> Store {
        do {
            let queue = try DatabaseQueue()
            try Schema.migrator.migrate(queue)
            return Store(path: path, database: queue, writer: nil, standsIn: true)
        } catch {
            throw .failed(path: path, reason: describe(error))
        }
    }

    private static func create(path: String) throws(StoreError) {
        let folder = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreate(path: path, reason: "the folder \(folder) cannot be created")
        }
        try StoreFile.withLock(path, timeout: busyTimeout) { () throws(StoreError) in
            // Under the lock no SQLite has the new file open yet: what is left of a store that
            // was deleted or moved while open is set aside, not taken for the new one's.
            if access(path, F_OK) != 0 { StoreFile.setAsideOrphans(of: path) }
            let descriptor = Glibc.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST { return }   // another process created it first: fine
                throw .cannotCreate(path: path, reason: String(cString: strerror(errno)).lowercased())
            }
            close(descriptor)
        }
    }

    /// Runs the migrations the store lacks; says what changed its version. A version row
    /// behind migrations the store already records as done (`PRAGMA user_version` set back by
    /// hand or by another program) is set to this version: the migrator runs nothing for it,
    /// and the row would otherwise stay behind, sending every read through this path.
    private static func migrate(_ pool: DatabasePool, path: String) throws -> SchemaUpgrade? {
        let (before, done) = try pool.read { db in (try Identity.read(db), try Schema.migrator.hasCompletedMigrations(db)) }
        try Schema.migrator.migrate(pool)
        guard !before.isEmpty, before.version < Schema.version else { return nil }
        guard done else { return SchemaUpgrade(location: path, from: before.version, to: Schema.version) }
        try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = \(Schema.version)") }
        return SchemaUpgrade(location: path, from: before.version, tablesAt: Schema.version, to: Schema.version)
    }

    // MARK: - Identity

    /// The header of a SQLite file, read without SQLite: anything else is not a store, and a
    /// foreign application id or a newer schema is refused before SQLite creates a journal.
    @discardableResult
    static func checkHeader(path: String) throws(StoreError) -> StoreFile.Header? {
        guard let header = try StoreFile.header(path) else { return nil }   // an empty file becomes a new store
        if header.applicationID != 0 && header.applicationID != Schema.applicationID { throw .notAStore(path: path, reason: "another program's database") }
        if header.applicationID == Schema.applicationID && Int(header.userVersion) > Schema.version {
            throw .newerSchema(path: path, found: Int(header.userVersion), supported: Schema.version)
        }
        // Tables or a version but no mark: another program's (opening it in WAL mode would change it).
        if header.applicationID == 0 && !header.wal && (header.schemaCookie != 0 || header.userVersion != 0) {
            throw .notAStore(path: path, reason: header.schemaCookie != 0 ? "another program's database" : "a database marked by another program")
        }
        return header
    }

    /// Asks the file itself, not its header, whether it is a store of ours: one read-only
    /// connection through SQLite's C API (as `SQLiteReader`), closed at once. Not a GRDB queue:
    /// dropping one disposes its `DispatchQueue`, whose queue-specific data libdispatch frees on
    /// a global queue; the worker thread that starts registers with the worker monitor, whose
    /// one-second timer then wakes the process for its whole life. This runs on every open of
    /// a store whose header lags behind its `-wal`: one a killed process left, say.
    private static func checkIdentity(path: String) throws(StoreError) {
        do {
            var handle: OpaquePointer?
            defer { if let handle { sqlite3_close_v2(handle) } }
            let opened = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
            guard opened == SQLITE_OK, let handle else {
                throw DatabaseError(resultCode: ResultCode(rawValue: opened), message: handle.map { String(cString: sqlite3_errmsg($0)) })
            }
            sqlite3_busy_timeout(handle, Int32(busyTimeout * 1000))
            let row: StoreRow?
            do { row = try SQLiteCStatements(handle).row(identityStatement) } catch let failure as SQLiteReader.Failure {
                throw DatabaseError(resultCode: ResultCode(rawValue: failure.code), message: failure.description)
            }
            guard let row, let app = row.int("app"), let version = row.int("version"), let objects = row.int("objects") else {
                throw StoreError.notAStore(path: path, reason: nil)
            }
            try Identity(applicationID: Int32(truncatingIfNeeded: app), version: Int(version), objectCount: Int(objects)).validate(path: path)
        } catch let error as StoreError {
            throw error
        } catch {
            throw classify(error, path: path)
        }
    }

    /// The file's mark, its schema version and how many objects it has (`Identity`; the
    /// status line's `SQLiteReader` checks the same).
    static let identityStatement = """
        SELECT (SELECT application_id FROM pragma_application_id) AS app,
               (SELECT user_version FROM pragma_user_version) AS version,
               (SELECT COUNT(*) FROM sqlite_master) AS objects
        """

    private struct Identity {
        let applicationID: Int32
        let version: Int
        let objectCount: Int

        static func read(_ db: Database) throws -> Identity {
            let row = try Row.fetchOne(db, sql: Store.identityStatement)!
            return Identity(applicationID: Int32(truncatingIfNeeded: row["app"] as Int64), version: row["version"], objectCount: row["objects"])
        }

        /// A brand-new SQLite file: no id, no version, no tables. Anything else must be ours.
        var isEmpty: Bool { applicationID == 0 && version == 0 && objectCount == 0 }

        func validate(path: String) throws(StoreError) {
            if isEmpty { return }
            guard applicationID == Schema.applicationID else {
                throw .notAStore(path: path, reason: applicationID == 0 && objectCount == 0 ? "a database marked by another program" : "another program's database")
            }
            if version > Schema.version { throw .newerSchema(path: path, found: version, supported: Schema.version) }
        }
    }

    private static func classify(_ error: any Error, path: String) -> StoreError {
        if let database = error as? DatabaseError {
            if let condition = condition(database, path: path) { return condition }
            switch database.resultCode {
            case .SQLITE_NOTADB: return .notAStore(path: path, reason: nil)
            case .SQLITE_CORRUPT: return .corrupt(path: path, detail: database.message ?? "SQLITE_CORRUPT")
            default: break
            }
        }
        return .failed(path: path, reason: describe(error))
    }

    /// A state of the machine SQLite ran into (a full disk, a read-only file or mount), said
    /// as what the user can do about it; nil for anything else (a rule's refusal, a bug).
    static func condition(_ error: DatabaseError, path: String) -> StoreError? {
        switch error.resultCode {
        case .SQLITE_FULL: return .diskFull(path: path, mount: StoreFile.mountPoint(of: path))
        case .SQLITE_BUSY: return .busy(path: path, seconds: Int(busyTimeout))
        // Growing the WAL or its shared memory on a full disk is an I/O error to SQLite.
        case .SQLITE_IOERR where StoreFile.isFull(path): return .diskFull(path: path, mount: StoreFile.mountPoint(of: path))
        case .SQLITE_READONLY:
            return StoreFile.readOnlyMount(path) ?? .notWritable(path: path)
        default: return nil
        }
    }

    /// `work`, with the machine's conditions said as `StoreError`s.
    private func sayingConditions<T>(_ work: () throws -> T) throws -> T {
        do { return try work() } catch let error as DatabaseError {
            throw Self.condition(error, path: path) ?? error
        }
    }

    static func describe(_ error: any Error) -> String {
        if let database = error as? DatabaseError { return database.message ?? "\(database.resultCode)" }
        return "\(error)"
    }

    // MARK: - Access

    /// Runs `work` in one write transaction. The tables' triggers record what changed. Inside
    /// `batch`, it joins the batch's transaction.
    public func write<T>(_ work: (Database) throws -> T) throws -> T {
        if let batch = batchDatabase { return try work(batch) }
        guard let writer else { throw readOnly }
        if isReplaced { throw StoreError.gone(path: path) }
        let result = try sayingConditions { try CheckedMark.carrying(path, writer: writer) { try writer.write(work) } }
        // Deleted while the write ran: it went to the file that is gone, not to the store.
        if isReplaced { throw StoreError.gone(path: path) }
        return result
    }

    /// Deletes the row `id` of `table` in one write transaction. - Returns: the row as it was.
    /// - Throws: `missing` when there is no such row (nothing is deleted).
    func deleteRow(from table: String, id: Int64, missing: @autoclosure () -> any Error) throws -> Row {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM \(table) WHERE id = ?", arguments: [id]) else { throw missing() }
            try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
            return row
        }
    }

    public func read<T>(_ work: (Database) throws -> T) throws -> T {
        if let batch = batchDatabase { return try work(batch) }
        return try sayingConditions { try database.read(work) }
    }

    /// Runs `work` as one write transaction: every read and write of this store that `work`
    /// makes on this thread joins it, so it all happens or none of it does (`demo` fills a
    /// store whole or leaves it untouched), and concurrent batches take turns.
    public func batch<T>(_ work: () throws -> T) throws -> T {
        if batchDatabase != nil { return try work() }
        guard let writer else { throw readOnly }
        if isReplaced { throw StoreError.gone(path: path) }
        let result = try sayingConditions { try CheckedMark.carrying(path, writer: writer) { try writer.write { db in
            Thread.current.threadDictionary[batchKey] = db
            defer { Thread.current.threadDictionary.removeObject(forKey: batchKey) }
            return try work()
        } } }
        if isReplaced { throw StoreError.gone(path: path) }
        return result
    }

    /// Why a store opened for reading does not write: its file system, or how it was opened.
    private var readOnly: StoreError {
        StoreFile.readOnlyMount(path) ?? .failed(path: path, reason: "opened read-only")
    }

    private var batchKey: String { "homescreen.batch.\(ObjectIdentifier(self).hashValue)" }
    private var batchDatabase: Database? { Thread.current.threadDictionary[batchKey] as? Database }

    /// The revision of every tracked table that has been written.
    public func revisions() throws -> [StoreTable: Int] {
        try read(Self.revisions)
    }

    static func revisions(_ db: Database) throws -> [StoreTable: Int] {
        var result: [StoreTable: Int] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT name, revision FROM tableRevision") {
            guard let name = row.lenient("name") as String?, let revision = row.lenient("revision") as Int? else { continue }
            result[StoreTable(rawValue: name)] = revision
        }
        return result
    }

    /// Tracks the changes of a table another part of the program created (a kind with a table
    /// of its own): triggers bump its revision on every write, as for the built-in tables.
    public func trackChanges(of table: StoreTable) throws {
        try write { db in try db.execute(sql: Schema.trackingTriggers(for: table)) }
    }

    /// `PRAGMA integrity_check`, "ok" when healthy.
    public func integrityCheck() throws -> String {
        try read { try String.fetchAll($0, sql: "PRAGMA integrity_check").joined(separator: "; ") }
    }

    public func schemaVersion() throws -> Int {
        try read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
    }
}

extension Store {
    /// Every row of a table as text (NULL as nil), in `columns` order and by `order`: what
    /// `homescreen migrate` copies to another backend and compares after.
    public func textRows(of table: String, columns: [String], order: String) throws -> [[String?]] {
        precondition(([table] + columns).allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber } }, "plain identifiers")
        return try read { db in
            try Row.fetchAll(db, sql: "SELECT \(columns.map { "CAST(\($0) AS TEXT) AS \($0)" }.joined(separator: ", ")) FROM \(table) ORDER BY \(order)")
                .map { row in columns.map { row[$0] as String? } }
        }
    }
}
