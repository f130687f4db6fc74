import Foundation
import HomescreenTestSupport
import Testing

/// Everything from the dashboard, driven in tmux; the store is checked after each step.
struct DashboardActionsTests {
    static func dashboard(_ folder: TemporaryFolder, config: String = "", demo: Bool = true, columns: Int = 120, rows: Int = 40,
                          arguments: [String] = [], environment: [String: String] = [:]) throws -> TmuxDashboard {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let store = folder.path("store.sqlite")
        if demo { #expect(try Homescreen.run(["demo"], store: store).status == 0) }
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: arguments, environment: environment,
                                          configHome: folder.url.path)
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

    @Test func privacyCoversTheStatusLine() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder)
        dashboard.send("p")
        #expect(dashboard.wait { $0.contains("Privacy on") })
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("Consumed") }, "\(dashboard.text)")
        let text = dashboard.text
        for secret in ["Milk", "1 l", "Yogurt", "2,020", "Lan Nguyen"] { #expect(!text.contains(secret), "\(secret) shows: \(text)") }
        // The store did consume: the milk is gone.
        let list = try Homescreen.run(["pantry", "list", "--json"], store: folder.path("store.sqlite"))
        #expect(!list.stdout.contains("\"Milk\"") || list.stdout.contains("\"amount\" : \"0\""), "\(list.stdout)")
    }

    @Test func theThemeAndPrivacyChosenAreRememberedAndDoctorSaysWhere() throws {
        let folder = TemporaryFolder()
        let state = folder.path("homescreen-state")
        let first = try Self.dashboard(folder, environment: ["XDG_STATE_HOME": state])
        first.send("t")
        #expect(first.wait { $0.contains("Theme: ") })
        let chosen = try #require(first.text.components(separatedBy: "Theme: ").last?.components(separatedBy: " ").first)
        #expect(chosen != "dark")
        first.send("p")
        #expect(first.wait { $0.contains("Privacy on") })
        first.send("q")
        #expect(first.exitStatus() == 0)
        let doctor = try Homescreen.run(["doctor"], store: folder.path("store.sqlite"), environment: ["XDG_STATE_HOME": state, "XDG_CONFIG_HOME": folder.url.path])
        #expect(doctor.stdout.contains(state + "/homescreen/state.toml (exists: theme \(chosen), privacy on)"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("config.toml (exists)"), "\(doctor.stdout)")

        let second = try Self.dashboard(folder, demo: false, environment: ["XDG_STATE_HOME": state])
        second.send("T")
        #expect(second.wait { $0.contains("● \(chosen)") }, "the theme list marks the theme in use: \(second.text)")
        #expect(!second.text.contains("Milk"), "privacy is on again")
    }
}
