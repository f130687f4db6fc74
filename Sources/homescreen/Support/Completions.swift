import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// The completions of the executable's own values; the kinds' are in their folders.
extension Completions {
    static let kinds = CompletionKind.list(WidgetCatalog.standard.kinds.map(\.rawValue))
    static let densities = CompletionKind.list(Density.allCases.map(\.rawValue))
    static let renderFormats = CompletionKind.list(["plain", "ansi"])
    static let statusFormats = CompletionKind.list(["tmux", "ansi", "plain", "json"])
    static let colors = CompletionKind.list(["truecolor", "256", "16", "8", "none"])
    static let locales = CompletionKind.list(Language.allCases.map(\.rawValue))
    static let configFile = CompletionKind.file(extensions: ["toml"])

    /// The families of the kind already on the line (`render year --family` offers medium and
    /// large), else all six, by their short names.
    static let families = CompletionKind.custom { words, _, _ in
        let kind = words.lazy.compactMap { WidgetCatalog.standard.kind(named: $0) }.first
        let families = kind.map { WidgetCatalog.standard.families(of: $0) } ?? WidgetFamily.allCases
        return families.map(\.shortName)
    }

    /// Every theme found, the user's own folder's included.
    static let themes = CompletionKind.custom { _, _, _ in
        ThemeLibrary.standard(environment: processEnvironment, executable: Executable.path,
                              sourceThemes: SourceTree.themes).names()
    }
}
