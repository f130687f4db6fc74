import HomescreenRuntime
import HomescreenWidgetCore
import Testing

/// Issue 50, point 6: the terminal's answers to the start-up queries are never keys, however
/// late they come and however they are cut between reads.
struct TerminalReplyFilterTests {
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
        var filter = TerminalReplyFilter()
        #expect(filter.filter(Self.keys("j" + reply + "?q")) == Self.keys("j?q"))
    }

    @Test(arguments: replies)
    func aReplyCutAnywhereBetweenTwoReadsIsDroppedToo(reply: String) {
        for cut in 1..<reply.count {
            var filter = TerminalReplyFilter()
            let first = filter.filter(Self.keys(String(reply.prefix(cut))))
            let second = filter.filter(Self.keys(String(reply.dropFirst(cut)) + "c"))
            // Cut right after the Esc: that Esc went through as a key (a person's Esc must), the rest not.
            #expect(first + second == (cut == 1 ? [.escape, .character("c")] : [.character("c")]), "cut at \(cut)")
        }
    }

    @Test func whatAPersonTypesStillPasses() {
        var filter = TerminalReplyFilter()
        // Esc alone, Esc then a key, ? for help, an unknown sequence.
        for typed in ["\u{1B}", "\u{1B}q", "?", "\u{1B}[A", "\u{1B}[5~", "[?1;2c"] {
            #expect(filter.filter(Self.keys(typed)) == Self.keys(typed), "\(typed.debugDescription)")
        }
    }
}
