import Foundation
import GRDB
import Synchronization

/// Whether a store file is still as a Homescreen process last left it, so opening it for
/// writing may skip `PRAGMA quick_check` (which reads every page: a quarter of a second at a
/// million expenses).
///
/// What is compared is what the kernel says about the file and its `-wal`, not SQLite's header:
/// in WAL mode the header's file change counter moves neither on a commit nor on a checkpoint,
/// and a program that overwrites bytes without SQLite changes no header field at all. Any write
/// to a file sets its change time (ctime), which no program can set back (`touch -d` sets the
/// modification time and thereby the change time to now), and Linux (6.13 on, with multigrain
/// timestamps; this machine runs 6.18) gives a write that follows a `stat` a fine-grained time;
/// an older kernel may give two writes in one clock tick the same time, which is then the one
/// change of the store file the mark cannot see. So the fingerprint is, for the store and for
/// its `-wal`: device, inode, size, modification time in nanoseconds, and the store's change
/// time. An absent `-wal` and an empty one (a reader makes one) hold nothing and count as the
/// same.
///
/// The mark (`<store>-checked`, one line beside the store, mode 0600) holds the fingerprint the
/// file had right after a Homescreen process checked it, wrote it or closed it, and only when
/// the file was as marked before that (`carrying`): a write by any other program in between
/// (`sqlite3`, a copy, a restore, bytes overwritten) leaves the mark behind the file, and the
/// next open for writing runs the check again. `PRAGMA data_version` on the writer connection,
/// read before and after, says whether another connection committed in between; a commit of
/// another program while a Homescreen process stats the file after its own is then not taken
/// for its own.
enum CheckedMark {
    /// The kernel's view of the store file and of its `-wal` (nil: none, or empty).
    struct Fingerprint: Equatable {
        let file: String
        let wal: String?

        var text: String { file + (wal.map { " wal " + $0 } ?? " nowal") }

        init(file: String, wal: String?) { (self.file, self.wal) = (file, wal) }

        init?(text: String) {
            let parts = text.components(separatedBy: " wal ")
            if parts.count == 2 { (file, wal) = (parts[0], parts[1]) }
            else if text.hasSuffix(" nowal") { (file, wal) = (String(text.dropLast(6)), nil) }
            else { return nil }
        }
    }

    static func markPath(of path: String) -> String { path + "-checked" }

    /// The store's fingerprint now; nil when the store file cannot be stat'ed.
    static func fingerprint(_ path: String) -> Fingerprint? {
        var file = stat()
        guard stat(path, &file) == 0 else { return nil }
        // SQLite keeps the `-wal` beside the file a link leads to, not beside the link.
        var wal = stat()
        let hasWAL = stat(resolved(path) + "-wal", &wal) == 0 && wal.st_size > 0
        return Fingerprint(file: describe(file, changeTime: true), wal: hasWAL ? describe(wal, changeTime: false) : nil)
    }

    /// `path` with its links followed (itself when that fails).
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// The `-wal`'s change time is left out: SQLite running as root gives the `-wal` its
    /// store's owner (`fchown`) whenever a connection opens it, a reader's included, and that
    /// sets the change time.
    private static func describe(_ info: stat, changeTime: Bool) -> String {
        "\(info.st_dev):\(info.st_ino) \(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            + (changeTime ? " \(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)" : "")
    }

    /// The fingerprint the mark holds; nil without a mark (or an unreadable one).
    static func recorded(_ path: String) -> Fingerprint? {
        let descriptor = open(markPath(of: path), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        let line = String(decoding: buffer[..<count], as: UTF8.self)
        guard line.hasPrefix("1 "), line.hasSuffix("\n") else { return nil }
        return Fingerprint(text: String(line.dropFirst(2).dropLast()))
    }

    /// Writes the mark (a new file renamed over the old one, so a reader sees one or the other).
    static func record(_ fingerprint: Fingerprint, path: String) {
        guard recorded(path) != fingerprint else { return }
        let mark = markPath(of: path)
        let temporary = mark + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        let bytes = Array(("1 " + fingerprint.text + "\n").utf8)
        let written = write(descriptor, bytes, bytes.count)
        close(descriptor)
        if written != bytes.count || rename(temporary, mark) != 0 { unlink(temporary) }
    }

    /// Removes the mark: the next open for writing checks the file.
    static func forget(_ path: String) { unlink(markPath(of: path)) }

    /// `PRAGMA data_version` of the writer connection: it changes when another connection commits.
    static func dataVersion(_ writer: any DatabaseWriter) -> Int? {
        try? writer.writeWithoutTransaction { try Int.fetchOne($0, sql: "PRAGMA data_version") }
    }

    /// Runs `work` (a write through `writer`, or a check) and moves the mark to the file as it
    /// is after, when the file was as marked before and no other connection committed meanwhile.
    /// A file that was not as marked stays unmarked until the next open checks it. Runs the
    /// after-part when `work` throws too (a rolled-back write may leave frames in the `-wal`).
    static func carrying<T>(_ path: String, writer: any DatabaseWriter, _ work: () throws -> T) rethrows -> T {
        let versionBefore = dataVersion(writer)
        let before = fingerprint(path)
        let clean = before != nil && recorded(path) == before
        defer {
            if clean, let after = fingerprint(path), versionBefore != nil, dataVersion(writer) == versionBefore {
                record(after, path: path)
            }
        }
        return try work()
    }

    /// Carries the mark over opening a pool, which writes when the `-wal` is missing or empty
    /// (GRDB commits an empty change to make one): the file and the writer connection's
    /// `data_version` are read as soon as that connection is open (`Configuration.prepareDatabase`,
    /// before the pool's own write), compared after.
    final class Opening: Sendable {
        let path: String
        private let first = Mutex<(version: Int?, clean: Bool)?>(nil)

        init(path: String) { self.path = path }

        /// The first connection a pool opens is its writer.
        func connected(_ db: Database) {
            first.withLock { first in
                guard first == nil else { return }
                let version = try? Int.fetchOne(db, sql: "PRAGMA data_version")
                let now = fingerprint(path)
                first = (version, now != nil && recorded(path) == now)
            }
        }

        /// Whether the file was as marked when the writer connected and only this pool wrote
        /// since; the mark then moves to the file as it is.
        func unchanged(_ pool: DatabasePool) -> Bool {
            guard let first = first.withLock({ $0 }), first.clean, let version = first.version,
                  let now = fingerprint(path), dataVersion(pool) == version else { return false }
            record(now, path: path)
            return true
        }
    }

    /// Issue 21's check before anything is written: `PRAGMA quick_check(1)`, unless the file is
    /// as the mark says (`opening`). A file that passes is marked as it was checked (when
    /// nothing wrote it during the check). - Returns: whether the check ran. - Throws:
    /// `corrupt` (the mark removed).
    static func checkUnlessUnchanged(_ pool: DatabasePool, path: String, opening: Opening) throws -> Bool {
        if opening.unchanged(pool) { return false }
        let versionBefore = dataVersion(pool)
        let before = fingerprint(path)
        let check = try pool.read { try String.fetchAll($0, sql: "PRAGMA quick_check(1)") }
        guard check == ["ok"] else {
            forget(path)
            throw StoreError.corrupt(path: path, detail: "quick_check: " + check.joined(separator: "; ").prefix(120))
        }
        if let before, fingerprint(path) == before, versionBefore != nil, dataVersion(pool) == versionBefore { record(before, path: path) }
        return true
    }

    /// Closes a store's connections and keeps the mark with the file. The last connection to a
    /// WAL store to close copies the `-wal` into the file and removes it: a checkpoint first,
    /// carried like a write, leaves that close nothing to copy, so the file is then as marked
    /// with its `-wal` gone; anything else that changed the file while it closed leaves the
    /// mark behind.
    static func closeKeepingMark(_ pool: DatabasePool, path: String) {
        carrying(path, writer: pool) { _ = try? pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA wal_checkpoint(PASSIVE)") } }
        let before = fingerprint(path)
        let clean = before != nil && recorded(path) == before
        // Readers first (GRDB's `close` closes the writer first, which would leave the `-wal`
        // behind; the last connection, the writer, removes it).
        pool.releaseMemory()
        try? pool.close()
        guard clean, let before, let after = fingerprint(path) else { return }
        if after.file == before.file && (after.wal == nil || after.wal == before.wal) { record(after, path: path) }
    }
}
