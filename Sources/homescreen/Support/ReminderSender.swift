import Foundation
import HomescreenRender
import HomescreenRuntime
import HomescreenHosting

/// Delivers reminders over the config's channels. Text is data: control characters are
/// stripped, nothing goes through a shell, and a tmux message has its `#` doubled.
final class ReminderSender {
    let channels: [ReminderConfig.Channel]
    private let command: [String]
    private let environment: [String: String]
    /// The tmux server's control client: `homescreen tmux`'s own, or one opened here at the
    /// first tmux delivery (nil while no server answers).
    private var tmux: ControlClient?
    private let ownsTmux: Bool

    init(config: ReminderConfig, environment: [String: String], tmux: ControlClient? = nil) {
        channels = config.channels
        command = config.command
        self.environment = environment
        self.tmux = tmux
        ownsTmux = tmux == nil
    }

    deinit { if ownsTmux { tmux?.stop() } }

    /// The tmux server reminders go to: $TMUX's, else the default socket of this user.
    static func tmuxSocket(_ environment: [String: String]) -> String {
        if let socket = environment["TMUX"]?.split(separator: ",").first, !socket.isEmpty { return String(socket) }
        let folder = environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return "\(folder)/tmux-\(getuid())/default"
    }

    /// Whether a channel can deliver here, and why not: for `doctor` and `--dry-run`.
    static func availability(_ channel: ReminderConfig.Channel, command: [String], environment: [String: String]) -> String? {
        switch channel {
        case .notifySend: return Spawn.find("notify-send", environment) == nil ? "notify-send is not installed (Debian: libnotify-bin)" : nil
        case .tmux:
            let socket = tmuxSocket(environment)
            return ControlClient.serverAnswers(socket) ? nil : "no tmux server answers at \(socket)"
        case .osc9, .osc777:
            let descriptor = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            defer { if descriptor >= 0 { close(descriptor) } }
            return descriptor < 0 ? "no terminal (/dev/tty) to write to" : nil
        case .command: return Spawn.find(command.first ?? "", environment) == nil ? "\(command.first ?? "") is not found" : nil
        }
    }

    /// Sends each reminder over every channel. - Returns: the channels that failed, with why.
    @discardableResult
    func send(_ reminders: [Reminder]) -> [String] {
        var failures: [String] = []
        for reminder in reminders {
            let title = SafeText.clean(reminder.title), body = SafeText.clean(reminder.body)
            for channel in channels {
                if let failure = deliver(title, body, over: channel) { failures.append("\(channel.rawValue): \(failure)") }
            }
        }
        return failures
    }

    private func deliver(_ title: String, _ body: String, over channel: ReminderConfig.Channel) -> String? {
        switch channel {
        case .notifySend:
            return Spawn.run(["notify-send", "--app-name=Homescreen", "--", title, body], environment: environment)
        case .command:
            return Spawn.run(command + [title, body], environment: environment)
        case .osc9, .osc777:
            // Separators and the string terminator cannot be in the text: SafeText took the
            // control characters, a semicolon would end OSC 777's title.
            let sequence = channel == .osc9 ? "\u{1B}]9;\(title)\u{07}"
                : "\u{1B}]777;notify;\(title.replacingOccurrences(of: ";", with: ","));\(body.replacingOccurrences(of: ";", with: ","))\u{07}"
            // Inside tmux, passed through to the terminal it runs in (tmux's allow-passthrough).
            let wrapped = environment["TMUX"] == nil ? sequence : "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
            let descriptor = open("/dev/tty", O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard descriptor >= 0 else { return "no terminal (/dev/tty) to write to" }
            defer { close(descriptor) }
            return StatusLine.write(wrapped, to: descriptor) ? nil : "the terminal did not take it"
        case .tmux:
            if tmux == nil {
                let socket = Self.tmuxSocket(environment)
                guard ControlClient.serverAnswers(socket) else { return "no tmux server answers at \(socket)" }
                tmux = try? ControlClient(socket: socket, environment: environment)
            }
            guard let tmux else { return "tmux could not be started" }
            return tmux.display("Homescreen: \(title)") ? nil : "the tmux server did not answer"
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

    /// Starts `arguments` with no input and output and waits for it, at most `seconds` (then
    /// leaves it running). - Returns: nil when it ran and exited 0, else what went wrong.
    static func run(_ arguments: [String], environment: [String: String], seconds: Double = 10) -> String? {
        guard let program = find(arguments[0], environment) else { return "\(arguments[0]) is not found" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, variables)
        guard spawned == 0 else { return "\(arguments[0]) could not be started (\(String(cString: strerror(spawned))))" }
        let deadline = Date().addingTimeInterval(seconds)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            guard Date() < deadline else { return "\(arguments[0]) is still running after \(Int(seconds)) s" }
            usleep(5_000)
        }
        let exited = status & 0x7f == 0, code = (status >> 8) & 0xff
        return exited && code == 0 ? nil : "\(arguments[0]) failed (\(exited ? "exit status \(code)" : "signal \(status & 0x7f)"))"
    }
}
