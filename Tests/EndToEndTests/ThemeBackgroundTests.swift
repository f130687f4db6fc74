import Foundation
import Testing
import HomescreenTestSupport

/// Issue 28 point 7, the whole program in tmux: the terminal's background (tmux answers OSC 11
/// only when its window style sets one; else COLORFGBG or the config key says it) decides the
/// themes `t` goes through, and a remembered theme that does not fit is passed over, saying why.
@Suite(.serialized)
struct ThemeBackgroundTests {
    let folder = TemporaryFolder()

    func dashboard(environment: [String: String] = [:], windowBackground: String? = nil, config: String = "") throws -> TmuxDashboard {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let store = folder.path("store.sqlite")
        if !FileManager.default.fileExists(atPath: store) { #expect(try Homescreen.run(["demo"], store: store).status == 0) }
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, environment: environment.merging(["XDG_STATE_HOME": folder.path("state")]) { $1 },
                                          configHome: folder.url.path, windowBackground: windowBackground)
        #expect(dashboard.wait { $0.contains("Pantry") && $0.contains("help") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    /// The theme the status line names ("Theme: light").
    static func named(_ screen: String) -> String? {
        screen.components(separatedBy: "Theme: ").dropFirst().last?.split(whereSeparator: { $0 == " " || $0 == "\n" }).first.map(String.init)
    }

    /// The themes `t` selects, pressed `times` times (each press waits for the status line to change).
    static func pressT(_ dashboard: TmuxDashboard, times: Int = 6) -> [String] {
        var seen: [String] = []
        for _ in 0..<times {
            let before = named(dashboard.text)
            dashboard.send("t")
            _ = dashboard.wait(timeout: 5) { named($0) != nil && named($0) != before }
            seen.append(named(dashboard.text) ?? "?")
        }
        return seen
    }

    /// The theme in use: the one the `T` picker marks ("● dark"; the pantry's rows have bullets too).
    static func current(_ dashboard: TmuxDashboard) -> String? {
        let names = ["dark", "high-contrast", "light"]
        func marked(_ screen: String) -> String? { names.first { screen.contains("● \($0) ") || screen.contains("● \($0)│") } }
        dashboard.send("T")
        _ = dashboard.wait { marked($0) != nil }
        let found = marked(dashboard.text)
        dashboard.send("Escape")
        _ = dashboard.wait { marked($0) == nil }
        return found
    }

    @Test func withCOLORFGBGDarkTNeverSelectsALightTheme() throws {
        // tmux without a window style answers OSC 11 with nothing: COLORFGBG decides.
        let dashboard = try dashboard(environment: ["COLORFGBG": "15;0"])
        let seen = Self.pressT(dashboard)
        #expect(!seen.contains("light") && Set(seen) == ["dark", "high-contrast"], "\(seen)")
        dashboard.send("T")
        #expect(dashboard.wait { $0.contains("high-contrast") }, "\(dashboard.text)")
        #expect(!dashboard.text.contains("light"), "the picker offers no light theme: \(dashboard.text)")
    }

    @Test func withOSC11AnsweredLightTNeverSelectsADarkThemeAndTheReplyIsNotTakenForKeys() throws {
        // tmux answers OSC 11 with its window style's background; the answer wins over COLORFGBG.
        let dashboard = try dashboard(environment: ["COLORFGBG": "15;0"], windowBackground: "#ffffff")
        // The replies (OSC 11, device attributes) were read before ncurses: none became a key
        // (']' turns the page, '?' opens the help, 'c' consumes, 'r' reloads).
        #expect(!dashboard.text.contains("Esc back") && !dashboard.text.contains("Consumed") && !dashboard.text.contains("Reloaded")
                && !dashboard.text.contains("no action"), "\(dashboard.text)")
        #expect(Self.current(dashboard) == "light", "the default for a light terminal: \(dashboard.text)")
        let seen = Self.pressT(dashboard)
        #expect(!seen.contains("dark") && Set(seen) == ["light", "high-contrast"], "\(seen)")
    }

    @Test func theConfigKeyStandsOverTheTerminalsAnswer() throws {
        let dashboard = try dashboard(windowBackground: "#ffffff", config: "background = \"dark\"\n")
        #expect(Self.current(dashboard) == "dark")
        let seen = Self.pressT(dashboard, times: 4)
        #expect(!seen.contains("light"), "\(seen)")
    }

    @Test func aRememberedLightThemeIsNotAppliedOnADarkTerminalAndDoctorSaysWhy() throws {
        try FileManager.default.createDirectory(atPath: folder.path("state/homescreen"), withIntermediateDirectories: true)
        try "theme = \"light\"\n".write(toFile: folder.path("state/homescreen/state.toml"), atomically: true, encoding: .utf8)
        let sentence = "The remembered theme 'light' is for light backgrounds and this terminal's is dark (COLORFGBG=15;0), so 'dark' is used."
        let dashboard = try dashboard(environment: ["COLORFGBG": "15;0"])
        #expect(dashboard.wait { $0.replacingOccurrences(of: "\n", with: "").contains(sentence.prefix(60)) }, "\(dashboard.text)")
        #expect(Self.current(dashboard) == "dark")
        let doctor = try Homescreen.run(["doctor"], store: folder.path("store.sqlite"),
                                        environment: ["COLORFGBG": "15;0", "XDG_STATE_HOME": folder.path("state"), "XDG_CONFIG_HOME": folder.url.path])
        #expect(doctor.stdout.contains("background dark (COLORFGBG=15;0); t and T offer the themes readable on it: dark, high-contrast"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains(sentence), "\(doctor.stdout)")
    }
}
