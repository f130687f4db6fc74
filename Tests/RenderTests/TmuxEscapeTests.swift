import Foundation
import Testing
import HomescreenRender

/// tmux's `#` doubled scalar by scalar, as Foundation's `replacingOccurrences` did (which the
/// status line no longer calls at start): a `#` that a combining mark follows is doubled too.
struct TmuxEscapeTests {
    @Test(arguments: ["", "plain", "#", "##", "#[fg=red]#{pane}#(rm -rf ~)", "#\u{301} accent", "é#e\u{301}#", "🍞#🇻🇳#", "\u{0}#\u{7f}"])
    func everyHashIsDoubled(text: String) {
        #expect(TmuxEncoder.escape(text) == text.replacingOccurrences(of: "#", with: "##"))
        #expect(Array(TmuxEncoder.escape(text).unicodeScalars) == Array(text.replacingOccurrences(of: "#", with: "##").unicodeScalars))
    }
}
