import CSystemEvents
import Foundation

/// What one run of a widget's command gave.
public struct ScriptRun: Sendable, Equatable {
    public enum Ending: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It was ended by a signal it did not choose.
        case signalled(Int32)
        /// It ran past its timeout: its process group was ended.
        case timedOut
        /// It could not be started.
        case notStarted(String)
    }

    public var output: String
    /// The last non-empty line it wrote to stderr.
    public var errorLine: String?
    public var ending: Ending
    /// More than `ScriptRunner.outputLimit` bytes were written: the rest was read and dropped.
    public var cut = false
}

/// Runs a widget's command and waits for it (`render`, `status`, `doctor`, the tests): see
/// `ScriptProcess`, which the dashboard's loop follows without waiting.
public enum ScriptRunner {
    /// The output kept from one run; more is read and dropped.
    public static let outputLimit = 65_536
    /// The stderr kept (its last line is shown).
    static let errorLimit = 4_096
    /// How long the group has between SIGTERM and SIGKILL.
    static let graceSeconds = 1.0

    /// Runs `command` to its end (or its timeout) and reaps it.
    public static func run(_ command: String, folder: String, environment: [String: String], timeout: TimeInterval) -> ScriptRun {
        switch ScriptProcess.start(command, folder: folder, environment: environment, timeout: timeout) {
        case .failure(let reason): return ScriptRun(output: "", ending: .notStarted(reason.description))
        case .success(let process): return process.wait()
        }
    }
}

/// One run of a command, followed without blocking: `/bin/sh -c` in its own process group, in a
/// folder, with stdin closed, every signal at its default and none blocked; its output read
/// from non-blocking pipes and bounded; its end seen on a pidfd (a descriptor readable when the
/// process has ended, Linux 5.3 and later). Nothing here sleeps or polls: the owner waits in
/// `poll()` on `descriptors` until `deadline`, then calls `step()`; the dashboard's loop does
/// that for every command in flight (`ScriptHub`), `wait()` does it for one.
///
/// A run ends when its output is closed and the shell is reaped; when the shell ends, whatever
/// it left in its group gets SIGKILL. Past the timeout the whole group gets SIGTERM, then
/// SIGKILL a second later; the output is no longer read.
final class ScriptProcess {
    let pid: pid_t
    private var out: Int32
    private var err: Int32
    /// The pidfd; -1 on a kernel without one (then `deadline` comes every 50 ms until it is reaped).
    private var exited: Int32
    private var status: Int32?
    private var output: [UInt8] = [], errors: [UInt8] = [], cut = false
    /// nil: it may run as long as it likes (`interval = "persist"`).
    private let timeoutAt: Date?
    /// SIGTERM was sent: SIGKILL is due then.
    private var killAt: Date?
    private(set) var timedOut = false
    /// `interval = "persist"`: each complete line goes here (the last of each read: only the
    /// newest state counts), and no output is kept.
    private let lines: ((String) -> Void)?
    /// The line being read (persist), at most `ScriptOutput.lineLimit` bytes of it.
    private var partial: [UInt8] = []
    private var buffer = [UInt8](repeating: 0, count: 65_536)

    private init(_ child: PipedChild, timeoutAt: Date?, lines: ((String) -> Void)?) {
        pid = child.pid
        out = child.output
        err = child.errors
        exited = child.ended
        self.timeoutAt = timeoutAt
        self.lines = lines
    }

    deinit {
        for descriptor in [out, err, exited] where descriptor >= 0 { close(descriptor) }
    }

    /// Starts `command`. - Parameters:
    ///   - timeout: seconds before its group is ended; nil for none (persist).
    ///   - lines: persist: called with each new line instead of keeping the output.
    static func start(_ command: String, folder: String, environment: [String: String], timeout: TimeInterval?,
                      lines: ((String) -> Void)? = nil) -> Result<ScriptProcess, NotStarted> {
        // Its own group, so the timeout ends its children too. The folder is an argument, never
        // spliced into the command's text.
        let arguments = ["/bin/sh", "-c", "cd -- \"$1\" || exit 126; shift; exec /bin/sh -c \"$0\"", command, folder]
        return PipedChild.start("/bin/sh", arguments, environment: environment, ownGroup: true).map { child in
            ScriptProcess(child, timeoutAt: timeout.map { Date().addingTimeInterval($0) }, lines: lines)
        }
    }

    /// Its output is closed and it is reaped.
    var finished: Bool { status != nil && out < 0 && err < 0 }

    /// What to wait on: its open output and, until it is reaped, its pidfd.
    var descriptors: [Int32] { [out, err, status == nil ? exited : -1].filter { $0 >= 0 } }

    /// When `step()` is due with nothing to read: the timeout, SIGKILL after SIGTERM.
    var deadline: Date? {
        guard !finished else { return nil }
        // After SIGKILL nothing is due: its end comes on the pidfd.
        var due = [killAt, timedOut ? nil : timeoutAt].compactMap { $0 }
        // No pidfd (a kernel before 5.3): its end is looked for every 50 ms once its output is closed.
        if exited < 0, status == nil, out < 0, err < 0 { due.append(Date().addingTimeInterval(0.05)) }
        return due.min()
    }

    /// Reads what is there (at most 1 MiB, so a flood does not hold the loop), reaps the shell
    /// when it has ended, and ends the group when its time is up. Never blocks.
    func step(now: Date = Date()) {
        if !timedOut {
            readAvailable(from: &out, isOutput: true)
            readAvailable(from: &err, isOutput: false)
        }
        if status == nil {
            var value: Int32 = 0
            let reaped = waitpid(pid, &value, WNOHANG)
            if reaped == pid {
                status = value
                if exited >= 0 { close(exited); exited = -1 }
                // What it left behind in its group is not kept running once it is done (and
                // its output closes with it).
                if !timedOut { kill(-pid, SIGKILL) }
            } else if reaped < 0 && errno == ECHILD {
                status = 0   // reaped by someone else: nothing left to wait for
            }
        }
        if let killAt, now >= killAt, status == nil {
            kill(-pid, SIGKILL)
            self.killAt = nil
        }
        if !timedOut, let timeoutAt, now >= timeoutAt, !finished {
            closeOutput()
            // The shell ended but something it started holds the output open: done, as it is.
            guard status == nil else { return }
            timedOut = true
            kill(-pid, SIGTERM)
            killAt = now.addingTimeInterval(ScriptRunner.graceSeconds)
        }
    }

    /// Waits, in `poll()`, until it is finished. - Returns: how it went.
    func wait() -> ScriptRun {
        while !finished {
            var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let timeout = deadline.map { Int32(clamping: max(0, Int(($0.timeIntervalSinceNow * 1000).rounded(.up)))) } ?? -1
            if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR { break }
            step()
        }
        return result()
    }

    /// Ends it now (the dashboard ends): its output closed, SIGTERM to its group; SIGKILL then
    /// follows by `step()` at `deadline`.
    func end() {
        guard status == nil else { return }
        closeOutput()
        if killAt == nil {
            kill(-pid, SIGTERM)
            killAt = Date().addingTimeInterval(ScriptRunner.graceSeconds)
        }
    }

    /// How the run went (once `finished`).
    func result() -> ScriptRun {
        let errorLine = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
            .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
        let value = status ?? 0
        let ending: ScriptRun.Ending
        if timedOut { ending = .timedOut } else if value & 0x7f == 0 { ending = .exited((value >> 8) & 0xff) } else { ending = .signalled(value & 0x7f) }
        return ScriptRun(output: String(decoding: output, as: UTF8.self), errorLine: errorLine, ending: ending, cut: cut)
    }

    private func closeOutput() {
        for descriptor in [out, err] where descriptor >= 0 { close(descriptor) }
        out = -1
        err = -1
    }

    private func readAvailable(from descriptor: inout Int32, isOutput: Bool) {
        guard descriptor >= 0 else { return }
        var budget = 1 << 20
        while budget > 0 {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                budget -= count
                let bytes = buffer[0..<count]
                if !isOutput {
                    errors += bytes
                    if errors.count > ScriptRunner.errorLimit { errors.removeFirst(errors.count - ScriptRunner.errorLimit) }
                } else if lines != nil {
                    takeLines(bytes)
                } else {
                    let room = ScriptRunner.outputLimit - output.count
                    if count > room { cut = true }
                    output += bytes.prefix(max(0, room))
                }
            } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
                return
            } else {   // its end (or an error): closed
                close(descriptor)
                descriptor = -1
                if isOutput, let lines, !partial.isEmpty {
                    lines(String(decoding: partial, as: UTF8.self))
                    partial = []
                }
                return
            }
        }
    }

    /// Persist: the newest complete line of `bytes` goes to `lines`; a line longer than the
    /// limit keeps its first `ScriptOutput.lineLimit` bytes (then cut at a word).
    private func takeLines(_ bytes: ArraySlice<UInt8>) {
        var newest: [UInt8]?
        for byte in bytes {
            if byte == 0x0A {
                newest = partial
                partial = []
            } else if partial.count < ScriptOutput.lineLimit + 4 {
                partial.append(byte)
            }
        }
        if let newest, let lines { lines(String(decoding: newest, as: UTF8.self)) }
    }
}
