import HomescreenRuntime
import HomescreenWidgetCore
import Testing

/// Issue 50, point 6: the terminal's answers to the start-up queries are never keys, however
/// late they come and however they are cut between reads. Issue 51, point 2: keys arrive as the
/// terminal sends them, whatever the terminfo entry names.
struct TerminalInputTests {
    /// Bytes as the key reader hands them over: Esc, BEL as Ctrl-G, the rest as characters.
    static func keys(_ text: String) -> [Key] {
        text.map { character -> Key in
            switch character {
            case "\u{1B}": return .escape
            case "\u{07}": return .control("g")
            default: return .character(character)
            }
        }
    }

    static let replies = [
        "\u{1B}[?1;2c", "\u{1B}[?62;22;52c", "\u{1B}[>0;276;0c", "\u{1B}[>41;390;0c", "\u{1B}[24;80R", "\u{1B}[0n",
        "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}", "\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{07}",
    ]

    @Test(arguments: replies)
    func aReplyIsDroppedAndTheKeysAroundItKept(reply: String) {
        var filter = TerminalInput()
        #expect(filter.decode(Self.keys("j" + reply + "?q")) == Self.keys("j?q"))
    }

    @Test(arguments: replies)
    func aReplyCutAnywhereBetweenTwoReadsIsDroppedToo(reply: String) {
        for cut in 1..<reply.count {
            var filter = TerminalInput()
            let first = filter.decode(Self.keys(String(reply.prefix(cut))))
            let second = filter.decode(Self.keys(String(reply.dropFirst(cut)) + "c"))
            // Cut right after the Esc: that Esc went through as a key (a person's Esc must), the rest not.
            #expect(first + second == (cut == 1 ? [.escape, .character("c")] : [.character("c")]), "cut at \(cut)")
        }
    }

    @Test func whatAPersonTypesStillPasses() {
        var filter = TerminalInput()
        // Esc alone, Esc then a key, ? for help, Alt-[ and a key, an X10 mouse report's start.
        for typed in ["\u{1B}", "\u{1B}q", "?", "\u{1B}[x", "\u{1B}Og", "\u{1B}[M", "[?1;2c", "[1~", "O H"] {
            #expect(filter.decode(Self.keys(typed)) == Self.keys(typed), "\(typed.debugDescription)")
        }
    }
}

/// Issue 51, point 2: Home, End, Insert, Delete, PgUp, PgDn (and the arrows, F-keys and the
/// keypad) in the xterm, VT220 and rxvt encodings, plain and modified, are those keys, wherever
/// they are cut between reads; an Esc typed alone still passes at once.
struct TerminalKeySequenceTests {
    static let keys = TerminalInputTests.keys

    /// Each sequence and the key it is. Modifiers: xterm's `;2` … `;8`, rxvt's `^` (Ctrl), `$` (Shift), `@` (both).
    static let sequences: [(String, Key)] = {
        var table: [(String, Key)] = []
        for (letter, key) in [("H", Key.home), ("F", .end), ("A", .up), ("B", .down), ("C", .right), ("D", .left)] {
            table += [("\u{1B}[" + letter, key), ("\u{1B}O" + letter, key)]
            table += (2...8).map { ("\u{1B}[1;\($0)" + letter, key) }
        }
        for (number, key) in [(1, Key.home), (2, .insert), (3, .delete), (4, .end), (5, .pageUp), (6, .pageDown), (7, .home), (8, .end)] {
            table.append(("\u{1B}[\(number)~", key))
            table += (2...8).map { ("\u{1B}[\(number);\($0)~", key) }
            table += ["^", "$", "@"].map { ("\u{1B}[\(number)" + $0, key) }
        }
        table += [("\u{1B}[a", .up), ("\u{1B}[b", .down), ("\u{1B}[c", .right), ("\u{1B}[d", .left),
                  ("\u{1B}Oa", .up), ("\u{1B}Ob", .down), ("\u{1B}Oc", .right), ("\u{1B}Od", .left),
                  ("\u{1B}OP", .function(1)), ("\u{1B}[1;5Q", .function(2)), ("\u{1B}[15~", .function(5)), ("\u{1B}[24;2~", .function(12)),
                  ("\u{1B}[Z", .backTab), ("\u{1B}OM", .enter), ("\u{1B}Op", .character("0")), ("\u{1B}Oy", .character("9")),
                  ("\u{1B}Ok", .character("+")), ("\u{1B}On", .character("."))]
        return table
    }()

    @Test func everyEncodingIsItsKeyAndTheTypingAroundItStays() {
        for (sequence, key) in Self.sequences {
            var input = TerminalInput()
            #expect(input.decode(Self.keys("ab" + sequence + "c")) == [.character("a"), .character("b"), key, .character("c")],
                    "\(sequence.debugDescription)")
        }
    }

    @Test func aSequenceCutAnywhereBetweenTwoReadsIsStillItsKey() {
        for (sequence, key) in Self.sequences {
            for cut in 1..<sequence.count {
                var input = TerminalInput()
                let first = input.decode(Self.keys(String(sequence.prefix(cut))))
                let second = input.decode(Self.keys(String(sequence.dropFirst(cut)) + "x"))
                // Cut right after the Esc: that Esc went through at once (a person's Esc must); the rest is still the key.
                #expect(first + second == (cut == 1 ? [.escape, key, .character("x")] : [key, .character("x")]), "\(sequence.debugDescription) cut at \(cut)")
            }
        }
    }

    @Test func unknownSequencesWithParametersAreDroppedNotTyped() {
        var input = TerminalInput()
        for sequence in ["\u{1B}[25~", "\u{1B}[200~", "\u{1B}[1;5X", "\u{1B}[27;5;13~", "\u{1B}O5g"] {
            #expect(input.decode(Self.keys("a" + sequence + "b")) == Self.keys("ab"), "\(sequence.debugDescription)")
        }
    }

    @Test func mouseReportsAndAnswersAreLeftToTheirOwnReaders() {
        var input = TerminalInput()
        let report = "\u{1B}[<0;12;5M"
        #expect(Key.foldingMouseReports(input.decode(Self.keys(report + "\u{1B}[1~"))) == [.mouse(Mouse(button: .left, column: 11, row: 4, pressed: true)), .home])
        #expect(input.decode(Self.keys("\u{1B}[?1;2c\u{1B}[4~")) == [.end])
    }

    @Test func insertIsAKeyNameTheConfigAccepts() {
        #expect(Key(name: "Insert") == .insert && Key.insert.name == "Insert")
    }
}
