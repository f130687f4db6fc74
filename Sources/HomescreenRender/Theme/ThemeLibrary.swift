import Foundation

/// Finds theme files: the user's folder first, then the shipped `Themes/` folders.
public struct ThemeLibrary: Sendable {
    /// The folders searched, in order, as paths (a status line starts without URL's parser).
    public let folders: [String]
    /// The folder of the themes shipped with Homescreen (one of `folders`), whose dark theme is
    /// the built-in one: it is not read (a status line starts without parsing TOML).
    public let shipped: String?

    public init(folders: [String], shipped: String? = nil) {
        self.folders = folders
        self.shipped = shipped
    }

    /// The standard search path: `$XDG_CONFIG_HOME/homescreen/themes` (or
    /// `~/.config/homescreen/themes`), `$HOMESCREEN_THEMES`, the `share/homescreen/themes`
    /// folder next to the executable, else (not installed) the source tree's `Themes/` for builds run in place.
    /// - Parameter executable: the executable's path, its symbolic links resolved.
    /// - Parameter sourceThemes: the checkout's `Themes/`, asked for only when not installed.
    public static func standard(environment: [String: String], executable: String?, sourceThemes: @autoclosure () -> String?) -> ThemeLibrary {
        var folders: [String] = []
        if let explicit = environment["HOMESCREEN_THEMES"], !explicit.isEmpty { folders.append(explicit) }
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        folders.append(PathText.joined("homescreen/themes", in: config))
        // An installed binary (PREFIX/bin) reads PREFIX/share/homescreen/themes and never the
        // checkout it was built from; the checkout's Themes/ serve only `swift run` and tests.
        let installed = executable.map { PathText.folder(of: PathText.folder(of: $0)) + "/share/homescreen/themes" }
        // stat(2), not FileManager, whose class a status line's start otherwise set up (issue 36).
        var info = stat()
        let shipped = installed.flatMap { stat($0, &info) == 0 ? $0 : nil } ?? sourceThemes()
        if let shipped { folders.append(shipped) }
        return ThemeLibrary(folders: folders, shipped: shipped)
    }


    /// Names of every theme found, the built-in one included, without duplicates.
    public func names() -> [String] {
        var names: [String] = [Theme.builtInDark.name]
        for folder in folders {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
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
            let file = PathText.joined(name + ".toml", in: folder)
            switch BoundedFile.read(file, limit: Self.maximumBytes) {
            case .contents(let data):
                if let text = String(data: data, encoding: .utf8) { return try Theme.parse(toml: text, fallbackName: name) }
            case .tooLarge(let size):
                throw ThemeError(description: "the theme file \(file) is \(size) bytes; a theme is at most \(BoundedFile.size(Self.maximumBytes)), so it was not read.")
            case .missing, .unreadable:
                break
            }
        }
        if name == Theme.builtInDark.name { return .builtInDark }
        throw ThemeError(description: "theme '\(name)' was not found; available: \(names().joined(separator: ", "))")
    }
}
