import CSystemEvents
import Foundation

/// A child process a loop follows without a thread: what the script widgets' commands and the
/// hledger source share. It is started with stdin from /dev/null, stdout and stderr on two
/// non-blocking pipes, no signal blocked and every disposition at its default (the dashboard
/// blocks and ignores some; children inherit both), and its end is seen on a pidfd (readable
/// once it has ended; -1 on a kernel before 5.3, where the owner falls back on its pipes).
struct PipedChild {
    let pid: pid_t
    /// The read ends of its stdout and stderr, non-blocking and close-on-exec.
    let output: Int32
    let errors: Int32
    /// Readable once it has ended; -1 where the kernel has no pidfd.
    let ended: Int32

    /// Starts `executable` with `arguments` (argv[0] included) and exactly `environment`.
    /// - Parameters:
    ///   - ownGroup: in a process group of its own (so a timeout can end all it started).
    ///   - idle: scheduled `SCHED_IDLE` as soon as it has started: it runs only on CPU time
    ///     nothing else wants, so a loop's keys never wait for it on a busy machine (a kernel
    ///     that refuses the policy leaves it as it was).
    /// - Returns: the child, or why it could not be started (strerror's words).
    static func start(_ executable: String, _ arguments: [String], environment: [String: String], ownGroup: Bool,
                      idle: Bool = false) -> Result<PipedChild, NotStarted> {
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { return .failure(NotStarted(description: String(cString: strerror(errno)))) }
        guard pipe(&err) == 0 else {
            close(out[0]); close(out[1])
            return .failure(NotStarted(description: String(cString: strerror(errno))))
        }
        for end in out + err { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        for end in [out[0], err[0]] { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, err[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), every = sigset_t()
        sigemptyset(&none)
        sigfillset(&every)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &every)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if ownGroup {
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))
        var pid: pid_t = 0
        let started = withCStrings(arguments) { argv in
            withCStrings(environment.map { "\($0.key)=\($0.value)" }) { envp in posix_spawn(&pid, executable, &actions, &attributes, argv, envp) }
        }
        // glibc's posix_spawnattr_setschedpolicy takes only OTHER, FIFO and RR: the policy is
        // set here, as soon as posix_spawn returns (its vfork returns once the child has
        // executed, microseconds into its run).
        if idle && started == 0 {
            var parameters = sched_param(sched_priority: 0)
            _ = sched_setscheduler(pid, Self.schedIdle, &parameters)
        }
        close(out[1])
        close(err[1])
        guard started == 0 else {
            close(out[0]); close(err[0])
            return .failure(NotStarted(description: String(cString: strerror(started))))
        }
        return .success(PipedChild(pid: pid, output: out[0], errors: err[0], ended: hs_pidfd_open(pid)))
    }

    /// Linux's SCHED_IDLE policy (sched.h defines it under _GNU_SOURCE, which Swift's Glibc
    /// module does not show).
    static let schedIdle: Int32 = 5

    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        return body(pointers)
    }
}

/// Why a command could not be started.
struct NotStarted: Error, CustomStringConvertible {
    let description: String
}
