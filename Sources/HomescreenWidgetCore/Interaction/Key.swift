/// A key press, as the backend decodes it. Names (for the config file and the help overlay)
/// round-trip through `init?(name:)` and `name`.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)      // Ctrl-A … Ctrl-Z, as lowercase letters
    case enter, escape, tab, backTab, backspace, delete, insert
    case up, down, left, right, pageUp, pageDown, home, end
    case function(Int)
    /// A click or a wheel turn (see `Mouse`); never bound in the key table.
    case mouse(Mouse)

    private static let named: [(String, Key)] = [
        ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Shift-Tab", .backTab),
        ("Backspace", .backspace), ("Delete", .delete), ("Insert", .insert), ("Up", .up), ("Down", .down),
        ("Left", .left), ("Right", .right), ("PageUp", .pageUp), ("PageDown", .pageDown),
        ("Home", .home), ("End", .end), ("Space", .character(" ")),
    ]

    /// What the config file and the help overlay call it: "c", "+", "Enter", "Ctrl-C", "F1".
    public var name: String {
        if let entry = Self.named.first(where: { $0.1 == self }) { return entry.0 }
        switch self {
        case .character(let character): return String(character)
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .function(let number): return "F\(number)"
        case .mouse: return "Mouse"
        default: return "?"
        }
    }

    /// Parses a key name, case-insensitively for the named keys.
    public init?(name: String) {
        if let entry = Self.named.first(where: { $0.0.lowercased() == name.lowercased() }) { self = entry.1; return }
        if name.count == 1, let character = name.first, !character.isWhitespace, character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) {
            self = .character(character)
            return
        }
        let lower = name.lowercased()
        if lower.hasPrefix("ctrl-"), lower.count == 6, let letter = lower.last, letter.isASCII, letter.isLetter {
            self = .control(letter)
            return
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            self = .function(number)
            return
        }
        return nil
    }

    public static let accepted = "a single character, Ctrl-A…Ctrl-Z, F1…F12, or one of Enter, Esc, Tab, Shift-Tab, Backspace, Delete, Insert, Up, Down, Left, Right, PageUp, PageDown, Home, End, Space"
}
