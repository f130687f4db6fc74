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
/// - when it is cheaper, sends the frame in passes, one per style, so the pen changes once per
///   style instead of at every span; passes are then drawn as one, in row order, while that is
///   cheaper, and put in the cheapest order found (the pen one leaves is where the next starts).
///   What "cheaper" is comes from the backend: `ChangeWriter.Counter` counts the bytes it would
///   send exactly; without one, an estimate where each pass is a curses refresh ending in a
///   reset. A full repaint, or a change in one place, stays in row order (one pass).
public struct PaintPlan: Sendable {
    /// Each pass is drawn and flushed before the next; segments within a pass are in row order.
    public let passes: [[PaintSegment]]

    // Estimated bytes: a cursor move, and the reset ncurses sends after each flush.
    static let moveCost = 8, flushCost = 12

    /// - Parameter penCost: the bytes that switch the terminal to a style from another (nil: from
    ///   the normal pen a flush leaves); the backend knows its colors (a 256-color foreground
    ///   alone is 11; leaving an attribute is a reset and the colors again).
    /// The plan for drawing `grid` over `previous` (nil: a repaint, in row order).
    public init(_ grid: CellGrid, from previous: CellGrid?, penCost: @escaping PenCost = PaintPlan.estimatedPenCost, looks: Looks? = nil) {
        self.init(grid, from: previous, looks: looks) { Self.cost(of: $0, penCost: penCost) }
    }

    /// - Parameter cost: the bytes of drawing some passes in order (a backend that writes the
    ///   terminal itself counts them exactly); the plan is the cheapest it finds.
    /// - Parameter looks: how a style shows on this terminal (its colors and attributes): a blank
    ///   takes a neighbour's pen only when it shows the same in it. Without one, by the roles.
    public init(_ grid: CellGrid, from previous: CellGrid?, looks: Looks? = nil, cost: Cost) {
        self.init(grid.changes(from: previous), in: grid, allowPasses: previous.map { $0.width == grid.width && $0.height == grid.height } ?? false,
                  looks: looks, cost: cost)
    }

    public typealias PenCost = (_ to: Style, _ from: Style?) -> Int
    public typealias Cost = (_ passes: [[PaintSegment]]) -> Int
    public typealias Looks = (Style) -> ResolvedStyle

    /// Without a backend: 14 bytes for a pen, 11 for a change of colour alone.
    public static func estimatedPenCost(_ style: Style, from: Style?) -> Int {
        from.map { $0.attributes == style.attributes } == true ? 11 : 14
    }

    init(_ runs: [CellRun], in grid: CellGrid, allowPasses: Bool = true, looks: Looks? = nil, cost: Cost = { PaintPlan.cost(of: $0) }) {
        // In row order, a segment of blanks only keeps the pen of the segment before it.
        var segments: [PaintSegment] = []
        for segment in runs.flatMap({ Self.segments(of: $0, looks: looks) }) {
            if let before = segments.last, Self.onlyBlanks(segment, fit: before.style, looks: looks) {
                segments.append(PaintSegment(x: segment.x, y: segment.y, style: before.style, cells: segment.cells))
            } else {
                segments.append(segment)
            }
        }
        guard allowPasses, segments.count > 2 else {
            passes = segments.isEmpty ? [] : [Self.bridged(segments, in: grid, looks: looks)]
            return
        }
        // One pass per style; a segment of blanks only joins the first pass whose pen fits it.
        var byStyle: [Style: [PaintSegment]] = [:], order: [Style] = [], blanks: [PaintSegment] = []
        for segment in segments {
            if segment.cells.allSatisfy({ $0.text == " " || $0.isContinuation }) { blanks.append(segment); continue }
            if byStyle[segment.style] == nil { order.append(segment.style) }
            byStyle[segment.style, default: []].append(segment)
        }
        for segment in blanks {
            let style = order.first { Self.onlyBlanks(segment, fit: $0, looks: looks) } ?? segment.style
            if byStyle[style] == nil { order.append(style) }
            byStyle[style, default: []].append(PaintSegment(x: segment.x, y: segment.y, style: style, cells: segment.cells))
        }
        let separate = order.map { Self.bridged(byStyle[$0]!.sorted { ($0.y, $0.x) < ($1.y, $1.x) }, in: grid, looks: looks) }
        // The search weighs about passes³ candidates: a frame of many styles (a form opening)
        // is drawn one pass per style or in row order, whichever is cheaper.
        let grouped = separate.count > Self.searchLimit ? separate : Self.reordered(Self.merged(separate, in: grid, looks: looks, cost: cost), cost: cost)
        let rowOrder = [Self.bridged(segments, in: grid, looks: looks)]
        passes = cost(grouped) < cost(rowOrder) ? grouped : rowOrder
    }

    /// Two passes drawn as one (in row order) while that saves bytes by the estimate: the
    /// cheapest merge first, until none saves.
    static func merged(_ passes: [[PaintSegment]], in grid: CellGrid, looks: Looks? = nil, cost: Cost) -> [[PaintSegment]] {
        var passes = passes
        var total = cost(passes)
        while passes.count > 1 {
            var best: (cost: Int, passes: [[PaintSegment]])?
            for first in passes.indices {
                for second in passes.indices where second > first {
                    var candidate = passes
                    candidate[first] = bridged((passes[first] + passes[second]).sorted { ($0.y, $0.x) < ($1.y, $1.x) }, in: grid, looks: looks)
                    candidate.remove(at: second)
                    let candidateCost = cost(candidate)
                    if candidateCost < (best?.cost ?? total) { best = (candidateCost, candidate) }
                }
            }
            guard let best else { break }
            (total, passes) = (best.cost, best.passes)
        }
        return passes
    }

    /// The passes in the cheapest order found by moving one at a time while that saves bytes
    /// (the pen one pass leaves is where the next starts: bold last, or the colours in a row).
    static func reordered(_ passes: [[PaintSegment]], cost: Cost) -> [[PaintSegment]] {
        var passes = passes, total = cost(passes), improved = true
        while improved {
            improved = false
            for from in passes.indices {
                for to in passes.indices where to != from {
                    var candidate = passes
                    candidate.insert(candidate.remove(at: from), at: to)
                    let candidateCost = cost(candidate)
                    if candidateCost < total { (passes, total, improved) = (candidate, candidateCost, true) }
                }
            }
        }
        return passes
    }

    /// Two segments of one style a few cells apart on a row become one when the cells between
    /// them are blanks that fit the style: ncurses writes such short gaps rather than moving the
    /// cursor, and would switch to each blank's own pen and back to do it.
    static func bridged(_ segments: [PaintSegment], in grid: CellGrid, looks: Looks? = nil) -> [PaintSegment] {
        var result: [PaintSegment] = []
        for segment in segments {
            if let last = result.last, last.y == segment.y, last.style == segment.style {
                let end = last.x + last.cells.count
                let gap = (end..<max(end, segment.x)).map { grid[$0, segment.y] }
                if segment.x >= end, gap.count <= maximumBridge, gap.allSatisfy({ blank($0, fits: segment.style, looks: looks) }) {
                    result[result.count - 1] = PaintSegment(x: last.x, y: last.y, style: last.style, cells: last.cells + gap + segment.cells)
                    continue
                }
            }
            result.append(segment)
        }
        return result
    }

    static let maximumBridge = 6
    static let searchLimit = 12

    /// Whether `cell` looks the same drawn with `style` as with its own.
    /// By the roles without `looks`; with it, by what the terminal shows (without colors,
    /// reverse video stands in for a background or a foreground such as danger).
    static func blank(_ cell: Cell, fits style: Style, looks: Looks? = nil) -> Bool {
        let visibleOnBlank: TextAttributes = [.underline, .reverse]
        guard cell.text == " " else { return false }
        guard let looks else {
            return cell.style.background == style.background
                && cell.style.attributes.isDisjoint(with: visibleOnBlank) && style.attributes.isDisjoint(with: visibleOnBlank)
        }
        return looks(cell.style).blankLooksTheSame(as: looks(style))
    }

    static func onlyBlanks(_ segment: PaintSegment, fit style: Style, looks: Looks? = nil) -> Bool {
        segment.cells.allSatisfy { $0.text == " " && blank($0, fits: style, looks: looks) }
    }

    /// A run cut where the style changes; blanks join the segment on their left when they fit
    /// it, and a segment of blanks only takes the style of the cell that follows it.
    static func segments(of run: CellRun, looks: Looks? = nil) -> [PaintSegment] {
        var segments: [PaintSegment] = []
        var start = run.x, style: Style?, cells: [Cell] = [], onlyBlanks = true
        func close() { if let style, !cells.isEmpty { segments.append(PaintSegment(x: start, y: run.y, style: style, cells: cells)) } }
        for (offset, cell) in run.cells.enumerated() {
            let isBlank = cell.text == " "
            if let current = style, cell.isContinuation || cell.style == current || (isBlank && blank(cell, fits: current, looks: looks)) {
                cells.append(cell)
                if !isBlank, !cell.isContinuation { onlyBlanks = false }
                continue
            }
            if style != nil, onlyBlanks, cells.allSatisfy({ blank($0, fits: cell.style, looks: looks) }) {
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
    static func cost(of passes: [[PaintSegment]], penCost: PenCost = PaintPlan.estimatedPenCost) -> Int {
        var total = 0
        for pass in passes {
            total += flushCost
            var pen: Style?, end: (x: Int, y: Int)?
            for segment in pass {
                if end.map({ $0.x != segment.x || $0.y != segment.y }) ?? true { total += moveCost }
                if segment.style != pen { total += penCost(segment.style, pen) }
                pen = segment.style
                end = (segment.x + segment.cells.count, segment.y)
            }
        }
        return total
    }
}
