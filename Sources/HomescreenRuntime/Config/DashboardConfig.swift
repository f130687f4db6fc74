import Foundation
import HomescreenWidgetCore
import HomescreenWidgets
import TOMLKit

/// A config file problem, in one sentence that names the key and the value.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// One pane of the layout: a kind in a family.
public struct PaneSpec: Hashable, Sendable {
    public let kind: WidgetKind
    public let family: WidgetFamily

    public init(_ kind: WidgetKind, _ family: WidgetFamily) {
        self.kind = kind
        self.family = family
    }
}

/// The dashboard's settings: the config file (`$XDG_CONFIG_HOME/homescreen/config.toml`)
/// over the defaults; command-line options override both.
public struct DashboardConfig: Sendable, Equatable {
    /// The home screen's panes, in fill order (system families).
    public var home: [PaneSpec]
    /// The lock-screen strip (accessory families).
    public var lockScreen: [PaneSpec]
    public var theme: String?
    public var language: Language?
    /// The locale tag as written (fr_CH), for formatting money and numbers.
    public var locale: String?
    public var dueSoonDays: Int?
    /// The URL a card with a server id opens (`card-url`); nil: seed 004's.
    public var cardURL: CardURLTemplate?
    /// nil: the largest density that fits.
    public var density: Density?
    public var keys: KeyTable

    /// All five kinds on the home screen; the lock screen as a phone's.
    public static let standard = DashboardConfig(
        home: [PaneSpec(.pantry, .systemMedium), PaneSpec(.budget, .systemSmall), PaneSpec(.calendar, .systemMedium),
               PaneSpec(.card, .systemSmall), PaneSpec(.year, .systemMedium)],
        lockScreen: [PaneSpec(.calendar, .accessoryInline), PaneSpec(.pantry, .accessoryRectangular), PaneSpec(.budget, .accessoryCircular),
                     PaneSpec(.calendar, .accessoryRectangular), PaneSpec(.card, .accessoryCircular)],
        theme: nil, language: nil, locale: nil, dueSoonDays: nil, cardURL: nil, density: nil, keys: .standard)

    /// The default file: `$XDG_CONFIG_HOME/homescreen/config.toml`, else `~/.config/…`.
    public static func defaultPath(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return config + "/homescreen/config.toml"
    }

    /// Reads a config file. A missing default file means the defaults; a missing file the user
    /// named is an error.
    public static func load(path: String, explicit: Bool) throws -> DashboardConfig {
        guard let data = FileManager.default.contents(atPath: path) else {
            if !explicit, !FileManager.default.fileExists(atPath: path) { return .standard }
            throw ConfigError("the config file \(path) cannot be read; check the path and its permissions.")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigError("the config file \(path) is not UTF-8 text.")
        }
        do { return try parse(toml: text) } catch let error as ConfigError {
            throw ConfigError("\(path): \(error.description)")
        }
    }

    /// Parses the TOML text of a config file; every key is optional.
    public static func parse(toml text: String) throws -> DashboardConfig {
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch {
            throw ConfigError("not valid TOML (\(error)).")
        }
        let known: Set<String> = ["theme", "locale", "due-soon-days", "card-url", "density", "home", "lock-screen", "keys"]
        if let unknown = table.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConfigError("unknown key '\(unknown)'; the keys are \(known.sorted().joined(separator: ", ")).")
        }
        var config = DashboardConfig.standard
        if let value = table["theme"] { config.theme = try string(value, key: "theme") }
        if let value = table["locale"] {
            let tag = try string(value, key: "locale")
            guard let language = Language(localeTag: tag) else { throw ConfigError("locale = \"\(tag)\" is not supported; use \(Language.accepted).") }
            config.language = language
            config.locale = tag
        }
        if let value = table["due-soon-days"] {
            guard let days = value.int, (0...365).contains(days) else {
                throw ConfigError("due-soon-days = \(value.debugDescription) is not a whole number from 0 to 365.")
            }
            config.dueSoonDays = days
        }
        if let value = table["card-url"] {
            do { config.cardURL = try CardURLTemplate(try string(value, key: "card-url")) } catch let error as CardTemplateError {
                throw ConfigError(error.description)
            }
        }
        if let value = table["density"] {
            let text = try string(value, key: "density")
            if text != "auto" {
                guard let density = Density(rawValue: text) else { throw ConfigError("density = \"\(text)\" is not a density; use auto, regular or compact.") }
                config.density = density
            }
        }
        if let value = table["home"] { config.home = try panes(value, key: "home", system: true) }
        if let value = table["lock-screen"] { config.lockScreen = try panes(value, key: "lock-screen", system: false) }
        if let value = table["keys"] {
            guard let keys = value.table else { throw ConfigError("keys must be a table such as [keys] consume = [\"c\"].") }
            for name in keys.keys.sorted() {
                guard let action = Action(rawValue: name) else {
                    throw ConfigError("keys.\(name) is not an action; the actions are \(Action.allCases.map(\.rawValue).joined(separator: ", ")).")
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

    private static func panes(_ value: any TOMLValueConvertible, key: String, system: Bool) throws -> [PaneSpec] {
        guard let array = value.array else { throw ConfigError("\(key) must be a list of { kind = \"…\", family = \"…\" }.") }
        return try array.enumerated().map { index, item in
            let place = "\(key)[\(index + 1)]"
            guard let pane = item.table else { throw ConfigError("\(place) must be a table { kind = \"…\", family = \"…\" }.") }
            let kindName = try string(pane["kind"] ?? "", key: "\(place).kind")
            guard let kind = WidgetKind(argument: kindName) else {
                throw ConfigError("\(place).kind = \"\(kindName)\" is not a widget kind; use \(WidgetKind.allCases.map(\.rawValue).joined(separator: ", ")).")
            }
            let familyName = try string(pane["family"] ?? "", key: "\(place).family")
            let families = (system ? [.systemSmall, .systemMedium, .systemLarge] : [.accessoryInline, .accessoryRectangular, .accessoryCircular])
                .filter(WidgetCatalog.families(of: kind).contains)
            guard let family = WidgetFamily(argument: familyName), families.contains(family) else {
                throw ConfigError("\(place).family = \"\(familyName)\" is not accepted here; use \(families.map(\.shortName).joined(separator: ", ")).")
            }
            return PaneSpec(kind, family)
        }
    }
}
