import Foundation
import HomescreenRender

/// What is at a store path, checked before SQLite opens anything there. A store is a regular
/// file of this user's, in a folder others cannot write, that no other user can write either.
/// A symbolic link is followed only when it is this user's own and what it points to passes
/// the same checks (a link planted in a shared folder is refused, and so is one that leads to
/// another user's file). Nothing here opens the file for writing or changes it.
enum StoreFile {
    enum Kind: Equatable { case missing, regular(size: Int64) }

    /// - Returns: whether the store exists (and its size), after refusing anything that is not
    ///   a store file this user may trust.
    static func inspect(_ path: String) throws(StoreError) -> Kind {
        let folder = PathText.folder(of: path)
        var info = stat()
        if lstat(path, &info) != 0 {
            guard errno == ENOENT else { throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased()) }
            try checkFolder(folder, of: path)
            return .missing
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            guard info.st_uid == geteuid() else { throw .untrusted(path: path, reason: "it is a symbolic link that another user made") }
            var target = stat()
            guard stat(path, &target) == 0 else { throw .untrusted(path: path, reason: "it is a symbolic link to nothing") }
            let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
                $0.hasPrefix("/") ? $0 : (folder as NSString).appendingPathComponent($0)
            } ?? path
            try checkFolder(PathText.folder(of: resolved), of: path)
            info = target
        }
        try checkFolder(folder, of: path)
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .notAStore(path: path, reason: "it is a folder")
        case S_IFIFO: throw .notAStore(path: path, reason: "it is a named pipe (FIFO)")
        case S_IFCHR, S_IFBLK: throw .notAStore(path: path, reason: "it is a device")
        case S_IFSOCK: throw .notAStore(path: path, reason: "it is a socket")
        default: throw .notAStore(path: path, reason: "it is not a regular file")
        }
        guard info.st_uid == geteuid() else { throw .untrusted(path: path, reason: "it belongs to another user") }
        guard info.st_mode & S_IWOTH == 0 else { throw .untrusted(path: path, reason: "other users can write it") }
        return .regular(size: Int64(info.st_size))
    }

    /// A folder others can write lets them plant a file, a link or a journal before us.
    private static func checkFolder(_ folder: String, of path: String) throws(StoreError) {
        var info = stat()
        guard stat(folder, &info) == 0 else { return }   // created later, 0700
        guard info.st_mode & S_IFMT == S_IFDIR else { throw .notAStore(path: path, reason: "\(folder) is not a folder") }
        guard info.st_mode & S_IWOTH == 0 else {
            throw .untrusted(path: path, reason: "other users can write its folder \(folder), so they could plant files there")
        }
    }

    /// Holds an exclusive lock while the store is checked, created or migrated, so racing
    /// processes take turns. The lock is an flock on the store's folder, never on the store
    /// file: closing any descriptor of a file drops every POSIX lock the process holds on it,
    /// SQLite's included. Gives up after `timeout` seconds.
    static func withLock<T>(_ path: String, timeout: TimeInterval, _ work: () throws(StoreError) -> T) throws(StoreError) -> T {
        let folder = PathText.folder(of: path)
        let descriptor = Glibc.open(folder, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased()) }
        defer { close(descriptor) }
        return try locked(descriptor, path: path, timeout: timeout, work)
    }

    private static func locked<T>(_ descriptor: Int32, path: String, timeout: TimeInterval, _ work: () throws(StoreError) -> T) throws(StoreError) -> T {
        let deadline = Date().addingTimeInterval(timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, Date() < deadline else {
                throw .failed(path: path, reason: "another process kept it locked for \(Int(timeout)) seconds")
            }
            usleep(5_000)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try work()
    }

    /// The identity fields of a SQLite file's 100-byte header, read without SQLite (so a file
    /// that is refused gets no `-wal` or `-shm` beside it): nil for an empty file.
    /// `schemaCookie` is 0 until a table is created; `wal` says the file is in WAL mode, where
    /// committed changes may still be in the `-wal` file and the header can lag behind them.
    typealias Header = (applicationID: Int32, userVersion: Int32, schemaCookie: Int32, wal: Bool)

    static func header(_ path: String) throws(StoreError) -> Header? {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno)).lowercased()) }
        defer { close(descriptor) }
        // read(2), not FileHandle: Foundation's class at every status line's start (issue 36).
        var bytes = [UInt8](repeating: 0, count: 100)
        bytes.removeSubrange((BoundedFile.fill(&bytes, from: 0, reading: descriptor) ?? 0)...)
        if bytes.isEmpty { return nil }
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { throw .notAStore(path: path, reason: nil) }
        func int32(_ offset: Int) -> Int32 { Int32(bitPattern: bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }) }
        return (int32(68), int32(60), int32(40), bytes[18] == 2)
    }

    /// Which file is at `path` (device and inode, links followed); nil when there is none.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    static func identity(_ path: String) -> Identity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The `-wal` and `-shm` files of a store that is gone (deleted or moved while a program
    /// had it open) are set aside before a new store is made at its path: SQLite would take
    /// them for the new file's, and the program still holding them would keep them locked.
    /// The `-wal`, which may hold the last writes of the moved file, is kept as
    /// `<store>-wal.orphaned-<seconds since 1970>`; the `-shm` is only an index and goes.
    static func setAsideOrphans(of path: String) {
        var info = stat()
        if lstat(path + "-wal", &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            _ = rename(path + "-wal", path + "-wal.orphaned-\(Int(Date().timeIntervalSince1970))")
        }
        if lstat(path + "-shm", &info) == 0, info.st_mode & S_IFMT == S_IFREG { _ = unlink(path + "-shm") }
    }

    /// The refusal for a store on a file system mounted read-only, naming its mount; nil when
    /// the file system is writable.
    static func readOnlyMount(_ path: String) -> StoreError? {
        onReadOnlyFileSystem(path) ? .readOnlyFileSystem(path: path, mount: mountPoint(of: path)) : nil
    }

    /// Whether the file system holding `path` is mounted read-only.
    static func onReadOnlyFileSystem(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && info.f_flag & UInt(ST_RDONLY) != 0
    }

    /// Whether the file system holding `path` has (next to) no room left: less than 64 KiB.
    static func isFull(_ path: String) -> Bool {
        var info = statvfs()
        return statvfs(path, &info) == 0 && UInt64(info.f_bavail) * UInt64(info.f_frsize) < 65_536
    }

    /// The mount point of the file system holding `path`: the deepest mount the kernel lists
    /// (`/proc/self/mountinfo`) that holds its real path, so a bind mount names itself (its
    /// device is its source's: the device alone named `/`, issue 51); without that list, its
    /// highest folder on the same device.
    static func mountPoint(of path: String) -> String {
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        if let mounts = try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8),
           let real = realPath(standardized) ?? realPath((standardized as NSString).deletingLastPathComponent) {
            let points = mounts.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: " ", omittingEmptySubsequences: false)
                return fields.count > 4 ? unescapeMountField(fields[4]) : nil
            }
            if let deepest = points.filter({ $0 == "/" || real == $0 || real.hasPrefix($0 + "/") }).max(by: { $0.utf8.count < $1.utf8.count }) {
                return deepest
            }
        }
        var current = standardized
        var info = stat()
        guard stat(current, &info) == 0 || stat((current as NSString).deletingLastPathComponent, &info) == 0 else { return "/" }
        let device = info.st_dev
        while current != "/" {
            let parent = (current as NSString).deletingLastPathComponent
            var above = stat()
            guard stat(parent, &above) == 0, above.st_dev == device else { break }
            current = parent
        }
        return current
    }

    /// `path` with its symbolic links resolved, if it exists.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// A field of `mountinfo`, whose spaces, tabs, newlines and backslashes are written `\040`…
    static func unescapeMountField(_ field: Substring) -> String {
        var bytes: [UInt8] = [], rest = Array(field.utf8)[...]
        while let byte = rest.first {
            if byte == UInt8(ascii: "\\"), rest.count >= 4, let code = UInt8(String(decoding: rest.dropFirst().prefix(3), as: UTF8.self), radix: 8) {
                bytes.append(code)
                rest = rest.dropFirst(4)
            } else {
                bytes.append(byte)
                rest = rest.dropFirst()
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
