import Foundation

/// Where guests' demo stores go: `$TMPDIR/homescreen-serve-UID/guest-…`, each folder marked
/// with the pid and start time of the server that made it. A server stopped by SIGKILL or a
/// crash leaves its folders; the next one to start removes those whose server no longer runs
/// (and only those: folders of a server still running, or without a marker, are left alone).
struct GuestFolders {
    /// The server's own folder under TMPDIR.
    let root: String
    /// "PID STARTTIME" of this process, written in each guest folder.
    let marker: String
    static let markerName = ".homescreen-serve"

    init(temporary: String = FileManager.default.temporaryDirectory.path) throws {
        root = temporary + "/homescreen-serve-\(getuid())"
        marker = "\(getpid()) \(Self.startTime(of: getpid()) ?? "?")\n"
        if mkdir(root, 0o700) != 0 && errno != EEXIST {
            throw ServeError("\(root) could not be made: \(String(cString: strerror(errno))).")
        }
        // Ours: a real folder (not a link someone put there) that this user owns, for this user only.
        var status = stat()
        guard lstat(root, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(), status.st_mode & 0o077 == 0 else {
            throw ServeError("\(root) is not a folder of this user's alone; remove it or set TMPDIR.")
        }
    }

    /// A new guest folder (0700) with this server's marker.
    func make() throws -> String {
        let folder = root + "/guest-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        try marker.write(toFile: folder + "/" + Self.markerName, atomically: false, encoding: .utf8)
        return folder
    }

    /// This server's folders still on disk (the ones its guests' children may have written again).
    func own() -> [String] {
        folders().filter { (try? String(contentsOfFile: $0 + "/" + Self.markerName, encoding: .utf8)) == marker }
    }

    /// Removes the folders an earlier run left. - Returns: how many.
    func removeLeftovers() -> Int {
        var removed = 0
        for folder in folders() {
            guard let text = try? String(contentsOfFile: folder + "/" + Self.markerName, encoding: .utf8) else { continue }
            let fields = text.split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, let pid = pid_t(fields[0]) else { continue }
            // Its server still runs (the same process: same pid, same start time): not a leftover.
            if kill(pid, 0) == 0 || errno == EPERM, Self.startTime(of: pid) == String(fields[1]) { continue }
            if (try? FileManager.default.removeItem(atPath: folder)) != nil { removed += 1 }
        }
        return removed
    }

    private func folders() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasPrefix("guest-") }.map { root + "/" + $0 }
    }

    /// A process's start time in clock ticks since boot (/proc/PID/stat, field 22): with the pid,
    /// it names one process even after pids are reused.
    static func startTime(of pid: pid_t) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? String(fields[19]) : nil
    }
}
