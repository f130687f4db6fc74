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
        // Opened without blocking (a FIFO put there would otherwise wait for a writer), then
        // checked on the descriptor itself: what is read is what was checked.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        if info.st_size > limit { return .tooLarge(Int64(info.st_size)) }
        var data = Data()
        while data.count <= limit {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: limit + 1 - data.count) } catch { return .unreadable }
            guard let chunk, !chunk.isEmpty else { break }   // nil or empty: the end
            data += chunk
        }
        return data.count > limit ? .tooLarge(Int64(data.count)) : .contents(data)
    }

    /// "64 KiB", "1 MiB": a limit as the sentences say it.
    public static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : bytes % 1024 == 0 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}
