import Foundation
import HomescreenRender

/// Asks the terminal for its background color (OSC 11) before ncurses takes it over.
///
/// The query is followed by a primary device attributes request (`ESC [ c`), which every
/// terminal of the last decades answers, in order: its reply ends the wait at once, whether or
/// not an OSC 11 reply came before it, so a terminal that ignores OSC 11 costs one round trip,
/// and both replies are read here, never left for the dashboard to take as keys. The wait is
/// bounded by `deadline`; nothing is asked when standard input or output is not a terminal.
public enum BackgroundQuery {
    /// The longest start-up waits for the replies.
    public static let deadline: Duration = .milliseconds(150)

    /// What the terminal said: its background, or nil (no reply, or no OSC 11 in it), with
    /// the bytes it sent (for tests and `doctor`).
    public struct Answer: Sendable {
        public let background: TerminalBackground?
        public let reply: [UInt8]
        /// The device attributes reply came: the terminal answered, with or without OSC 11.
        public let answered: Bool
    }

    /// Asks the terminal on standard input and output; nil when either is not a terminal.
    public static func ask(deadline: Duration = deadline) -> Answer? {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        // No echo, no line buffering: the reply is read byte by byte, and never shown.
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 0
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
        defer { var restore = saved; tcsetattr(STDIN_FILENO, TCSANOW, &restore) }

        let query: [UInt8] = Array("\u{1B}]11;?\u{1B}\\\u{1B}[c".utf8)
        guard query.withUnsafeBytes({ write(STDOUT_FILENO, $0.baseAddress, $0.count) }) == query.count else { return nil }
        let reply = read(until: ContinuousClock.now.advanced(by: deadline))
        return Answer(background: TerminalBackground.fromOSC11(reply), reply: reply, answered: endsWithAttributes(reply))
    }

    /// Reads standard input until the device attributes reply has come, or the deadline.
    static func read(until end: ContinuousClock.Instant) -> [UInt8] {
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        while !endsWithAttributes(reply) {
            let left = ContinuousClock.now.duration(to: end)
            guard left > .zero else { break }
            let milliseconds = Int32(max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            reply += buffer[0..<count]
            if reply.count > 4096 { break }
        }
        return reply
    }

    /// Whether `bytes` hold a device attributes reply: `ESC [ ?` … `c`.
    static func endsWithAttributes(_ bytes: [UInt8]) -> Bool {
        guard let start = (0..<max(0, bytes.count - 2)).first(where: { bytes[$0] == 0x1B && bytes[$0 + 1] == 0x5B && bytes[$0 + 2] == 0x3F }) else { return false }
        return bytes[(start + 3)...].contains(0x63)
    }
}
