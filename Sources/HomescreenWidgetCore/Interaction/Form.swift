/// A form in a box over the dashboard: labelled text fields, one focused. A field edits like a
/// terminal's text field: typing inserts at the cursor, Left/Right/Home/End move it,
/// Backspace/Delete remove around it, Ctrl-U clears to the start, Ctrl-W removes the word
/// before it; a full field says its limit instead of swallowing keys. Tab, Shift-Tab, Up and
/// Down move between fields, Enter submits, Esc cancels. Validation belongs to the form's
/// owner, which puts an error under each bad field and keeps the form open.
///
/// A field entered with text in it (a prefilled `1`, `EUR`, today's date) has it all selected,
/// as a GUI's field does: the first character typed replaces it, Backspace, Delete, Ctrl-U or
/// Ctrl-W remove it, and a key that moves the cursor keeps it and ends the selection. So a value
/// the person did not type is never saved with what they typed after it (issue 51).
public struct Form: Equatable, Sendable {
    public struct Field: Equatable, Sendable {
        public let label: String
        public var text: String
        /// An example shown in the empty input, styled as one (dim and italic, or bracketed
        /// without color), gone at the first character typed.
        public var placeholder: String
        /// What the field accepts, under it while it has the focus.
        public var hint: String
        public var error: String?
        public var maxLength: Int
        /// Where typing goes, in characters from the start.
        public var cursor: Int
        /// Set when a key was refused because the field is full (cleared by the next edit).
        public var isFull = false
        /// The whole text is selected: the next character replaces it (set when the field is
        /// entered with text in it, ended by any key).
        public var isSelected = false

        public init(_ label: String, text: String = "", placeholder: String = "", hint: String = "", maxLength: Int = 120) {
            self.label = label
            self.text = text
            self.placeholder = placeholder
            self.hint = hint
            self.maxLength = maxLength
            self.cursor = text.count
        }

        /// The field gets the focus: the cursor at the end, its text (if any) selected.
        public mutating func enter() {
            cursor = text.count
            isSelected = !text.isEmpty
        }

        /// Applies an editing key. - Returns: whether the key was one.
        public mutating func edit(_ key: Key) -> Bool {
            var characters = Array(text)
            cursor = min(max(0, cursor), characters.count)
            let before = characters
            defer {
                if characters != before {
                    text = String(characters)
                    error = nil
                    isFull = false
                }
            }
            if isSelected {
                isSelected = false
                switch key {
                case .character:
                    characters = []   // typed over: the character goes in below
                    cursor = 0
                case .backspace, .delete, .control("d"), .control("u"), .control("w"):
                    characters = []
                    cursor = 0
                    return true
                case .left:
                    cursor = 0        // to the selection's start, as a GUI's field does
                    return true
                case .right:
                    return true       // at its end already
                default:
                    break
                }
            }
            switch key {
            case .left: cursor = max(0, cursor - 1)
            case .right: cursor = min(characters.count, cursor + 1)
            case .home, .control("a"): cursor = 0
            case .end, .control("e"): cursor = characters.count
            case .backspace:
                if cursor > 0 { characters.remove(at: cursor - 1); cursor -= 1 }
            case .delete, .control("d"):
                if cursor < characters.count { characters.remove(at: cursor) }
            case .control("u"):
                characters.removeFirst(cursor)
                cursor = 0
            case .control("w"):
                var start = cursor
                while start > 0, characters[start - 1] == " " { start -= 1 }
                while start > 0, characters[start - 1] != " " { start -= 1 }
                characters.removeSubrange(start..<cursor)
                cursor = start
            case .character(let character):
                guard characters.count < maxLength else { isFull = true; return true }
                characters.insert(character, at: cursor)
                cursor += 1
            default: return false
            }
            return true
        }
    }

    public enum Outcome: Equatable, Sendable { case editing, cancelled, submitted }

    public let title: String
    public var fields: [Field]
    /// The focused field. Moving the focus ends the selection of the field left.
    public var focus = 0 {
        didSet { if fields.indices.contains(oldValue), oldValue != focus { fields[oldValue].isSelected = false } }
    }
    /// A message for the whole form (a failed save).
    public var error: String?

    /// The first field is entered: its text, if any, selected.
    public init(title: String, fields: [Field]) {
        self.title = title
        self.fields = fields
        if !fields.isEmpty { self.fields[0].enter() }
    }

    public var values: [String] { fields.map(\.text) }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape: return .cancelled
        case .enter: return .submitted
        case .tab, .down:
            focus = (focus + 1) % fields.count
            fields[focus].enter()
        case .backTab, .up:
            focus = (focus + fields.count - 1) % fields.count
            fields[focus].enter()
        default: _ = fields[focus].edit(key)
        }
        return .editing
    }

    /// Marks the fields that failed validation (index → message) and focuses the first, with
    /// the cursor where it was: what is there was typed, to be corrected rather than replaced.
    public mutating func show(errors: [Int: String]) {
        for index in fields.indices { fields[index].error = errors[index] }
        if let first = errors.keys.min() { focus = first }
    }
}
