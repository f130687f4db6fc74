import Foundation
import Testing
import HomescreenRender

/// tmux's `#` doubled character by character, as Foundation's `replacingOccurrences` did (which
/// the status line no longer calls at start): a `#` that a combining mark joins is left.
struct TmuxEscapeTests {
    @Test(arguments: ["", "plain", "#", "##", "#[fg=red]#{pane}#(rm -rf ~)", "#\u{301} accent", "é#e\u{301}#", "🍞#🇻🇳#", "\u{0}#\u{7f}", "#\u{FE0F}\u{20E3}", "\u{200D}#", "\r\n#"])
    func everyHashIsDoubled(text: String) {
        #expect(TmuxEncoder.escape(text) == text.replacingOccurrences(of: "#", with: "##"))
        #expect(Array(TmuxEncoder.escape(text).unicodeScalars) == Array(text.replacingOccurrences(of: "#", with: "##").unicodeScalars))
    }
}
