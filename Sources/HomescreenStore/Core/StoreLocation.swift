import Foundation

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

    static func absolute(_ path: String) -> String {
        if isServer(path) { return path }
        let expanded = (path as NSString).expandingTildeInPath
        if expanded.hasPrefix("/") { return URL(fileURLWithPath: expanded).standardized.path }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(expanded).standardized.path
    }
}
