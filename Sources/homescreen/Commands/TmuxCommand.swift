import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct TmuxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tmux",
        abstract: "Keep tmux user options (@homescreen-pantry, ...) up to date, for a status line that spawns nothing.",
        discussion: """
            In ~/.tmux.conf (tmux runs it with the server's PATH, which may lack
            ~/.local/bin, and cuts status-right at 40 columns unless told more):
              run-shell -b 'PATH="$HOME/.local/bin:$PATH" homescreen tmux'
              set -g status-right '#{@homescreen-pantry} #{@homescreen-budget}'
              set -g status-right-length 100
            It attaches to the tmux server it runs in ($TMUX, or --socket) as one
            control-mode client (tmux -C, read-only, no pane output), sets one option per
            kind with tmux styles whenever that kind's line changes (a store write, a
            reload time, midnight), and asks tmux to redraw the status line. It starts no
            other process (but the widgets' commands), sleeps in poll() while nothing
            changes, and exits when the tmux server goes. Data stays inert: every '#' of
            data is doubled, so a product name can never run a tmux command.
            The config's [[widget]]s with an inline family are kept too (@homescreen-NAME):
            each command runs once per interval for every client and session, followed in
            the same poll(); `homescreen reload NAME` and SIGRTMIN+N (`signal = N`) run one now.
            One per server: it names itself in @homescreen-tmux, and a second one (the
            config sourced again) leaves the options to the first and exits 0.
            --reminders also delivers the reminders `homescreen notify` would, once each,
            as they fall due: on every client's status line (display-message, sent through
            the same control client, no process started) and over the config's other
            [reminders] channels.
            """
    )

    @Argument(help: "Kinds to keep (default: every kind with an inline line, the config's [[widget]]s too).", completion: Completions.kinds)
    var kinds: [String] = []

    @Option(help: ArgumentHelp("Cell density of the lines: regular (58 columns) or compact (29).", valueName: "density"), completion: Completions.densities)
    var density: String = "regular"

    @Option(help: ArgumentHelp("The tmux server's socket. Default: the one in $TMUX.", valueName: "path"), completion: .file())
    var socket: String?

    @Flag(help: "Also deliver reminders (see homescreen notify): on the clients' status lines, and over the config's channels.")
    var reminders = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    func run() throws {
        // Before any thread starts: a script widget's `signal = N` (SIGRTMIN+N) runs it now.
        let signals = EventLoop.realtimeSignals()
        defer { if signals >= 0 { close(signals) } }
        let kinds = try StatusLine.inlineKinds(kinds, declared: true).kinds
        let density = try Arguments.density(density)
        let environment = storeOptions.environment
        guard let socket = socket ?? environment["TMUX"].flatMap({ $0.split(separator: ",").first.map(String.init) }), !socket.isEmpty else {
            throw CLIError.usage("no tmux server to attach to: $TMUX is not set; start it from ~/.tmux.conf with run-shell -b 'homescreen tmux', or pass --socket PATH.")
        }
        if viewOptions.now != nil { throw CLIError.usage("homescreen tmux follows the real clock; leave out --now.") }
        let config = try viewOptions.loadConfig(environment: environment)
        let depth = try viewOptions.depth(environment: environment, default: .truecolor)
        let theme = try viewOptions.loadTheme(from: storeOptions.themeLibrary, config: config)
        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions, forWriting: reminders, config: config)
        defer { session.finish() }
        var status = StatusLine(session: session, kinds: kinds, context: session.context(.accessoryInline, density: density),
                                encoder: OutputFormat.tmux.encoder(theme: theme, depth: depth), format: .tmux, json: false, separator: "")
        signal(SIGPIPE, SIG_IGN)
        var shown: [String] = [], failures = 0
        let feed = HledgerChangeFeed.wrap(VdirChangeFeed.wrap(try session.store.changeFeed()))   // one for the whole run, whatever the clients
        while true {
            let client = try ControlClient(socket: socket, environment: environment)
            // One per server: a second one (~/.tmux.conf sourced again) leaves the options to the
            // first, so that each widget's command runs once, not once per `homescreen tmux`.
            if let other = client.otherFeeder() {
                client.stop()
                Output.error("homescreen tmux: pid \(other) already keeps the options of the tmux server at \(socket); this one ends.")
                return
            }
            _ = Output.write("set-option -g @homescreen-tmux \(getpid())\n", to: client.input)
            let attached = Date()
            var channels = config.reminders
            if !channels.channels.contains(.tmux) { channels.channels.append(.tmux) }
            var notifier = reminders ? Notifier(session: session, config: channels, privacy: Notifier.privacy(session, environment),
                                                sender: ReminderSender(config: channels, environment: environment, tmux: client, waits: false), environment: environment) : nil
            try StatusLine.watch(feed: feed, peer: (client.output, Int16(POLLIN)), children: notifier?.sender.childExits ?? -1, signals: signals, onInput: {
                // A client attached: what no one could see may be shown now.
                let input = client.drain()
                if input == .update { notifier?.retryHeld() }
                return input
            }) {
                try status.session.adoptCreatedStore()
                // A store file deleted or moved: every option says so until one is at the path again.
                let each: [String], next: Date?
                if feed.lostReason != nil, !feed.followsServer {   // a server away keeps the last text
                    (each, next) = (kinds.map { _ in "homescreen: store gone" }, nil)
                } else {
                    let (lines, due) = try status.lines(at: Date())
                    (each, next) = (lines.each, due)
                }
                let commands = zip(kinds, each).enumerated().filter { shown.count <= $0.offset || shown[$0.offset] != $0.element.1 }
                    .map { "set-option -g @homescreen-\($0.element.0.rawValue) \(ControlClient.quoted($0.element.1))\n" }
                if !commands.isEmpty {
                    guard Output.write(commands.joined() + "refresh-client -S\n", to: client.input) else { return nil }
                    shown = each
                }
                guard notifier != nil else { return next }
                notifier?.session = status.session
                // A store error: the reminders are checked again in a minute (or at the next write).
                let outcome = Notifier.retrying { try notifier?.deliver(at: Date()) }
                guard let due = outcome.map({ $0.next }) ?? Date().addingTimeInterval(60) else { return next }
                return min(next ?? due, due)
            }
            client.stop()
            // The client ends with its session (killed, or none yet while ~/.tmux.conf loads at
            // server start): attach again while the server answers; go with the server.
            guard ControlClient.serverAnswers(socket) else { return }
            failures = Date().timeIntervalSince(attached) > 10 ? 0 : failures + 1
            guard failures < 40 else {
                throw CLIError.runtime("the tmux server at \(socket) has no session to attach to; start a session, then homescreen tmux.")
            }
            usleep(useconds_t(min(1_000_000, 50_000 << min(failures, 5))))
            shown = []   // a new client: set every option again
        }
    }
}

/// One `tmux -C` client of a server, spawned once: commands go to its input, its replies and
/// notifications are read and dropped; its output ends when the server goes.
final class ControlClient {
    let input: Int32
    let output: Int32
    private let pid: pid_t

    init(socket: String, environment: [String: String]) throws {
        var toClient: [Int32] = [0, 0], fromClient: [Int32] = [0, 0]
        guard pipe(&toClient) == 0, pipe(&fromClient) == 0 else { throw CLIError.runtime("cannot make a pipe for tmux.") }
        for descriptor in toClient + fromClient { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toClient[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromClient[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let arguments = ["tmux", "-S", socket, "-C", "attach-session", "-f", "read-only,ignore-size,no-output"]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // Not nested: the control client must not see the $TMUX of the pane it was started from.
        let variables = environment.filter { $0.key != "TMUX" && $0.key != "TMUX_PANE" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { variables.forEach { free($0) } }
        var attributes = Spawn.cleanSignals()
        defer { posix_spawnattr_destroy(&attributes) }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, variables)
        close(toClient[0])
        close(fromClient[1])
        guard spawned == 0 else {
            close(toClient[1])
            close(fromClient[0])
            throw CLIError.runtime("tmux could not be started (\(String(cString: strerror(spawned)))); install tmux.")
        }
        self.pid = pid
        input = toClient[1]
        output = fromClient[0]
    }

    /// Reads what tmux said: its end (the server or the client is gone), a client attached or
    /// moved to another session (where a reminder no client could see can now be shown), or
    /// anything else, dropped.
    func drain() -> PeerInput {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, 4096) }
        guard count > 0 || (count < 0 && errno == EINTR) else { return .end }
        return String(decoding: buffer.prefix(max(0, count)), as: UTF8.self).contains("%client-session-changed") ? .update : .ignore
    }

    /// Shows `text` in the status line of every client of the server (in a control client,
    /// `display-message` only prints to that client itself), as data: `#` and `%` doubled so
    /// tmux expands no format, `#(command)` or strftime code. - Returns: nil when shown, else why not.
    func display(_ text: String) -> String? {
        let marker = "homescreen-client", lost = "the tmux server did not answer"
        // The server's version too: `display-message -d` (how long it stays) is tmux 3.2's.
        guard Output.write("list-clients -F \"\(marker) v#{version} #{client_control_mode} #{client_name}\"\n", to: input) else { return lost }
        var names: [String] = [], pending: [UInt8] = [], listed = false, lasting = false
        let deadline = Date().addingTimeInterval(3)
        reading: while Date() < deadline {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 250) >= 0 || errno == EINTR else { return lost }
            guard descriptor.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, 4096) }
            if count == 0 || (count < 0 && errno != EINTR) { return lost }
            pending += buffer.prefix(max(0, count))
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.hasPrefix(marker + " ") {
                    listed = true
                    let fields = line.split(separator: " ", maxSplits: 3)
                    guard fields.count == 4 else { continue }
                    lasting = Self.atLeast3_2(String(fields[1].dropFirst()))
                    if fields[2] == "0" { names.append(String(fields[3])) }
                } else if listed, line.hasPrefix("%end") || line.hasPrefix("%error") {
                    break reading
                }
            }
        }
        guard listed else { return lost }
        guard !names.isEmpty else { return "no client is attached to the tmux server" }
        let message = Self.quoted(text.replacingOccurrences(of: "#", with: "##").replacingOccurrences(of: "%", with: "%%"))
        return Output.write(names.map { "display-message -c \(Self.quoted($0)) \(lasting ? "-d 8000 " : "")\(message)\n" }.joined(), to: input) ? nil : lost
    }

    /// The pid of another `homescreen tmux` that keeps this server's options (the server's
    /// `@homescreen-tmux` names it, and it is alive and is one); nil when there is none.
    func otherFeeder() -> pid_t? {
        let marker = "homescreen-feeder"
        guard Output.write("display-message -p \"\(marker) #{@homescreen-tmux}\"\n", to: input) else { return nil }
        var pending: [UInt8] = []
        let deadline = Date().addingTimeInterval(3)
        while Date() < deadline {
            var descriptor = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 250) >= 0 || errno == EINTR else { return nil }
            guard descriptor.revents != 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { read(output, $0.baseAddress, 4096) }
            if count == 0 || (count < 0 && errno != EINTR) { return nil }
            pending += buffer.prefix(max(0, count))
            while let newline = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                guard line.hasPrefix(marker) else { continue }
                guard let pid = pid_t(line.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)), pid > 0, pid != getpid(), kill(pid, 0) == 0,
                      let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
                let arguments = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
                let isFeeder = arguments.first.map { ($0 as NSString).lastPathComponent == "homescreen" } == true && arguments.dropFirst().first == "tmux"
                return isFeeder ? pid : nil
            }
        }
        return nil
    }

    /// Whether a tmux version ("3.3a", "next-3.5", "3.1c") is 3.2 or later.
    static func atLeast3_2(_ version: String) -> Bool {
        let numbers = version.drop { !$0.isNumber }.split(separator: ".", maxSplits: 1).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        guard let major = numbers.first else { return false }
        return major > 3 || (major == 3 && (numbers.dropFirst().first ?? 0) >= 2)
    }

    func stop() {
        close(input)
        close(output)
        var status: Int32 = 0
        kill(pid, SIGKILL)   // it holds nothing to save; closing its input already asked it to leave
        _ = waitpid(pid, &status, 0)
    }

    /// How many clients other than control clients are attached to the server at `socket`
    /// (0 when it cannot be asked): where `display-message` would be seen.
    static func attachedClients(_ socket: String, environment: [String: String]) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-S", socket, "list-clients", "-F", "#{client_control_mode}"]
        process.environment = environment.filter { $0.key != "TMUX" && $0.key != "TMUX_PANE" }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return 0 }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0 == "0" }.count
    }

    /// Whether a tmux server listens on `socket` (a connect, no process started).
    static func serverAnswers(_ socket: String) -> Bool {
        let descriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socket.utf8.prefix(107)) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in buffer.copyBytes(from: path.prefix(buffer.count)) }
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) == 0 }
        }
    }

    /// A tmux command argument in double quotes: backslash, quote and `$` escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "$", with: "\\$") + "\""
    }
}
