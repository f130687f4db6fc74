@testable import HomescreenRender
import Testing

/// Issue 36, point 5: the bytes `ChangeWriter` sends for a change in place, with xterm's
/// sequences (`TerminalControls.ecma48`). That a terminal shows what a repaint shows after them
/// is checked in tmux (`DirectOutputTests`); here, that each shortest way is taken.
struct ChangeWriterTests {
    static let theme = Theme.builtInDark
    /// Without colors every pen is the normal one: only moves and text are sent.
    static let plain = ChangeWriter(controls: .ecma48) { ResolvedStyle($0, theme: theme, depth: .monochrome) }
    static let colored = ChangeWriter(controls: .ecma48) { ResolvedStyle($0, theme: theme, depth: .indexed256) }

    /// The changed cells in row order, one pass.
    static func sent(_ grid: CellGrid, over previous: CellGrid, writer: ChangeWriter = plain) -> String {
        let passes = [grid.changes(from: previous).flatMap { PaintPlan.segments(of: $0) }]
        let bytes = writer.bytes(passes, grid: grid, previous: previous)
        #expect(ChangeWriter.Counter(writer, grid: grid, previous: previous).bytes(passes) == bytes.count, "the count is what is sent")
        return String(decoding: bytes, as: UTF8.self)
    }

    static func grid(_ rows: [String], width: Int = 20) -> CellGrid {
        var grid = CellGrid(width: width, height: rows.count)
        for (y, row) in rows.enumerated() { grid.write(row, x: 0, y: y) }
        return grid
    }

    @Test func theFirstSpanIsReachedAbsolutelyAndTheNextByTheShortestMove() {
        let before = Self.grid(["a         b", "          c", "x", "     y"])
        let after = Self.grid(["A         B", "          C", "X", "     Y"])
        // Row 1: CUP, then CUF (4 bytes; CHA would be 5); down a row and back one cell: LF and
        // backspace (2 bytes); to row 3's start: LF CR; down and along: LF and CHA.
        #expect(Self.sent(after, over: before) == "\u{1B}[1;1HA\u{1B}[9CB\n\u{8}C\n\rX\n\u{1B}[6GY")
    }

    @Test func unchangedCellsAreWrittenAgainWhenShorterThanAMove() {
        let before = Self.grid(["ab cd"]), after = Self.grid(["Xb Yd"])
        // From after "X" to "Y": two unchanged cells in the same pen ("b ") beat ESC[2C.
        #expect(Self.sent(after, over: before) == "\u{1B}[1;1HXb Y")
    }

    @Test func aPenChangesOnlyInWhatDiffersAndEndsNormal() {
        let before = Self.grid(["aaaa"])
        var after = Self.grid(["aaaa"])
        after.write("B", x: 0, y: 0, style: Style(.danger))
        after.write("C", x: 1, y: 0, style: Style(.danger, [.bold]))
        after.write("D", x: 2, y: 0, style: Style(.warning, [.bold]))
        after.write("E", x: 3, y: 0)
        let text = Self.sent(after, over: before, writer: Self.colored)
        let danger = ResolvedStyle(Style(.danger), theme: Self.theme, depth: .indexed256).foreground
        let warning = ResolvedStyle(Style(.warning), theme: Self.theme, depth: .indexed256).foreground
        func color(_ color: TerminalColor) -> String { String(decoding: TerminalControls.ecma48.foreground(color)!, as: UTF8.self) }
        let text256 = color(ResolvedStyle(.plain, theme: Self.theme, depth: .indexed256).foreground)
        // Adding bold needs no reset; leaving it does (there is no "bold off"); the end is normal.
        #expect(text == "\u{1B}[1;1H\(color(danger))B\u{1B}[1mC\(color(warning))D\u{1B}[m\(text256)E\u{1B}[m")
    }

    /// A repaint (first frame, new size, SIGCONT) is written by the writer too: the screen
    /// cleared in the normal pen, then only the cells a cleared screen does not already show.
    @Test func aRepaintClearsTheScreenAndDrawsOnlyWhatIsNotBlank() {
        let grid = Self.grid(["ab   c", "", "   d"], width: 8)
        let text = String(decoding: Self.plain.repaint(grid), as: UTF8.self)
        // Reset, clear; the blanks between b and c are written again (shorter than a move), the
        // empty row is skipped.
        #expect(text == "\u{1B}[m\u{1B}[H\u{1B}[2J\u{1B}[1;1Hab   c\u{1B}[3;4Hd")
    }

    @Test func aRepaintDrawsBlanksThatDoNotLookCleared() {
        var grid = Self.grid(["a  b"], width: 4)
        grid.write(" ", x: 1, y: 0, style: Style(.text, [.reverse]))
        grid.write(" ", x: 2, y: 0, style: Style(.text, [.bold]))
        let text = String(decoding: Self.plain.repaint(grid), as: UTF8.self)
        // The reversed blank is drawn; the bold one looks like any blank and is left as cleared.
        #expect(text.contains("\u{1B}[7m "), "\(text.debugDescription)")
        #expect(!text.contains("\u{1B}[1m"), "\(text.debugDescription)")
        // On a colored background every blank is drawn.
        var colored = Self.grid(["x"], width: 3)
        colored.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: Cell(" ", style: Style(.text, background: .danger)))
        colored.write("x", x: 0, y: 0, style: Style(.text, background: .danger))
        let painted = String(decoding: Self.colored.repaint(colored), as: UTF8.self)
        #expect(painted.hasSuffix("x  \u{1B}[m"), "\(painted.debugDescription)")
    }

    @Test func withoutClearARepaintWritesEveryCell() {
        var controls = TerminalControls.ecma48
        controls.clearScreen = nil
        let writer = ChangeWriter(controls: controls) { ResolvedStyle($0, theme: Self.theme, depth: .monochrome) }
        let text = String(decoding: writer.repaint(Self.grid(["a", ""], width: 3)), as: UTF8.self)
        // Each row whole; after the last column, the next row is reached absolutely.
        #expect(text == "\u{1B}[m\u{1B}[1;1Ha  \u{1B}[2;1H   ")
    }

    @Test func afterTheLastColumnTheCursorIsPlacedAbsolutely() {
        let before = Self.grid(["abc", "def"], width: 3), after = Self.grid(["abX", "Yef"], width: 3)
        // Writing column 3 leaves the cursor waiting to wrap: the next span starts with CUP.
        #expect(Self.sent(after, over: before) == "\u{1B}[1;3HX\u{1B}[2;1HY")
    }

    @Test func aWideCharacterIsSentOnceAndAdvancesTwoColumns() {
        let before = Self.grid(["ab cd"]), after = Self.grid(["🧀 Xd"])
        #expect(Self.sent(after, over: before) == "\u{1B}[1;1H🧀 X")
    }

    @Test func attributesTheTerminalCannotShowWithAColorAreLeftOut() {
        var controls = TerminalControls.ecma48
        controls.notWithColor = [.dim]
        let writer = ChangeWriter(controls: controls) { ResolvedStyle($0, theme: Self.theme, depth: .ansi8) }
        let before = Self.grid(["a"])
        var after = Self.grid(["a"])
        after.write("b", x: 0, y: 0, style: Style(.muted))   // muted is dimmed at eight colors
        #expect(ResolvedStyle(Style(.muted), theme: Self.theme, depth: .ansi8).attributes.contains(.dim))
        #expect(!Self.sent(after, over: before, writer: writer).contains("\u{1B}[2m"))
        let dimmed = ChangeWriter(controls: .ecma48) { ResolvedStyle($0, theme: Self.theme, depth: .ansi8) }
        #expect(Self.sent(after, over: before, writer: dimmed).contains("\u{1B}[2m"))
    }

    /// Without colors a danger foreground or another background is shown in reverse video: a
    /// blank in such a style is not a blank in a plain pen, whatever the roles say.
    @Test func aBlankTakesAnotherPenOnlyWhenItShowsTheSameInIt() {
        let monochrome: PaintPlan.Looks = { ResolvedStyle($0, theme: Self.theme, depth: .monochrome) }
        let reversed = Cell(" ", style: Style(.danger)), plain = Style(.text)
        #expect(PaintPlan.blank(reversed, fits: plain))
        #expect(!PaintPlan.blank(reversed, fits: plain, looks: monochrome))
        #expect(PaintPlan.blank(Cell(" ", style: Style(.muted)), fits: plain, looks: monochrome))
    }

    /// Attributes the terminal cannot show are not part of the pen tracked: nothing is sent for
    /// them, and leaving them costs no reset.
    @Test func attributesTheTerminalLacksAreNeverSent() {
        var controls = TerminalControls.ecma48
        controls.attributes[.dim] = nil
        let writer = ChangeWriter(controls: controls) { ResolvedStyle($0, theme: Self.theme, depth: .monochrome) }
        let before = Self.grid(["ab"])
        var after = Self.grid(["ab"])
        after.write("X", x: 0, y: 0, style: Style(.muted))   // dim without colors
        after.write("Y", x: 1, y: 0)
        #expect(Self.sent(after, over: before, writer: writer) == "\u{1B}[1;1HXY")
    }

    /// A cluster of several scalars (a flag, a skin tone) may be one or two cells wide, by the
    /// terminal: after it the next span is placed absolutely, and it is never written again as
    /// a gap.
    @Test func afterAClusterOfSeveralScalarsTheCursorIsPlacedAbsolutely() {
        let before = Self.grid(["a🇻🇳b  c"]), after = Self.grid(["A🇺🇸B  c"])
        #expect(Self.sent(after, over: before) == "\u{1B}[1;1HA🇺🇸B")
        let flagged = Self.grid(["A🇺🇸B  C"])
        #expect(Self.sent(flagged, over: before) == "\u{1B}[1;1HA🇺🇸B\u{1B}[1;7HC")
        // One scalar two cells wide is measured alike: the blanks after it are written again.
        let bowl = Self.grid(["a🍜b  c"]), rice = Self.grid(["A🍚B  C"])
        #expect(Self.sent(rice, over: bowl) == "\u{1B}[1;1HA🍚B  C")
    }

    @Test func withoutRelativeMovesEverySpanIsPlacedAbsolutely() {
        let bare = TerminalControls(cursorPosition: { "\u{1B}[\($0 + 1);\($1 + 1)H".utf8.map { $0 } }, reset: Array("\u{1B}[m".utf8),
                                    foreground: { _ in nil }, background: { _ in nil })
        let writer = ChangeWriter(controls: bare) { ResolvedStyle($0, theme: Self.theme, depth: .monochrome) }
        let before = Self.grid(["a          b", "c"]), after = Self.grid(["A          B", "C"])
        #expect(Self.sent(after, over: before, writer: writer) == "\u{1B}[1;1HA\u{1B}[1;12HB\u{1B}[2;1HC")
    }

    /// The demo's pantry list moving up one row, as `PaintPlanTests` builds it: the writer's
    /// plan sends fewer bytes than one pass in row order.
    @Test func aShiftedListCostsLessInPassesThanInRowOrder() {
        let before = PaintPlanTests.list(from: 100, rows: 10), after = PaintPlanTests.list(from: 137, rows: 10)
        let counter = ChangeWriter.Counter(Self.colored, grid: after, previous: before)
        let plan = PaintPlan(after, from: before, cost: counter.bytes)
        let rowOrder = [PaintPlan(after.changes(from: before), in: after, allowPasses: false).passes.joined().map { $0 }]
        #expect(plan.passes.count > 1)
        #expect(counter.bytes(plan.passes) < counter.bytes(rowOrder))
    }
}
