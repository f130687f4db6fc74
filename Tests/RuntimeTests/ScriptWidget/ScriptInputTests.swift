import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenRuntime
@testable import HomescreenWidgets
import Testing

/// Clicks and the run key on a script widget's pane, as i3blocks hands clicks to its blocks:
/// the dashboard passes them to the kind with where they landed, the kind starts its command,
/// and the widget runs again with the click's variables.
struct ScriptInputTests {
    static func name(_ prefix: String) -> String { "\(prefix)-\(UUID().uuidString.prefix(6).lowercased())" }

    /// A dashboard with the pantry and two script widgets (one with on-click) on its home screen.
    static func dashboard(_ clicking: String, _ plain: String) throws -> Dashboard {
        let text = """
            home = [{ kind = "pantry", family = "medium" }, { kind = "\(clicking)", family = "small" }, { kind = "\(plain)", family = "small" }]

            [[widget]]
            name = "\(clicking)"
            command = "echo $button"
            on-click = "true"
            on-key = "true"

            [[widget]]
            name = "\(plain)"
            command = "true"
            """
        let config = try DashboardConfig.parse(toml: text, catalog: .standard, folder: "/")
        let catalog = WidgetCatalog.standard.adding(config.declarations)
        let settings = DashboardSettings(config: config, catalog: catalog, timeZone: Zone(identifier: "Europe/Zurich")!,
                                         background: DetectedBackground(background: .light, source: "a test"))
        return Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40))
    }

    static func starts(_ effects: [Effect]) -> [String] {
        effects.compactMap { if case .start(let task) = $0 { return task.description } else { return nil } }
    }

    @Test func aClickOnAPaneWithOnClickIsItsKindsWithEveryButton() throws {
        let (clicking, plain) = (Self.name("clicks"), Self.name("plain"))
        var dashboard = try Self.dashboard(clicking, plain)
        let placements = try #require(dashboard.layout?.pages.first)
        let target = try #require(placements.first { $0.pane == 1 }?.rect)
        for (button, number) in [(Mouse.Button.left, 1), (.middle, 2), (.right, 3), (.wheelUp, 4), (.wheelDown, 5)] {
            let effects = dashboard.update(.key(.mouse(Mouse(button: button, column: target.x + 3, row: target.y + 2, pressed: true))))
            #expect(Self.starts(effects) == ["\(clicking) on-click button \(number)"], "\(button): \(effects)")
            #expect(dashboard.focus == 1)
        }
        // A second left click does not open it (it is the widget's): still home.
        #expect(dashboard.detail == nil)
        // A widget without on-click: a click focuses, a second one opens, as every pane.
        let other = try #require(placements.first { $0.pane == 2 }?.rect)
        let click = Key.mouse(Mouse(button: .left, column: other.x + 1, row: other.y + 1, pressed: true))
        #expect(Self.starts(dashboard.update(.key(click))).isEmpty && dashboard.focus == 2)
        _ = dashboard.update(.key(click))
        #expect(dashboard.detail == 2)
    }

    @Test func theRunKeyRunsOnKeyAndRSaysEveryScriptToRun() throws {
        let (clicking, plain) = (Self.name("keys"), Self.name("plain"))
        var dashboard = try Self.dashboard(clicking, plain)
        while dashboard.focus != 1 { _ = dashboard.update(.key(.tab)) }
        // The key bar says it, on a script widget's pane only.
        #expect(dashboard.keyBarItems.contains { $0.name == "Space" && $0.label == "run" }, "\(dashboard.keyBarItems.map(\.name))")
        #expect(Self.starts(dashboard.update(.key(.character(" ")))) == ["\(clicking) on-key"])
        _ = dashboard.update(.key(.tab))
        #expect(Self.starts(dashboard.update(.key(.character(" ")))) == ["\(plain) run"])
        // On the pantry the key has nothing to do, and says so.
        while dashboard.focus != 0 { _ = dashboard.update(.key(.tab)) }
        #expect(!dashboard.keyBarItems.contains { $0.label == "run" })
        #expect(dashboard.update(.key(.character(" "))).isEmpty)
        #expect(dashboard.message?.text.contains("nothing to do in this pane") == true)
        let reload = dashboard.update(.key(.character("r")))
        #expect(Set(Self.starts(reload)) == ["\(clicking) run", "\(plain) run"] && reload.last == .reloadAll)
    }

    /// The click's command sees i3blocks' variables and the pane's; then the widget runs again
    /// with the click's, once.
    @Test func theClickCommandGetsI3blocksVariablesThenTheWidgetRunsWithThem() throws {
        let folder = TemporaryFolder()
        let name = Self.name("click")
        let declaration = WidgetDeclaration(name: name, command: "echo \"b=$button\"; echo run >> runs", folder: folder.url.path, schedule: .once)
        var context = WidgetContext(family: .systemMedium)
        context.background = .light
        let widget = ScriptWidget(declaration: declaration, waits: true)
        #expect(try widget.timeline(in: context, at: Date()).entries[0].display?.text == "b=")
        let click = PaneInput.Click(button: 3, x: 40, y: 12, relativeX: 5, relativeY: 2)
        let command = "printf '%s ' \"$button\" \"$x\" \"$y\" \"$relative_x\" \"$relative_y\" \"$BLOCK_BUTTON\" \"$HOMESCREEN_WIDGET\" \"$HOMESCREEN_FAMILY\" \"$HOMESCREEN_BACKGROUND\" > clicked"
        ScriptHub.shared.input(declaration, command: command, pane: PaneInput(context: context, click: click), waits: true)
        #expect(try String(contentsOfFile: folder.path("clicked"), encoding: .utf8) == "3 40 12 5 2 3 \(name) medium light ")
        // `once` ran, and the click asked for one more run, with the button.
        let again = try widget.timeline(in: context, at: Date()).entries[0]
        #expect(again.display?.text == "b=3")
        #expect(ScriptState.of(name).runs == 2)
        _ = try widget.timeline(in: context, at: Date())
        #expect(ScriptState.of(name).runs == 2, "once, and once for the click: no more")
    }

    @Test func aFailedClickCommandIsSaidOnThePane() throws {
        let name = Self.name("fail")
        let declaration = WidgetDeclaration(name: name, command: "echo ok", folder: "/", schedule: .once)
        let widget = ScriptWidget(declaration: declaration, waits: true)
        ScriptHub.shared.input(declaration, command: "echo 'no mixer' >&2; exit 4", pane: nil, waits: true)
        // The run that follows went well: its own line replaces the click's problem.
        #expect(try widget.timeline(in: WidgetContext(family: .systemSmall), at: Date()).entries[0].note == nil)
        ScriptHub.shared.input(declaration, command: "echo 'no mixer' >&2; exit 4", pane: nil, waits: true)
        #expect(ScriptState.of(name).record.withLock { $0.problem } == "\(name): its click command exited 4: no mixer")
    }
}

/// `HOMESCREEN_BACKGROUND`: the dashboard's background (known, else the theme's), dark where no
/// host knows it.
struct ScriptEnvironmentTests {
    @Test func theBackgroundIsTheDashboards() throws {
        let declaration = WidgetDeclaration(name: "bg", command: "true", folder: "/")
        var context = WidgetContext(family: .systemSmall)
        #expect(ScriptWidget.environment(declaration, context)["HOMESCREEN_BACKGROUND"] == "dark")
        context.background = .light
        #expect(ScriptWidget.environment(declaration, context)["HOMESCREEN_BACKGROUND"] == "light")
        let config = DashboardConfig(catalog: .standard)
        var settings = DashboardSettings(config: config, catalog: .standard, timeZone: .utc, themes: [.builtInDark, Theme(name: "paper", colors: [:], fit: .light)],
                                         themeIndex: 1)
        #expect(Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40)).context(for: 0).background == .light)
        settings.background = DetectedBackground(background: .dark, source: "OSC 11")
        #expect(Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40)).context(for: 0).background == .dark)
    }
}

/// The folder `homescreen reload` writes in: made for its owner only, refused when another user
/// could write it (they could then run this user's widgets at will).
struct ScriptReloadFolderTests {
    @Test func theReloadFolderIsItsOwnersOnly() throws {
        let folder = TemporaryFolder()
        chmod(folder.url.path, 0o700)
        let environment = ["XDG_RUNTIME_DIR": folder.url.path]
        let made = try ScriptHub.prepareReloadFolder(environment: environment).get()
        #expect(made == folder.path("homescreen/reload"))
        var info = stat()
        #expect(stat(made, &info) == 0 && info.st_mode & 0o777 == 0o700)
        try ScriptHub.requestReload("weather", environment: environment)
        #expect(try FileManager.default.contentsOfDirectory(atPath: made).isEmpty, "the request leaves nothing behind")
        chmod(made, 0o777)
        #expect(throws: ScriptHub.ReloadFolderError.self) { try ScriptHub.requestReload("weather", environment: environment) }
        if case .failure(let error) = ScriptHub.prepareReloadFolder(environment: environment) {
            #expect(error.description == "\(made) can be written by other users (mode 777); run chmod 700 \(made).")
        } else {
            Issue.record("a folder others can write was used")
        }
    }
}
