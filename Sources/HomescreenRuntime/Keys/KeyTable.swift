/// What a key does on the home screen. One table maps keys to actions: dispatch reads it and
/// the `?` overlay is generated from it, so the help can never disagree with the keys.
public enum Action: String, CaseIterable, Sendable {
    case consume, undo, addExpense = "add-expense", selectCard = "select-card"
    case focusNext = "focus-next", focusPrevious = "focus-previous"
    case focusLeft = "focus-left", focusRight = "focus-right", focusUp = "focus-up", focusDown = "focus-down"
    case nextPage = "next-page", previousPage = "previous-page"
    case open, back, reload, nextTheme = "next-theme", chooseTheme = "choose-theme", addProduct = "add-product"
    case privacy, help, quit

    /// The line of the help overlay.
    public var summary: String {
        switch self {
        case .consume: return "consume one unit of the first-expiring product"
        case .undo: return "undo the last consume (for a minute)"
        case .addExpense: return "add an expense"
        case .selectCard: return "choose the business card"
        case .focusNext: return "focus the next pane"
        case .focusPrevious: return "focus the previous pane"
        case .focusLeft: return "focus the pane to the left"
        case .focusRight: return "focus the pane to the right"
        case .focusUp: return "focus the pane above"
        case .focusDown: return "focus the pane below"
        case .nextPage: return "next page"
        case .previousPage: return "previous page"
        case .open: return "open the focused pane full screen"
        case .back: return "back (close a view, a form, this help)"
        case .reload: return "reload every widget"
        case .nextTheme: return "next theme"
        case .chooseTheme: return "choose a theme from a list"
        case .addProduct: return "add a product to the pantry"
        case .privacy: return "privacy: mask names and amounts"
        case .help: return "this help"
        case .quit: return "quit"
        }
    }
}

/// Keys bound to actions. The defaults are design.md §8; the config file's `[keys]` table
/// replaces the keys of any action.
public struct KeyTable: Sendable, Equatable {
    public struct Binding: Sendable, Equatable {
        public let action: Action
        public let keys: [Key]
    }

    public private(set) var bindings: [Binding]

    public static let standard = KeyTable(bindings: [
        Binding(action: .consume, keys: [.character("c")]),
        Binding(action: .undo, keys: [.character("u")]),
        Binding(action: .addExpense, keys: [.character("a"), .character("+")]),
        Binding(action: .selectCard, keys: [.character("s")]),
        Binding(action: .focusNext, keys: [.tab]),
        Binding(action: .focusPrevious, keys: [.backTab]),
        Binding(action: .focusLeft, keys: [.left, .character("h")]),
        Binding(action: .focusRight, keys: [.right, .character("l")]),
        Binding(action: .focusUp, keys: [.up, .character("k")]),
        Binding(action: .focusDown, keys: [.down, .character("j")]),
        Binding(action: .nextPage, keys: [.pageDown, .character("]")]),
        Binding(action: .previousPage, keys: [.pageUp, .character("[")]),
        Binding(action: .open, keys: [.enter]),
        Binding(action: .back, keys: [.escape]),
        Binding(action: .reload, keys: [.character("r")]),
        Binding(action: .addProduct, keys: [.character("n")]),
        Binding(action: .nextTheme, keys: [.character("t")]),
        Binding(action: .chooseTheme, keys: [.character("T")]),
        Binding(action: .privacy, keys: [.character("p")]),
        Binding(action: .help, keys: [.character("?")]),
        Binding(action: .quit, keys: [.character("q"), .control("c")]),
    ])

    /// The action a key triggers, if any.
    public func action(for key: Key) -> Action? {
        bindings.first { $0.keys.contains(key) }?.action
    }

    public func keys(for action: Action) -> [Key] {
        bindings.first { $0.action == action }?.keys ?? []
    }

    /// Gives an action new keys; the keys leave any other action that had them.
    /// - Throws: `ConfigError` when the action has no key left (it could never be used).
    public mutating func rebind(_ action: Action, to keys: [Key]) throws {
        guard !keys.isEmpty else { throw ConfigError("keys.\(action.rawValue) is empty; give at least one key.") }
        bindings = bindings.map { binding in
            binding.action == action ? Binding(action: action, keys: keys) : Binding(action: binding.action, keys: binding.keys.filter { !keys.contains($0) })
        }
        if let orphan = bindings.first(where: { $0.keys.isEmpty && ($0.action == .quit || $0.action == .back) }) {
            throw ConfigError("keys.\(action.rawValue) takes every key of \(orphan.action.rawValue); \(orphan.action.rawValue) needs a key.")
        }
    }

    /// The help overlay's lines: keys, then what they do, in table order.
    public var helpLines: [(keys: String, summary: String)] {
        bindings.filter { !$0.keys.isEmpty }.map { ($0.keys.map(\.name).joined(separator: " "), $0.action.summary) }
    }
}
