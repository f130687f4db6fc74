import CSystemEvents
import Foundation

/// One run of hledger as a child process whose descriptors a loop waits on: its output and
/// error pipes (non-blocking) and a process descriptor that becomes readable when it ends. No
/// thread waits for it: a loop calls `advance()` when one of `descriptors` is readable, and a
/// command that needs the answer now calls `finish()`, which polls the same descriptors.
final class HledgerProcess {
    let pid: pid_t
    private var output: Int32
    private var errors: Int32
    /// Readable once the child has ended (pidfd); -1 where the kernel has none.
    private var ended: Int32
    private(set) var outputBytes = [UInt8]()
    private(set) var errorBytes = [UInt8]()
    /// The exit status once reaped.
    private(set) var status: Int32?
    let started = Date()

    /// stderr kept (its first lines name the file and line).
    static let errorLimit = 65_536

    private init(pid: pid_t, output: Int32, errors: Int32, ended: Int32) {
        self.pid = pid
        self.output = output
        self.errors = errors
        self.ended = ended
    }

    deinit {
        // A run given up (the dashboard quits while hledger reads): ended and reaped here.
        if status == nil {
            kill(pid, SIGKILL)
            var code: Int32 = 0
            while waitpid(pid, &code, 0) < 0 && errno == EINTR {}
        }
        for descriptor in [output, errors, ended] where descriptor >= 0 { close(descriptor) }
    }

    /// The descriptors to wait on while it runs.
    var descriptors: [Int32] { [output, errors, ended].filter { $0 >= 0 } }

    /// Starts `executable` with `arguments`, stdin from /dev/null, in the C.UTF-8 locale, with
    /// no signal blocked (the dashboard blocks some; children inherit the mask).
    /// - Parameter background: a run nobody waits for (the loop's): `SCHED_IDLE` from the moment
    ///   it has started, so that on a busy machine the dashboard's keys come before hledger's
    ///   1.5 s of reading (nice 5 still took a share of the CPU from them).
    static func start(_ executable: String, _ arguments: [String], environment: [String: String], background: Bool = false) throws -> HledgerProcess {
        var variables = environment
        variables["LANG"] = "C.UTF-8"
        variables["LC_ALL"] = "C.UTF-8"
        switch PipedChild.start(executable, [executable] + arguments, environment: variables, ownGroup: false, idle: background) {
        case .failure(let reason):
            throw HledgerError("hledger could not be started (\(reason.description)).")
        case .success(let child):
            return HledgerProcess(pid: child.pid, output: child.output, errors: child.errors, ended: child.ended)
        }
    }

    /// Reads what the pipes hold, without blocking, and reaps the child once it has ended.
    /// - Returns: true when it is done: both pipes closed and its status known.
    @discardableResult
    func advance() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        for which in 0..<2 {
            let descriptor = which == 0 ? output : errors
            guard descriptor >= 0 else { continue }
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                if count > 0 {
                    if which == 0 { outputBytes += buffer[0..<count] } else if errorBytes.count < Self.errorLimit { errorBytes += buffer[0..<count] }
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                if count == 0 || errno != EAGAIN {
                    close(descriptor)
                    if which == 0 { output = -1 } else { errors = -1 }
                }
                break
            }
        }
        if status == nil {
            var code: Int32 = 0
            // Without a process descriptor, closed pipes are the only word: the child is then in
            // its exit, and waiting for it is a matter of microseconds.
            let options: Int32 = ended < 0 && output < 0 && errors < 0 ? 0 : WNOHANG
            var reaped: pid_t
            repeat { reaped = waitpid(pid, &code, options) } while reaped < 0 && errno == EINTR
            if reaped == pid || (reaped < 0 && errno == ECHILD) { status = reaped == pid ? code : -1 }
        }
        if status != nil && ended >= 0 {
            close(ended)
            ended = -1
        }
        return status != nil && output < 0 && errors < 0
    }

    /// Waits for the run's end (a command that needs the figures now).
    func finish() {
        while !advance() {
            var descriptors = self.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if descriptors.isEmpty { continue }
            _ = poll(&descriptors, nfds_t(descriptors.count), -1)
        }
    }

    /// Whether it exited 0.
    var succeeded: Bool { status.map { $0 & 0x7f == 0 && ($0 >> 8) & 0xff == 0 } ?? false }
}
