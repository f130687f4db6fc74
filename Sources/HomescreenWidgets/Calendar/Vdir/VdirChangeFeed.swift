import CSystemEvents
import Foundation
import HomescreenStore

extension StoreTable {
    /// Not a table: what the change feed reports when a configured vdir's files changed.
    public static let vdir = StoreTable(rawValue: "vdir")
}

/// The store's change feed plus inotify on the configured vdirs, as one descriptor (an epoll
/// set holding both), so the dashboard, `status --follow` and the reminders wait on it as they
/// wait on the store's: a vdir changed by any program reports `.vdir`, which reloads the
/// calendar's panes. Events read in one drain count once: a burst of 1,000 files written in a
/// first sync is one reload (the loop's debounce coalesces the next ones).
public final class VdirChangeFeed: ChangeFeed {
    private let inner: any ChangeFeed
    public let fileDescriptor: Int32
    private let notify: Int32
    private var innerDescriptor: Int32
    private var vdirChanged = false
    /// Configured folders that did not exist when last tried.
    private var unwatched: [String] = []
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

    /// `feed` alone when no vdir is configured or watching cannot start.
    public static func wrap(_ feed: any ChangeFeed, folders: [String] = VdirCalendars.configured) -> any ChangeFeed {
        folders.isEmpty ? feed : VdirChangeFeed(feed, folders: folders) ?? feed
    }

    init?(_ feed: any ChangeFeed, folders: [String]) {
        inner = feed
        notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        fileDescriptor = hs_descriptor_set()
        innerDescriptor = feed.fileDescriptor
        guard notify >= 0, fileDescriptor >= 0 else {
            if notify >= 0 { close(notify) }
            if fileDescriptor >= 0 { close(fileDescriptor) }
            return nil
        }
        // A folder missing now is said by `doctor`; its parent is watched so that its creation
        // is seen, and the folder itself from then on.
        for folder in folders.map(VdirCalendar.expand) where inotify_add_watch(notify, folder, Self.mask) < 0 {
            unwatched.append(folder)
            _ = inotify_add_watch(notify, (folder as NSString).deletingLastPathComponent, Self.mask)
        }
        add(notify)
        add(innerDescriptor)
    }

    deinit {
        close(notify)
        close(fileDescriptor)
    }

    private func add(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        _ = hs_descriptor_set_add(fileDescriptor, descriptor)
    }

    public func drainEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while buffer.withUnsafeMutableBytes({ read(notify, $0.baseAddress, $0.count) }) > 0 { vdirChanged = true }
        if vdirChanged && !unwatched.isEmpty { unwatched.removeAll { inotify_add_watch(notify, $0, Self.mask) >= 0 } }
        let concerned = inner.drainEvents()
        return concerned || vdirChanged
    }

    public func changedTables() throws -> Set<StoreTable> {
        var tables = try inner.changedTables()
        if vdirChanged {
            vdirChanged = false
            tables.insert(.vdir)
        }
        return tables
    }

    public var revisions: [StoreTable: Int]? { inner.revisions }
    public var lostReason: String? { inner.lostReason }
    public var retryAt: Date? { inner.retryAt }
    public var followsServer: Bool { inner.followsServer }

    public func retry() -> Bool {
        let followed = inner.retry()
        // A server's feed may follow it on a new socket.
        if inner.fileDescriptor != innerDescriptor {
            if innerDescriptor >= 0 { _ = hs_descriptor_set_remove(fileDescriptor, innerDescriptor) }
            innerDescriptor = inner.fileDescriptor
            add(innerDescriptor)
        }
        return followed
    }
}
