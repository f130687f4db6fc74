/// A form in a box over the dashboard: labelled text fields, one focused; typing edits it, Tab
/// and the arrows move between fields, Enter submits, Esc cancels. Validation belongs to the
/// form's owner, which puts an error under each bad field and keeps the form open.
public struct Form: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public let label: String
        public var text: String
        public var hint: String
        public var error: String?
        public var maxLength: Int

        public init(_ label: String, text: String = "", hint: String = "", maxLength: Int = 120) {
            self.label = label
            self.text = text
            self.hint = hint
            self.maxLength = maxLength
        }
    }

    public enum Outcome: Equatable, Sendable { case editing, cancelled, submitted }

    public let title: String
    public var fields: [Field]
    public var focus = 0
    /// A message for the whole form (a failed save).
    public var error: String?

    public init(title: String, fields: [Field]) {
        self.title = title
        self.fields = fields
    }

    public var values: [String] { fields.map(\.text) }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .cancelled
        case .enter: return .submitted
        case .tab, .down: focus = (focus + 1) % fields.count
        case .backTab, .up: focus = (focus + fields.count - 1) % fields.count
        case .backspace, .delete:
            if !fields[focus].text.isEmpty { fields[focus].text.removeLast() }
            fields[focus].error = nil
        case .control("u"):
            fields[focus].text = ""
            fields[focus].error = nil
        case .character(let character):
            if fields[focus].text.count < fields[focus].maxLength { fields[focus].text.append(character) }
            fields[focus].error = nil
        default: break
        }
        return .editing
    }

    /// Marks the fields that failed validation (index → message) and focuses the first.
    public mutating func show(errors: [Int: String]) {
        for index in fields.indices { fields[index].error = errors[index] }
        if let first = errors.keys.min() { focus = first }
    }
}

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
