import Foundation
import HomescreenTestSupport
import Testing

/// Everything from the dashboard, driven in tmux; the store is checked after each step.
struct DashboardActionsTests {
    static func dashboard(_ folder: TemporaryFolder, config: String = "", demo: Bool = true, columns: Int = 120, rows: Int = 40,
                          arguments: [String] = []) throws -> TmuxDashboard {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let store = folder.path("store.sqlite")
        if demo { #expect(try Homescreen.run(["demo"], store: store).status == 0) }
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: arguments, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Pantry") && $0.contains("help") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    @Test func ctrlCQuitsWhateverQuitIsBoundTo() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder, config: "[keys]\nquit = [\"Q\"]\n")
        dashboard.send("a")
        #expect(dashboard.wait { $0.contains("Add an expense") })
        dashboard.send("C-c")
        #expect(dashboard.exitStatus() == 0)
    }

    @Test func theHintShowsTheKeyActuallyBound() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder, config: "[keys]\nconsume = [\"x\"]\n")
        #expect(dashboard.wait { $0.contains("x: consume 1") && !$0.contains("c: consume 1") }, "\(dashboard.text)")
    }
}
