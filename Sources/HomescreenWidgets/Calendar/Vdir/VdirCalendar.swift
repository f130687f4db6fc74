import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// One calendar kept as a vdir (issue 54): a folder of `.ics` files, one event (with its
/// overrides) per file, as vdirsyncer and khal keep them; a `displayname` and a `color` file
/// when present. Read only: every file is parsed and expanded by the same code as `event
/// import` (`ICalendar.parse`); what cannot be read is skipped with a sentence naming it.
public struct VdirCalendar: Sendable {
    /// The folder, `~` expanded.
    public let path: String
    /// The `displayname` file's first line, else the folder's name.
    public var name: String
    /// The `color` file's first line (`#rrggbb`), when present.
    public var color: String?
    public var events: [CalendarEvent] = []
    /// The `.ics` files found.
    public var fileCount = 0
    /// The newest modification time among them.
    public var newest: Date?
    /// How many of its files this read opened and parsed (the others were known: unchanged
    /// since this process or the store's index read them).
    public var filesRead = 0
    /// What was skipped and why, one sentence each, naming the folder or file.
    public var problems: [String] = []

    /// The largest file read (a larger one is named in `problems`, not read).
    public static let maximumFileSize = 4 << 20

    /// Reads `folder`. `uids`: the UIDs already taken by files read before (other vdirs); a
    /// file whose UID one of them holds is skipped. `nextID`: the (negative) id the next event
    /// gets, so that events of vdirs never share an id with the store's (positive) ones.
    public static func read(_ folder: String, timeZone: Zone, uids: inout [String: String], nextID: inout Int64) -> VdirCalendar {
        var session = IndexSession(known: nil, saving: false)
        return read(folder, timeZone: timeZone, uids: &uids, nextID: &nextID, index: &session)
    }

    /// What one read of the vdirs takes from the store's index and gives back to it.
    struct IndexSession {
        /// The index's rows by path (nil: no index, or this process consulted it already).
        let known: [String: VdirIndex.Entry]?
        /// Whether what is read now goes to the index.
        let saving: Bool
        /// What the index is to learn: files read now, or known to this process but not to it.
        var read: [String: VdirIndex.Entry] = [:]
        /// How many files were opened and parsed.
        var opened = 0
        /// Paths of the index that are no longer files of the folders read.
        var gone: [String] = []
        /// Whether some file is a symlink (its target may change with no event in the folder).
        var linked = false
        /// The names each folder holds that a symlink of the vdirs leads through (a linked
        /// file's target, a linked folder's link): a change there is a change of the vdir,
        /// which the change feeds then watch (`Watches.follow`).
        var followed: [String: Set<String>] = [:]
        /// The index stands for the folders: its files, unchanged, neither listed nor stat-ed (a
        /// dashboard's first frame; its change feed has the files checked right after).
        var fromIndex = false
    }

    static func read(_ folder: String, timeZone: Zone, uids: inout [String: String], nextID: inout Int64, index: inout IndexSession) -> VdirCalendar {
        let path = expand(folder)
        var calendar = VdirCalendar(path: path, name: (path as NSString).lastPathComponent)
        let openedBefore = index.opened
        var isFolder: ObjCBool = false
        if !index.fromIndex {
            guard let hops = links(from: path) else {
                calendar.problems.append("\(path) is a symlink loop; its events are not shown (point the link at a folder)")
                return calendar
            }
            for hop in hops { index.followed[hop.folder, default: []].insert(hop.name) }
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            calendar.problems.append("\(path) does not exist; its events are not shown (create it, or run `vdirsyncer discover`)")
            return calendar
        }
        guard isFolder.boolValue else {
            calendar.problems.append("\(path) is not a folder; a vdir is a folder of .ics files")
            return calendar
        }
        let names: [String]
        if index.fromIndex, let known = index.known {
            let prefix = path.hasSuffix("/") ? path : path + "/"
            names = known.keys.compactMap { file in
                guard file.hasPrefix(prefix) else { return nil }
                let name = file.dropFirst(prefix.count)
                return name.contains("/") ? nil : String(name)
            }.sorted()
        } else {
            do { names = try FileManager.default.contentsOfDirectory(atPath: path).sorted() } catch {
                calendar.problems.append("\(path) cannot be read (\(reason(errno: errno, fallback: "\(error)"))); its events are not shown")
                return calendar
            }
        }
        if let name = firstLine(of: (path as NSString).appendingPathComponent("displayname")), !name.isEmpty { calendar.name = name }
        calendar.color = firstLine(of: (path as NSString).appendingPathComponent("color"))
        if !index.fromIndex { forget(in: path, keeping: Set(names)) }
        let prefix = path.hasSuffix("/") ? path : path + "/"
        if let known = index.known, !index.fromIndex {
            // By prefix rather than path functions, as `forget` does: 10,000 paths at a start.
            let kept = Set(names)
            index.gone += known.keys.filter { file in
                guard file.hasPrefix(prefix) else { return false }
                let name = file.dropFirst(prefix.count)
                return !name.contains("/") && !kept.contains(String(name))
            }
        }
        for name in names where name != "displayname" && name != "color" {
            let file = prefix + name
            if isTemporary(name) {
                calendar.problems.append("\(file) has a temporary name (another program is writing it); skipped until it is renamed")
                continue
            }
            guard name.lowercased().hasSuffix(".ics") else { continue }
            calendar.fileCount += 1
            switch parsedFile(file, timeZone: timeZone, index: &index) {
            case .failure(let problem):
                calendar.problems.append("\(file): \(problem.reason); skipped")
            case .success(let parsed):
                calendar.newest = max(calendar.newest ?? parsed.modified, parsed.modified)
                for skipped in parsed.result.skipped { calendar.problems.append("\(file): the event \"\(skipped.title)\" is skipped: \(skipped.reason)") }
                if parsed.result.drafts.isEmpty && parsed.result.skipped.isEmpty {
                    calendar.problems.append("\(file) holds no event (no VEVENT); skipped")
                    continue
                }
                // A series' UID, and its overrides' (`UID/day`), belong to this file alone.
                let fileUIDs = Set(parsed.result.drafts.compactMap { $0.uid?.split(separator: "/").first.map(String.init) })
                if let taken = fileUIDs.sorted().first(where: { uids[$0] != nil && uids[$0] != file }) {
                    calendar.problems.append("\(file): its UID \(taken) is also the UID of \(uids[taken]!); skipped (the first file read keeps it)")
                    continue
                }
                for uid in fileUIDs { uids[uid] = file }
                for draft in parsed.result.drafts {
                    calendar.events.append(CalendarEvent(id: nextID, uid: draft.uid ?? "", title: draft.title, note: draft.note, when: draft.when,
                                                         zone: draft.zone, length: draft.length, createdAt: parsed.modified))
                    calendar.events[calendar.events.count - 1].file = parsed.file
                    calendar.events[calendar.events.count - 1].calendar = calendar.name
                    calendar.events[calendar.events.count - 1].color = calendar.color
                    nextID -= 1
                }
            }
        }
        calendar.filesRead = index.opened - openedBefore
        return calendar
    }

    struct Problem: Error { let reason: String }

    /// A file as read: its events and when it was last changed.
    struct Parsed: Sendable {
        let result: ICalendar.ImportResult
        let modified: Date
        /// The file as it was when read: what a rewrite checks.
        let file: VdirFile
    }

    /// What identifies a file's version: unchanged, it is not read again.
    struct Version: Hashable, Sendable { let inode: UInt64, size: Int64, modified: Int64, zone: String }

    static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [String: (Version, Result<Parsed, Problem>)] = [:]
    nonisolated(unsafe) private static var reads = 0

    /// How many files this process has read (opened and parsed) so far: a file unchanged since
    /// it was last read is not read again.
    public static var fileReads: Int { cacheLock.withLock { reads } }

    /// Forgets every file this process read, as a process that starts now knows none.
    public static func forgetReadFiles() {
        cacheLock.withLock {
            cache.removeAll()
            indexConsulted = false
        }
    }

    /// Whether this process took the store's index into its memory: from then on its memory
    /// knows every file it saw, and only what it reads goes to the index (a dashboard's reloads
    /// never fetch the whole index again).
    nonisolated(unsafe) static var indexConsulted = false

    /// Drops what the cache holds of the folder's files that are gone.
    static func forget(in folder: String, keeping names: Set<String>) {
        // By prefix rather than path functions: this runs over every file known at each read.
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        cacheLock.withLock {
            let gone = cache.keys.filter { file in
                guard file.hasPrefix(prefix) else { return false }
                let name = file.dropFirst(prefix.count)
                return !name.contains("/") && !names.contains(String(name))
            }
            for file in gone { cache[file] = nil }
        }
    }

    /// The file's events, from the cache when its version (inode, size and modification time,
    /// and the zone they were read in) is the one last read, else from the store's index.
    static func parsedFile(_ file: String, timeZone: Zone, index: inout IndexSession) -> Result<Parsed, Problem> {
        // Not cached: the check that follows has these rows as its index (`Watches.prefetched`).
        if index.fromIndex, let entry = index.known?[file], entry.version.zone == timeZone.identifier { return .success(entry.parsed) }
        var info = stat()
        // lstat first: the same one call for a plain file, and a symlink is noted.
        let listed = lstat(file, &info) == 0
        if listed, info.st_mode & S_IFMT == S_IFLNK {
            index.linked = true
            // Each link of the chain, and the target's folder: where a change of it is seen.
            for hop in links(from: file) ?? [] { index.followed[hop.folder, default: []].insert(hop.name) }
            if let target = realTarget(of: file) {
                index.followed[(target as NSString).deletingLastPathComponent, default: []].insert((target as NSString).lastPathComponent)
            }
        }
        guard listed && info.st_mode & S_IFMT != S_IFLNK || stat(file, &info) == 0 else {
            let code = errno
            return .failure(Problem(reason: code == ELOOP ? "it is a symlink loop" : code == ENOENT ? "it is a symlink to nothing" : reason(errno: code)))
        }
        let version = Version(inode: UInt64(info.st_ino), size: Int64(info.st_size),
                              modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), zone: timeZone.identifier)
        if let (known, result) = cacheLock.withLock({ cache[file] }), known == version {
            // Known to this process; the index learns it if it did not have it.
            if case .success(let parsed) = result, let indexed = index.known, indexed[file]?.version != version {
                index.read[file] = VdirIndex.Entry(version: version, parsed: parsed)
            }
            return result
        }
        if let entry = index.known?[file], entry.version == version {
            cacheLock.withLock { cache[file] = (version, .success(entry.parsed)) }
            return .success(entry.parsed)
        }
        let result = readFile(file).map { text, modified, hash in
            Parsed(result: ICalendar.parse([text], timeZone: timeZone), modified: modified,
                   file: VdirFile(path: file, inode: version.inode, size: version.size, modified: version.modified, hash: hash))
        }
        cacheLock.withLock {
            reads += 1
            cache[file] = (version, result)
        }
        index.opened += 1
        if case .success(let parsed) = result, index.saving { index.read[file] = VdirIndex.Entry(version: version, parsed: parsed) }
        return result
    }

    /// The file's text and modification time; a symlink is followed (a loop is a problem).
    static func readFile(_ file: String) -> Result<(String, Date, UInt64), Problem> {
        var info = stat()
        guard stat(file, &info) == 0 else {
            let code = errno
            return .failure(Problem(reason: code == ELOOP ? "it is a symlink loop" : code == ENOENT ? "it is a symlink to nothing" : reason(errno: code)))
        }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(Problem(reason: "it is not a regular file")) }
        guard info.st_size <= maximumFileSize else { return .failure(Problem(reason: "it has \(info.st_size) bytes; at most \(maximumFileSize) are read")) }
        let modified = Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
        let descriptor = open(file, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(Problem(reason: "it cannot be read (\(reason(errno: errno)))")) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        guard let data = try? handle.read(upToCount: maximumFileSize + 1) ?? Data() else { return .failure(Problem(reason: "it cannot be read")) }
        guard let text = ICalendar.text(of: data) else { return .failure(Problem(reason: "it is not UTF-8 text, so not iCalendar")) }
        guard text.contains("BEGIN:VCALENDAR") else { return .failure(Problem(reason: "it is not iCalendar (no BEGIN:VCALENDAR)")) }
        guard ICalendar.isComplete(text) else { return .failure(Problem(reason: "it ends before END:VCALENDAR (being written, or cut short)")) }
        return .success((text, modified, VdirFile.hash(data)))
    }

    /// The symlinks a path leads through, each as its folder and name, from `path` itself (none
    /// when it is not a link); nil for a loop (more than 40 links, as the kernel's limit).
    static func links(from path: String) -> [(folder: String, name: String)]? {
        var hops: [(folder: String, name: String)] = [], current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return hops }
            let folder = (current as NSString).deletingLastPathComponent
            hops.append((folder, (current as NSString).lastPathComponent))
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return hops }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (folder as NSString).appendingPathComponent(target)
        }
        return nil
    }

    /// Where a symlinked file leads in the end (nil: nowhere, or a loop).
    static func realTarget(of file: String) -> String? {
        guard let resolved = realpath(file, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Names other programs write under before renaming: atomicwrites' and editors' temporaries.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix(".tmp") || name.hasSuffix("~") || name.hasSuffix(".swp") || name.hasPrefix("tmp")
    }

    static func firstLine(of file: String) -> String? {
        guard let data = FileManager.default.contents(atPath: file), data.count < 4096, let text = String(data: data, encoding: .utf8) else { return nil }
        return text.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    static func reason(errno code: Int32, fallback: String? = nil) -> String {
        code == 0 ? fallback ?? "unknown error" : String(cString: strerror(code))
    }

    /// `~/x` → `$HOME/x`.
    public static func expand(_ folder: String) -> String {
        guard folder == "~" || folder.hasPrefix("~/") else { return folder }
        let home = ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()
        return home + folder.dropFirst()
    }

    /// How many of a vdir's skipped files `doctor` names; the rest are counted.
    public static let doctorProblemsNamed = 10

    /// The doctor's lines for this calendar: one for the vdir, then one indented line for each
    /// file skipped (the first `doctorProblemsNamed`, then how many more), as the rest of
    /// `doctor` lays out its lines. Each line is made safe on its own (a file name with a line
    /// break in it stays on its line).
    public var doctorLines: [String] {
        let newestText = newest.map { "newest change " + ISO8601DateFormatter().string(from: $0) } ?? "no file"
        var line = "vdir \(name) (\(path)): \(fileCount) " + Language.english.plural(fileCount, one: "file", other: "files")
            + ", \(events.count) " + Language.english.plural(events.count, one: "event", other: "events") + ", " + newestText
        line += ", \(filesRead) read now"
        if !problems.isEmpty { line += ", \(problems.count) skipped:" }
        let named = problems.prefix(Self.doctorProblemsNamed).map { "  " + SafeText.clean($0) }
        let more = problems.count > named.count ? ["  and \(problems.count - named.count) more"] : []
        return [SafeText.clean(line)] + named + more
    }
}

/// The vdirs of the config's `[calendar] vdirs`, for every reader of the calendar's events in
/// this process (panes, `status`, reminders, `doctor`): set when the config is read.
public enum VdirCalendars {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var folders: [String] = []

    public static var configured: [String] {
        get { lock.withLock { folders } }
        set { lock.withLock { folders = newValue } }
    }

    /// Extends the lunar anniversaries Homescreen wrote into the configured vdirs whose dates
    /// run out within five lunar years (`VdirWriter.extendLunarAnniversaries`): run by the
    /// commands and the dashboard's jobs that read or write the vdirs, never by a pane's read.
    @discardableResult
    public static func keepLunarAnniversariesAhead(timeZone: Zone, now: Date = Date()) -> [String] {
        guard !configured.isEmpty else { return [] }
        return VdirWriter.extendLunarAnniversaries(read(timeZone: timeZone).flatMap(\.events), today: LocalDate(now, in: timeZone), timeZone: timeZone, now: now).refused
    }

    /// How many reads were answered by the last read of the same folders, unchanged since (a
    /// live change feed watching them all saw nothing): no file listed or stat-ed again.
    public static var readsReused: Int { Watches.reused }

    /// Every configured vdir, read now: with a store, unchanged files are taken from its index
    /// (`VdirIndex`) and what was read is written there. While a live change feed watches every
    /// folder and has seen nothing since the last read of the same folders (`Watches`), that
    /// read is the answer: the dashboard's panes and its reminders share one pass over the files.
    /// `window`: what the reader shows. A dashboard's first read (its feed is to have the files
    /// checked right after) then takes from the index only the files with events in the window
    /// (`VdirIndex.entries(showing:folders:zone:)`); any other read is of every file.
    public static func read(_ folders: [String] = configured, timeZone: Zone, store: (any StoreBackend)? = nil, window: EventWindow? = nil) -> [VdirCalendar] {
        let paths = folders.map(VdirCalendar.expand)
        if let known = Watches.remembered(paths, zone: timeZone.identifier, window: window) { return known }
        let generation = Watches.generation
        var uids: [String: String] = [:], nextID: Int64 = -1
        let index = store.map(VdirIndex.init)
        let consult = index != nil && !VdirCalendar.cacheLock.withLock { VdirCalendar.indexConsulted }
        let prefetched = consult ? Watches.takePrefetched(for: paths) : nil
        // A dashboard's first read: from the index alone, when its change feed is to have the
        // files checked right after the first frame.
        let first = consult && prefetched == nil && Watches.verifying(paths)
        var session: VdirCalendar.IndexSession
        var covered: ClosedRange<LocalDate>?
        if first, let window, let index, let shown = index.entries(showing: window, folders: paths, zone: timeZone) {
            // Only the window's rows: the check after the first frame takes the whole index.
            session = VdirCalendar.IndexSession(known: shown.entries, saving: true)
            session.fromIndex = true
            covered = shown.covered
        } else {
            session = VdirCalendar.IndexSession(known: consult ? prefetched ?? index?.entries() : nil, saving: index != nil)
            // Then this read's rows serve the check.
            session.fromIndex = first && session.known?.isEmpty == false
        }
        let calendars = folders.map { VdirCalendar.read($0, timeZone: timeZone, uids: &uids, nextID: &nextID, index: &session) }
        if session.fromIndex {
            if covered == nil { Watches.prefetch(session.known, for: paths) }
        } else {
            index?.save(session.read, gone: session.gone, zone: timeZone)
            if session.known != nil { VdirCalendar.cacheLock.withLock { VdirCalendar.indexConsulted = true } }
        }
        if !session.followed.isEmpty { Watches.follow(session.followed, for: paths) }
        Watches.remember(calendars, paths, zone: timeZone.identifier, generation: generation, linked: session.linked,
                         shown: covered.flatMap { covered in window.map { ($0, covered) } })
        return calendars
    }

    /// The folders live change feeds (`VdirChangeFeed`) watch with inotify, and the last read
    /// of them: it stands for a new read while no watch has an event waiting or drained since
    /// it began. A file reached through a symlink is outside what inotify sees: a read that met
    /// one is not kept.
    enum Watches {
        private static let lock = NSLock()
        /// Each feed's inotify descriptor, the folders it watches, and whether it is yet to have
        /// them checked (a dashboard's start: its first frame comes from the index).
        nonisolated(unsafe) private static var watches: [ObjectIdentifier: (notify: Int32, folders: Set<String>, verifying: Bool)] = [:]
        /// The index's rows an index-only read took, for the check that follows it.
        nonisolated(unsafe) private static var prefetched: (folders: [String], entries: [String: VdirIndex.Entry])?
        /// Bumped whenever a feed drains inotify events.
        nonisolated(unsafe) private static var changes = 0
        /// `shown`: a read of a window's files only (the window, and the days it covers: every
        /// file with an event on one of them); nil: of every file.
        nonisolated(unsafe) private static var last: (folders: [String], zone: String, generation: Int, calendars: [VdirCalendar],
                                                      shown: (window: EventWindow, covered: ClosedRange<LocalDate>)?)?
        /// How many reads were answered by the last one (tests count them).
        nonisolated(unsafe) private static var hits = 0

        static var generation: Int { lock.withLock { changes } }
        static var reused: Int { lock.withLock { hits } }

        static func watch(_ feed: ObjectIdentifier, notify: Int32, folders: Set<String>, verifying: Bool = false) {
            lock.withLock { watches[feed] = (notify, folders, verifying) }
        }

        /// The folders each feed was made for, and the watches of its own folders (descriptors).
        nonisolated(unsafe) private static var configured: [ObjectIdentifier: (folders: Set<String>, own: Set<Int32>)] = [:]
        /// The watches each feed added for symlinks (`follow`) and the names that count in each.
        nonisolated(unsafe) private static var followed: [ObjectIdentifier: [Int32: Set<String>]] = [:]

        static func configure(_ feed: ObjectIdentifier, folders: Set<String>, own: Set<Int32>) {
            lock.withLock { configured[feed] = (folders, own) }
        }

        /// Has the feeds of these folders watch the folders their symlinks lead through, for
        /// the names given: a linked file's target changed in its own folder, a linked folder
        /// pointed elsewhere, reload the calendar as a change in the vdir does.
        static func follow(_ names: [String: Set<String>], for folders: [String]) {
            lock.withLock {
                for (feed, feedFolders) in configured where folders.contains(where: feedFolders.folders.contains) {
                    guard let notify = watches[feed]?.notify else { continue }
                    for (folder, wanted) in names {
                        let descriptor = inotify_add_watch(notify, folder, VdirChangeFeed.mask)
                        guard descriptor >= 0, !feedFolders.own.contains(descriptor) else { continue }
                        followed[feed, default: [:]][descriptor, default: []].formUnion(wanted)
                    }
                }
            }
        }

        /// The feed's watches of symlinks' folders, with the names that count in each.
        static func followed(by feed: ObjectIdentifier) -> [Int32: Set<String>] {
            lock.withLock { followed[feed] ?? [:] }
        }

        /// Whether every folder is watched by a feed that is to have the files checked.
        static func verifying(_ folders: [String]) -> Bool {
            lock.withLock { !folders.isEmpty && folders.allSatisfy { folder in watches.values.contains { $0.verifying && $0.folders.contains(folder) } } }
        }

        static func prefetch(_ entries: [String: VdirIndex.Entry]?, for folders: [String]) {
            lock.withLock { prefetched = entries.map { (folders, $0) } }
        }

        static func takePrefetched(for folders: [String]) -> [String: VdirIndex.Entry]? {
            lock.withLock {
                guard let prefetched, prefetched.folders == folders else { return nil }
                Self.prefetched = nil
                return prefetched.entries
            }
        }

        static func unwatch(_ feed: ObjectIdentifier) {
            lock.withLock {
                watches[feed] = nil
                configured[feed] = nil
                followed[feed] = nil
            }
        }

        /// A feed read inotify events: no read before now is kept.
        static func changed() {
            lock.withLock {
                changes += 1
                last = nil
            }
        }

        static func remember(_ calendars: [VdirCalendar], _ folders: [String], zone: String, generation: Int, linked: Bool,
                             shown: (window: EventWindow, covered: ClosedRange<LocalDate>)? = nil) {
            lock.withLock {
                guard !linked, generation == changes, watched(folders) else { return }
                last = (folders, zone, generation, calendars, shown)
            }
        }

        /// The last read, if it answers a read of `window` (nil: of every file): a read of every
        /// file answers any; a window's, the same window or one of days it covers, with no
        /// coming list.
        static func remembered(_ folders: [String], zone: String, window: EventWindow? = nil) -> [VdirCalendar]? {
            lock.withLock {
                guard let last, last.folders == folders, last.zone == zone, last.generation == changes, watched(folders) else { return nil }
                if let shown = last.shown {
                    guard let window, window == shown.window
                            || window.following == 0 && shown.covered.contains(window.days.lowerBound) && shown.covered.contains(window.days.upperBound) else { return nil }
                }
                hits += 1
                return last.calendars.map { calendar in
                    var calendar = calendar
                    calendar.filesRead = 0
                    return calendar
                }
            }
        }

        /// Whether every folder is watched by a feed with no event waiting.
        private static func watched(_ folders: [String]) -> Bool {
            folders.allSatisfy { folder in
                watches.values.contains { watch in
                    guard watch.folders.contains(folder) else { return false }
                    var descriptor = pollfd(fd: watch.notify, events: Int16(POLLIN), revents: 0)
                    return poll(&descriptor, 1, 0) == 0
                }
            }
        }
    }
}
