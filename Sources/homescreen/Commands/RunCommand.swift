import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenStore
import HomescreenTerminal
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// The full-screen dashboard: the default command.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "The full-screen dashboard (the default command).",
        discussion: """
            Panes sit on a phone-like grid (small 2x2 slots, medium 4x2, large 4x4);
            a terminal too short for the grid, or --lock-screen, shows the strip of
            accessory widgets. Press ? for the keys. The layout, theme, locale,
            due-soon days and key bindings come from the config file
            ($XDG_CONFIG_HOME/homescreen/config.toml); options override it.

            Exit status: 0 after q or Ctrl-C; 128+N after signal N (SIGTERM, SIGHUP);
            1 when the terminal goes away or cannot be used; 2 for bad options.
            """
    )

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    @Option(help: ArgumentHelp("Pane density: regular or compact. Default: the largest that fits.", valueName: "density"), completion: Completions.densities)
    var density: String?

    @Flag(name: .customLong("lock-screen"), help: "Show only the lock-screen strip of accessory widgets (a short tmux pane).")
    var lockScreen = false

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (select text without Shift); the config's mouse = false does the same.")
    var noMouse = false

    @Flag(name: .customLong("exit-after-first-frame"), help: .hidden)
    var exitAfterFirstFrame = false

    func run() throws {
        // Before any thread exists, so every thread inherits the mask.
        EventLoop.blockSignals()
        let environment = storeOptions.environment

        // Every option and the config file are checked before the terminal or the store.
        var settings = try viewOptions.loadConfig(environment: environment)
        if let density { settings.density = try Arguments.density(density) }
        let library = storeOptions.themeLibrary
        // Every theme file is read once; `loadTheme` only runs (for its error) when the chosen
        // name is not among them or its file is malformed.
        var themes = library.names().compactMap { try? library.theme(named: $0) }
        // The theme and privacy chosen on the dashboard last time stand over the config.
        let statePath = RememberedChoices.defaultPath(environment: environment)
        let remembered = RememberedChoices.load(path: statePath)
        // A theme named by --theme or the config is checked now (a malformed file, a name that is none).
        if let named = viewOptions.theme ?? settings.theme, !themes.contains(where: { $0.name == named }) {
            let loaded = try viewOptions.loadTheme(from: library, config: settings)
            themes.removeAll { $0.name == loaded.name }
            themes.insert(loaded, at: 0)
        }
        _ = try viewOptions.language(environment: environment)
        let depth = try viewOptions.depth(environment: environment)
        _ = try viewOptions.instant(timeZone: storeOptions.timeZone)
        _ = try viewOptions.settings(config: settings)
        guard isatty(0) == 1, isatty(1) == 1 else {
            throw CLIError.runtime("the dashboard needs a terminal; for text output use `homescreen render` or `homescreen status`.")
        }

        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions, forWriting: true, config: settings)
        settings.widgetSettings = session.settings   // the config's, with --due-soon-days over it
        defer { session.finish() }
        let clock: any WidgetClock = viewOptions.now == nil ? SystemClock() : SimulatedClock(start: session.date)
        // The calendar's first frame from the vdir index; the files checked right after it.
        let watcher = (try? session.store.changeFeed()).map { HledgerChangeFeed.wrap(VdirChangeFeed.wrap($0, checkAfterStart: true)) }
        let wake = EventLoop.makeWakePipe()

        // The terminal's background, before ncurses takes the terminal: the config's key, else
        // the terminal's answer to OSC 11 (at most BackgroundQuery.deadline), else COLORFGBG.
        // The start-up theme is one readable on it, unless --theme or the config names one.
        let detected = DetectedBackground.detect(configured: settings.background, configPath: settings.path,
                                                 ask: { BackgroundQuery.ask()?.background }, environment: environment)
        let start = ThemeFitting.start(themes: themes, option: viewOptions.theme, remembered: remembered.theme, configured: settings.theme,
                                       detected: detected, language: session.language)
        let selected = themes.first { $0.name == start.name } ?? .builtInDark
        if !themes.contains(selected) { themes.insert(selected, at: 0) }

        let unicode = NcursesScreen.setUpLocale(environment: environment)
        let screen: NcursesScreen
        do { screen = try NcursesScreen(environment: environment, depth: depth, mouse: settings.mouse && !noMouse) } catch let error as TerminalError {
            throw CLIError.runtime(error.description)
        }
        defer { screen.end() }
        let dashboardSettings = DashboardSettings(
            config: settings, catalog: WidgetCatalog.standard.adding(settings.declarations), lockScreen: lockScreen, language: session.language,
            locale: session.locale, timeZone: session.timeZone,
            ascii: viewOptions.ascii || !unicode, monochrome: screen.depth == .monochrome, privacy: viewOptions.privacy || remembered.privacy == true,
            themes: themes, themeIndex: themes.firstIndex(of: selected) ?? 0, simulatedClock: viewOptions.now != nil,
            background: detected, notice: Self.guestNotice(environment: environment, language: session.language) ?? start.notice)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: dashboardSettings, size: screen.size), store: session.store,
                                       clock: clock, asynchronousWrites: true, wakeDescriptor: wake.write)
        runtime.remember = { choices in try? choices.save(path: statePath) }
        let loop = EventLoop(runtime: runtime, screen: screen, watcher: watcher, wakeRead: wake.read, firstFrameOnly: exitAfterFirstFrame)
        let exit = loop.run()
        screen.end()
        // No script widget's command outlives the dashboard (SIGTERM, SIGKILL a second later).
        KindWakeups.shared.finishWork()
        session.finish()
        switch exit {
        case .quit: return
        case .signal(let number): Foundation.exit(128 + number)
        case .terminalClosed: Foundation.exit(1)
        }
    }

    /// `homescreen serve` runs a guest's dashboard with HOMESCREEN_GUEST="NAME SECONDS" (the
    /// seconds left of the guest's time): its first message says where they are.
    static func guestNotice(environment: [String: String], language: Language) -> String? {
        guard let value = environment["HOMESCREEN_GUEST"] else { return nil }
        let fields = value.split(separator: " ")
        guard fields.count == 2, let seconds = Int(fields[1]) else { return nil }
        let left = seconds >= 3600 && seconds % 3600 == 0 ? "\(seconds / 3600) h" : seconds >= 60 ? "\((seconds + 59) / 60) min" : "\(seconds) s"
        return language.text("Guest %1: your own copy of the demo data, gone when you leave; ends in %2", in: .dashboard, String(fields[0]), left)
    }
}

