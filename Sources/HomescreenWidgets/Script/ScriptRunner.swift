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

/// Runs a widget's command: `/bin/sh -c` in its own process group, in a folder, with stdin
/// closed, the signals the dashboard blocks restored, output read without blocking and bounded;
/// past the timeout the whole group gets SIGTERM, then SIGKILL a second later. The child is
/// always reaped before `run` returns. Call it off the dashboard's loop.
public enum ScriptRunner {
    /// The output kept from one run; more is read and dropped.
    public static let outputLimit = 65_536
    /// The stderr kept (its last line is shown).
    static let errorLimit = 4_096
    /// How long the group has between SIGTERM and SIGKILL.
    static let graceSeconds = 1.0

    public static func run(_ command: String, folder: String, environment: [String: String], timeout: TimeInterval) -> ScriptRun {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { return ScriptRun(output: "", ending: .notStarted(String(cString: strerror(errno)))) }
        guard pipe(&err) == 0 else {
            close(out[0]); close(out[1])
            return ScriptRun(output: "", ending: .notStarted(String(cString: strerror(errno))))
        }
        for end in [out[0], err[0]] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        posix_spawn_file_actions_addclose(&actions, out[0])
        posix_spawn_file_actions_addclose(&actions, err[0])
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Its own group (so the timeout ends its children too), no blocked signals, and the
        // dispositions the dashboard ignores (SIGPIPE, SIGTSTP) back to their defaults.
        var empty = sigset_t(), defaults = sigset_t()
        sigemptyset(&empty)
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTSTP, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The folder is an argument, never spliced into the command's text.
        let arguments = ["/bin/sh", "-c", "cd -- \"$1\" || exit 126; shift; exec /bin/sh -c \"$0\"", command, folder]
        let environmentLines = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let started = withCStrings(arguments) { argv in
            withCStrings(environmentLines) { envp in posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp) }
        }
        close(out[1])
        close(err[1])
        defer { close(out[0]); close(err[0]) }
        guard started == 0 else { return ScriptRun(output: "", ending: .notStarted(String(cString: strerror(started)))) }

        var output = [UInt8](), errors = [UInt8](), cut = false
        var open = [out[0], err[0]]
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while !open.isEmpty {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 {
                timedOut = true
                break
            }
            var descriptors = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32(min(left * 1000 + 1, 60_000)))
            if ready < 0 && errno != EINTR { break }
            for descriptor in descriptors where descriptor.revents != 0 {
                let count = read(descriptor.fd, &buffer, buffer.count)
                if count > 0 {
                    if descriptor.fd == out[0] {
                        let room = outputLimit - output.count
                        if count > room { cut = true }
                        output += buffer[0..<min(count, max(0, room))]
                    } else {
                        errors += buffer[0..<count]
                        if errors.count > errorLimit { errors.removeFirst(errors.count - errorLimit) }
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    open.removeAll { $0 == descriptor.fd }
                }
            }
        }
        var status: Int32 = 0
        // Output closed: the command has normally exited; its group is still given until the
        // deadline to end, then ended.
        while !timedOut {
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid { break }
            if reaped < 0 && errno != EINTR { break }
            if deadline.timeIntervalSinceNow <= 0 { timedOut = true; break }
            usleep(5_000)
        }
        if timedOut { status = end(group: pid) }
        // Whatever the command left behind in its group is not kept running once it is done.
        if !timedOut { kill(-pid, SIGKILL) }
        let errorLine = String(decoding: errors, as: UTF8.self).split(whereSeparator: \.isNewline)
            .last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map(String.init)
        let ending: ScriptRun.Ending
        if timedOut { ending = .timedOut } else if status & 0x7f == 0 { ending = .exited((status >> 8) & 0xff) } else { ending = .signalled(status & 0x7f) }
        return ScriptRun(output: String(decoding: output, as: UTF8.self), errorLine: errorLine, ending: ending, cut: cut)
    }

    /// SIGTERM to the group, SIGKILL a second later if the command has not ended; reaped.
    private static func end(group pid: pid_t) -> Int32 {
        var status: Int32 = 0
        kill(-pid, SIGTERM)
        let killAt = Date().addingTimeInterval(graceSeconds)
        while Date() < killAt {
            if waitpid(pid, &status, WNOHANG) == pid {
                kill(-pid, SIGKILL)   // its children, if any outlived it
                return status
            }
            usleep(5_000)
        }
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status
    }

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        var pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}
