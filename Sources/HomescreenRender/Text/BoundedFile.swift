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
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        if info.st_size > limit { return .tooLarge(Int64(info.st_size)) }
        // Read with read(2) into a buffer of the size fstat gave and a byte, grown if the file
        // grows, up to the limit and a byte: Foundation's FileHandle brought its class and
        // bridging into every start that reads a file (issue 36).
        var bytes = [UInt8](repeating: 0, count: min(limit, Int(info.st_size)) + 1)
        var count = 0
        while true {
            guard let filled = fill(&bytes, from: count, reading: descriptor) else { return .unreadable }
            count = filled
            // The end, or the limit and a byte read; else the file grew: a larger buffer.
            guard count == bytes.count, bytes.count <= limit else { break }
            bytes += repeatElement(0, count: min(bytes.count, limit + 1 - bytes.count))
        }
        return count > limit ? .tooLarge(Int64(count)) : .contents(Data(bytes[..<count]))
    }

    /// Reads `descriptor` into `bytes` after its first `start` until they are full or the file
    /// ends (read(2), an interrupted call retried): how many bytes hold data, or nil on an error.
    public static func fill(_ bytes: inout [UInt8], from start: Int, reading descriptor: Int32) -> Int? {
        var count = start
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read >= 0 else { return nil }
            if read == 0 { break }
            count += read
        }
        return count
    }

    /// "64 KiB", "1 MiB": a limit as the sentences say it.
    public static func size(_ bytes: Int) -> String {
        bytes % 1_048_576 == 0 ? "\(bytes / 1_048_576) MiB" : bytes % 1024 == 0 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}
