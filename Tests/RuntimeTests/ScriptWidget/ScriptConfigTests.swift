import Foundation
import HomescreenHosting
import HomescreenRuntime
import HomescreenWidgetCore
@testable import HomescreenWidgets
import HomescreenTestSupport
import Testing

/// `[[widget]]` tables: each a kind after the built-in ones; a mistake names its line and key.
struct ScriptConfigTests {
    static let two = """
        theme = "dark"

        [[widget]]
        name = "weather"
        title = "Weather"
        command = "curl -s wttr.in | head -1"
        format = "plain"
        interval = 600
        timeout = 5

        [[widget]]
        name = "uptime"
        command = "uptime"
        interval = "once"
        families = ["small", "inline"]
        """

    @Test func declaredWidgetsAreKindsAfterTheBuiltInOnes() throws {
        let config = try DashboardConfig.parse(toml: Self.two, catalog: .standard, folder: "/etc/hs")
        #expect(config.declarations.map(\.name) == ["weather", "uptime"])
        let weather = config.declarations[0]
        #expect(weather.title == "Weather" && weather.command == "curl -s wttr.in | head -1" && weather.folder == "/etc/hs")
        #expect(weather.format == .plain && weather.schedule == .every(600) && weather.timeout == 5)
        #expect(config.declarations[1].schedule == .once && config.declarations[1].timeout == 10)
        #expect(config.declarations[1].families == [.systemSmall, .accessoryInline])
        let builtIn = WidgetCatalog.standard.home.count
        #expect(config.home.count == builtIn + 2)
        #expect(config.home.suffix(2).map(\.kind.rawValue) == ["weather", "uptime"])
        #expect(config.lockScreen.suffix(2).map(\.kind.rawValue) == ["weather", "uptime"])
        let catalog = WidgetCatalog.standard.adding(config.declarations)
        #expect(catalog.feature(WidgetKind("weather"))?.title == "Weather")
    }

    @Test func theHomeListPlacesADeclaredWidget() throws {
        let text = Self.two + """

            [[home]]
            kind = "uptime"
            family = "small"

            [[home]]
            kind = "pantry"
            family = "medium"
            """
        let config = try DashboardConfig.parse(toml: text, catalog: .standard)
        #expect(config.home == [PaneSpec(WidgetKind("uptime"), .systemSmall), PaneSpec(.pantry, .systemMedium)])
    }

    @Test(arguments: [
        ("colour = 1", "line 5: [[widget]] 1: unknown key 'colour'; the keys are name, title, command, format, interval, timeout, families, signal, on-click, on-key."),
        ("interval = \"sometimes\"", "line 5: [[widget]] 1: interval = \"sometimes\" is not accepted; use a number of seconds, \"once\" or \"persist\"."),
        ("signal = 0", "line 5: [[widget]] 1: signal = 0 is not accepted; use a number from 1 to 30 (SIGRTMIN+N runs it)."),
        ("signal = \"USR1\"", "line 5: [[widget]] 1: signal = \"USR1\" is not accepted; use a number from 1 to 30 (SIGRTMIN+N runs it)."),
        ("on-click = 1", "line 5: [[widget]] 1: on-click must be a string, not 1."),
        ("timeout = 0", "line 5: [[widget]] 1: timeout = 0 is not accepted; use a whole number of seconds, 1 or more."),
        ("format = \"xml\"", "line 5: [[widget]] 1: format = \"xml\" is not accepted; use auto, waybar, i3blocks, plain, timeline."),
    ])
    func aMistakeNamesItsLineAndKey(line: String, message: String) throws {
        let text = "theme = \"dark\"\n\n[[widget]]\nname = \"w\"\n\(line)\ncommand = \"true\"\n"
        #expect(throws: ConfigError(message)) { try DashboardConfig.parse(toml: text, catalog: .standard) }
    }

    @Test func signalsClicksKeysAndPersistAreDeclared() throws {
        let text = """
            [[widget]]
            name = "volume"
            command = "amixer get Master | tail -1"
            signal = 10
            on-click = "amixer set Master toggle"
            on-key = "pavucontrol"

            [[widget]]
            name = "log"
            command = "tail -F /var/log/syslog"
            interval = "persist"

            [[widget]]
            name = "mail"
            command = "true"
            signal = 10
            """
        #expect(throws: ConfigError("line 16: [[widget]] 3: signal = 10 is volume's already; give each widget its own.")) {
            try DashboardConfig.parse(toml: text, catalog: .standard)
        }
        let config = try DashboardConfig.parse(toml: text.replacingOccurrences(of: "command = \"true\"\nsignal = 10", with: "command = \"true\""), catalog: .standard)
        let volume = config.declarations[0]
        #expect(volume.signal == 10 && volume.onClick == "amixer set Master toggle" && volume.onKey == "pavucontrol")
        #expect(config.declarations[1].schedule == .persist && config.declarations[1].signal == nil && config.declarations[1].onClick == nil)
        #expect(config.declarations[2].signal == nil)
        // A widget with on-click takes clicks and the run key; without, the run key only.
        let catalog = WidgetCatalog.standard.adding(config.declarations)
        #expect(catalog.feature(WidgetKind("volume"))?.routedActions == [.run, .click])
        #expect(catalog.feature(WidgetKind("log"))?.routedActions == [.run])
    }

    /// A command file another user could write is refused as the config file is: its line, the
    /// file and what to run.
    @Test func aCommandFileOthersCanWriteIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hs-command-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("bin"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.path, 0o700)
        chmod(folder.appendingPathComponent("bin").path, 0o700)
        let script = folder.appendingPathComponent("bin/weather.sh").path
        try "#!/bin/sh\necho sunny\n".write(toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o755)
        let text = "theme = \"dark\"\n\n[[widget]]\nname = \"weather\"\ncommand = \"./bin/weather.sh --short | head -1\"\n"
        #expect(try DashboardConfig.parse(toml: text, catalog: .standard, folder: folder.path).declarations.count == 1)
        chmod(script, 0o775)
        #expect(throws: ConfigError("line 5: [[widget]] 1: weather's command is not run: \(script) can be written by other users (mode 775); run chmod go-w \(script).")) {
            try DashboardConfig.parse(toml: text, catalog: .standard, folder: folder.path)
        }
        // The same file through an interpreter, and its folder open to others.
        chmod(script, 0o755)
        chmod(folder.appendingPathComponent("bin").path, 0o777)
        let bin = folder.appendingPathComponent("bin").path
        #expect(throws: ConfigError("line 5: [[widget]] 1: weather's command is not run: \(bin) can be written by other users (mode 777); run chmod go-w \(bin).")) {
            try DashboardConfig.parse(toml: text.replacingOccurrences(of: "./bin", with: "sh bin"), catalog: .standard, folder: folder.path)
        }
    }

    @Test(arguments: [
        ("./weather.sh", "/cfg/weather.sh"), ("~/bin/load --short", "/home/lan/bin/load"), ("$HOME/bin/load", "/home/lan/bin/load"),
        ("exec /opt/bar/disk | head -1", "/opt/bar/disk"), ("LC_ALL=C ./w.sh", "/cfg/w.sh"), ("python3 -u ~/w.py", "/home/lan/w.py"),
        ("'./my script.sh' arg", "/cfg/my script.sh"), ("uptime", nil), ("curl -s wttr.in", nil), ("$DIR/x", nil), ("sh -c 'echo'", nil),
    ] as [(String, String?)])
    func theCommandFileIsItsFirstWordWhenThatIsAPath(command: String, path: String?) {
        #expect(ScriptSafety.commandPath(command, folder: "/cfg", home: "/home/lan") == path, "\(command)")
    }

    @Test func aNameMustBeFree() {
        let text = "[[widget]]\nname = \"pantry\"\ncommand = \"true\"\n"
        #expect(throws: ConfigError("line 2: [[widget]] 1: name = \"pantry\" is taken; the names in use are budget, calendar, card, pantry, year.")) {
            try DashboardConfig.parse(toml: text, catalog: .standard)
        }
    }

    @Test func aFileWithWidgetsThatOthersCanWriteIsRefused() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hs-script-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "[[widget]]\nname = \"w\"\ncommand = \"true\"\n".write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
        #expect(try DashboardConfig.load(path: path, explicit: true, catalog: .standard).declarations.count == 1)
        chmod(path, 0o666)
        #expect(throws: ConfigError("\(path): its widgets are not run: \(path) can be written by other users (mode 666); run chmod go-w \(path).")) {
            try DashboardConfig.load(path: path, explicit: true, catalog: .standard)
        }
    }
}

/// The README's three widgets parse, run and draw their text.
struct ScriptReadmeTests {
    @Test func theReadmeWidgetsRun() throws {
        let readme = try String(contentsOfFile: SourceRoot.path("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Any program is a widget").dropFirst().first)
        let toml = try #require(section.components(separatedBy: "```toml\n").dropFirst().first?.components(separatedBy: "```").first)
        let config = try DashboardConfig.parse(toml: toml, catalog: .standard, folder: "/")
        #expect(config.declarations.map(\.name) == ["disk", "load", "tea"])
        var texts: [String] = []
        for var declaration in config.declarations {
            declaration.name += "-readme"
            let timeline = try ScriptWidget(declaration: declaration, waits: true).timeline(in: WidgetContext(family: .systemSmall), at: Date())
            #expect(timeline.entries[0].note == nil, "\(declaration.name): \(timeline.entries[0].note ?? "")")
            texts.append(timeline.entries.compactMap { $0.display?.text }.joined(separator: " → "))
        }
        #expect(texts[0].hasPrefix("/ ") && texts[0].hasSuffix("%"), "\(texts[0])")
        #expect(Double(texts[1]) != nil, "\(texts[1])")
        #expect(texts[2] == "steeping → ready")
    }
}

/// The five kinds and three declared widgets share the screen by the layout rules: nothing
/// overlaps, every pane is placed, within the screen.
struct ScriptLayoutTests {
    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func fiveKindsAndThreeWidgetsDoNotOverlap(columns: Int, rows: Int) throws {
        let config = try DashboardConfig.parse(toml: ScriptConfigTests.two + "\n[[widget]]\nname = \"third\"\ncommand = \"true\"\n", catalog: .standard)
        #expect(config.home.count == WidgetCatalog.standard.home.count + 3)
        let layout = try #require(HomeLayout.make(home: config.home, lockScreen: config.lockScreen, size: CellSize(columns: columns, rows: rows),
                                                  forcedDensity: nil, preferLockScreen: false))
        #expect(Set(layout.pages.flatMap { $0.map(\.pane) }) == Set(config.home.indices))
        for page in layout.pages {
            let rects = page.map(\.rect)
            for rect in rects { #expect(rect.x >= 0 && rect.maxX <= columns && rect.maxY <= rows - HomeLayout.bottomRows(rows), "\(rect)") }
            for (index, rect) in rects.enumerated() {
                for other in rects[(index + 1)...] { let overlap = rect.intersection(other); #expect(overlap.width <= 0 || overlap.height <= 0, "\(rect) overlaps \(other)") }
            }
        }
        print("\(columns)×\(rows): \(layout.pages.count) page(s), density \(layout.density)")
    }
}
