/// Cells of one style, side by side on one row: what a terminal draws with one pen after one
/// cursor move. Its blanks may carry another style than their own (see `PaintPlan`).
public struct PaintSegment: Hashable, Sendable {
    public let x: Int
    public let y: Int
    public let style: Style
    public let cells: [Cell]
}

/// In which order, and with which pen, the changed cells of a frame go to the terminal.
///
/// A terminal draws row by row, and every change of style between two changed spans costs an
/// SGR sequence; leaving bold costs a full reset and the colors again (terminfo has no "bold
/// off"): 15–17 bytes against 2–4 for the digits that changed. When a pantry list moves up,
/// every row alternates between a bold name and a plain amount. The plan therefore:
/// - lets a blank cell (a space with no underline or reverse, which looks the same in any
///   foreground and weight) take the style of its neighbour with the same background, so it
///   never needs a pen of its own;
/// - when it is cheaper by its estimate, sends the frame in passes, one per style (each pass a
///   separate flush of the same frame), so the pen changes once per style instead of at every
///   span. A full repaint, or a change in one place, stays in row order (one pass).
public struct PaintPlan: Sendable {
    /// Each pass is drawn and flushed before the next; segments within a pass are in row order.
    public let passes: [[PaintSegment]]

    // Estimated bytes: a cursor move, a pen change, and the reset ncurses sends after each flush.
    static let moveCost = 8, penCost = 14, flushCost = 10

    public init(_ runs: [CellRun], allowPasses: Bool = true) {
        let segments = runs.flatMap(Self.segments)
        guard allowPasses, segments.count > 2 else {
            passes = segments.isEmpty ? [] : [segments]
            return
        }
        var byStyle: [Style: [PaintSegment]] = [:], order: [Style] = []
        for segment in segments {
            if byStyle[segment.style] == nil { order.append(segment.style) }
            byStyle[segment.style, default: []].append(segment)
        }
        let grouped = order.map { byStyle[$0]! }
        passes = Self.cost(of: grouped) < Self.cost(of: [segments]) ? grouped : [segments]
    }

    /// Whether `cell` looks the same drawn with `style` as with its own.
    static func blank(_ cell: Cell, fits style: Style) -> Bool {
        let visibleOnBlank: TextAttributes = [.underline, .reverse]
        return cell.text == " " && cell.style.background == style.background
            && cell.style.attributes.isDisjoint(with: visibleOnBlank) && style.attributes.isDisjoint(with: visibleOnBlank)
    }

    /// A run cut where the style changes; blanks join the segment on their left when they fit
    /// it, and a segment of blanks only takes the style of the cell that follows it.
    static func segments(of run: CellRun) -> [PaintSegment] {
        var segments: [PaintSegment] = []
        var start = run.x, style: Style?, cells: [Cell] = [], onlyBlanks = true
        func close() { if let style, !cells.isEmpty { segments.append(PaintSegment(x: start, y: run.y, style: style, cells: cells)) } }
        for (offset, cell) in run.cells.enumerated() {
            let isBlank = cell.text == " "
            if let current = style, cell.isContinuation || cell.style == current || (isBlank && blank(cell, fits: current)) {
                cells.append(cell)
                if !isBlank, !cell.isContinuation { onlyBlanks = false }
                continue
            }
            if style != nil, onlyBlanks, cells.allSatisfy({ blank($0, fits: cell.style) }) {
                // The blanks before this cell take its style.
                style = cell.style
                cells.append(cell)
                onlyBlanks = isBlank
                continue
            }
            close()
            start = run.x + offset
            style = cell.style
            cells = [cell]
            onlyBlanks = isBlank
        }
        close()
        return segments
    }

    /// Estimated bytes of drawing `passes` in order, beyond the characters themselves.
    static func cost(of passes: [[PaintSegment]]) -> Int {
        var total = 0
        for pass in passes {
            total += flushCost
            var pen: Style?, end: (x: Int, y: Int)?
            for segment in pass {
                if end.map({ $0.x != segment.x || $0.y != segment.y }) ?? true { total += moveCost }
                if segment.style != pen { total += penCost }
                pen = segment.style
                end = (segment.x + segment.cells.count, segment.y)
            }
        }
        return total
    }
}
