/// Makes text that comes from data safe to put on a terminal.
///
/// Product names, notes and card names are written by other programs and users; a name that
/// holds `ESC [ 2 J` or a tmux `#(…)` must change nothing but its own cells. Every C0 and C1
/// control character, DEL, and the bidirectional overrides that reorder a line are replaced
/// by U+FFFD; tabs and line breaks become a space; a combining mark with nothing to sit on
/// gets a dotted circle, so it cannot merge into the cell before it.
public enum SafeText {
    public static let replacement: Character = "\u{FFFD}"

    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isSuspicious) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029:
                result.unicodeScalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C:
                result.unicodeScalars.append("\u{FFFD}")
            default:
                if result.unicodeScalars.isEmpty || result.unicodeScalars.last == " " || result.unicodeScalars.last == "\u{FFFD}",
                   isCombining(scalar) {
                    result.unicodeScalars.append("\u{25CC}")
                }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isSuspicious(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x2028, 0x2029: return true
        default: return false
        }
    }

    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

/// ASCII classes by value: what a status line's start checks in zone names, TZ rules and
/// locale names is ASCII, and Character's `isLetter`/`isNumber` look every character up in the
/// Unicode property tables (three page faults of a start, issue 36).
extension Character {
    /// A-Z or a-z.
    public var isASCIILetter: Bool {
        guard let value = asciiValue else { return false }
        return (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
    }

    /// 0-9.
    public var isASCIIDigit: Bool {
        guard let value = asciiValue else { return false }
        return (0x30...0x39).contains(value)
    }
}
