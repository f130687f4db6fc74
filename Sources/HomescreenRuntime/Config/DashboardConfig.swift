import Foundation
import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting
import TOMLKit

/// The dashboard's settings: the config file (`$XDG_CONFIG_HOME/homescreen/config.toml`)
/// over the defaults; command-line options override both.
public struct DashboardConfig: Sendable {
    /// The home screen's panes, in fill order (system families).
    public var home: [PaneSpec]
    /// The lock-screen strip (accessory families).
    public var lockScreen: [PaneSpec]
    public var theme: String?
    /// The terminal's background as the file says it (`background = "dark"|"light"`); nil,
    /// "auto": detected (OSC 11, then COLORFGBG). The themes `t` and `T` offer fit it.
    public var background: TerminalBackground?
    /// The store every command uses when neither --store nor HOMESCREEN_STORE says (a path or
    /// a postgresql:// URL).
    public var store: String?
    public var language: Language?
    /// The locale tag as written (fr_CH), for formatting money and numbers.
    public var locale: String?
    /// nil: the largest density that fits.
    public var density: Density?
    /// The catalog's keys as the file rebinds them (the defaults are built when first asked: a
    /// status line reads the config but presses no key).
    public var keys: KeyTable {
        get { rebound ?? defaultKeys() }
        set { rebound = newValue }
    }
    private var rebound: KeyTable?
    private let defaultKeys: @Sendable () -> KeyTable
    /// Click and wheel reports (`mouse = false` turns them off).
    public var mouse = true
    /// The kinds' own settings (`due-soon-days`, `card-url`…).
    public var widgetSettings: WidgetSettings
    /// The `[reminders]` table: channels and the kinds' rules.
    public var reminders = ReminderConfig()
    /// The file these settings were read from (nil: the defaults, no file), for messages that
    /// name it.
    public var path: String?
    /// The top-level keys the file sets (the others are defaults), for `config show`.
    public var keysSet: Set<String> = []

    /// The catalog's layouts and keys, every setting at its default.
    public init(catalog: WidgetCatalog) {
        home = catalog.home
        lockScreen = catalog.lockScreen
        defaultKeys = { catalog.keyTable }
        widgetSettings = WidgetSettings()
    }

    /// Every kind on the home screen; the lock screen as a phone's.

    /// A config file's largest size: a few hundred lines at the most; a larger one is refused
    /// without being read whole.
    public static let maximumBytes = 1_048_576

    /// The default file: `$XDG_CONFIG_HOME/homescreen/config.toml`, else `~/.config/…`.
    public static func defaultPath(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return config + "/homescreen/config.toml"
    }

    /// The `store` key of the default config file, read on its own (every command asks it, and
    /// most read nothing else of the file); nil when the file or the key is missing. A file
    /// that is not valid TOML is reported by the commands that read it whole and by `doctor`.
    public static func configuredStore(environment: [String: String]) -> String? {
        guard case .contents(let data) = BoundedFile.read(defaultPath(environment: environment), limit: maximumBytes),
              let text = String(data: data, encoding: .utf8), text.contains("store"),
              let table = try? TOMLTable(string: text), let value = table["store"]?.string,
              !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }

    /// Reads a config file. A missing default file means the defaults; a missing file the user
    /// named is an error.
    public static func load(path: String, explicit: Bool, catalog: WidgetCatalog) throws -> DashboardConfig {
        let data: Data
        switch BoundedFile.read(path, limit: maximumBytes) {
        case .contents(let contents): data = contents
        case .missing where !explicit: return DashboardConfig(catalog: catalog)
        case .missing, .unreadable: throw ConfigError("the config file \(path) cannot be read; check the path and its permissions.")
        case .tooLarge(let size):
            throw ConfigError("the config file \(path) is \(size) bytes; a config file is at most \(BoundedFile.size(maximumBytes)), so it was not read.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError("the config file \(path) is not UTF-8 text.")
        }
        do {
            var config = try parse(toml: text, catalog: catalog)
            config.path = path
            return config
        } catch let error as ConfigError {
            throw ConfigError("\(path): \(error.description)")
        }
    }

    /// Parses the TOML text of a config file; every key is optional. Keys other than the
    /// dashboard's belong to the kinds that declare them.
    public static func parse(toml text: String, catalog: WidgetCatalog) throws -> DashboardConfig {
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch {
            throw ConfigError("not valid TOML (\(error)).")
        }
        let settings = Dictionary(uniqueKeysWithValues: catalog.settings.map { ($0.name, $0) })
        let known = WidgetCatalog.dashboardKeys.union(settings.keys)
        if let unknown = table.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConfigError("unknown key '\(unknown)'; the keys are \(known.sorted().joined(separator: ", ")).")
        }
        var config = DashboardConfig(catalog: catalog)
        config.keysSet = Set(table.keys)
        if let value = table["theme"] { config.theme = try string(value, key: "theme") }
        if let value = table["background"] {
            let text = try string(value, key: "background")
            if text != "auto" {
                guard let background = TerminalBackground(rawValue: text) else {
                    throw ConfigError("background = \"\(text)\" is not a background; use auto (detected: the terminal's answer to OSC 11, then COLORFGBG), dark or light.")
                }
                config.background = background
            }
        }
        if let value = table["store"] {
            let text = try string(value, key: "store")
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw ConfigError("store = \"\" is empty; give a file path or a postgresql:// URL.") }
            config.store = text
        }
        if let value = table["locale"] {
            let tag = try string(value, key: "locale")
            guard let language = Language(localeTag: tag) else { throw ConfigError("locale = \"\(tag)\" is not supported; use \(Language.accepted).") }
            config.language = language
            config.locale = tag
        }
        for name in table.keys.sorted() {
            guard let setting = settings[name], let value = table[name] else { continue }
            config.widgetSettings.set(name, to: try setting.parse(configValue(value)))
        }
        if let value = table["density"] {
            let text = try string(value, key: "density")
            if text != "auto" {
                guard let density = Density(rawValue: text) else { throw ConfigError("density = \"\(text)\" is not a density; use auto, regular or compact.") }
                config.density = density
            }
        }
        if let value = table["mouse"] {
            guard let on = value.bool else { throw ConfigError("mouse = \(value.debugDescription) is not true or false.") }
            config.mouse = on
        }
        if let value = table["reminders"] {
            guard let reminders = value.table else { throw ConfigError("reminders must be a table such as [reminders] channels = [\"notify-send\"].") }
            config.reminders = try ReminderConfig.parse(Dictionary(uniqueKeysWithValues: reminders.keys.compactMap { key in reminders[key].map { (key, configValue($0)) } }),
                                                        specs: catalog.reminderSettings)
        }
        if let value = table["home"] { config.home = try panes(value, key: "home", system: true, catalog: catalog) }
        if let value = table["lock-screen"] { config.lockScreen = try panes(value, key: "lock-screen", system: false, catalog: catalog) }
        if let value = table["keys"] {
            guard let keys = value.table else { throw ConfigError("keys must be a table such as [keys] quit = [\"q\"].") }
            for name in keys.keys.sorted() {
                guard let action = config.keys.action(named: name) else {
                    throw ConfigError("keys.\(name) is not an action; the actions are \(config.keys.bindings.map(\.action.name).joined(separator: ", ")).")
                }
                let names: [String]
                if let single = keys[name]?.string { names = [single] } else if let array = keys[name]?.array {
                    names = try array.map { try string($0, key: "keys.\(name)") }
                } else { throw ConfigError("keys.\(name) must be a key name or a list of key names.") }
                let parsed = try names.map { keyName -> Key in
                    guard let key = Key(name: keyName) else { throw ConfigError("keys.\(name): \"\(keyName)\" is not a key; use \(Key.accepted).") }
                    return key
                }
                try config.keys.rebind(action, to: parsed)
            }
        }
        return config
    }

    private static func string(_ value: any TOMLValueConvertible, key: String) throws -> String {
        guard let string = value.string else { throw ConfigError("\(key) must be a string, not \(value.debugDescription).") }
        return string
    }

    /// A TOML value as the kinds' settings take it.
    private static func configValue(_ value: any TOMLValueConvertible) -> ConfigValue {
        if let string = value.string { return .string(string) }
        if let number = value.int { return .integer(number) }
        if let on = value.bool { return .boolean(on) }
        if let array = value.array { return .list(array.map(configValue)) }
        if let table = value.table { return .table(Dictionary(uniqueKeysWithValues: table.keys.compactMap { key in table[key].map { (key, configValue($0)) } })) }
        return .other(value.debugDescription)
    }

    private static func panes(_ value: any TOMLValueConvertible, key: String, system: Bool, catalog: WidgetCatalog) throws -> [PaneSpec] {
        guard let array = value.array else { throw ConfigError("\(key) must be a list of { kind = \"…\", family = \"…\" }.") }
        return try array.enumerated().map { index, item in
            let place = "\(key)[\(index + 1)]"
            guard let pane = item.table else { throw ConfigError("\(place) must be a table { kind = \"…\", family = \"…\" }.") }
            let kindName = try string(pane["kind"] ?? "", key: "\(place).kind")
            guard let kind = catalog.kind(named: kindName) else {
                throw ConfigError("\(place).kind = \"\(kindName)\" is not a widget kind; use \(catalog.kindNames).")
            }
            let familyName = try string(pane["family"] ?? "", key: "\(place).family")
            let families = catalog.families(of: kind).filter { $0.isSystem == system }
            guard let family = WidgetFamily(argument: familyName), families.contains(family) else {
                throw ConfigError("\(place).family = \"\(familyName)\" is not accepted here; use \(families.map(\.shortName).joined(separator: ", ")).")
            }
            return PaneSpec(kind, family)
        }
    }
}
