import Foundation

/// A small file of ours or the user's (the config, the state file, a theme), read only up to a
/// limit: a file that has grown to 200 MB is refused after reading one byte more than the
/// limit, never loaded whole. Only regular files are read (a FIFO would block).
public enum BoundedFile {
    public enum Outcome: Equatable {
        case missing
        /// There, but not a regular file we may read.
        case unreadable
        /// Larger than the limit: its size in bytes.
        case tooLarge(Int64)
        case contents(Data)
    }

    public static func read(_ path: String, limit: Int) -> Outcome {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        if info.st_size > limit { return .tooLarge(Int64(info.st_size)) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable }
        defer { try? handle.close() }
        var data = Data()
        while data.count <= limit, let chunk = try? handle.read(upToCount: limit + 1 - data.count), !chunk.isEmpty { data += chunk }
        return data.count > limit ? .tooLarge(Int64(data.count)) : .contents(data)
    }

    /// "64 KiB", "1 MiB": a limit as the sentences say it.
    public static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : bytes % 1024 == 0 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}
