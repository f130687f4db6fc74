import Foundation

/// Files whose contents become commands are refused when another user could write them, as
/// OpenSSH refuses such files: otherwise that user's commands would run as this one.
public enum ScriptSafety {
    /// Why `path` (or its folder) could be written by another user, as a sentence; nil when only
    /// its owner (this user or root) can.
    public static func writableByOthers(_ path: String) -> String? {
        var info = stat()
        let user = getuid()
        for file in [path, URL(fileURLWithPath: path).deletingLastPathComponent().path] {
            guard stat(file, &info) == 0 else { continue }
            let sticky = info.st_mode & S_ISVTX != 0 && file != path
            if info.st_uid != user && info.st_uid != 0 {
                return "\(file) belongs to another user (uid \(info.st_uid)); make it yours (chown) or move it."
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 && !sticky {
                return "\(file) can be written by other users (mode \(String(info.st_mode & 0o777, radix: 8))); run chmod go-w \(file)."
            }
        }
        return nil
    }
}
