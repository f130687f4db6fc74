import Foundation
import HomescreenTestSupport
import Testing

/// Script widgets in the real dashboard, in tmux: run now by `homescreen reload`, by their
/// signal and by clicks and keys, drawn as soon as the command ends; a persistent command; and
/// no wake-up while a command runs or between runs.
@Suite(.serialized)
struct ScriptWidgetInputTests {
    /// The config in `folder` and a runtime folder of its own, so that `homescreen reload` here
    /// reaches only this test's dashboard.
    static func configure(_ folder: TemporaryFolder, _ text: String) throws -> [String: String] {
        try ScriptWidgetDashboardTests.configure(folder, text)
        let runtime = folder.path("run")
        try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
        chmod(runtime, 0o700)
        return ["XDG_RUNTIME_DIR": runtime]
    }

    static func reload(_ names: [String], folder: TemporaryFolder, environment: [String: String]) throws -> CommandResult {
        try Homescreen.run(["reload"] + names, store: nil, environment: environment.merging(["XDG_CONFIG_HOME": folder.url.path]) { $1 })
    }

    /// `homescreen reload NAME` and SIGRTMIN+N run the widget at once, once each, and its new
    /// output is drawn (how soon: `scripts/benchmark-script-widget-reload.py`, BENCHMARKS.md);
    /// a signal no widget takes ends nothing; a name the config lacks is refused.
    @Test func reloadAndItsSignalRunItNow() throws {
        let folder = TemporaryFolder()
        let environment = try Self.configure(folder, """
            [[widget]]
            name = "stamp"
            command = "n=$(( $(cat n 2>/dev/null || echo 0) + 1 )); echo $n > n; echo \\"stamp $n\\""
            interval = 600
            signal = 5
            """)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: try DashboardTests.pantryStore(folder), environment: environment,
                                          configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("stamp 1") }, "\(dashboard.text)")
        let pid = try #require(dashboard.processID)
        for round in 2...4 {
            let result = try Self.reload(["stamp"], folder: folder, environment: environment)
            #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
            #expect(dashboard.wait { $0.contains("stamp \(round)") }, "reload \(round): \(dashboard.text)")
        }
        kill(pid, __libc_current_sigrtmin() + 5)
        #expect(dashboard.wait { $0.contains("stamp 5") }, "the signal: \(dashboard.text)")
        #expect(try String(contentsOfFile: folder.path("homescreen/n"), encoding: .utf8) == "5\n", "one run per request")
        // No widget takes SIGRTMIN+7: the dashboard reads it and goes on.
        kill(pid, __libc_current_sigrtmin() + 7)
        usleep(300_000)
        #expect(Processes.alive(pid))
        // A name the config does not declare is refused, nothing written.
        let unknown = try Self.reload(["stamps"], folder: folder, environment: environment)
        #expect(unknown.status == 2 && unknown.stderr.contains("'stamps' is no [[widget]] of \(folder.path("homescreen/config.toml")); its widgets are stamp."),
                "\(unknown.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("run/homescreen/reload")).isEmpty, "nothing left behind")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// A click runs `on-click` with i3blocks' variables, then the widget with them; the run key
    /// (Space) runs `on-key`, then the widget.
    @Test func aClickAndTheRunKeyRunTheirCommandsThenTheWidget() throws {
        let folder = TemporaryFolder()
        let environment = try Self.configure(folder, """
            home = [{ kind = "pantry", family = "medium" }, { kind = "vol", family = "medium" }]

            [[widget]]
            name = "vol"
            command = "echo \\"volume button=$button bg=$HOMESCREEN_BACKGROUND\\""
            interval = 600
            on-click = "echo \\"$button $x $y $relative_x $relative_y $HOMESCREEN_FAMILY\\" >> clicks"
            on-key = "echo key >> keys"
            """)
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: try DashboardTests.pantryStore(folder), environment: environment,
                                          configHome: folder.url.path, windowBackground: "#ffffff")
        #expect(dashboard.wait { $0.contains("volume button= bg=light") }, "\(dashboard.text)")
        let rows = dashboard.screen()
        let row = try #require(rows.firstIndex { $0.contains("volume button=") })
        let column = try #require(rows[row].range(of: "volume")).lowerBound.utf16Offset(in: rows[row])
        let top = try #require(rows[..<row].lastIndex { $0.contains("╭─ Vol") })
        let left = try #require(rows[top].range(of: "╭─ Vol")).lowerBound.utf16Offset(in: rows[top])
        // A right click on the word "volume" (SGR: button 2 is the right one, cells from 1).
        dashboard.type("\u{1B}[<2;\(column + 3);\(row + 1)M\u{1B}[<2;\(column + 3);\(row + 1)m")
        #expect(dashboard.wait { $0.contains("volume button=3 bg=light") }, "\(dashboard.text)")
        let clicks = try String(contentsOfFile: folder.path("homescreen/clicks"), encoding: .utf8)
        #expect(clicks == "3 \(column + 2) \(row) \(column + 2 - left) \(row - top) medium\n", "\(clicks)")
        dashboard.send("Space")
        #expect(dashboard.wait { _ in (try? String(contentsOfFile: folder.path("homescreen/keys"), encoding: .utf8)) == "key\n" })
        // Run again after the key: without a click, no button.
        #expect(dashboard.wait { $0.contains("volume button= bg=light") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// `interval = "persist"`: each line is drawn as it comes; when the command ends the pane
    /// says so and it starts again after 1 s, then 2 s, then 4 s.
    @Test func aPersistentCommandIsDrawnLineByLineAndStartedAgainLater() throws {
        let folder = TemporaryFolder()
        let environment = try Self.configure(folder, """
            home = [{ kind = "feed", family = "medium" }]

            [[widget]]
            name = "feed"
            command = "echo start >> starts; echo first; sleep 0.5; echo second; sleep 0.5; exit 3"
            interval = "persist"
            """)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: try DashboardTests.pantryStore(folder), environment: environment,
                                          configHome: folder.url.path)
        let starts = { (try? String(contentsOfFile: folder.path("homescreen/starts"), encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        #expect(dashboard.wait { $0.contains("first") }, "\(dashboard.text)")
        #expect(dashboard.wait { $0.contains("second") }, "\(dashboard.text)")
        // Each end says how long it waits: 1 s, then 2, then 4 (it ends within a minute each time).
        for (start, wait) in [(1, 1), (2, 2), (3, 4)] {
            #expect(dashboard.wait(timeout: 15) { $0.contains("feed: exit 3; starts again in \(wait) s") }, "\(dashboard.text)")
            #expect(starts() == start, "\(starts()) starts")
        }
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// `homescreen reload` ends a persistent command and starts it again at once.
    @Test func reloadStartsAPersistentCommandAgain() throws {
        let folder = TemporaryFolder()
        let environment = try Self.configure(folder, """
            [[widget]]
            name = "feed"
            command = "echo start >> starts; echo \\"up $(wc -l < starts)\\"; sleep 600"
            interval = "persist"
            """)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: try DashboardTests.pantryStore(folder), environment: environment,
                                          configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("up 1") }, "\(dashboard.text)")
        #expect(try Self.reload(["feed"], folder: folder, environment: environment).status == 0)
        #expect(dashboard.wait { $0.contains("up 2") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// `pkill -RTMIN+N homescreen` reaches every homescreen process: one that takes no widget
    /// signal (a status line following the store) is not ended by it.
    @Test func aRealtimeSignalEndsNoCommandThatTakesNone() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let (process, lines) = try StatusFollowTests.follow(store: store)
        defer { if process.isRunning { process.terminate() } }
        #expect(lines.wait { !$0.isEmpty }, "no first line")
        kill(process.processIdentifier, __libc_current_sigrtmin() + 3)
        usleep(300_000)
        #expect(process.isRunning, "ended by SIGRTMIN+3")
    }

    /// While a command runs (a `sleep 60` in flight, a persistent command waiting for its next
    /// line) and between runs, the dashboard makes no wake-up on any thread: they are followed
    /// through descriptors in its one poll(), not checked on a timer.
    @Test func noWakeUpWhileCommandsRunOrBetweenRuns() throws {
        let folder = TemporaryFolder()
        let environment = try Self.configure(folder, """
            [[widget]]
            name = "slow"
            command = "echo $$ > slow.pid; sleep 60"
            timeout = 120

            [[widget]]
            name = "waiting"
            command = "echo ready; sleep 600"
            interval = "persist"

            [[widget]]
            name = "done"
            command = "echo finished"
            interval = 600
            """)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: try DashboardTests.pantryStore(folder), environment: environment,
                                          configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("ready") && $0.contains("finished") && $0.contains("? help") }, "\(dashboard.text)")
        #expect(dashboard.wait { _ in FileManager.default.fileExists(atPath: folder.path("homescreen/slow.pid")) })
        let pid = try #require(dashboard.processID)
        sleep(1)
        let counts = Processes.idleWakeUps(of: pid, seconds: 10)
        #expect(counts.last == 0, "wake-ups in windows of 10 s with two commands in flight: \(counts)")
        // Quitting ends what still runs: no process of its groups is left.
        let slow = try #require(pid_t((try String(contentsOfFile: folder.path("homescreen/slow.pid"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
        let gone = Date().addingTimeInterval(5)
        while kill(-slow, 0) == 0, Date() < gone { usleep(10_000) }
        #expect(kill(-slow, 0) == -1 && errno == ESRCH, "the sleep's group outlived the dashboard")
    }

    /// `homescreen tmux` runs a widget once for every client and session of the server: two
    /// clients on two sessions see its option, a second `homescreen tmux` leaves it to the first,
    /// and its marker file counts one run per interval; `homescreen reload` reaches it too.
    @Test func homescreenTmuxRunsAWidgetOnceForAllClients() throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        var environment = try Self.configure(folder, """
            [[widget]]
            name = "tick"
            command = "echo run >> runs; echo \\"tick $(wc -l < runs)\\""
            interval = 2
            """)
        environment["XDG_CONFIG_HOME"] = folder.url.path
        let socket = "hs-tmuxscript-\(UUID().uuidString.prefix(8))"
        let server = TmuxCommandTests.server(socket, sessions: ["one", "two"])
        defer { if server > 0 { kill(server, SIGKILL) } }
        let store = folder.path("store.sqlite")
        let process = Process()
        process.executableURL = Homescreen.executable
        process.arguments = ["tmux"]
        process.environment = Homescreen.environment(store: store, environment.merging(
            ["TMUX": "\(TmuxCommandTests.tmux(socket, "display-message", "-p", "#{socket_path}")),1,0"]) { $1 })
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Two clients, one on each session, both showing the option in their status line.
        _ = TmuxCommandTests.tmux(socket, "set", "-g", "status-right", "#{@homescreen-tick}")
        var outers: [pid_t] = []
        for session in ["one", "two"] {
            let outer = socket + "-" + session
            _ = TmuxCommandTests.tmux(outer, "-f", "/dev/null", "new-session", "-d", "-x", "120", "-y", "6", "env -u TMUX tmux -L \(socket) attach -t \(session)")
            outers.append(pid_t(TmuxCommandTests.tmux(outer, "display-message", "-p", "#{pid}")) ?? 0)
        }
        defer { for outer in outers where outer > 0 { kill(outer, SIGKILL) } }
        let runs = { (try? String(contentsOfFile: folder.path("homescreen/runs"), encoding: .utf8))?.split(separator: "\n").count ?? 0 }
        #expect(TmuxCommandTests.wait { TmuxCommandTests.tmux(socket, "show", "-gv", "@homescreen-tick").contains("tick") },
                "\(TmuxCommandTests.tmux(socket, "show", "-gv", "@homescreen-tick"))")
        for session in ["one", "two"] {
            #expect(TmuxCommandTests.wait { TmuxCommandTests.tmux(socket + "-" + session, "capture-pane", "-p").contains("tick") },
                    "\(session): \(TmuxCommandTests.tmux(socket + "-" + session, "capture-pane", "-p"))")
        }
        #expect(TmuxCommandTests.tmux(socket, "list-clients").split(separator: "\n").count == 3, "two clients and homescreen tmux's")
        // A second `homescreen tmux` on the same server (~/.tmux.conf sourced again) leaves it to the first.
        let second = Process()
        second.executableURL = Homescreen.executable
        second.arguments = ["tmux"]
        second.environment = process.environment
        let errors = Pipe()
        second.standardOutput = FileHandle.nullDevice
        second.standardError = errors
        try second.run()
        #expect(TmuxCommandTests.wait { !second.isRunning }, "the second homescreen tmux kept running")
        defer { if second.isRunning { second.terminate() } }
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(second.terminationStatus == 0 && said.contains("pid \(process.processIdentifier) already keeps the options"), "\(said)")
        let first = runs()
        let began = Date()
        sleep(7)
        let ran = runs() - first, seconds = Date().timeIntervalSince(began)
        // Once per interval however many clients (a loaded machine may run it less often, never more).
        #expect(ran >= 1 && Double(ran) <= seconds / 2 + 1, "\(ran) runs in \(seconds) s at interval = 2, with two clients")
        // `homescreen reload` reaches it as it reaches a dashboard.
        let before = runs()
        #expect(try Self.reload(["tick"], folder: folder, environment: environment).status == 0)
        #expect(TmuxCommandTests.wait(timeout: 1.5) { runs() > before }, "not run by homescreen reload")
        kill(server, SIGKILL)
        for outer in outers where outer > 0 { kill(outer, SIGKILL) }
        #expect(TmuxCommandTests.wait { !Processes.alive(process.processIdentifier) }, "still running after the tmux server went")
    }
}
