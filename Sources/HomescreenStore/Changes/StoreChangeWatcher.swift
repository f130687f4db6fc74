import Foundation
import GRDB
import HomescreenWidgetCore

/// Notices writes to the store by any process, without polling.
///
/// inotify on the store's folder is the trigger (SQLite appends to `<store>-wal`, which is
/// deleted and re-created at checkpoints, so the folder is watched, not the file); one dedicated
/// read-only connection confirms with `PRAGMA data_version`, which changes on every commit made
/// by another connection; the table revisions (kept by triggers) then say which tables changed.
/// The dashboard polls `fileDescriptor` together with the keyboard and timers.
///
/// A store file deleted, moved away or replaced is noticed from the same events: the feed is
/// then lost (`lostReason` says so) and its store kept as it was; when a store is at the path
/// again, `retryAt` comes due, and `retry()` moves the store (`Store.reopen`) and the feed to it.
public final class StoreChangeWatcher {
    public let fileDescriptor: Int32
    private let storeName: String
    private var connection: DatabaseQueue?
    /// Connections to files no longer at the path: kept (closing one wakes libdispatch).
    private var retired: [DatabaseQueue] = []
    private let path: String
    private let store: Store?
    private var file: StoreFile.Identity?
    private var dataVersion: Int?
    private var known: [StoreTable: Int]
    /// The revisions the last check read (`ChangeFeed.revisions`).
    public var revisions: [StoreTable: Int]? { known }
    public private(set) var lostReason: String?
    public private(set) var retryAt: Date?

    public convenience init(store: Store) throws {
        try self.init(storePath: store.path, store: store)
    }

    public init(storePath: String, store: Store? = nil) throws {
        self.store = store
        path = storePath
        storeName = (storePath as NSString).lastPathComponent
        let folder = (storePath as NSString).deletingLastPathComponent
        fileDescriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fileDescriptor >= 0 else { throw StoreError.failed(path: storePath, reason: "inotify: \(String(cString: strerror(errno)))") }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_DELETE)
        guard inotify_add_watch(fileDescriptor, folder, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fileDescriptor)
            throw StoreError.failed(path: storePath, reason: "cannot watch \(folder): \(reason)")
        }
        if FileManager.default.fileExists(atPath: storePath) {
            connection = try Store.readOnlyConnection(path: storePath)
            file = StoreFile.identity(storePath)
        } else {
            connection = nil
        }
        known = [:]
        (dataVersion, known) = try readState()
    }

    /// The file at the path is not the one followed: lost until a store is there again.
    private func checkFile() {
        guard let file, store?.standsIn != true else { return }
        let now = StoreFile.identity(path)
        guard now != file else { return }
        lostReason = "the store file was deleted or moved; a new store at \(path) is followed as soon as one is made"
        // A file there again: try to follow it now (one still empty is not a store yet; its
        // first writes bring more events).
        retryAt = (try? StoreFile.inspect(path)).map { if case .regular(let size) = $0 { return size > 0 } else { return false } } == true ? Date() : nil
    }

    /// Moves the store and the feed to the store now at the path. - Returns: whether they follow it.
    public func retry() -> Bool {
        guard lostReason != nil else { return true }
        retryAt = nil
        do {
            try store?.reopen()
            let fresh = try Store.readOnlyConnection(path: path)
            if let connection { retired.append(connection) }
            connection = fresh
            file = StoreFile.identity(path)
            (dataVersion, known) = try readState()
            lostReason = nil
            return true
        } catch {
            return false
        }
    }

    deinit { close(fileDescriptor) }

    /// Reads pending inotify events. - Returns: whether any concerned the store's files.
    public func drainEvents() -> Bool {
        var concerned = false
        let capacity = 16 * 1024
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, capacity) }
            if count <= 0 { break }
            var offset = 0
            // struct inotify_event: wd (4), mask (4), cookie (4), len (4), then len bytes of name.
            while offset + 16 <= count {
                let nameLength = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + nameLength)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if name == storeName || name == storeName + "-wal" { concerned = true }
                offset += 16 + nameLength
            }
        }
        if concerned { checkFile() }
        return concerned
    }

    /// The tables whose rows changed since the last call, confirmed by the database itself.
    /// Empty when the events were not commits (a checkpoint, a reader opening the file).
    public func changedTables() throws -> Set<StoreTable> {
        let (version, latest) = try readState()
        guard version != dataVersion || latest != known else { return [] }
        dataVersion = version
        let changed = Set(latest.keys.filter { latest[$0] != known[$0] })
        known = latest
        return changed
    }

    /// Waits up to `timeout` seconds for a confirmed change (for tools and tests; the dashboard
    /// polls the descriptor in its own loop).
    public func waitForChange(timeout: TimeInterval) throws -> Set<StoreTable> {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { return [] }
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(remaining * 1000))
            if ready > 0, drainEvents() {
                let changed = try changedTables()
                if !changed.isEmpty { return changed }
            }
        }
    }

    private func readState() throws -> (Int?, [StoreTable: Int]) {
        guard let connection else { return (nil, [:]) }
        return try connection.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA data_version"), try Store.revisions(db))
        }
    }
}
