import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenWidgetCore
@testable import HomescreenWidgets
import Testing

/// The formats bar scripts already print, and the timeline; nothing a script writes reaches the
/// terminal as anything but text.
struct ScriptFormatTests {
    /// Every kind of sequence a hostile script could print: clear screen, cursor moves, a title
    /// (OSC 0), a clipboard write (OSC 52), a DCS, C1 controls, a bell, a backspace, bidi overrides.
    static let hostile = "ok\u{1B}[2J\u{1B}[H\u{1B}]0;pwned\u{07}\u{1B}]52;c;ZXZpbA==\u{1B}\\\u{1B}P+q\u{1B}\\\u{9B}31m\u{1B}[31mred\u{1B}[0m\u{07}\u{08}\u{202E}x\u{1B}c"

    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || (0x202A...0x202E).contains($0.value) }
    }

    @Test func plainTextKeepsItsTextAndDropsEveryControlSequence() throws {
        let output = try ScriptOutput.parse(Self.hostile + "\nsecond 日本語 line\nthird\n", format: .plain)
        let display = output.entries[0].display
        #expect(display.text.hasPrefix("ok") && display.text.contains("red"))
        #expect(!display.text.contains("pwned") && !display.text.contains("ZXZpbA"))
        #expect(!Self.hasControls(display.text))
        #expect(display.body == ["second 日本語 line", "third"])
    }

    @Test(arguments: [("\u{1B}[32mup\u{1B}[0m", ScriptDisplay.Role.good), ("\u{1B}[1;31mdown", .critical), ("\u{1B}[93mslow", .warning),
                      ("\u{1B}[2midle", .muted), ("\u{1B}[1mplain", .normal)])
    func plainTextColorsBecomeRoles(line: String, role: ScriptDisplay.Role) throws {
        let display = try ScriptOutput.parse(line + "\n", format: .plain).entries[0].display
        #expect(display.role == role && !Self.hasControls(display.text))
    }

    @Test func waybarJSONGivesEveryField() throws {
        let line = #"{"text": "☀ 21°", "alt": "sun", "tooltip": "Zürich\nwind 5 km/h\u001b[2J", "class": ["hot", "warning"], "percentage": 72.4}"#
        let output = try ScriptOutput.parse("{\"text\": \"old\"}\n" + line + "\n", format: .waybar)
        let display = output.entries[0].display
        #expect(display.text == "☀ 21°" && display.short == "sun" && display.percentage == 72 && display.role == .warning)
        #expect(display.body == ["Zürich", "wind 5 km/h"])
        #expect(try ScriptOutput.parse(#"{"text": "x", "class": "critical"}"#, format: .auto).entries[0].display.role == .critical)
    }

    @Test func i3blocksLinesAndExit33() throws {
        let output = try ScriptOutput.parse("BAT 97%\n97%\n#FF0000\n", format: .i3blocks, exitStatus: 33)
        #expect(output.entries[0].display == ScriptDisplay(text: "BAT 97%", short: "97%", role: .urgent))
        #expect(try ScriptOutput.parse("BAT 50%\n", format: .waybar).entries[0].display.text == "BAT 50%")
    }

    @Test func aTimelineHasDatedEntriesAndAPolicy() throws {
        let text = #"{"entries": [{"date": "2026-03-01T10:00:00Z", "text": "a", "percentage": 10, "class": "good"}, {"date": 1772359200, "text": "b"}], "policy": {"after": "2026-03-01T12:00:00Z"}}"#
        let output = try ScriptOutput.parse(text, format: .auto)
        #expect(output.entries.map(\.date) == [Date(timeIntervalSince1970: 1772359200), Date(timeIntervalSince1970: 1772359200)])
        #expect(output.entries[0].display.role == .good && output.entries[0].display.percentage == 10)
        #expect(output.policy == .after(Date(timeIntervalSince1970: 1772366400)))
        #expect(try ScriptOutput.parse(#"{"entries": [{"date": 0, "text": "a"}], "policy": "never"}"#, format: .timeline).policy == .never)
        #expect(throws: ScriptFormatError.self) { try ScriptOutput.parse(#"{"entries": [{"text": "a"}]}"#, format: .timeline) }
    }

    @Test func aLongLineIsCutAtAWord() {
        let line = String(repeating: "word ", count: 2_000)
        let cut = ScriptOutput.cutLine(line)
        #expect(cut.utf8.count <= ScriptOutput.lineLimit && cut.hasSuffix("word…"))
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryRectangular, .accessoryCircular, .accessoryInline])
    func hostileOutputDrawsOnlyText(family: WidgetFamily) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("hs-hostile-\(UUID().uuidString)")
        try (Self.hostile + "\n" + Self.hostile + "\n").write(to: file, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let widget = ScriptWidget(declaration: WidgetDeclaration(name: "hostile-\(family.shortName)", command: "cat '\(file.path)'", folder: "/"), waits: true)
        for detail in [false, true] {
            var context = WidgetContext(family: family)
            context.detail = detail
            let entry = try widget.timeline(in: context, at: Date()).entries[0]
            let grid = widget.render(entry, in: context)
            let ansi = AnsiEncoder(theme: .builtInDark, depth: .truecolor).encode(grid)
            #expect(!ansi.contains("pwned") && !ansi.contains("\u{1B}]") && !ansi.contains("\u{1B}[2J") && !ansi.contains("\u{07}") && !ansi.contains("\u{9B}"))
            #expect(PlainEncoder().encode(grid).contains("ok"))
        }
    }

    /// `percentage` in the circular family: a ring filled clockwise from the top, heavy where
    /// filled (and `#` in ASCII), the number in it.
    @Test(arguments: [0, 25, 50, 72, 100])
    func aPercentageIsAGaugeRing(percent: Int) throws {
        let name = "gauge-\(percent)-\(UUID().uuidString.prefix(4).lowercased())"
        let json = #"{"text": "disk", "percentage": \#(percent), "class": "warning"}"#
        let widget = ScriptWidget(declaration: WidgetDeclaration(name: name, command: "echo '\(json)'", folder: "/"), waits: true)
        let context = WidgetContext(family: .accessoryCircular)
        let grid = widget.render(try widget.timeline(in: context, at: Date()).entries[0], in: context)
        let text = PlainEncoder().encode(grid)
        let heavyCells = text.filter { "━┃┏┓┗┛".contains($0) }.count
        let outline = Ring.outline(Ring.large).count
        let heavy = (outline * percent + 50) / 100
        #expect(heavyCells == heavy, "\(text)")
        #expect(text.contains("\(percent)%") && text.contains("disk"))
        #expect(grid.cells.contains { $0.style.foreground == .warning }, "drawn in the class's role")
        if percent == 25 {
            // A quarter: from the top middle to the right side's middle.
            let rows = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(rows[0] == "╭────━━━━┓" && rows[4].hasSuffix("┃") && !rows[5].contains("┃"), "\(text)")
        }
        var ascii = context
        ascii.ascii = true
        #expect(PlainEncoder().encode(widget.render(try widget.timeline(in: ascii, at: Date()).entries[0], in: ascii)).filter { $0 == "#" }.count == heavy)
    }
}
