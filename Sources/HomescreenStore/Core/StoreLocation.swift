import Foundation
import HomescreenRender

/// Where the store lives: `--store`, else `HOMESCREEN_STORE`, else
/// `$XDG_DATA_HOME/homescreen/store.sqlite` (`~/.local/share/homescreen/store.sqlite`).
/// A `postgresql://` (or `postgres://`) URL names a PostgreSQL store and is kept as it is.
public enum StoreLocation {
    public static func resolve(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return absolute(option) }
        if let variable = environment["HOMESCREEN_STORE"], !variable.isEmpty { return absolute(variable) }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return absolute(data + "/homescreen/store.sqlite")
    }

    /// Whether the location is a PostgreSQL server's URL.
    public static func isServer(_ location: String) -> Bool {
        location.hasPrefix("postgresql://") || location.hasPrefix("postgres://")
    }

    /// Whether the location has a URL's `://` anywhere: searched in its bytes, where Foundation's
    /// `contains` bridged it to NSString at every status line's start (issue 36).
    public static func looksLikeURL(_ location: String) -> Bool {
        let bytes = Array(location.utf8), mark = Array("://".utf8)
        return bytes.count >= mark.count && (0...bytes.count - mark.count).contains { bytes[$0..<$0 + mark.count].elementsEqual(mark) }
    }

    static func absolute(_ path: String) -> String { absolute(path, from: workingFolder) }

    /// The working folder, from getcwd(3) (FileManager's brought its class at every start).
    static var workingFolder: String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return FileManager.default.currentDirectoryPath }
        return String(cString: buffer)
    }

    /// `path` made absolute from `folder` (the working folder) and standardized.
    static func absolute(_ path: String, from folder: String) -> String {
        if isServer(path) { return path }
        let expanded = path.hasPrefix("~") ? (path as NSString).expandingTildeInPath : path
        if expanded.hasPrefix("/") { return standardized(expanded) }
        return standardized(PathText.joined(expanded, in: folder))
    }

    /// An absolute path without `.` and `..` components or trailing slashes, as
    /// `URL(fileURLWithPath:).standardized.path` gives it (`StoreLocationTests` holds them
    /// together; a repeated slash is an empty component, kept), by string: URL's parser cost a
    /// status line a twentieth of its instructions (issue 36).
    static func standardized(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: false).dropFirst() {
            switch component {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(component)
            }
        }
        var result = ""
        for component in components {
            result += "/"
            result += String(component)
        }
        while result.hasSuffix("/") { result.removeLast() }
        return result.isEmpty ? "/" : result
    }
}
