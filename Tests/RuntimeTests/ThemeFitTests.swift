import Foundation
import HomescreenRender
import HomescreenTestSupport
import HomescreenWidgetCore
import Testing
@testable import HomescreenRuntime

/// Issue 28 point 7: `t` and `T` offer only the themes readable on the terminal's background;
/// a remembered theme that does not fit it is not used, and the status line says why.
struct ThemeFitTests {
    static let themes = ShippedThemes.library.names().compactMap { try? ShippedThemes.library.theme(named: $0) }
    static let zone = Zone(identifier: "Europe/Zurich")!

    static func dashboard(_ background: TerminalBackground?, theme: String = "dark", notice: String? = nil) -> Dashboard {
        let detected = background.map { DetectedBackground(background: $0, source: "COLORFGBG") } ?? .unknown
        let settings = DashboardSettings(config: DashboardConfig(catalog: .standard), catalog: .standard, timeZone: zone, themes: themes,
                                         themeIndex: themes.firstIndex { $0.name == theme } ?? 0, background: detected, notice: notice)
        return Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40))
    }

    /// The themes `t` goes through, pressed twice as many times as there are themes.
    static func cycle(_ dashboard: inout Dashboard) -> [String] {
        (0..<(2 * themes.count)).map { _ in
            _ = dashboard.update(.key(.character("t")))
            return dashboard.theme.name
        }
    }

    @Test func theShippedThemesAreTheThreeThisTestNeeds() {
        #expect(Self.themes.map { "\($0.name):\($0.fit.rawValue)" } == ["dark:dark", "high-contrast:any", "light:light"])
    }

    @Test func onADarkBackgroundTNeverSelectsALightTheme() {
        var dashboard = Self.dashboard(.dark)
        let seen = Self.cycle(&dashboard)
        #expect(!seen.contains("light") && Set(seen) == ["dark", "high-contrast"], "\(seen)")
    }

    @Test func onALightBackgroundTNeverSelectsADarkTheme() {
        var dashboard = Self.dashboard(.light, theme: "light")
        let seen = Self.cycle(&dashboard)
        #expect(!seen.contains("dark") && Set(seen) == ["light", "high-contrast"], "\(seen)")
    }

    /// Issue 51, point 8: on a terminal that does not say its background, `t` and `T` leave out
    /// a theme made for light backgrounds only (unreadable on a dark one, and remembered).
    @Test func anUnknownBackgroundNeverOffersALightOnlyTheme() {
        var dashboard = Self.dashboard(nil)
        #expect(Set(Self.cycle(&dashboard)) == ["dark", "high-contrast"])
        _ = dashboard.update(.key(.character("T")))
        guard case .picker(let picker) = dashboard.modal?.content else { Issue.record("no picker"); return }
        #expect(!picker.items.map(\.title).contains("light"), "\(picker.items.map(\.title))")
        // A theme that paints its own background is readable anywhere: offered.
        #expect(ThemeFitting.offered(Theme(name: "paper", colors: [.background: .rgb(RGB(255, 255, 255)), .text: .rgb(RGB(0, 0, 0))]), on: nil))
    }

    @Test func fromAThemeThatDoesNotFitTMovesToOneThatDoes() {
        // --theme light on a dark terminal: the user's word, but t leaves it for a fitting one.
        var dashboard = Self.dashboard(.dark, theme: "light")
        _ = dashboard.update(.key(.character("t")))
        #expect(dashboard.theme.name == "dark", "wraps around to the first that fits")
    }

    @Test func thePickerListsTheFittingThemesAndPreviewsTheSelectedOne() throws {
        var dashboard = Self.dashboard(.dark)
        _ = dashboard.update(.key(.character("T")))
        guard case .picker(let picker) = dashboard.modal?.content else { Issue.record("no picker"); return }
        #expect(picker.items.map(\.title) == ["dark", "high-contrast"])
        _ = dashboard.update(.key(.down))
        #expect(dashboard.theme.name == "high-contrast", "the selection is drawn while browsing")
        _ = dashboard.update(.key(.escape))
        #expect(dashboard.theme.name == "dark", "Esc goes back to the theme in use")
        _ = dashboard.update(.key(.character("T")))
        _ = dashboard.update(.key(.down))
        let effects = dashboard.update(.key(.enter))
        #expect(dashboard.theme.name == "high-contrast" && effects == [.remember(RememberedChoices(theme: "high-contrast", privacy: false))])
    }

    @Test func theStartUpNoticeIsOnTheStatusLine() {
        let dashboard = Self.dashboard(.dark, notice: "The remembered theme 'light' is for light backgrounds.")
        #expect(dashboard.message == .info("The remembered theme 'light' is for light backgrounds."))
    }

    @Test func aRememberedThemeIsUsedOnlyWhenItFits() {
        let dark = DetectedBackground(background: .dark, source: "COLORFGBG=15;0")
        let passed = ThemeFitting.start(themes: Self.themes, option: nil, remembered: "light", configured: nil, detected: dark)
        #expect(passed.name == "dark")
        #expect(passed.notice == "The remembered theme 'light' is for light backgrounds and this terminal's is dark (COLORFGBG=15;0), so 'dark' is used.")
        let light = DetectedBackground(background: .light, source: "the terminal's answer to OSC 11")
        #expect(ThemeFitting.start(themes: Self.themes, option: nil, remembered: "dark", configured: nil, detected: light).name == "light",
                "the fitting default for a light terminal")
        #expect(ThemeFitting.start(themes: Self.themes, option: nil, remembered: "high-contrast", configured: nil, detected: light) == ("high-contrast", nil))
        // --theme and the config's theme are the user's word.
        #expect(ThemeFitting.start(themes: Self.themes, option: "light", remembered: "dark", configured: nil, detected: dark) == ("light", nil))
        #expect(ThemeFitting.start(themes: Self.themes, option: nil, remembered: nil, configured: "light", detected: dark) == ("light", nil))
        #expect(ThemeFitting.start(themes: Self.themes, option: nil, remembered: "light", configured: "high-contrast", detected: dark).name == "high-contrast")
        // Unknown: a light-only theme remembered is passed over, saying how to keep it.
        let unknown = ThemeFitting.start(themes: Self.themes, option: nil, remembered: "light", configured: nil, detected: .unknown)
        #expect(unknown.name == "dark" && unknown.notice?.contains("background = \"light\" in the config file") == true, "\(unknown)")
        #expect(ThemeFitting.start(themes: Self.themes, option: nil, remembered: "high-contrast", configured: nil, detected: .unknown) == ("high-contrast", nil))
        #expect(ThemeFitting.start(themes: Self.themes, option: nil, remembered: "light", configured: "light", detected: .unknown) == ("light", nil),
                "the config's theme is the user's word")
        let french = ThemeFitting.start(themes: Self.themes, option: nil, remembered: "light", configured: nil, detected: dark, language: .french)
        #expect(french.notice?.hasPrefix("Le thème mémorisé « light »") == true, "\(french.notice ?? "")")
    }

    @Test func theBackgroundIsDetectedInOrderConfigThenOSC11ThenCOLORFGBG() {
        var asked = 0
        func ask(_ answer: TerminalBackground?) -> () -> TerminalBackground? { { asked += 1; return answer } }
        let configured = DetectedBackground.detect(configured: .light, configPath: "/c.toml", ask: ask(.dark), environment: ["COLORFGBG": "15;0"])
        #expect(configured == DetectedBackground(background: .light, source: "background = \"light\" in /c.toml") && asked == 0, "the terminal is not asked")
        let answered = DetectedBackground.detect(configured: nil, configPath: nil, ask: ask(.light), environment: ["COLORFGBG": "15;0"])
        #expect(answered.background == .light && answered.source == "the terminal's answer to OSC 11" && asked == 1)
        let named = DetectedBackground.detect(configured: nil, configPath: nil, ask: ask(nil), environment: ["COLORFGBG": "15;0"])
        #expect(named == DetectedBackground(background: .dark, source: "COLORFGBG=15;0"))
        #expect(DetectedBackground.detect(configured: nil, configPath: nil, ask: ask(nil), environment: ["COLORFGBG": "default;default"]) == .unknown)
    }

    @Test func theConfigKeyTakesAutoDarkOrLight() throws {
        #expect(try DashboardConfig.parse(toml: "background = \"light\"\n", catalog: .standard).background == .light)
        #expect(try DashboardConfig.parse(toml: "background = \"auto\"\n", catalog: .standard).background == nil)
        #expect(throws: ConfigError.self) { try DashboardConfig.parse(toml: "background = \"grey\"\n", catalog: .standard) }
    }
}
