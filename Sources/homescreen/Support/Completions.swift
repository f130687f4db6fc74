import ArgumentParser
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// What the shell completions (`--generate-completion-script bash|zsh|fish`) offer for each
/// value: fixed lists are written into the script; themes, families of the kind on the line and
/// the ids in the store are asked of `homescreen` itself when Tab is pressed.
enum Completions {
    static let kinds = CompletionKind.list(WidgetCatalog.standard.kinds.map(\.rawValue))
    static let densities = CompletionKind.list(Density.allCases.map(\.rawValue))
    static let renderFormats = CompletionKind.list(["plain", "ansi"])
    static let statusFormats = CompletionKind.list(["tmux", "ansi", "plain", "json"])
    static let colors = CompletionKind.list(["truecolor", "256", "16", "8", "none"])
    static let locales = CompletionKind.list(Language.allCases.map(\.rawValue))
    static let currencies = CompletionKind.list(Currency.known.map(\.code))
    static let dates = CompletionKind.list(FriendlyDate.completions)
    static let storeFile = CompletionKind.file()
    static let configFile = CompletionKind.file(extensions: ["toml"])
    static let jsonFile = CompletionKind.file(extensions: ["json"])

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

    static let productIDs = CompletionKind.custom { words, _, _ in
        (try? store(words).map { try PantryRepository($0).products().map { String($0.id) } }) ?? []
    }

    static let cardIDs = CompletionKind.custom { words, _, _ in
        (try? store(words).map { try CardRepository($0).cardListing().cards.map { String($0.id) } }) ?? []
    }

    /// This month's expenses (those `expense list` shows by default).
    static let expenseIDs = CompletionKind.custom { words, _, _ in
        (try? store(words).map { try BudgetRepository($0).expenses(in: YearMonth(Date(), in: Zone.current(environment: ProcessInfo.processInfo.environment))).map { String($0.id) } }) ?? []
    }

    static let eventIDs = CompletionKind.custom { words, _, _ in
        (try? store(words).map { try EventRepository($0).events().map { String($0.id) } }) ?? []
    }

    static let calendarFiles = CompletionKind.file(extensions: ["ics"])

    /// The store the line names (`--store PATH`), else the environment's, opened read-only; nil
    /// when it does not exist (completing never creates it).
    private static func store(_ words: [String]) -> Store? {
        var option: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count { option = words[index + 1] }
            if word.hasPrefix("--store=") { option = String(word.dropFirst("--store=".count)) }
        }
        let path = StoreLocation.resolve(option: option, environment: processEnvironment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? Store.openReadOnly(at: path)
    }
}
