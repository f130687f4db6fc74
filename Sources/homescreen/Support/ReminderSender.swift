import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenHosting

/// Delivers reminders over the config's channels. Text is data: control characters are
/// stripped, nothing goes through a shell, and a tmux message has its `#` and `%` doubled.
final class ReminderSender {
    let channels: [ReminderConfig.Channel]
    private let command: [String]
    private let environment: [String: String]
    /// `homescreen tmux`'s control client; without one (`notify`), a client is started for each
    /// batch and stopped after it, so a restarted server is always found.
    private let tmux: ControlClient?
    /// Wait for each program to finish (`--once`), or leave it running and settle its reminders
    /// when it ends (`--follow`, `tmux --reminders`: a slow command holds nothing up). Either
    /// way a program's reminder counts as delivered only when it exited 0.
    private let waits: Bool
    /// Programs started and not reaped yet: the channel and the reminders they carry.
    private var running: [pid_t: (channel: ReminderConfig.Channel, program: String, keys: [String])] = [:]
    /// The reminders that wait on such programs: how many still run, and whether any channel
    /// reached the user already.
    private var waiting: [String: (reminder: Reminder, running: Int, reached: Bool)] = [:]
    /// Readable when a program started here may have ended (a loop polls it, then calls
    /// `settle()`); -1 when the sender waits for its programs.
    let childExits: Int32

    init(config: ReminderConfig, environment: [String: String], tmux: ControlClient? = nil, waits: Bool = true) {
        channels = config.channels
        command = config.command
        self.environment = environment
        self.tmux = tmux
        self.waits = waits
        childExits = waits ? -1 : EventLoop.makeChildExitDescriptor()
    }

    deinit { if childExits >= 0 { close(childExits) } }

    /// The tmux server reminders go to: $TMUX's, else the default socket of this user.
    static func tmuxSocket(_ environment: [String: String]) -> String {
        if let socket = environment["TMUX"]?.split(separator: ",").first, !socket.isEmpty { return String(socket) }
        let folder = environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(folder)/tmux-\(getuid())/default"
    }

    /// Whether a channel can deliver here, and why not: for `doctor` and `--dry-run`.
    static func availability(_ channel: ReminderConfig.Channel, command: [String], environment: [String: String]) -> String? {
        switch channel {
        case .notifySend:
            guard Spawn.find("notify-send", environment) != nil else { return "notify-send is not installed (Debian: libnotify-bin)" }
            return sessionBus(environment) ? nil : "no D-Bus session bus to show it on (DBUS_SESSION_BUS_ADDRESS is not set and there is no $XDG_RUNTIME_DIR/bus)"
        case .tmux:
            let socket = tmuxSocket(environment)
            guard ControlClient.serverAnswers(socket) else { return "no tmux server answers at \(socket)" }
            return ControlClient.attachedClients(socket, environment: environment) > 0 ? nil : "no client is attached to the tmux server at \(socket)"
        case .osc9, .osc777:
            let descriptor = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            defer { if descriptor >= 0 { close(descriptor) } }
            return descriptor < 0 ? "no terminal (/dev/tty) to write to" : nil
        case .command: return Spawn.find(command.first ?? "", environment) == nil ? "\(command.first ?? "") is not found" : nil
        }
    }

    /// Whether a D-Bus session bus is there for notify-send: named by the environment, or the
    /// user's bus socket (`$XDG_RUNTIME_DIR/bus`), or an X display D-Bus can start one for.
    static func sessionBus(_ environment: [String: String]) -> Bool {
        if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty {
            guard address.hasPrefix("unix:path=") else { return true }
            let path = String(address.dropFirst("unix:path=".count).prefix { $0 != "," && $0 != ";" })
            return access(path, F_OK) == 0
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty, access(runtime + "/bus", F_OK) == 0 { return true }
        return environment["DISPLAY"].map { !$0.isEmpty } == true && Spawn.find("dbus-launch", environment) != nil
    }

    /// What sending did: the reminders that reached a channel, those that wait on a program
    /// still running (settled by `settle()`), and what failed (a sentence per channel and reason).
    struct Sent {
        var delivered: [Reminder] = []
        var pending: [Reminder] = []
        var failures: [String] = []
    }

    /// Sends the reminders over every channel.
    func send(_ reminders: [Reminder]) -> Sent {
        guard !reminders.isEmpty else { return Sent() }
        let texts = reminders.map { (title: SafeText.clean($0.title), body: SafeText.clean($0.body)) }
        var reached = [Bool](repeating: false, count: reminders.count), started = [Int](repeating: 0, count: reminders.count)
        var failures: [String] = []
        for channel in channels {
            // tmux gets one message for the batch (a client shows only the last it is given),
            // the other channels one per reminder.
            let groups = channel == .tmux ? [Array(texts.indices)] : texts.indices.map { [$0] }
            for group in groups {
                let title = group.count == 1 ? texts[group[0]].title : "\(group.count) reminders: " + group.map { texts[$0].title }.joined(separator: "; ")
                switch deliver(title, texts[group[0]].body, over: channel) {
                case .delivered: for index in group { reached[index] = true }
                case .failed(let failure): failures.append("\(channel.rawValue): \(failure)")
                case .running(let pid, let program):
                    running[pid] = (channel, program, group.map { reminders[$0].key })
                    for index in group { started[index] += 1 }
                }
            }
        }
        var sent = Sent(failures: Array(Set(failures)).sorted())
        for (index, reminder) in reminders.enumerated() {
            if started[index] > 0 { waiting[reminder.key] = (reminder, started[index], reached[index]) }
            if reached[index] { sent.delivered.append(reminder) } else if started[index] > 0 { sent.pending.append(reminder) }
        }
        return sent
    }

    /// Reaps the programs that have ended. - Returns: the reminders that reached no channel
    /// once their last program ended (to be released for the next check), and what failed.
    func settle() -> (undelivered: [Reminder], failures: [String]) {
        if childExits >= 0 { EventLoop.drainChildExits(childExits) }
        var undelivered: [Reminder] = [], failures: [String] = []
        for (pid, started) in running {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            running[pid] = nil
            let failure = Spawn.failure(status, started.program)
            if let failure { failures.append("\(started.channel.rawValue): \(failure)") }
            for key in started.keys {
                guard var entry = waiting[key] else { continue }
                entry.running -= 1
                entry.reached = entry.reached || failure == nil
                if entry.running > 0 { waiting[key] = entry; continue }
                waiting[key] = nil
                if !entry.reached { undelivered.append(entry.reminder) }
            }
        }
        return (undelivered, failures)
    }

    /// How a channel took a reminder.
    private enum Attempt {
        case delivered
        case failed(String)
        /// A program that delivers it is still running.
        case running(pid_t, String)
    }

    private func deliver(_ title: String, _ body: String, over channel: ReminderConfig.Channel) -> Attempt {
        func done(_ failure: String?) -> Attempt { failure.map(Attempt.failed) ?? .delivered }
        switch channel {
        case .notifySend: return run(["notify-send", "--app-name=Homescreen", "--", title, body])
        case .command: return run(command + [title, body])
        case .osc9, .osc777:
            // OSC 9's text after a fixed word (a text starting "4;" is a progress bar to some
            // terminals); OSC 777's fields cannot hold its separator. SafeText took the controls.
            let sequence = channel == .osc9 ? "\u{1B}]9;Homescreen: \(title)\u{07}"
                : "\u{1B}]777;notify;\(title.replacingOccurrences(of: ";", with: ","));\(body.replacingOccurrences(of: ";", with: ","))\u{07}"
            // Inside tmux, passed through to the terminal it runs in (tmux's allow-passthrough).
            let wrapped = environment["TMUX"] == nil ? sequence : "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
            let descriptor = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { return .failed("no terminal (/dev/tty) to write to") }
            defer { close(descriptor) }
            return done(Output.write(wrapped, to: descriptor) ? nil : "the terminal did not take it")
        case .tmux: return done(displayInTmux("Homescreen: " + title))
        }
    }

    private func displayInTmux(_ text: String) -> String? {
        if let tmux { return tmux.display(text) }
        let socket = Self.tmuxSocket(environment)
        guard ControlClient.serverAnswers(socket) else { return "no tmux server answers at \(socket)" }
        guard let client = try? ControlClient(socket: socket, environment: environment) else { return "tmux could not be started" }
        defer { client.stop() }
        return client.display(text)
    }

    /// Starts a program; waits for it when `waits`.
    private func run(_ arguments: [String]) -> Attempt {
        switch Spawn.start(arguments, environment: environment) {
        case .failed(let reason): return .failed(reason)
        case .running(let pid) where waits: return Spawn.wait(pid, arguments[0], seconds: 10).map(Attempt.failed) ?? .delivered
        case .running(let pid): return .running(pid, arguments[0])
        }
    }
}

/// Runs a program without a shell: its arguments are passed as they are.
enum Spawn {
    /// The program's path on $PATH (or as given, with a slash); nil when there is none.
    static func find(_ program: String, _ environment: [String: String]) -> String? {
        guard !program.isEmpty else { return nil }
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    enum Started {
        case running(pid_t)
        case failed(String)
    }

    /// Starts `arguments` with no input or output, every signal at its default and none
    /// blocked (not this process's ignored SIGPIPE). - Returns: its pid, or why it did not start.
    static func start(_ arguments: [String], environment: [String: String]) -> Started {
        guard let program = find(arguments[0], environment) else { return .failed("\(arguments[0]) is not found") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, &attributes, argv, variables)
        return spawned == 0 ? .running(pid) : .failed("\(arguments[0]) could not be started (\(String(cString: strerror(spawned))))")
    }

    /// Spawn attributes that start a program with every signal at its default and none blocked
    /// (not this process's ignored SIGPIPE, nor a SIGCHLD blocked to read it from a descriptor).
    /// The caller destroys them.
    static func cleanSignals() -> posix_spawnattr_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var defaults = sigset_t(), none = sigset_t()
        sigfillset(&defaults)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        return attributes
    }

    /// Waits for `pid` at most `seconds` (then leaves it running). - Returns: nil when it exited 0.
    static func wait(_ pid: pid_t, _ name: String, seconds: Double) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else { return "\(name) is still running after \(Int(seconds)) s" }
            usleep(20_000)
        }
        return failure(status, name)
    }

    /// What a `waitpid` status says went wrong; nil for exit status 0.
    static func failure(_ status: Int32, _ name: String) -> String? {
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        return exited && code == 0 ? nil : "\(name) failed (\(exited ? "exit status \(code)" : "signal \(status & 0x7f)"))"
    }
}
