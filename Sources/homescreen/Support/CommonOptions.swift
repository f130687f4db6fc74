import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenPostgres
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// The store option as the executable reads it: `StoreOptions` (parsed, in
/// HomescreenCommandLine, so the kinds' own commands share it) or `StoreChoice` (hand-read).
extension StoreOptions: StoreChoosing {}

/// The store options' values, whoever read them: swift-argument-parser (`StoreOptions`), or
/// `status`'s hand-read forms (`StoreChoice`), which a status line starts without building the
/// parser's argument sets (issue 36). What the options mean is said once, here.
protocol StoreChoosing {
    var store: String? { get }
}

/// The store options read by hand.
struct StoreChoice: StoreChoosing {
    var store: String?
}

extension StoreChoosing {
    var environment: [String: String] { processEnvironment }

    /// --store, else HOMESCREEN_STORE, else the config file's `store`; nil: the default file.
    var given: String? {
        if let store, !store.isEmpty { return store }
        if let variable = environment["HOMESCREEN_STORE"], !variable.isEmpty { return variable }
        return DashboardConfig.configuredStore(environment: environment)
    }

    /// Where the store is, for messages and `config path` (unchecked; `location()` checks).
    var storePath: String { StoreLocation.resolve(option: given, environment: environment) }

    /// Where the store is: a file path or a PostgreSQL URL, resolved once per call (the config's
    /// `store` is read from its file). A location that looks like a URL but is not a PostgreSQL
    /// one (`postgresq://…`, `postgresql:/x`) is refused, never taken for a file path (whose
    /// folder would hold the password).
    func location() throws -> String {
        let given = self.given
        if let raw = given, !StoreLocation.isServer(raw), StoreLocation.looksLikeURL(raw) || raw.lowercased().hasPrefix("postgres") {
            throw CLIError.usage("'\(PostgresLocation.redacted(raw))' is not a store; use a file path or a URL postgresql://USER@HOST[:PORT]/DATABASE.")
        }
        // libpq's key=value form is not taken for a file path (whose message would show its password).
        if let raw = given, !StoreLocation.isServer(raw), PostgresSecrets.isKeyValueConnection(raw) {
            throw CLIError.usage("the store is a libpq key=value string (not shown: it may hold a password); write it as a URL postgresql://USER@HOST[:PORT]/DATABASE.")
        }
        return StoreLocation.resolve(option: given, environment: environment)
    }

    /// The local time zone: `TZ` when it names a zone, else the system's.
    var timeZone: Zone { Zone.current(environment: environment) }

    /// The store for a change: the SQLite file (created if needed), or the PostgreSQL store
    /// (its schema created in an empty database).
    func openForWriting() throws -> any StoreBackend { try Self.open(location(), reading: false) }

    /// The store for reading: a missing SQLite file reads as an empty store (nothing is created).
    func openForReading() throws -> any StoreBackend { try Self.open(location(), reading: true) }

    private static func open(_ location: String, reading: Bool) throws -> any StoreBackend {
        if StoreLocation.isServer(location) { return try prepared(openServer(location)) }
        return try prepared(reading ? try Store.openReadOnly(at: location) : try Store.open(at: location))
    }

    /// The store with every kind's own data ready: created, or migrated, on first use.
    /// What opening it did to the schema's version is said on one line on stderr (before any
    /// screen is drawn), never done in silence.
    static func prepared<Opened: StoreBackend>(_ store: Opened) throws -> Opened {
        do { try store.prepare(WidgetCatalog.standard.data) } catch let error as KindDataError { throw CLIError.runtime(error.description) }
        if let upgrade = (store as? Store)?.schemaUpgrade ?? (store as? PostgresStore)?.schemaUpgrade { Output.error("homescreen: \(upgrade)") }
        return store
    }

    /// A PostgreSQL store; a failure is one sentence without the password, exit 1.
    static func openServer(_ url: String) throws -> PostgresStore {
        do { return try PostgresStore.open(url: url) } catch { throw CLIError.runtime(error.description) }
    }

    /// Whether the store exists: a file on disk; a server's store is always asked.
    func storeExists() throws -> Bool {
        let location = try location()
        return StoreLocation.isServer(location) || FileManager.default.fileExists(atPath: location)
    }

    /// The theme folders: the user's, then the shipped ones.
    var themeLibrary: ThemeLibrary {
        ThemeLibrary.standard(environment: environment, executable: Executable.path, sourceThemes: SourceTree.themes)
    }

    /// Opens the store for a change to data that must already exist (consume, undo, remove):
    /// a store that does not exist is not created, `missing` is thrown instead.
    func openExistingForWriting(otherwise missing: @autoclosure () -> any Error) throws -> any StoreBackend {
        let location = try location()
        guard StoreLocation.isServer(location) || FileManager.default.fileExists(atPath: location) else { throw missing() }
        return try Self.open(location, reading: false)
    }

    /// The locale of the environment (LC_ALL, LC_MESSAGES, LANG) for formatting.
    var locale: FormattingLocale { Language.formattingLocale(tag: Language.environmentTag(environment)) }

}

/// The store options as a kind's command sees them.
struct ChosenStore: CommandContext {
    let choice: any StoreChoosing

    var environment: [String: String] { choice.environment }
    var timeZone: Zone { choice.timeZone }
    var locale: FormattingLocale { choice.locale }
    func openForWriting() throws -> any StoreBackend { try choice.openForWriting() }
    func openForReading() throws -> any StoreBackend { try choice.openForReading() }
    func openExistingForWriting(otherwise missing: @autoclosure () -> any Error) throws -> any StoreBackend {
        try choice.openExistingForWriting(otherwise: missing())
    }
    func storeExists() throws -> Bool { try choice.storeExists() }
    func settings() throws -> WidgetSettings {
        let path = DashboardConfig.defaultPath(environment: environment)
        do { return try DashboardConfig.load(path: path, explicit: false, catalog: .standard).widgetSettings } catch let error as ConfigError {
            throw CLIError.usage("\(path): \(error.description)")
        }
    }
    func language() -> Language {
        // As the dashboard and render choose it: the config's `locale` first (a config that
        // does not read leaves the environment's; the commands that need it say why).
        let path = DashboardConfig.defaultPath(environment: environment)
        let config = try? DashboardConfig.load(path: path, explicit: false, catalog: .standard)
        return config?.language ?? Language.fromEnvironment(environment)
    }
}

/// Options of the commands that draw widgets.
struct ViewOptions: ParsableArguments, ViewChoosing {
    @Option(parsing: .unconditional, help: ArgumentHelp("The instant to draw for: \(InstantParser.accepted). Default: now.", valueName: "time"))
    var now: String?

    @Option(help: ArgumentHelp("Interface language: \(Language.accepted). Default: the config file's, else from LC_ALL, LC_MESSAGES, LANG.", valueName: "locale"),
            completion: Completions.locales)
    var locale: String?

    @Option(help: ArgumentHelp("Theme name (dark, light, high-contrast, or a file in $XDG_CONFIG_HOME/homescreen/themes). Default: the config file's, else dark.", valueName: "name"),
            completion: Completions.themes)
    var theme: String?

    @Option(help: ArgumentHelp("Color depth: truecolor, 256, 16, 8 or none. Default: from NO_COLOR, COLORTERM and TERM.", valueName: "depth"),
            completion: Completions.colors)
    var colors: String?

    @Option(name: .customLong("due-soon-days"), help: ArgumentHelp("Pantry: products due within this many days count as due soon (0 to 365).", valueName: "days"))
    var dueSoonDays: Int?

    @Flag(help: "Draw with ASCII characters only.")
    var ascii = false

    @Option(help: ArgumentHelp("The config file. Default: $XDG_CONFIG_HOME/homescreen/config.toml.", valueName: "path"),
            completion: Completions.configFile)
    var config: String?

    @Flag(help: "Mask names and amounts (for demos and screen sharing).")
    var privacy = false

    @Flag(help: "Use a throwaway store filled with demo data.")
    var demo = false
}

/// The view options' values, whoever read them (`StoreChoosing` says why).
protocol ViewChoosing {
    var now: String? { get }
    var locale: String? { get }
    var theme: String? { get }
    var colors: String? { get }
    var dueSoonDays: Int? { get }
    var ascii: Bool { get }
    var config: String? { get }
    var privacy: Bool { get }
    var demo: Bool { get }
}

/// The view options read by hand: the parser's defaults.
struct ViewChoice: ViewChoosing {
    var now, locale, theme, colors: String?
    var dueSoonDays: Int?
    var ascii = false
    var config: String?
    var privacy = false
    var demo = false
}

extension ViewChoice {
    /// The values `options` hold.
    init(_ options: some ViewChoosing) {
        self.init(now: options.now, locale: options.locale, theme: options.theme, colors: options.colors, dueSoonDays: options.dueSoonDays,
                  ascii: options.ascii, config: options.config, privacy: options.privacy, demo: options.demo)
    }
}

extension ViewChoosing {
    func instant(timeZone: Zone) throws -> Date {
        guard let now else { return Date() }
        // A friendly day (tomorrow, +3d, friday) means the start of that day.
        let friendly = FriendlyDate.parse(now, today: LocalDate(Date(), in: timeZone)).map { $0.start(in: timeZone) }
        guard let date = InstantParser.parse(now, timeZone: timeZone) ?? friendly else {
            throw CLIError.usage("--now '\(now)' is not a time; use \(InstantParser.accepted).")
        }
        // The day as written decides (Foundation's calendar and ours disagree before 1582).
        let written = LocalDate(iso: String(now.prefix(10)))
        guard written.map(LocalDate.supported.contains) ?? true, LocalDate.supported.contains(LocalDate(date, in: timeZone)) else {
            throw CLIError.usage("--now '\(now)' is outside the days Homescreen works with; use a time \(LocalDate.supportedText).")
        }
        return date
    }

    func language(environment: [String: String]) throws -> Language {
        guard let locale else { return Language.fromEnvironment(environment) }
        guard let language = Language(localeTag: locale) else {
            throw CLIError.usage("--locale '\(locale)' is not a supported language; use \(Language.accepted).")
        }
        return language
    }

    /// The formatting locale: the region of `--locale`, else of the environment's tag (fr_CH
    /// writes "CHF 1 500,00"), for a language the interface speaks.
    func formattingLocale(environment: [String: String], configured: String? = nil) -> FormattingLocale {
        Language.formattingLocale(tag: locale ?? configured ?? Language.environmentTag(environment))
    }

    /// The widgets' settings: the options over the config file over the defaults.
    func settings(config: DashboardConfig) throws -> WidgetSettings {
        var settings = config.widgetSettings
        if let dueSoonDays { settings[PantryFeature.dueSoonDays] = try PantryInput.dueSoonDays(dueSoonDays) }
        return settings
    }

    /// The config with its widgets' commands turned off where this session must not run them:
    /// `homescreen serve` starts guests' dashboards with HOMESCREEN_SCRIPT_WIDGETS=off, members'
    /// with =serve (they run only with `serve-widgets = true`).
    static func forSession(_ config: DashboardConfig, environment: [String: String]) -> DashboardConfig {
        var config = config
        let switched = environment[WidgetDeclaration.switchVariable]
        if switched == "off" || (switched == "serve" && !config.serveWidgets) {
            for index in config.declarations.indices { config.declarations[index].runs = false }
        }
        return config
    }

    /// The config file (`--config`, else the default path; a missing default file is the defaults).
    func loadConfig(environment: [String: String]) throws -> DashboardConfig {
        let path = config ?? DashboardConfig.defaultPath(environment: environment)
        do {
            return Self.forSession(try DashboardConfig.load(path: path, explicit: config != nil, catalog: .standard), environment: environment)
        } catch let error as ConfigError {
            throw CLIError.usage(error.description)
        }
    }

    func depth(environment: [String: String], default fallback: ColorDepth? = nil) throws -> ColorDepth {
        guard let colors else { return fallback ?? ColorDepth.detect(environment: environment) }
        switch colors.lowercased() {
        case "truecolor", "24bit": return .truecolor
        case "256": return .indexed256
        case "16": return .ansi16
        case "8": return .ansi8
        case "none", "0", "mono", "monochrome": return .monochrome
        default: throw CLIError.usage("--colors '\(colors)' is not a color depth; use truecolor, 256, 16, 8 or none.")
        }
    }

    /// The theme named by `--theme`, else the config file's, else dark. A config file's theme
    /// that cannot be used is reported with the file, the key and the value.
    func loadTheme(from library: ThemeLibrary, config: DashboardConfig? = nil) throws -> Theme {
        do { return try library.theme(named: theme ?? config?.theme ?? Theme.builtInDark.name) } catch let error as ThemeError {
            if theme == nil, let configured = config?.theme {
                throw CLIError.usage("\(config?.path ?? "the config file"): theme = \"\(configured)\" cannot be used: \(error.description).")
            }
            throw CLIError.usage(error.description + ".")
        }
    }
}

/// The source tree this binary was built from, for running in place (`swift run`).
enum SourceTree {
    /// The checkout's `Themes/`, four folders up from this file (by string: URL's parser cost a
    /// status line a fifth of a millisecond).
    static var themes: String? {
        var folder = #filePath[...]
        for _ in 0..<4 {
            guard let slash = folder.lastIndex(of: "/") else { return nil }
            folder = folder[..<slash]
        }
        let themes = String(folder) + "/Themes"
        return FileManager.default.fileExists(atPath: themes) ? themes : nil
    }
}
