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

    public enum Outcome: Equatable, Sendable { case browsing, cancelled, chosen(Int) }

    public let title: String
    public let items: [Item]
    public var selection: Int

    public init(title: String, items: [Item], selection: Int = 0) {
        self.title = title
        self.items = items
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
        default: break
        }
        return .browsing
    }
}
