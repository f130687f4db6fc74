import Testing
@testable import HomescreenRender

struct CellGridTests {
    @Test func wideCharactersTakeTwoCellsAndAreNeverCutInHalf() {
        var grid = CellGrid(width: 5, height: 1)
        let end = grid.write("豆腐豆", x: 0, y: 0)
        #expect(end == 4)   // the third wide character does not fit in one column
        #expect(grid[0, 0].text == "豆" && grid[1, 0].isContinuation && grid[2, 0].text == "腐")
        #expect(grid[4, 0].text == " ")
        // Writing over the second half of a wide character blanks its first half.
        grid.write("x", x: 1, y: 0)
        #expect(grid[0, 0].text == " " && grid[1, 0].text == "x")
        #expect(grid.rowTexts() == [" x腐 "])
    }

    @Test func writingIsClippedToTheGridAndToMaxX() {
        var grid = CellGrid(width: 4, height: 2)
        grid.write("abcdef", x: -2, y: 0)
        grid.write("zzzz", x: 0, y: 5)
        grid.write("wxyz", x: 0, y: 1, maxX: 2)
        #expect(grid.rowTexts() == ["cdef", "wx  "])
    }

    @Test func diffOfEqualGridsIsEmptyAndOneChangeIsOneRun() {
        var before = CellGrid(width: 20, height: 5)
        before.write("Milk expires today", x: 1, y: 2)
        var after = before
        #expect(after.changes(from: before).isEmpty)
        after.write("Milk expired", x: 1, y: 2)
        let runs = after.changes(from: before)
        #expect(runs.count == 1)
        #expect(runs[0].y == 2 && runs[0].x == 12)   // "expire[s]" → "expire[d]": one cell
        #expect(runs[0].cells.map(\.text).joined() == "d")
    }

    @Test func diffSendsAChangedWideCharacterWhole() {
        var before = CellGrid(width: 6, height: 1)
        before.write("ab", x: 0, y: 0)
        var after = before
        after.write("豆", x: 2, y: 0)
        let runs = after.changes(from: before)
        #expect(runs.count == 1 && runs[0].x == 2 && runs[0].cells.count == 2)
        #expect(CellGrid(width: 3, height: 2).changes(from: nil).count == 2)
        #expect(CellGrid(width: 3, height: 2).changes(from: CellGrid(width: 4, height: 2)).count == 2)
    }

    @Test func asciiFoldingKeepsColumns() {
        var grid = CellGrid(width: 12, height: 1)
        grid.write("Đường 豆╭─", x: 0, y: 0)
        let folded = grid.foldedToASCII()
        #expect(folded.rowTexts() == ["Duong ? +-  "])
        #expect(folded.rowTexts()[0].allSatisfy { $0.isASCII })
    }

    @Test func rectSplits() {
        let rect = Rect(x: 2, y: 1, width: 10, height: 6)
        let (top, rest) = rect.splitTop(2)
        #expect(top == Rect(x: 2, y: 1, width: 10, height: 2) && rest == Rect(x: 2, y: 3, width: 10, height: 4))
        let (above, bottom) = rect.splitBottom(1)
        #expect(above.height == 5 && bottom == Rect(x: 2, y: 6, width: 10, height: 1))
        #expect(rect.inset(dx: 2, dy: 1) == Rect(x: 4, y: 2, width: 6, height: 4))
        #expect(rect.splitTop(99).rest.isEmpty)
    }
}

/// Issue 18: a list that moves up one row must not cost a pen change at every changed span.
struct PaintPlanTests {
    static let name = Style(.text, [.bold]), amount = Style(.muted)

    /// Rows like the pantry's: a bold name, blanks, a plain amount.
    static func list(from first: Int, rows: Int) -> CellGrid {
        var grid = CellGrid(width: 40, height: rows)
        for row in 0..<rows {
            grid.write("Product \(first + row * 37)", x: 2, y: row, style: name)
            grid.write("\(1 + (first + row) % 9) pcs", x: 32, y: row, style: amount)
        }
        return grid
    }

    @Test func aShiftedListIsSentOneStyleAtATime() {
        let before = Self.list(from: 100, rows: 10), after = Self.list(from: 137, rows: 10)
        let runs = after.changes(from: before)
        let plan = PaintPlan(after, from: before)
        #expect(plan.passes.count == 2)
        #expect(plan.passes.map { Set($0.map(\.style)) } == [[Self.name], [Self.amount]])
        // Row order would change pens twice per row; the plan changes them twice in all.
        let rowOrder = PaintPlan(runs, in: after, allowPasses: false)
        #expect(rowOrder.passes.count == 1)
        #expect(PaintPlan.cost(of: plan.passes) < PaintPlan.cost(of: rowOrder.passes))
        // Every changed cell is drawn exactly once, at its place.
        let drawn = plan.passes.joined().flatMap { segment in segment.cells.indices.map { "\(segment.x + $0),\(segment.y)" } }
        let changed = runs.flatMap { run in run.cells.indices.map { "\(run.x + $0),\(run.y)" } }
        #expect(drawn.sorted() == changed.sorted())
    }

    @Test func blanksTakeTheStyleBesideThemButNeverUnderlineOrAnotherBackground() {
        var before = CellGrid(width: 12, height: 1)
        before.write("xxxxxxxxxxxx", x: 0, y: 0)
        var after = CellGrid(width: 12, height: 1)
        after.write("ab", x: 0, y: 0, style: Self.name)
        after.write("cd", x: 4, y: 0, style: Self.name)       // "ab  cd": one segment, bold blanks
        after.write(" ", x: 6, y: 0, style: Style(.text, [.underline]))
        after.write(" ", x: 7, y: 0, style: Style(.text, background: .accent))
        let segments = PaintPlan.segments(of: after.changes(from: before)[0])
        #expect(segments.map(\.x) == [0, 6, 7, 8])
        #expect(segments[0].style == Self.name && segments[0].cells.count == 6)
        #expect(segments[1].style.attributes == [.underline])
        #expect(segments[2].style.background == .accent)
    }

    @Test func aRepaintOrOneChangeStaysInRowOrder() {
        #expect(PaintPlan(Self.list(from: 100, rows: 10), from: nil).passes.count == 1)
        var one = Self.list(from: 100, rows: 3)
        one.write("9", x: 32, y: 1, style: Self.amount)
        #expect(PaintPlan(one, from: Self.list(from: 100, rows: 3)).passes.count == 1)
    }

    /// Issue 36: the pantry's due texts are one colour on the rows due soon and another on the
    /// rows after; a pass for each would cost a flush and its reset between them, where one
    /// pass in row order changes only the colour once.
    @Test func passesOfStylesDifferingOnlyInColourAreDrawnAsOneWhenThatIsCheaper() {
        let soon = Style(.warning), later = Style(.success)
        func list(from first: Int) -> CellGrid {
            var grid = CellGrid(width: 40, height: 8)
            for row in 0..<8 {
                grid.write("Product \(first + row * 37)", x: 2, y: row, style: Self.name)
                grid.write("in \(first + row) days", x: 20, y: row, style: row < 4 ? soon : later)
                grid.write("\(1 + (first + row) % 9) pcs", x: 32, y: row, style: Self.amount)
            }
            return grid
        }
        let before = list(from: 100), after = list(from: 137)
        let plan = PaintPlan(after, from: before)
        // Names, amounts, and the two colours of due text together.
        #expect(plan.passes.map { Set($0.map(\.style)) }.contains([soon, later]), "\(plan.passes.map { Set($0.map(\.style)) })")
        #expect(plan.passes.count == 3)
        // Estimated, it saves a flush: one pass per style would cost more.
        let separate = plan.passes.flatMap { pass in
            Dictionary(grouping: pass, by: \.style).values.map { $0.sorted { ($0.y, $0.x) < ($1.y, $1.x) } }
        }
        #expect(separate.count == 4)
        #expect(PaintPlan.cost(of: plan.passes) < PaintPlan.cost(of: separate))
        let drawn = plan.passes.joined().flatMap { segment in segment.cells.indices.map { "\(segment.x + $0),\(segment.y)" } }
        let changed = after.changes(from: before).flatMap { run in run.cells.indices.map { "\(run.x + $0),\(run.y)" } }
        #expect(drawn.sorted() == changed.sorted())
        // Styles that differ in weight are not merged where they alternate on every row.
        #expect(!plan.passes.contains { Set($0.map(\.style)).isSuperset(of: [Self.name, Self.amount]) })
    }

    @Test func aShortGapOfBlanksBetweenTwoSpansOfOneStyleIsDrawnWithThem() {
        var before = CellGrid(width: 20, height: 1)
        before.write("ab    cd", x: 0, y: 0, style: Self.amount)
        var after = before
        after.write("xy", x: 0, y: 0, style: Self.amount)
        after.write("zw", x: 6, y: 0, style: Self.amount)
        let plan = PaintPlan(after, from: before)
        #expect(plan.passes.count == 1 && plan.passes[0].count == 1)
        #expect(plan.passes[0][0].x == 0 && plan.passes[0][0].cells.map(\.text).joined() == "xy    zw")
    }
}
