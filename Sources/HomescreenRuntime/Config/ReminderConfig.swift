import HomescreenWidgetCore
import HomescreenHosting

/// The config's `[reminders]` table: where reminders are delivered, and the kinds' rules.
///
///     [reminders]
///     channels = ["notify-send", "tmux", "command"]
///     command = ["my-script", "--urgent"]
///     pantry-days = 2
///     budget-percent = [50, 80, 100]
///     anniversaries = false
public struct ReminderConfig: Sendable {
    /// A way to reach the user.
    public enum Channel: String, Sendable, CaseIterable {
        /// A freedesktop notification, through `notify-send`.
        case notifySend = "notify-send"
        /// The tmux server: `display-message` on each of its clients, through one control client.
        case tmux
        /// A desktop notification written to the terminal as OSC 9 (iTerm2, WezTerm, Windows
        /// Terminal, Ghostty) or OSC 777 (foot, rxvt, WezTerm, Ghostty).
        case osc9, osc777
        /// The user's `command`, with the title and the body as its last two arguments.
        case command
    }

    /// Where reminders go (default: notify-send and tmux; with a `command`, that too).
    public var channels: [Channel] = [.notifySend, .tmux]
    /// The command's program and first arguments, run without a shell.
    public var command: [String] = []
    /// The kinds' rules (`pantry-days`, `budget-percent`…), each at its default when unset.
    public var settings = WidgetSettings()

    public init() {}

    public static let keys: Set<String> = ["channels", "command"]

    /// Reads the table; `specs` are the kinds' rule keys, `value` turns a TOML value into theirs.
    static func parse(_ table: [String: ConfigValue], specs: [SettingSpec]) throws -> ReminderConfig {
        let rules = Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0) })
        let known = keys.union(rules.keys)
        if let unknown = table.keys.sorted().first(where: { !known.contains($0) }) {
            throw ConfigError("reminders.\(unknown) is not a reminder setting; the keys are \(known.sorted().joined(separator: ", ")).")
        }
        var config = ReminderConfig()
        if let value = table["command"] {
            guard case .list(let items) = value, !items.isEmpty else {
                throw ConfigError("reminders.command = \(value) is not a command; write it as a list, program first: [\"my-script\", \"--flag\"].")
            }
            config.command = try items.map { item in
                guard case .string(let text) = item, !text.isEmpty, !text.contains("\0") else {
                    throw ConfigError("reminders.command = \(value) is not a command; each part is a non-empty string: [\"my-script\", \"--flag\"].")
                }
                return text
            }
            config.channels.append(.command)
        }
        if let value = table["channels"] {
            let accepted = Channel.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .list(let items) = value else { throw ConfigError("reminders.channels = \(value) is not a list; use some of \(accepted), such as [\"notify-send\", \"tmux\"].") }
            config.channels = []
            for item in items {
                guard case .string(let name) = item, let channel = Channel(rawValue: name) else {
                    throw ConfigError("reminders.channels: \(item) is not a channel; use \(accepted).")
                }
                if !config.channels.contains(channel) { config.channels.append(channel) }
            }
            guard !config.channels.isEmpty else {
                throw ConfigError("reminders.channels = [] names no channel; give at least one of \(accepted) (each rule can be turned off instead: pantry = false).")
            }
            if config.channels.contains(.command), config.command.isEmpty {
                throw ConfigError("reminders.channels names command, but reminders.command is not set; give the program: command = [\"my-script\"].")
            }
        }
        for (name, value) in table where rules[name] != nil {
            config.settings.set(name, to: try rules[name]!.parse(value))
        }
        return config
    }
}
