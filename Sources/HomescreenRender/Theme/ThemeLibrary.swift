import Foundation

/// Finds theme files: the user's folder first, then the shipped `Themes/` folders.
public struct ThemeLibrary: Sendable {
    public let folders: [URL]
    /// The folder of the themes shipped with Homescreen (one of `folders`), whose dark theme is
    /// the built-in one: it is not read (a status line starts without parsing TOML).
    public let shipped: URL?

    public init(folders: [URL], shipped: URL? = nil) {
        self.folders = folders
        self.shipped = shipped
    }

    /// The standard search path: `$XDG_CONFIG_HOME/homescreen/themes` (or
    /// `~/.config/homescreen/themes`), `$HOMESCREEN_THEMES`, the `share/homescreen/themes`
    /// folder next to the executable, else (not installed) the source tree's `Themes/` for builds run in place.
    public static func standard(environment: [String: String], executable: URL?, sourceThemes: URL?) -> ThemeLibrary {
        var folders: [URL] = []
        if let explicit = environment["HOMESCREEN_THEMES"], !explicit.isEmpty { folders.append(URL(fileURLWithPath: explicit)) }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        folders.append(URL(fileURLWithPath: config).appendingPathComponent("homescreen/themes"))
        // An installed binary (PREFIX/bin) reads PREFIX/share/homescreen/themes and never the
        // checkout it was built from; the checkout's Themes/ serve only `swift run` and tests.
        let installed = executable.map { $0.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("../share/homescreen/themes").standardized }
        let shipped = installed.flatMap { FileManager.default.fileExists(atPath: $0.path) ? $0 : nil } ?? sourceThemes
        if let shipped { folders.append(shipped) }
        return ThemeLibrary(folders: folders, shipped: shipped)
    }

    /// Names of every theme found, the built-in one included, without duplicates.
    public func names() -> [String] {
        var names: [String] = [Theme.builtInDark.name]
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".toml") {
                let name = String(file.dropLast(5))
                if !names.contains(name) { names.append(name) }
            }
        }
        return names
    }

    /// A theme file's largest size (one is a few kilobytes).
    public static let maximumBytes = 262_144

    /// The theme of that name. The built-in dark theme needs no file.
    /// - Throws: `ThemeError` when no folder holds it or its file is malformed.
    public func theme(named name: String) throws -> Theme {
        for folder in folders {
            // Themes/dark.toml is kept identical to the built-in theme (ThemeTests).
            if folder == shipped, name == Theme.builtInDark.name { return .builtInDark }
            let file = folder.appendingPathComponent(name + ".toml")
            switch BoundedFile.read(file.path, limit: Self.maximumBytes) {
            case .contents(let data):
                if let text = String(data: data, encoding: .utf8) { return try Theme.parse(toml: text, fallbackName: name) }
            case .tooLarge(let size):
                throw ThemeError(description: "the theme file \(file.path) is \(size) bytes; a theme is at most \(BoundedFile.size(Self.maximumBytes)), so it was not read.")
            case .missing, .unreadable:
                break
            }
        }
        if name == Theme.builtInDark.name { return .builtInDark }
        throw ThemeError(description: "theme '\(name)' was not found; available: \(names().joined(separator: ", "))")
    }
}
