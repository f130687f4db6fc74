import Foundation

/// The real dashboard in a detached tmux server of its own: started in a pane of a given size,
/// driven with `send-keys`, read with `capture-pane`. When the dashboard exits, the pane's shell
/// prints its exit status and the terminal's `stty -a`, so tests can check the terminal was
/// given back in a sane state.
public final class TmuxDashboard {
    public let socket: String
    public let store: String
    private let serverPID: pid_t

    public static var available: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// - Parameters:
    ///   - environment: extra variables for the dashboard (`NO_COLOR`, `LC_ALL`…).
    ///   - windowBackground: the pane's background as tmux's `window-style` (`#ffffff`): tmux then
    ///     answers OSC 11 with it; without one, a detached tmux answers only device attributes.
    public convenience init(columns: Int, rows: Int, store: String, arguments: [String] = [], environment: [String: String] = [:],
                            configHome: String, windowBackground: String? = nil) throws {
        try self.init(columns: columns, rows: rows, command: [Homescreen.executable.path] + arguments, store: store,
                      environment: environment, configHome: configHome, windowBackground: windowBackground)
    }

    /// Any program in the pane (an `ssh` client, say), with the same clean environment.
    public init(columns: Int, rows: Int, command arguments: [String], store: String, environment: [String: String] = [:],
                configHome: String, windowBackground: String? = nil) throws {
        try MissingTool.check("/usr/bin/tmux", package: "tmux")
        self.store = store
        socket = "hs-test-\(UUID().uuidString.prefix(12))"
        var variables = ["PATH": "/usr/bin:/bin", "HOME": configHome, "TZ": "Europe/Zurich", "LANG": "C.UTF-8",
                         "TERM": "tmux-256color", "HOMESCREEN_STORE": store, "XDG_CONFIG_HOME": configHome]
        variables.merge(environment) { _, new in new }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let command = arguments.map(Self.quote).joined(separator: " ")
        let script = "env -i \(assignments) \(command); echo \"EXIT=$?\"; stty -a | tr '\\n' ' '; echo; read line"
        let style = windowBackground.map { ["start-server", ";", "set", "-g", "window-style", "bg=\($0)", ";"] } ?? []
        try Self.tmux(socket, ["-f", "/dev/null"] + style + ["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", script])
        serverPID = pid_t(try Self.tmux(socket, ["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit { stop() }

    /// Ends the tmux server (and with it the terminal the dashboard runs in), and removes its
    /// socket, which a killed server leaves behind.
    public func stop() {
        if serverPID > 0 { kill(serverPID, SIGKILL) }
        Self.removeSocket(socket)
    }

    /// The socket file of the tmux server named `name` (`tmux -L`), removed.
    public static func removeSocket(_ name: String) {
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(name)")
    }

    /// The pane's text, one string per row.
    public func screen(escapes: Bool = false) -> [String] {
        var output = (try? Self.tmux(socket, ["capture-pane", "-p"] + (escapes ? ["-e"] : []))) ?? ""
        if output.hasSuffix("\n") { output.removeLast() }
        return output.components(separatedBy: "\n")
    }

    public var text: String { screen().joined(separator: "\n") }

    /// The dashboard's process id: the child of the pane's shell.
    public var processID: pid_t? { Int32(format("#{pane_pid}")).flatMap { Processes.children(of: $0).first } }

    /// A tmux format evaluated for the pane (`#{mouse_sgr_flag}`: the program asked for mouse reports).
    public func format(_ format: String) -> String {
        ((try? Self.tmux(socket, ["display-message", "-p", format])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends keys by tmux name ("c", "Escape", "Enter", "Down", "C-c").
    public func send(_ keys: String...) {
        _ = try? Self.tmux(socket, ["send-keys"] + keys)
    }

    /// Sends text literally.
    public func type(_ text: String) {
        _ = try? Self.tmux(socket, ["send-keys", "-l", text])
    }

    /// The bytes the dashboard wrote to its terminal (`tmux pipe-pane`) from just before `action`
    /// until `done` holds for the screen's text.
    public func bytesWritten(by action: () -> Void, until done: (String) -> Bool) throws -> Int {
        try written(by: action, until: done).count
    }

    /// What the pane's program wrote while `action` ran, until `done` held for the screen.
    public func written(by action: () -> Void, until done: (String) -> Bool) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hs-pipe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try Self.tmux(socket, ["pipe-pane", "-o", "cat > " + Self.quote(file)])
        // pipe-pane starts its command in the background: wait until it holds the file open.
        wait(timeout: 5) { _ in FileManager.default.fileExists(atPath: file) }
        action()
        wait(until: done)
        try Self.tmux(socket, ["pipe-pane"])
        // The pipe's cat writes what it read before it exits: wait until the size stops changing.
        var size = -1, stable = 0
        while stable < 5 {
            usleep(20_000)
            let now = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            stable = now == size ? stable + 1 : 0
            size = now
        }
        return try Data(contentsOf: URL(fileURLWithPath: file))
    }

    /// Every cell of the pane with its colours and attributes (`capture-pane -p -e -N`).
    public func cells() -> String { (try? Self.tmux(socket, ["capture-pane", "-p", "-e", "-N"])) ?? "" }

    /// The pane's cells once two captures 150 ms apart agree (the program stopped drawing).
    public func settledCells(timeout: TimeInterval = 5) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = cells()
        while Date() < deadline {
            usleep(150_000)
            let now = cells()
            if now == last { return now }
            last = now
        }
        return last
    }

    public func resize(columns: Int, rows: Int) {
        _ = try? Self.tmux(socket, ["resize-window", "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// Waits until `condition` holds for the screen's text. - Returns: whether it did in time.
    @discardableResult
    public func wait(timeout: TimeInterval = 10, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if condition(text) { return true }
            usleep(20_000)
        } while Date() < deadline
        return condition(text)
    }

    /// The dashboard's process id: the child of the pane's shell running `homescreen`.
    public var dashboardPID: pid_t? {
        guard let shell = pid_t((try? Self.tmux(socket, ["display-message", "-p", "#{pane_pid}"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "") else { return nil }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry), let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8) else { continue }
            // pid (comm) state ppid …; comm may hold spaces, so split after the last ')'.
            guard let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            let name = stat[stat.index(after: stat.firstIndex(of: "(")!)..<close]
            if fields.count > 1, pid_t(fields[1]) == shell, name == "homescreen" { return pid }
        }
        return nil
    }

    /// The exit status the pane's shell printed, once the dashboard has exited.
    public func exitStatus(timeout: TimeInterval = 5) -> Int? {
        var status: Int?
        wait(timeout: timeout) { text in
            guard let range = text.range(of: "EXIT=") else { return false }
            status = Int(text[range.upperBound...].prefix { $0.isNumber })
            return true
        }
        return status
    }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        try Spawn.run("/usr/bin/tmux", ["-L", socket] + arguments)
    }
}

/// Runs a helper program and returns its output. posix_spawn and waitpid are used directly: a
/// tmux command that starts a server leaves descriptors and children behind that make
/// Foundation's Process wait forever.
public enum Spawn {
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String]) throws -> String { try runWithStatus(executable, arguments).output }

    /// Runs `executable` to its end. - Returns: its exit status (as `waitpid` gives it) and its output.
    public static func runWithStatus(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("hs-spawn-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        let pid = try start(executable, arguments, output: outputPath)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status, (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    }

    /// Starts `executable` with no input, its output to `output` (or dropped), its errors
    /// dropped. The caller ends it and waits for it (`waitpid`). - Returns: its pid.
    public static func start(_ executable: String, _ arguments: [String], output: String? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { throw CocoaError(.executableLoad) }
        return pid
    }
}
