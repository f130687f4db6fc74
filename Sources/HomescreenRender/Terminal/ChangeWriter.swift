/// The bytes that turn a terminal showing one frame into the next: the changed cells of a
/// `PaintPlan`, each span reached by the shortest cursor move the terminal has (absolute, to a
/// column or row, relative, carriage return and line feed, or the unchanged cells in between
/// written again), the pen changed only in what differs. It starts from an unknown cursor and
/// the normal pen and leaves the normal pen, as a curses refresh does.
public struct ChangeWriter: Sendable {
    public let controls: TerminalControls
    /// How a style shows on this terminal: attributes it lacks (or cannot show with a color)
    /// left out, so the pen tracked is the pen shown.
    public let resolve: @Sendable (Style) -> ResolvedStyle

    public init(controls: TerminalControls, resolve: @escaping @Sendable (Style) -> ResolvedStyle) {
        self.controls = controls
        let shown = controls.attributes.keys.reduce(into: TextAttributes()) { $0.formUnion($1) }
        self.resolve = { style in
            let resolved = resolve(style)
            var attributes = resolved.attributes.intersection(shown)
            if resolved.foreground != .terminalDefault || resolved.background != .terminalDefault { attributes.subtract(controls.notWithColor) }
            guard attributes != resolved.attributes else { return resolved }
            return ResolvedStyle(foreground: resolved.foreground, background: resolved.background, attributes: attributes)
        }
    }

    /// Draws `passes` (in order) over a terminal that shows `previous`, to show `grid`.
    public func bytes(_ passes: [[PaintSegment]], grid: CellGrid, previous: CellGrid) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        var last: PaintSegment?
        for segment in passes.joined() {
            output += transition(from: last, to: segment, grid: grid, previous: previous)
            for cell in segment.cells where !cell.isContinuation { Self.append(cell, to: &output) }
            last = segment
        }
        if let last, resolve(last.style) != .reset { output += controls.reset }
        return output
    }

    /// Draws all of `grid` on a terminal whose screen is unknown (the first frame, a new size,
    /// after SIGCONT or a write that was lost): the screen cleared in the normal pen, then, in
    /// row order, every cell that does not look like a cleared one. Without `clear`, every cell.
    public func repaint(_ grid: CellGrid) -> [UInt8] {
        let cleared = clearedScreen(for: grid)
        let plan = PaintPlan(grid.changes(from: cleared), in: grid, allowPasses: false, looks: resolve)
        return controls.reset + (controls.clearScreen ?? []) + bytes(plan.passes, grid: grid, previous: cleared)
    }

    /// The grid a cleared screen is to `grid`: its cells that look like a cleared cell (a blank
    /// on the terminal's own background, without underline or reverse) as they are, every other
    /// cell one that differs from it. Without `clear`, nothing is known: every cell differs.
    func clearedScreen(for grid: CellGrid) -> CellGrid {
        let unknown = Cell("\u{0}")
        var cleared = CellGrid(width: grid.width, height: grid.height, fill: unknown)
        guard controls.clearScreen != nil else { return cleared }
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if cell.text == " ", resolve(cell.style).isInvisibleOnBlank { cleared.fillCell(cell, x: x, y: y) }
            }
        }
        return cleared
    }

    /// What `bytes` would send for some passes, counted: each step from one segment to the
    /// next depends only on the two, so a plan weighing many orders of the same segments asks
    /// for each step once.
    public final class Counter {
        let writer: ChangeWriter, grid: CellGrid, previous: CellGrid
        private var steps: [Step: Int] = [:], texts: [Place: Int] = [:]

        struct Place: Hashable { let x: Int, y: Int, count: Int }
        struct Step: Hashable { let from: Place?, to: Place }

        public init(_ writer: ChangeWriter, grid: CellGrid, previous: CellGrid) {
            (self.writer, self.grid, self.previous) = (writer, grid, previous)
        }

        public func bytes(_ passes: [[PaintSegment]]) -> Int {
            var total = 0
            var last: PaintSegment?
            for segment in passes.joined() {
                let place = Place(x: segment.x, y: segment.y, count: segment.cells.count)
                let step = Step(from: last.map { Place(x: $0.x, y: $0.y, count: $0.cells.count) }, to: place)
                if let known = steps[step] {
                    total += known
                } else {
                    let count = writer.transition(from: last, to: segment, grid: grid, previous: previous).count
                    steps[step] = count
                    total += count
                }
                if let known = texts[place] {
                    total += known
                } else {
                    var text: [UInt8] = []
                    for cell in segment.cells where !cell.isContinuation { ChangeWriter.append(cell, to: &text) }
                    texts[place] = text.count
                    total += text.count
                }
                last = segment
            }
            if let last, writer.resolve(last.style) != .reset { total += writer.controls.reset.count }
            return total
        }
    }

    /// From the end of `last` (nil: the start of the frame, cursor unknown, normal pen) to the
    /// start of `segment` with its pen: a cursor move and a pen change, in the order that lets
    /// the move write unchanged cells again in the pen that makes them look the same.
    func transition(from last: PaintSegment?, to segment: PaintSegment, grid: CellGrid, previous: CellGrid) -> [UInt8] {
        let pen = last.map { resolve($0.style) } ?? .reset
        // At the last column the cursor waits to wrap, where terminals differ; after a cluster of
        // several scalars (a flag, a skin tone, an emoji with VS16) terminals disagree on its
        // width: in either case where the cursor is is not relied on.
        let cursor = last.flatMap { last -> (x: Int, y: Int)? in
            let end = last.x + last.cells.count
            return end >= grid.width || last.cells.contains(where: Self.widthInDoubt) ? nil : (end, last.y)
        }
        let style = resolve(segment.style)
        let change = penChange(from: pen, to: style)
        let before = move(from: cursor, to: segment.x, segment.y, pen: pen, grid: grid, previous: previous)
        guard style != pen else { return before }
        let after = move(from: cursor, to: segment.x, segment.y, pen: style, grid: grid, previous: previous)
        return after.count < before.count ? change + after : before + change
    }

    /// The scalars a cell sends: one grapheme, a cluster longer than curses keeps in a cell cut
    /// to its first scalar, and any control (never there: the grid made text safe) as U+FFFD.
    public static func scalars(of cell: Cell) -> [Unicode.Scalar] {
        let replacement: Unicode.Scalar = "\u{FFFD}"
        var scalars = cell.text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? replacement : scalar
        }
        if scalars.count > 4 { scalars = Array(scalars.prefix(1)) }
        return scalars
    }

    /// A cell whose width terminals measure differently: more than one scalar.
    static func widthInDoubt(_ cell: Cell) -> Bool {
        var scalars = cell.text.unicodeScalars.makeIterator()
        return scalars.next() != nil && scalars.next() != nil
    }

    static func append(_ cell: Cell, to output: inout [UInt8]) {
        for scalar in scalars(of: cell) { UTF8.encode(scalar) { output.append($0) } }
    }

    /// The shortest bytes that take the cursor from `cursor` (nil: unknown) to (x, y).
    func move(from cursor: (x: Int, y: Int)?, to x: Int, _ y: Int, pen: ResolvedStyle, grid: CellGrid, previous: CellGrid) -> [UInt8] {
        let absolute = controls.cursorPosition(y, x)
        guard let cursor else { return absolute }
        if cursor.x == x, cursor.y == y { return [] }
        // Down, up or to the row keep the column; then along the row.
        var vertical: [[UInt8]] = []
        let rows = y - cursor.y
        if rows == 0 {
            vertical = [[]]
        } else {
            if let row = controls.row { vertical.append(row(y)) }
            if rows > 0 {
                if let down = controls.down { vertical.append(down(rows)) }
                if let one = controls.downOne { vertical.append(Array([[UInt8]](repeating: one, count: rows).joined())) }
            } else {
                if let up = controls.up { vertical.append(up(-rows)) }
                if let one = controls.upOne { vertical.append(Array([[UInt8]](repeating: one, count: -rows).joined())) }
            }
        }
        var horizontal: [[UInt8]] = []
        if x == cursor.x { horizontal.append([]) }
        if let column = controls.column { horizontal.append(column(x)) }
        if x > cursor.x {
            if let forward = controls.forward { horizontal.append(forward(x - cursor.x)) }
            if x - cursor.x == 1, let one = controls.forwardOne { horizontal.append(one) }
            if let cells = rewritten(from: cursor.x, to: x, row: y, pen: pen, grid: grid, previous: previous) { horizontal.append(cells) }
        } else if x < cursor.x {
            if let backward = controls.backward { horizontal.append(backward(cursor.x - x)) }
            if cursor.x - x == 1, let one = controls.backwardOne { horizontal.append(one) }
        }
        if let carriageReturn = controls.carriageReturn {
            if x == 0 {
                horizontal.append(carriageReturn)
            } else {
                if let forward = controls.forward { horizontal.append(carriageReturn + forward(x)) }
                if let cells = rewritten(from: 0, to: x, row: y, pen: pen, grid: grid, previous: previous) { horizontal.append(carriageReturn + cells) }
            }
        }
        var best = absolute
        for down in vertical {
            guard let along = horizontal.min(by: { $0.count < $1.count }), down.count + along.count < best.count else { continue }
            best = down + along
        }
        return best
    }

    /// The cells from `start` to `end` on `row` written again with `pen`, when none of them
    /// changed (so the terminal shows them whatever was drawn before) and each looks the same
    /// in that pen: its own style, or a blank on the same background without underline or reverse.
    func rewritten(from start: Int, to end: Int, row: Int, pen: ResolvedStyle, grid: CellGrid, previous: CellGrid) -> [UInt8]? {
        // Longer than any cursor move: not worth looking at.
        guard end - start <= 8, start < end, !grid[start, row].isContinuation else { return nil }
        var output: [UInt8] = []
        for x in start..<end {
            let cell = grid[x, row]
            guard cell == previous[x, row] else { return nil }
            if cell.isContinuation { continue }
            if Self.widthInDoubt(cell) { return nil }
            let own = resolve(cell.style)
            let looksSame = own == pen || (cell.text == " " && own.blankLooksTheSame(as: pen))
            guard looksSame else { return nil }
            Self.append(cell, to: &output)
        }
        return output
    }

    /// The shortest bytes that change the pen: only what differs when nothing has to be turned
    /// off, else a reset and the whole pen.
    func penChange(from current: ResolvedStyle, to style: ResolvedStyle) -> [UInt8] {
        guard current != style else { return [] }
        var whole = controls.reset
        for (flag, sequence) in orderedAttributes where style.attributes.contains(flag) { whole += sequence }
        if style.foreground != .terminalDefault { whole += controls.foreground(style.foreground) ?? [] }
        if style.background != .terminalDefault { whole += controls.background(style.background) ?? [] }
        guard current.attributes.isSubset(of: style.attributes) else { return whole }
        var part: [UInt8] = []
        for (flag, sequence) in orderedAttributes where style.attributes.contains(flag) && !current.attributes.contains(flag) { part += sequence }
        if style.foreground != current.foreground {
            guard let sequence = controls.foreground(style.foreground) else { return whole }
            part += sequence
        }
        if style.background != current.background {
            guard let sequence = controls.background(style.background) else { return whole }
            part += sequence
        }
        return part.count < whole.count ? part : whole
    }

    private var orderedAttributes: [(TextAttributes, [UInt8])] {
        [TextAttributes.bold, .dim, .italic, .underline, .reverse].compactMap { flag in controls.attributes[flag].map { (flag, $0) } }
    }
}
