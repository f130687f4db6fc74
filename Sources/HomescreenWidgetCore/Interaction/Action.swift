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

    public init(_ name: String, summary: String, translations: [Language: String] = [:]) {
        self.name = name
        self.summary = summary
        self.translations = translations
    }

    public var description: String { name }
    public static func == (lhs: Action, rhs: Action) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public static let focusNext = Action("focus-next", summary: "focus the next pane")
    public static let focusPrevious = Action("focus-previous", summary: "focus the previous pane")
    public static let focusLeft = Action("focus-left", summary: "focus the pane to the left")
    public static let focusRight = Action("focus-right", summary: "focus the pane to the right")
    public static let focusUp = Action("focus-up", summary: "focus the pane above")
    public static let focusDown = Action("focus-down", summary: "focus the pane below")
    public static let nextPage = Action("next-page", summary: "next page")
    public static let previousPage = Action("previous-page", summary: "previous page")
    /// Sent to the kind of the focused pane (or of the full-screen view): it adds that kind's item.
    public static let addItem = Action("add", summary: "add an item to the focused pane (a product, an expense, a card)")
    /// Sent to the kind of the full-screen view: it removes the selected row, asking first.
    public static let remove = Action("remove", summary: "full screen: remove the selected row (asks first)")
    /// Sent to the kind of the full-screen view: it edits the selected row in a form.
    public static let edit = Action("edit", summary: "full screen: edit the selected row")
    /// The actions the dashboard hands to the focused pane's kind.
    public static let routedToFocus: Set<Action> = [.addItem, .remove, .edit]
    public static let firstRow = Action("first-row", summary: "full screen: the first row")
    public static let lastRow = Action("last-row", summary: "full screen: the last row")
    public static let open = Action("open", summary: "open the focused pane full screen")
    public static let back = Action("back", summary: "back (close a view, a form, this help)")
    public static let reload = Action("reload", summary: "reload every widget")
    public static let nextTheme = Action("next-theme", summary: "next theme")
    public static let chooseTheme = Action("choose-theme", summary: "choose a theme from a list")
    public static let privacy = Action("privacy", summary: "privacy: mask names and amounts")
    public static let help = Action("help", summary: "this help")
    public static let quit = Action("quit", summary: "quit")
}

/// A config file problem, in one sentence that names the key and the value.
public struct ConfigError: Error, Equatable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
