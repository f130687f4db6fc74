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
    static let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

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
        for folder in folders.map(VdirCalendar.expand) {
            let descriptor = inotify_add_watch(notify, folder, Self.mask)
            if descriptor >= 0 {
                own[folder] = descriptor
            } else {
                unwatched.append(folder)
                let parent = inotify_add_watch(notify, (folder as NSString).deletingLastPathComponent, Self.mask)
                if parent >= 0 { parents.insert(parent) }
            }
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
        configure()
    }

    /// Each configured folder's watch (a folder that is a symlink: its target's, at the time).
    private var own: [String: Int32] = [:]
    /// The watches of missing folders' parents (every event there counts).
    private var parents: Set<Int32> = []

    private func configure() {
        let folders = Set(own.keys).union(unwatched)
        VdirCalendars.Watches.configure(ObjectIdentifier(self), folders: folders, own: Set(own.values).union(parents))
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
            // A folder removed or moved away ends its watch (IN_IGNORED): no longer trusted. In
            // a folder watched for a symlink (`Watches.follow`), only the names it leads through count.
            let followed = VdirCalendars.Watches.followed(by: ObjectIdentifier(self))
            let owned = Set(own.values).union(parents)
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                if let names = followed[watch], !owned.contains(watch) {
                    let name = String(decoding: buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }, as: UTF8.self)
                    if names.contains(name) { drained = true }
                } else {
                    drained = true
                    if owned.contains(watch), mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 { lostWatch = true }
                }
                offset += 16 + length
            }
        }
        if drained {
            // A configured folder that is a symlink pointed elsewhere: its watch follows it.
            rewatchLinkedFolders()
            vdirChanged = true
            if lostWatch { watchedFolders.removeAll() }
            if !unwatched.isEmpty {
                let before = unwatched
                unwatched.removeAll(where: watchNow)
                configure()
                if !lostWatch { watchedFolders.formUnion(Set(before).subtracting(unwatched)) }
            }
            VdirCalendars.Watches.watch(ObjectIdentifier(self), notify: notify, folders: watchedFolders)
            VdirCalendars.Watches.changed()
        } else if vdirChanged && !unwatched.isEmpty {
            unwatched.removeAll(where: watchNow)
            configure()
        }
        let concerned = inner.drainEvents()
        return concerned || vdirChanged
    }

    /// Watches a configured folder that was missing; whether it could (`configure` after).
    private func watchNow(_ folder: String) -> Bool {
        let descriptor = inotify_add_watch(notify, folder, Self.mask)
        guard descriptor >= 0 else { return false }
        own[folder] = descriptor
        return true
    }

    /// Watches each configured folder that is a symlink again: the link may lead elsewhere now
    /// (the old target's watch is dropped).
    private func rewatchLinkedFolders() {
        var changed = false
        for (folder, descriptor) in own {
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { continue }
            let now = inotify_add_watch(notify, folder, Self.mask)
            guard now >= 0, now != descriptor else { continue }
            own[folder] = now
            if !own.values.contains(descriptor) { _ = inotify_rm_watch(notify, descriptor) }
            changed = true
        }
        if changed { configure() }
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
