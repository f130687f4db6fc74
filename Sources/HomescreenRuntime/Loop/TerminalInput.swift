import HomescreenWidgetCore

/// The keys as the terminal sent them, whatever its terminfo entry says: the one place where
/// escape sequences that ncurses passed through as Esc and characters are read.
///
/// - Keys: Home, End, Insert, Delete, PgUp, PgDn, the arrows and F1–F12 in the xterm
///   (`ESC [ H`, `ESC O H`, `ESC [ 1 ; 5 H`), VT220 (`ESC [ 1 ~` … `ESC [ 6 ~`, with `; mod`) and
///   rxvt (`ESC [ 7 ~`, `ESC [ 8 ~`, `ESC [ 5 ^`, `ESC [ a`, `ESC O a`) encodings, and the
///   application keypad (`ESC O p` … `ESC O y`, `ESC O M`), become that key; a modified one
///   (Ctrl, Shift, Alt) the key itself. ncurses knows only what the entry names: inside tmux
///   under `TERM=xterm-256color`, tmux sends `ESC [ 1 ~` for Home while the entry names
///   `ESC O H`, and the dashboard read Esc, `[`, `1`, `~`: the form closed (issue 51).
///   Another complete sequence with parameters (`ESC [ 2 5 ~`, `ESC [ 1 ; 5 X`) is dropped.
/// - Answers to the start-up queries are dropped wherever they come: device attributes
///   (`ESC [ ? … c`, `ESC [ > … c`), status and cursor reports (`ESC [ 0 n`,
///   `ESC [ row ; column R`) and colour reports (`ESC ] 10/11 ; … BEL` or `ESC \`). The query at
///   start waits 150 ms; over SSH an answer often comes later, and its bytes, taken as keys,
///   opened the `?` help (issue 50).
///
/// A sequence cut between two reads is held until the next one (at most 128 keys); a lone Esc,
/// or Esc and a key a person types, passes at once — and when a read ends with a lone Esc, the
/// next one starting with the rest of a sequence is still recognised (an answer's rest is
/// dropped, a key's rest is the key). SGR mouse reports (`ESC [ <`) pass, for `Key.foldingMouseReports`.
public struct TerminalInput: Sendable {
    private var held: [Key] = []
    private var endedWithEscape = false

    public init() {}

    public mutating func decode(_ incoming: [Key]) -> [Key] {
        var keys = held + incoming
        if held.isEmpty, endedWithEscape, case .complete = Self.sequence(in: [.escape] + incoming, at: 0) {
            keys = [.escape] + incoming   // that Esc has gone through already: the rest of its sequence is read with it
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
                switch Self.sequence(in: keys, at: index) {
                case .complete(let key, let end):
                    if let key { result.append(key) }
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

    /// Whether a sequence starts at an Esc: none, cut by the end of the read, or complete, with
    /// the key it stands for (nil: nothing, an answer or a sequence no key has) and its end.
    enum Match: Equatable { case none, unfinished, complete(Key?, end: Int) }

    static func character(_ key: Key) -> Character? {
        if case .character(let character) = key { return character }
        return nil
    }

    /// The sequence starting at `start` (an Esc).
    static func sequence(in keys: [Key], at start: Int) -> Match {
        guard start + 1 < keys.count else { return .none }
        switch character(keys[start + 1]) {
        case "[": return controlSequence(in: keys, at: start)
        case "O": return singleShift(in: keys, at: start)
        case "]": return colourReport(in: keys, at: start)
        default: return .none
        }
    }

    /// `ESC [` parameters, final: a key, an answer, or another complete sequence.
    static func controlSequence(in keys: [Key], at start: Int) -> Match {
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
        guard let final = character(keys[index]), final.isASCII else { return .none }
        let end = index + 1
        switch (prefix, final) {
        case ("?", "c"), (">", "c"): return .complete(nil, end: end)                               // DA1, DA2
        case (nil, "R") where parameters.contains(";"), ("?", "R"): return .complete(nil, end: end)  // cursor position
        case (nil, "n") where ["0", "3"].contains(parameters): return .complete(nil, end: end)       // device status
        case (nil, _): break
        default: return .none
        }
        let number = Int(parameters.split(separator: ";").first ?? "")
        if "~^$@".contains(final) {
            // VT220 and rxvt: the key's number, then the modifiers (xterm: `;5`; rxvt: ^ $ @).
            guard let number else { return .none }
            return .complete(numbered[number], end: end)
        }
        if let key = lettered[final], parameters.isEmpty || number == 1 { return .complete(key, end: end) }
        if parameters.isEmpty, let key = rxvtShifted[final] { return .complete(key, end: end) }
        // Alt-[ and a key, or an X10 mouse report (ESC [ M): as they came.
        guard !parameters.isEmpty, final.asciiValue.map({ (0x40...0x7E).contains($0) }) == true else { return .none }
        return .complete(nil, end: end)
    }

    /// `ESC O` (a modifier digit) final: the cursor keys and F1–F4 in application mode, rxvt's
    /// Ctrl-arrows, the application keypad.
    static func singleShift(in keys: [Key], at start: Int) -> Match {
        var index = start + 2
        guard index < keys.count else { return .unfinished }
        var modified = false
        while index < keys.count, let character = character(keys[index]), character.isASCII, character.isNumber {
            modified = true
            index += 1
        }
        guard index < keys.count else { return .unfinished }
        guard let final = character(keys[index]) else { return .none }
        if let key = lettered[final] ?? rxvtShifted[final] ?? keypad[final] { return .complete(key, end: index + 1) }
        return modified ? .complete(nil, end: index + 1) : .none
    }

    /// `ESC ] 10/11/12 ; … BEL` or `ESC \`: a colour answer.
    static func colourReport(in keys: [Key], at start: Int) -> Match {
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
            if keys[index] == .control("g") { return .complete(nil, end: index + 1) }               // BEL
            if keys[index] == .escape {
                guard index + 1 < keys.count else { return .unfinished }
                return character(keys[index + 1]) == "\\" ? .complete(nil, end: index + 2) : .none // ST
            }
            guard character(keys[index]) != nil else { return .none }
            index += 1
        }
        return index - start < 128 ? .unfinished : .none
    }

    /// `ESC [ n ~` (VT220, xterm; rxvt's `^ $ @` finals): 1 and 7 Home, 4 and 8 End (VT220's Find
    /// and Select are where Home and End are), the F-keys; a number no key has is dropped.
    static let numbered: [Int: Key] = [
        1: .home, 2: .insert, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10), 23: .function(11), 24: .function(12),
    ]

    /// `ESC [ X`, `ESC [ 1 ; mod X`, `ESC O X`: the cursor keys, Home, End, F1–F4, Shift-Tab.
    static let lettered: [Character: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end,
        "P": .function(1), "Q": .function(2), "R": .function(3), "S": .function(4), "Z": .backTab,
    ]

    /// rxvt's Shift-arrows (`ESC [ a`) and Ctrl-arrows (`ESC O a`).
    static let rxvtShifted: [Character: Key] = ["a": .up, "b": .down, "c": .right, "d": .left]

    /// The application keypad (`ESC O p` is its 0): digits, operators and Enter.
    static let keypad: [Character: Key] = {
        var keys: [Character: Key] = ["M": .enter, "j": .character("*"), "k": .character("+"), "l": .character(","),
                                      "m": .character("-"), "n": .character("."), "o": .character("/"), "X": .character("=")]
        for (offset, letter) in "pqrstuvwxy".enumerated() { keys[letter] = .character(Character(String(offset))) }
        return keys
    }()
}
