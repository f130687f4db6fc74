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

    /// Set when the first read may come from the store's index alone: ready at once, so that
    /// the loop's first wait (right after the first frame) reports `.vdir` and the files are
    /// checked then (what changed while no dashboard ran shows in the next frame).
    private var checkSoon: Int32 = -1

    /// `feed` alone when no vdir is configured or watching cannot start. `checkAfterStart`: the
    /// dashboard's, whose first frame is drawn from the store's index and the files checked
    /// right after it.
    public static func wrap(_ feed: any ChangeFeed, folders: [String] = VdirCalendars.configured, checkAfterStart: Bool = false) -> any ChangeFeed {
        folders.isEmpty ? feed : VdirChangeFeed(feed, folders: folders, checkAfterStart: checkAfterStart) ?? feed
    }

    init?(_ feed: any ChangeFeed, folders: [String], checkAfterStart: Bool = false) {
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
        watchedFolders = Set(folders.map(VdirCalendar.expand)).subtracting(unwatched)
        if checkAfterStart {
            // A pipe whose writing end is closed: ready (at its end) until closed.
            var ends: [Int32] = [-1, -1]
            if pipe(&ends) == 0 {
                close(ends[1])
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                checkSoon = ends[0]
                add(checkSoon)
            }
        }
        VdirCalendars.Watches.watch(ObjectIdentifier(self), notify: notify, folders: watchedFolders, verifying: checkSoon >= 0)
    }

    /// The folders inotify watches now (what `VdirCalendars.read` may trust it for).
    private var watchedFolders: Set<String> = []

    deinit {
        VdirCalendars.Watches.unwatch(ObjectIdentifier(self))
        if checkSoon >= 0 { close(checkSoon) }
        close(notify)
        close(fileDescriptor)
    }

    private func add(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        _ = hs_descriptor_set_add(fileDescriptor, descriptor)
    }

    public func drainEvents() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var drained = false, lostWatch = false
        if checkSoon >= 0 {
            // The check after the start: once.
            _ = hs_descriptor_set_remove(fileDescriptor, checkSoon)
            close(checkSoon)
            checkSoon = -1
            drained = true
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(notify, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            drained = true
            // A folder removed or moved away ends its watch (IN_IGNORED): no longer trusted.
            var offset = 0
            while offset + 16 <= count {
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) }
                if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { lostWatch = true }
                offset += 16 + Int(length)
            }
        }
        if drained {
            vdirChanged = true
            if lostWatch { watchedFolders.removeAll() }
            if !unwatched.isEmpty {
                let before = unwatched
                unwatched.removeAll { inotify_add_watch(notify, $0, Self.mask) >= 0 }
                if !lostWatch { watchedFolders.formUnion(Set(before).subtracting(unwatched)) }
            }
            VdirCalendars.Watches.watch(ObjectIdentifier(self), notify: notify, folders: watchedFolders)
            VdirCalendars.Watches.changed()
        } else if vdirChanged && !unwatched.isEmpty {
            unwatched.removeAll { inotify_add_watch(notify, $0, Self.mask) >= 0 }
        }
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
