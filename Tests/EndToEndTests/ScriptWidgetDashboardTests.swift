import Foundation
import HomescreenTestSupport
import Testing

/// Script widgets in the real dashboard, in tmux: a hanging command never holds the screen,
/// its process group is ended at its timeout and reaped; a session that must not run commands
/// never does.
@Suite(.serialized)
struct ScriptWidgetDashboardTests {
    /// Writes `config.toml` in the folder's `homescreen/` (the dashboard's XDG_CONFIG_HOME is the folder).
    static func configure(_ folder: TemporaryFolder, _ text: String) throws {
        let config = folder.url.appendingPathComponent("homescreen")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        let path = config.appendingPathComponent("config.toml").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        chmod(config.path, 0o700)
    }

    @Test func aHangingWidgetBesideThePantryNeitherBlocksNorLingers() throws {
        let folder = TemporaryFolder()
        try Self.configure(folder, """
            [[widget]]
            name = "slow"
            command = "echo $$ > slow.pid; sleep 60"
            timeout = 2
            interval = 600

            [[widget]]
            name = "hello"
            command = "printf 'hello from a script\\nsecond line\\n'"
            interval = "once"
            """)
        let store = try DashboardTests.pantryStore(folder)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("20 l") && $0.contains("hello from a script") }, "\(dashboard.text)")
        let pidFile = folder.path("homescreen/slow.pid")
        #expect(dashboard.wait { _ in FileManager.default.fileExists(atPath: pidFile) })
        // While `sleep 60` runs, the keys work: each consume is drawn.
        for press in 1...5 {
            dashboard.send("c")
            #expect(dashboard.wait { $0.contains("\(20 - press) l") }, "press \(press): \(dashboard.text)")
        }
        #expect(dashboard.wait(timeout: 15) { $0.contains("slow: no answer in 2 s") }, "\(dashboard.text)")
        let group = try #require(pid_t((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        // Killed by now; a member reparented to init is reaped by it in a moment.
        let gone = Date().addingTimeInterval(5)
        while kill(-group, 0) == 0, Date() < gone { usleep(10_000) }
        #expect(kill(-group, 0) == -1 && errno == ESRCH, "the process group \(group) is still there")
        let dashboardPID = try #require(dashboard.dashboardPID)
        let zombies = Processes.children(of: dashboardPID).filter { !Processes.alive($0) }
        #expect(zombies.isEmpty, "zombies: \(zombies)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// `homescreen serve` starts guests' dashboards with HOMESCREEN_SCRIPT_WIDGETS=off and
    /// members' with =serve: only `serve-widgets = true` in the config runs them then.
    @Test(arguments: [("off", true, false), ("serve", false, false), ("serve", true, true), ("", false, true)])
    func aSessionRunsCommandsOnlyWhereAllowed(switched: String, serveWidgets: Bool, runs: Bool) throws {
        let folder = TemporaryFolder()
        try Self.configure(folder, """
            serve-widgets = \(serveWidgets)

            [[widget]]
            name = "marker"
            command = "touch marker; echo marked"
            """)
        let environment = switched.isEmpty ? [:] : ["HOMESCREEN_SCRIPT_WIDGETS": switched]
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: try DashboardTests.pantryStore(folder), environment: environment, configHome: folder.url.path)
        let marker = folder.path("homescreen/marker")
        if runs {
            #expect(dashboard.wait { $0.contains("marked") }, "\(dashboard.text)")
            #expect(FileManager.default.fileExists(atPath: marker))
        } else {
            #expect(dashboard.wait { $0.contains("marker: scripts off here") }, "\(dashboard.text)")
            #expect(!FileManager.default.fileExists(atPath: marker))
        }
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }
}
