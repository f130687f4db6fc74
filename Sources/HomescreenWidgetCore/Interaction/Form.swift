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
