/// Keys bound to actions: one table drives dispatch and generates the `?` overlay, so the help
/// can never disagree with the keys. The defaults are design.md §8 (the dashboard's bindings
/// here, each kind's with the kind, put together by the catalog); the config file's `[keys]`
/// table replaces the keys of any action.
public struct KeyTable: Sendable, Equatable {
    public struct Binding: Sendable, Equatable {
        public let action: Action
        public let keys: [Key]

        public init(action: Action, keys: [Key]) {
            self.action = action
            self.keys = keys
        }
    }

    public private(set) var bindings: [Binding]
    /// Keys the config moved away from an action, by that action ("x" left remove for consume),
    /// so the help can say where they went.
    public private(set) var moved: [Action: (keys: [Key], to: Action)] = [:]

    public init(bindings: [Binding]) { self.bindings = bindings }

    public static func == (lhs: KeyTable, rhs: KeyTable) -> Bool { lhs.bindings == rhs.bindings }

    /// The table with only the bindings whose action passes `keep` (the help of one view).
    public func filtered(_ keep: (Action) -> Bool) -> KeyTable {
        var table = KeyTable(bindings: bindings.filter { keep($0.action) })
        table.moved = moved
        return table
    }

    /// The dashboard's own actions and their default keys (the kinds add theirs).
    public static let dashboardBindings: [Binding] = [
        Binding(action: .focusNext, keys: [.tab]),
        Binding(action: .focusPrevious, keys: [.backTab]),
        Binding(action: .focusLeft, keys: [.left, .character("h")]),
        Binding(action: .focusRight, keys: [.right, .character("l")]),
        Binding(action: .focusUp, keys: [.up, .character("k")]),
        Binding(action: .focusDown, keys: [.down, .character("j")]),
        Binding(action: .nextPage, keys: [.pageDown, .character("]")]),
        Binding(action: .previousPage, keys: [.pageUp, .character("[")]),
        Binding(action: .addItem, keys: [.character("n")]),
        Binding(action: .edit, keys: [.character("e")]),
        Binding(action: .remove, keys: [.character("x")]),
        Binding(action: .run, keys: [.character(" ")]),
        Binding(action: .firstRow, keys: [.home]),
        Binding(action: .lastRow, keys: [.end]),
        Binding(action: .open, keys: [.enter]),
        Binding(action: .back, keys: [.escape]),
        Binding(action: .reload, keys: [.character("r")]),
        Binding(action: .nextTheme, keys: [.character("t")]),
        Binding(action: .chooseTheme, keys: [.character("T")]),
        Binding(action: .privacy, keys: [.character("p")]),
        Binding(action: .help, keys: [.character("?")]),
        Binding(action: .quit, keys: [.character("q"), .control("c")]),
    ]

    /// Every action of the table, by its config name.
    public func action(named name: String) -> Action? {
        bindings.first { $0.action.name == name }?.action
    }

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
        guard !keys.isEmpty else { throw ConfigError("keys.\(action.name) is empty; give at least one key.") }
        bindings = bindings.map { binding in
            guard binding.action != action else { return Binding(action: action, keys: keys) }
            let lost = binding.keys.filter { keys.contains($0) }
            if !lost.isEmpty { moved[binding.action] = (lost, action) }
            return Binding(action: binding.action, keys: binding.keys.filter { !keys.contains($0) })
        }
        if let orphan = bindings.first(where: { $0.keys.isEmpty && ($0.action == .quit || $0.action == .back) }) {
            throw ConfigError("keys.\(action.name) takes every key of \(orphan.action.name); \(orphan.action.name) needs a key.")
        }
    }

    /// The help overlay's lines: keys, then what they do, in table order.
    public var helpLines: [(keys: String, summary: String)] { helpLines(in: .english) }
}
