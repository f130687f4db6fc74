import Foundation
import HomescreenRender
import TOMLKit

/// What the dashboard remembers between runs: the theme and privacy chosen with `t`/`T`/`p`.
/// Kept in a state file (`$XDG_STATE_HOME/homescreen/state.toml`, else
/// `~/.local/state/homescreen/state.toml`) that only Homescreen writes, so the user's config
/// file is never rewritten. At start-up it stands over the config; options stand over both.
public struct RememberedChoices: Equatable, Sendable {
    public var theme: String?
    public var privacy: Bool?
    /// Why the file was not read, when it was there and could not be (too large).
    public var ignored: String?
    /// A state file holds two lines; this is far more than it ever needs.
    public static let maximumBytes = 65_536

    public init(theme: String? = nil, privacy: Bool? = nil) {
        self.theme = theme
        self.privacy = privacy
    }

    public static func defaultPath(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
        return state + "/homescreen/state.toml"
    }

    /// The file's choices; a missing, unreadable or malformed file remembers nothing (it is
    /// ours and only a convenience: the next choice rewrites it). One over `maximumBytes` is not
    /// read at all, and `ignored` says so.
    public static func load(path: String) -> RememberedChoices {
        switch BoundedFile.read(path, limit: maximumBytes) {
        case .tooLarge(let size):
            var none = RememberedChoices()
            none.ignored = "it is \(size) bytes, over the \(BoundedFile.size(maximumBytes)) a state file may have, so it was not read; the dashboard writes it anew with your next theme or privacy choice"
            return none
        case .contents(let data):
            guard let text = String(data: data, encoding: .utf8), let table = try? TOMLTable(string: text) else { return RememberedChoices() }
            return RememberedChoices(theme: table["theme"]?.string, privacy: table["privacy"]?.bool)
        case .missing, .unreadable:
            return RememberedChoices()
        }
    }

    /// Writes the file whole (a temporary file renamed over it), its folder made private.
    public func save(path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var lines = ["# Written by homescreen: the theme and privacy chosen on the dashboard. Safe to delete."]
        if let theme { lines.append("theme = \"" + Self.escaped(theme) + "\"") }
        if let privacy { lines.append("privacy = \(privacy)") }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
    }

    /// A TOML basic string's content: quotes, backslashes and control characters escaped.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: return String(format: "\\u%04X", scalar.value)
            default: return String(scalar)
            }
        }.joined()
    }
}
