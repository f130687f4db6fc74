/// A list to choose from (a card, a theme): Up/Down (or j/k) move, Enter chooses, Esc cancels.
public struct Picker: Equatable, Sendable {
    public struct Item: Equatable, Sendable {
        public let title: String
        public let detail: String
        /// Shown with a mark ("current", "active").
        public let marked: Bool

        public init(title: String, detail: String = "", marked: Bool = false) {
            self.title = title
            self.detail = detail
            self.marked = marked
        }
    }

    /// `pressed(tag, selection)`: one of the picker's own keys (`n` adds, `x` removes…).
    public enum Outcome: Equatable, Sendable { case browsing, cancelled, chosen(Int), pressed(String, Int) }

    /// What a picker hands back to whoever opened it: the item chosen, or one of its own keys
    /// pressed (`n` adds, `x` removes…) with the item selected then.
    public enum Choice: Equatable, Sendable {
        case item(Int)
        case key(String, item: Int)
    }

    public let title: String
    public let items: [Item]
    public var selection: Int
    /// Keys the opening kind handles itself, each with the tag it gets back, and the line that
    /// says them under the list ("n: add · x: remove").
    public var keys: [Character: String]
    public var keyHint: String

    public init(title: String, items: [Item], selection: Int = 0, keys: [Character: String] = [:], keyHint: String = "") {
        self.title = title
        self.items = items
        self.keys = keys
        self.keyHint = keyHint
        self.selection = items.isEmpty ? 0 : max(0, min(selection, items.count - 1))
    }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .cancelled
        case .enter: return items.isEmpty ? .cancelled : .chosen(selection)
        case .down, .tab, .character("j"): if !items.isEmpty { selection = (selection + 1) % items.count }
        case .up, .backTab, .character("k"): if !items.isEmpty { selection = (selection + items.count - 1) % items.count }
        case .home: selection = 0
        case .end: selection = max(0, items.count - 1)
        case .character(let character): if let tag = keys[character] { return .pressed(tag, selection) }
        default: break
        }
        return .browsing
    }
}
