import HomescreenWidgetCore

/// Drops the terminal's answers to the start-up queries from the keys, whenever they arrive:
/// device attributes (`ESC [ ? … c`, `ESC [ > … c`), status and cursor reports (`ESC [ 0 n`,
/// `ESC [ row ; column R`) and colour reports (`ESC ] 10/11 ; … BEL` or `ESC \`). The query at
/// start waits 150 ms; over SSH an answer often comes later, and its bytes, taken as keys, opened
/// the `?` help (issue 50). An answer cut between two reads is held until the next one (at most
/// 128 keys); a lone Esc, or Esc and a key a person types, passes at once — and when a read ends
/// with a lone Esc, the next one starting with the rest of an answer is still recognised.
public struct TerminalReplyFilter: Sendable {
    private var held: [Key] = []
    private var endedWithEscape = false

    public init() {}

    public mutating func filter(_ incoming: [Key]) -> [Key] {
        var keys = held + incoming
        if held.isEmpty, endedWithEscape, Self.reply(in: [.escape] + incoming, at: 0) != .none {
            keys = [.escape] + incoming   // that Esc has gone through already: the rest of its answer is dropped
        }
        held = []
        let result = run(keys)
        endedWithEscape = held.isEmpty && incoming.last == .escape && result.last == .escape
        return result
    }

    private mutating func run(_ keys: [Key]) -> [Key] {
        var result: [Key] = []
        var index = 0
        while index < keys.count {
            if keys[index] == .escape {
                switch Self.reply(in: keys, at: index) {
                case .complete(let end):
                    index = end
                    continue
                case .unfinished where keys.count - index <= 128:
                    held = Array(keys[index...])
                    return result
                default:
                    break
                }
            }
            result.append(keys[index])
            index += 1
        }
        return result
    }

    enum Match: Equatable { case none, unfinished, complete(end: Int) }

    static func character(_ key: Key) -> Character? {
        if case .character(let character) = key { return character }
        return nil
    }

    /// Whether a reply starts at `start` (an Esc), and where it ends.
    static func reply(in keys: [Key], at start: Int) -> Match {
        guard start + 1 < keys.count else { return .none }
        switch character(keys[start + 1]) {
        case "[":
            var index = start + 2
            // Esc [ at the end of a read: the rest may come with the next one (Alt-[ waits for the next key).
            guard index < keys.count else { return .unfinished }
            let prefix = character(keys[index]).flatMap { "?>".contains($0) ? $0 : nil }
            if prefix != nil { index += 1 }
            var parameters = ""
            while index < keys.count, let character = character(keys[index]), character.isASCII, character.isNumber || character == ";" {
                parameters.append(character)
                index += 1
            }
            guard index < keys.count else { return prefix != nil || !parameters.isEmpty ? .unfinished : .none }
            guard let final = character(keys[index]) else { return .none }
            switch (prefix, final) {
            case ("?", "c"), (">", "c"): return .complete(end: index + 1)                          // DA1, DA2
            case (nil, "R") where parameters.contains(";"), ("?", "R"): return .complete(end: index + 1)  // cursor position
            case (nil, "n") where ["0", "3"].contains(parameters): return .complete(end: index + 1)  // device status
            default: return .none
            }
        case "]":
            var index = start + 2
            var number = ""
            while index < keys.count, let character = character(keys[index]), character.isASCII, character.isNumber {
                number.append(character)
                index += 1
            }
            guard index < keys.count else { return .unfinished }
            guard ["10", "11", "12"].contains(number), character(keys[index]) == ";" else { return .none }
            index += 1
            while index < keys.count, index - start < 128 {
                if keys[index] == .control("g") { return .complete(end: index + 1) }                 // BEL
                if keys[index] == .escape {
                    guard index + 1 < keys.count else { return .unfinished }
                    return character(keys[index + 1]) == "\\" ? .complete(end: index + 2) : .none   // ST
                }
                guard character(keys[index]) != nil else { return .none }
                index += 1
            }
            return index - start < 128 ? .unfinished : .none
        default:
            return .none
        }
    }
}
