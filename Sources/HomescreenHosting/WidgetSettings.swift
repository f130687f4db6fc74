import HomescreenWidgetCore

/// A config file value, as the config parser hands it to the kind that owns the key.
public enum ConfigValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case boolean(Bool)
    case list([ConfigValue])
    /// A table (`[budget]`, `[calendar]`), its keys sorted as written back.
    case table([String: ConfigValue])
    /// Anything else (a table, a list, a float), as written.
    case other(String)
}

/// A setting a kind reads, with its config file key, default and parser.
public struct SettingKey<Value: Sendable>: Sendable {
    public let name: String
    public let defaultValue: Value
    let parse: @Sendable (ConfigValue) throws -> Value

    /// - Parameter parse: the value from the config file; throws `ConfigError` naming the key.
    public init(_ name: String, default defaultValue: Value, parse: @escaping @Sendable (ConfigValue) throws -> Value) {
        self.name = name
        self.defaultValue = defaultValue
        self.parse = parse
    }

    public var spec: SettingSpec {
        let key = self
        return SettingSpec(name: name, parse: { try key.parse($0) }, show: { settings in
            switch settings[key] {
            case let value as any ConfigWritten: return value.configValue.description
            case let text as String: return ConfigValue.string(text).description
            case let list as [Int]: return ConfigValue.list(list.map(ConfigValue.integer)).description
            case let value: return "\(value)"
            }
        })
    }
}

/// A setting's value of a kind's own type, as the config file writes it (`config show`).
public protocol ConfigWritten {
    var configValue: ConfigValue { get }
}

/// A setting with its value type erased, for the config parser.
public struct SettingSpec: Sendable {
    public let name: String
    let parse: @Sendable (ConfigValue) throws -> any Sendable
    let show: @Sendable (WidgetSettings) -> String
    public func parse(_ value: ConfigValue) throws -> any Sendable { try parse(value) }
    /// Its value in `settings` (the default when unset), as the config file writes it.
    public func value(in settings: WidgetSettings) -> String { show(settings) }
}

/// The kinds' settings: the config file's values over each setting's default; command-line
/// options override them.
public struct WidgetSettings: Sendable {
    private var values: [String: any Sendable] = [:]
    public init() {}

    public subscript<Value: Sendable>(_ key: SettingKey<Value>) -> Value {
        get { values[key.name] as? Value ?? key.defaultValue }
        set { values[key.name] = newValue }
    }

    /// Sets a value parsed by a `SettingSpec`.
    public mutating func set(_ name: String, to value: any Sendable) { values[name] = value }

    /// Whether a value was set (in the config file or on the command line).
    public func isSet(_ name: String) -> Bool { values[name] != nil }
}

extension ConfigValue: CustomStringConvertible {
    /// As written in TOML: `"text"`, `12`.
    public var description: String {
        switch self {
        case .string(let text): return "\"\(text)\""
        case .integer(let number): return String(number)
        case .boolean(let on): return String(on)
        case .list(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .table(let values): return "{ " + values.keys.sorted().map { "\($0) = \(values[$0]!.description)" }.joined(separator: ", ") + " }"
        case .other(let text): return text
        }
    }
}
