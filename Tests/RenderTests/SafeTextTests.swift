import Testing
import HomescreenTestSupport
@testable import HomescreenRender

struct SafeTextTests {
    static let hostile = [
        "Milk\u{1B}[2J\u{1B}[H", "Eggs\u{1B}]0;pwned\u{07}", "Bread\u{9B}31m", "Tab\there", "New\nline\r",
        "Bell\u{07}\u{08}\u{7F}", "RTL\u{202E}evil", "#(touch /tmp/pwned)", "#[fg=red]x", "\u{0301}lone mark",
    ]

    @Test(arguments: hostile)
    func controlCharactersNeverSurvive(_ name: String) {
        let clean = SafeText.clean(name)
        #expect(!containsControlCharacters(clean))
        #expect(!clean.unicodeScalars.contains { (0x202A...0x202E).contains($0.value) })
    }

    @Test func ordinaryTextIsUntouched() {
        for text in ["Nước mắm", "Crème fraîche", "豆腐", "🥛 Milk", "CHF 1\u{202F}500,00"] {
            #expect(SafeText.clean(text) == text)
        }
    }

    @Test func escapeSequenceBecomesVisibleAndInertInEveryEncoder() {
        var grid = CellGrid(width: 30, height: 1)
        grid.write("A\u{1B}[31mB\u{1B}]0;x\u{07}", x: 0, y: 0)
        for format in OutputFormat.allCases {
            let output = format.encoder(theme: .builtInDark, depth: .truecolor).encode(grid)
            #expect(!containsControlCharacters(output, allowingSGR: format == .ansi), "\(format)")
            #expect(output.contains("A\u{FFFD}[31mB\u{FFFD}]0;x\u{FFFD}"), "\(format)")
        }
    }

    @Test func tmuxFormatDoublesEveryHash() {
        var grid = CellGrid(width: 30, height: 1)
        grid.write("#(rm -rf ~) #[fg=red]", x: 0, y: 0)
        let output = TmuxEncoder(theme: .builtInDark, depth: .truecolor).encode(grid)
        #expect(output.contains("##(rm -rf ~) ##[fg=red]"))
        // The only single '#' left open styles: each is "#[" of ours, followed by "fg=".
        let unescaped = output.replacingOccurrences(of: "##", with: "")
        #expect(unescaped.components(separatedBy: "#[").dropFirst().allSatisfy { $0.hasPrefix("fg=") || $0.hasPrefix("default]") })
    }
}
