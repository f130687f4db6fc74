import Foundation
import HomescreenTestSupport
import Testing

/// `homescreen tmux` keeps @homescreen-<kind> options of a real tmux server up to date through
/// one control-mode client: no process per update, no wake-ups while idle, hostile data inert.
struct TmuxCommandTests {
    static func tmux(_ socket: String, _ arguments: String...) -> String {
        ((try? Spawn.run("/usr/bin/tmux", ["-L", socket] + arguments)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func wait(timeout: TimeInterval = 10, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline { if condition() { return true }; usleep(50_000) }
        return condition()
    }

    /// Whether a process still runs (a zombie waiting to be reaped does not).
    static func alive(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }

    static func children(of pid: pid_t) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).filter { entry in
            guard Int32(entry) != nil, let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").dropFirst().first.flatMap { Int32($0) } == pid
        }
    }

    @Test func optionsFollowTheStoreWithoutSpawningOrWaking() throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let socket = "hs-tmuxcmd-\(UUID().uuidString.prefix(8))"
        _ = Self.tmux(socket, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "10", "cat")
        // Servers started from the test runner inherit its blocked signals: end them with SIGKILL.
        let server = pid_t(Self.tmux(socket, "display-message", "-p", "#{pid}")) ?? 0
        defer { if server > 0 { kill(server, SIGKILL) } }
        let path = Self.tmux(socket, "display-message", "-p", "#{socket_path}")
        let process = Process()
        process.executableURL = Homescreen.executable
        process.arguments = ["tmux", "pantry", "budget"]
        process.environment = Homescreen.environment(store: store, ["TMUX": "\(path),1,0", "PATH": "/usr/bin:/bin"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("Milk expired") },
                "\(Self.tmux(socket, "show", "-gv", "@homescreen-pantry"))")
        #expect(Self.tmux(socket, "show", "-gv", "@homescreen-budget").contains("Budget: CHF"))
        let client = Self.children(of: process.processIdentifier)
        #expect(client.count == 1, "one tmux client: \(client)")

        // Consuming the last litre of milk changes the first product: the option follows.
        #expect(try Homescreen.run(["pantry", "consume"], store: store).status == 0)
        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("Yogurt") })

        // Hostile data shows literally in a real client's status line and runs nothing.
        let marker = "/tmp/hs\(UUID().uuidString.prefix(6))"   // short: the name must fit the inline line
        #expect(try Homescreen.run(["pantry", "add", "#(touch \(marker)) #[fg=red]$HOME", "--due", "2000-01-01"], store: store).status == 0)
        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("##(touch") })
        _ = Self.tmux(socket, "set", "-g", "status-right-length", "200")
        _ = Self.tmux(socket, "set", "-g", "status-right", "#{@homescreen-pantry}")
        let outer = socket + "-outer"
        _ = Self.tmux(outer, "-f", "/dev/null", "new-session", "-d", "-x", "160", "-y", "6", "env -u TMUX tmux -L \(socket) attach")
        let outerServer = pid_t(Self.tmux(outer, "display-message", "-p", "#{pid}")) ?? 0
        defer { if outerServer > 0 { kill(outerServer, SIGKILL) } }
        #expect(Self.wait { Self.tmux(outer, "capture-pane", "-p").contains("#(touch \(marker)) #[fg=red]$HOME") },
                "the status line: \(Self.tmux(outer, "capture-pane", "-p"))")
        #expect(!FileManager.default.fileExists(atPath: marker), "a product name ran a command")

        // Idle: no wake-ups on any thread, and still the same single client.
        let before = TmuxDashboard.contextSwitches(of: process.processIdentifier)
        sleep(10)
        #expect(TmuxDashboard.contextSwitches(of: process.processIdentifier) - before == 0)
        #expect(Self.children(of: process.processIdentifier) == client, "no process started since")

        // It goes with the server.
        kill(outerServer, SIGKILL)
        kill(server, SIGKILL)
        #expect(Self.wait { !Self.alive(process.processIdentifier) }, "still running after the tmux server went")
    }

    /// The control client goes with its session; `homescreen tmux` attaches again while the
    /// server lives, and the options keep following the store.
    @Test func itOutlivesTheSessionItAttachedTo() throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let socket = "hs-tmuxre-\(UUID().uuidString.prefix(8))"
        _ = Self.tmux(socket, "-f", "/dev/null", "new-session", "-d", "-s", "one", "cat")
        _ = Self.tmux(socket, "new-session", "-d", "-s", "two", "cat")
        let server = pid_t(Self.tmux(socket, "display-message", "-p", "#{pid}")) ?? 0
        defer { if server > 0 { kill(server, SIGKILL) } }
        let process = Process()
        process.executableURL = Homescreen.executable
        process.arguments = ["tmux", "pantry"]
        process.environment = Homescreen.environment(store: store, ["TMUX": "\(Self.tmux(socket, "display-message", "-p", "#{socket_path}")),1,0"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        #expect(Self.wait { Self.tmux(socket, "list-clients", "-F", "#{client_session}").split(separator: "\n").count == 1 })
        let attached = Self.tmux(socket, "list-clients", "-F", "#{client_session}")
        _ = Self.tmux(socket, "kill-session", "-t", attached)
        #expect(Self.wait { let now = Self.tmux(socket, "list-clients", "-F", "#{client_session}"); return !now.isEmpty && now != attached },
                "attached again to the other session")
        #expect(try Homescreen.run(["pantry", "add", "Zander", "--due", "1999-01-01"], store: store).status == 0)
        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("Zander") })
        kill(server, SIGKILL)
        #expect(Self.wait { !Self.alive(process.processIdentifier) }, "still running after the tmux server went")
    }

    @Test func outsideTmuxItSaysHowToStartIt() throws {
        let result = try Homescreen.run(["tmux", "--demo"], store: nil)
        #expect(result.status == 2 && result.stderr.contains("$TMUX is not set"), "\(result.stderr)")
    }
}
