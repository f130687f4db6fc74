/// Something a key does. The dashboard's own actions (moving focus, pages, opening a pane,
/// themes, help, quit) are declared here; each widget kind declares its own next to its code
/// (the pantry's `consume`, the budget's `add-expense`…). The name is what the config file's
/// `[keys]` table calls it; the summary is its line in the `?` overlay.
public struct Action: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// The help line in English; `translations` has it in the other languages (the
    /// dashboard's own actions are in `Translations.actions`).
    public let summary: String
    public let translations: [Language: String]
    /// Its word on the key bar ("consume"), in English and the other languages.
    public let labels: [Language: String]

    /// - Parameter label: the key bar's word in English, French, Italian and Vietnamese.
    public init(_ name: String, summary: String, translations: [Language: String] = [:], label: (String, String, String, String)? = nil) {
        self.name = name
        self.summary = summary
        self.translations = translations
        labels = label.map { [.english: $0.0, .french: $0.1, .italian: $0.2, .vietnamese: $0.3] } ?? [:]
    }

    /// The key bar's word for it; the action's name where it has none.
    public func label(in language: Language) -> String { labels[language] ?? labels[.english] ?? name }

    public var description: String { name }
    public static func == (lhs: Action, rhs: Action) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public static let focusNext = Action("focus-next", summary: "focus the next pane", label: ("next", "suivant", "successivo", "kế tiếp"))
    public static let focusPrevious = Action("focus-previous", summary: "focus the previous pane", label: ("previous", "précédent", "precedente", "trước"))
    public static let focusLeft = Action("focus-left", summary: "focus the pane to the left", label: ("left", "gauche", "sinistra", "trái"))
    public static let focusRight = Action("focus-right", summary: "focus the pane to the right", label: ("right", "droite", "destra", "phải"))
    public static let focusUp = Action("focus-up", summary: "focus the pane above", label: ("up", "haut", "su", "lên"))
    public static let focusDown = Action("focus-down", summary: "focus the pane below", label: ("down", "bas", "giù", "xuống"))
    public static let nextPage = Action("next-page", summary: "next page", label: ("page", "page", "pagina", "trang"))
    public static let previousPage = Action("previous-page", summary: "previous page", label: ("page back", "page préc.", "pagina prec.", "trang trước"))
    /// Sent to the kind of the focused pane (or of the full-screen view): it adds that kind's item.
    public static let addItem = Action("add", summary: "add an item to the focused pane (a product, an expense, a card)", label: ("add", "ajouter", "aggiungi", "thêm"))
    /// Sent to the kind of the full-screen view: it removes the selected row, asking first.
    public static let remove = Action("remove", summary: "full screen: remove the selected row (asks first)", label: ("remove", "supprimer", "elimina", "xóa"))
    /// Sent to the kind of the full-screen view: it edits the selected row in a form.
    public static let edit = Action("edit", summary: "full screen: edit the selected row", label: ("edit", "modifier", "modifica", "sửa"))
    /// Sent to the kind of the focused pane (or of the full-screen view): a script widget runs
    /// its `on-key` command, then itself.
    public static let run = Action("run", summary: "run the focused script widget now (its on-key command first)", label: ("run", "lancer", "esegui", "chạy"))
    /// A click on a pane whose kind takes clicks (it lists `click` in its `routedActions`): sent
    /// with where it landed (`FeatureEnvironment.pane`). No key is bound to it.
    public static let click = Action("click", summary: "a click on the pane", label: ("click", "clic", "clic", "nhấp"))
    /// The actions the dashboard hands to the focused pane's kind.
    public static let routedToFocus: Set<Action> = [.addItem, .remove, .edit, .run]
    public static let firstRow = Action("first-row", summary: "full screen: the first row", label: ("first", "début", "inizio", "đầu"))
    public static let lastRow = Action("last-row", summary: "full screen: the last row", label: ("last", "fin", "fine", "cuối"))
    public static let open = Action("open", summary: "open the focused pane full screen", label: ("open", "ouvrir", "apri", "mở"))
    public static let back = Action("back", summary: "back (close a view, a form, this help)", label: ("back", "retour", "indietro", "quay lại"))
    public static let reload = Action("reload", summary: "reload every widget", label: ("reload", "recharger", "ricarica", "tải lại"))
    public static let nextTheme = Action("next-theme", summary: "next theme", label: ("theme", "thème", "tema", "giao diện"))
    public static let chooseTheme = Action("choose-theme", summary: "choose a theme from a list", label: ("themes", "thèmes", "temi", "chọn giao diện"))
    public static let privacy = Action("privacy", summary: "privacy: mask names and amounts", label: ("privacy", "confidentiel", "privacy", "riêng tư"))
    public static let help = Action("help", summary: "this help", label: ("help", "aide", "aiuto", "trợ giúp"))
    public static let quit = Action("quit", summary: "quit", label: ("quit", "quitter", "esci", "thoát"))
}

/// A config file problem, in one sentence that names the key and the value.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
