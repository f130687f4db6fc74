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

    /// A tmux server with these sessions (each pane running `cat`, which ends with its pty).
    /// - Returns: its pid. Servers started from the test runner inherit its blocked signals:
    ///   end them with SIGKILL.
    static func server(_ socket: String, sessions: [String]) -> pid_t {
        for name in sessions {
            _ = try? Spawn.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "120", "-y", "10", "cat"])
        }
        return pid_t(tmux(socket, "display-message", "-p", "#{pid}")) ?? 0
    }

    /// `homescreen tmux KINDS` attached to the server on `socket`, as if started in its pane.
    static func feed(_ socket: String, store: String, kinds: [String]) throws -> Process {
        let process = Process()
        process.executableURL = Homescreen.executable
        process.arguments = ["tmux"] + kinds
        process.environment = Homescreen.environment(store: store, ["TMUX": "\(tmux(socket, "display-message", "-p", "#{socket_path}")),1,0"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test func optionsFollowTheStoreWithoutSpawningOrWaking() throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let socket = "hs-tmuxcmd-\(UUID().uuidString.prefix(8))"
        let server = Self.server(socket, sessions: ["main"])
        defer { if server > 0 { kill(server, SIGKILL) } }
        let process = try Self.feed(socket, store: store, kinds: ["pantry", "budget"])
        defer { if process.isRunning { process.terminate() } }

        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("Milk expired") },
                "\(Self.tmux(socket, "show", "-gv", "@homescreen-pantry"))")
        #expect(Self.tmux(socket, "show", "-gv", "@homescreen-budget").contains("Budget: CHF"))
        let client = Processes.children(of: process.processIdentifier)
        #expect(client.count == 1, "one tmux client: \(client)")

        // Consuming the last litre of milk changes the first product: the option follows.
        #expect(try Homescreen.run(["pantry", "consume"], store: store).status == 0)
        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("Yogurt") })

        // Hostile data shows literally in a real client's status line and runs nothing.
        let marker = "/tmp/hs\(UUID().uuidString.prefix(6))"   // short: the name must fit the inline line
        #expect(try Homescreen.run(["pantry", "add", "#(touch \(marker)) #[fg=red]$HOME", "--due", "-30d"], store: store).status == 0)
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
        let counts = Processes.idleWakeUps(of: process.processIdentifier, seconds: 10)
        #expect(counts.last == 0, "wake-ups in windows of 10 idle seconds: \(counts)")
        #expect(Processes.children(of: process.processIdentifier) == client, "no process started since")

        // It goes with the server.
        kill(outerServer, SIGKILL)
        kill(server, SIGKILL)
        #expect(Self.wait { !Processes.alive(process.processIdentifier) }, "still running after the tmux server went")
    }

    /// The control client goes with its session; `homescreen tmux` attaches again while the
    /// server lives, and the options keep following the store.
    @Test func itOutlivesTheSessionItAttachedTo() throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let socket = "hs-tmuxre-\(UUID().uuidString.prefix(8))"
        let server = Self.server(socket, sessions: ["one", "two"])
        defer { if server > 0 { kill(server, SIGKILL) } }
        let process = try Self.feed(socket, store: store, kinds: ["pantry"])
        defer { if process.isRunning { process.terminate() } }
        #expect(Self.wait { Self.tmux(socket, "list-clients", "-F", "#{client_session}").split(separator: "\n").count == 1 })
        let attached = Self.tmux(socket, "list-clients", "-F", "#{client_session}")
        _ = Self.tmux(socket, "kill-session", "-t", attached)
        #expect(Self.wait { let now = Self.tmux(socket, "list-clients", "-F", "#{client_session}"); return !now.isEmpty && now != attached },
                "attached again to the other session")
        #expect(try Homescreen.run(["pantry", "add", "Zander", "--due", "1999-01-01"], store: store).status == 0)
        #expect(Self.wait { Self.tmux(socket, "show", "-gv", "@homescreen-pantry").contains("Zander") })
        kill(server, SIGKILL)
        #expect(Self.wait { !Processes.alive(process.processIdentifier) }, "still running after the tmux server went")
    }

    @Test func outsideTmuxItSaysHowToStartIt() throws {
        let result = try Homescreen.run(["tmux", "--demo"], store: nil)
        #expect(result.status == 2 && result.stderr.contains("$TMUX is not set"), "\(result.stderr)")
    }
}
