/// A mouse event, decoded from the terminal's SGR reports (`ESC [ < b ; x ; y M`, `m` on
/// release): the dashboard turns on button and wheel reports itself, so it does not depend on
/// the terminal type's idea of the mouse.
public struct Mouse: Hashable, Sendable {
    public enum Button: Hashable, Sendable { case left, middle, right, wheelUp, wheelDown }

    public let button: Button
    /// Zero-based cell.
    public let column: Int, row: Int
    /// Pressed (false: released).
    public let pressed: Bool

    public init(button: Button, column: Int, row: Int, pressed: Bool) {
        self.button = button
        self.column = column
        self.row = row
        self.pressed = pressed
    }

    /// Turns on button and wheel reports in SGR form; `disable` turns them off.
    public static let enable = "\u{1B}[?1000h\u{1B}[?1006h"
    public static let disable = "\u{1B}[?1006l\u{1B}[?1000l"

    /// Decodes the parameters of one report ("0;12;5", final "M").
    init?(parameters: String, final: Character) {
        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
        guard numbers.count == 3, numbers[1] >= 1, numbers[2] >= 1 else { return nil }
        let code = numbers[0]
        guard code & 32 == 0 else { return nil }   // motion reports are not asked for
        switch code & ~(4 | 8 | 16) {                // shift, meta, control
        case 0: button = .left
        case 1: button = .middle
        case 2: button = .right
        case 64: button = .wheelUp
        case 65: button = .wheelDown
        default: return nil
        }
        column = numbers[1] - 1
        row = numbers[2] - 1
        pressed = final == "M"
    }
}

extension Key {
    /// The keys with every SGR mouse report in them (Esc `[` `<` digits and `;` then `M` or `m`,
    /// as the terminal's bytes arrive key by key) folded into one `.mouse` key.
    public static func foldingMouseReports(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        var index = 0
        while index < keys.count {
            if keys[index] == .escape, index + 2 < keys.count, keys[index + 1] == .character("["), keys[index + 2] == .character("<") {
                var parameters = "", end = index + 3
                while end < keys.count, case .character(let character) = keys[end], character.isNumber || character == ";" {
                    parameters.append(character)
                    end += 1
                }
                if end < keys.count, case .character(let final) = keys[end], final == "M" || final == "m" {
                    if let mouse = Mouse(parameters: parameters, final: final) { result.append(.mouse(mouse)) }
                    index = end + 1
                    continue
                }
            }
            result.append(keys[index])
            index += 1
        }
        return result
    }
}
