import Foundation

/// A `homescreen` started for one SSH channel: on a pseudo-terminal of its own (a shell request:
/// the dashboard), or on pipes (an exec request: a status line). Started with posix_spawn, never
/// fork: the server has threads.
struct Child {
    let pid: pid_t
    /// The pty's master side (read and write), or the stdout pipe's read end.
    let output: Int32
    /// The stderr pipe's read end (pipes only).
    let errors: Int32?

    /// glibc's POSIX_SPAWN_SETSID: the child leads a session of its own, so the pty it opens
    /// first becomes its controlling terminal (window changes reach it as SIGWINCH).
    private static let setSession: Int16 = 0x80

    /// Starts `program` on a new pty of `columns`×`rows`.
    static func onTerminal(_ program: String, _ arguments: [String], environment: [String: String], columns: Int, rows: Int) throws -> Child {
        // /dev/ptmx, unlocked, its number read: what posix_openpt, unlockpt and ptsname do
        // (Swift's Glibc module does not declare them).
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0, number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0, ioctl(master, 0x8004_5430 /* TIOCGPTN */, &number) == 0 else {
            if master >= 0 { close(master) }
            throw ServeError("no pseudo-terminal could be opened: \(String(cString: strerror(errno))).")
        }
        let slave = "/dev/pts/\(number)"
        resize(master, columns: columns, rows: rows)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slave, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        do {
            return Child(pid: try spawn(program, arguments, environment: environment, actions: &actions), output: master, errors: nil)
        } catch {
            close(master)
            throw error
        }
    }

    /// Starts `program` with no terminal: standard input empty, output and errors on pipes.
    static func onPipes(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Child {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { throw ServeError("no pipe could be made.") }
        guard pipe(&err) == 0 else { close(out[0]); close(out[1]); throw ServeError("no pipe could be made.") }
        for descriptor in out + err { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        defer { close(out[1]); close(err[1]) }
        do {
            return Child(pid: try spawn(program, arguments, environment: environment, actions: &actions), output: out[0], errors: err[0])
        } catch {
            close(out[0]); close(err[0])
            throw error
        }
    }

    /// Runs `program` to its end with no input and its output dropped. - Returns: its exit status.
    static func runToEnd(_ program: String, _ arguments: [String], environment: [String: String]) throws -> Int {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let pid = try spawn(program, arguments, environment: environment, actions: &actions)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f == 0 ? Int((status >> 8) & 0xff) : 128 + Int(status & 0x7f)
    }

    private static func spawn(_ program: String, _ arguments: [String], environment: [String: String], actions: inout posix_spawn_file_actions_t) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Signals as a new program expects them: none blocked, default handlers.
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | setSession)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, program, &actions, &attributes, argv, envp)
        guard status == 0 else { throw ServeError("\(program) could not be started: \(String(cString: strerror(status))).") }
        return pid
    }

    /// Sets the terminal's size; the kernel sends the child SIGWINCH.
    static func resize(_ master: Int32, columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// The exit status once it has ended (128 + signal when a signal ended it), else nil.
    func reap() -> Int? {
        var status: Int32 = 0
        guard waitpid(pid, &status, WNOHANG) == pid else { return nil }
        if status & 0x7f == 0 { return Int((status >> 8) & 0xff) }
        return 128 + Int(status & 0x7f)
    }
}
