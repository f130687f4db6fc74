import Foundation
import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// The accessoryCircular family's ring (18×9, a box of 9×5 when compact), in the border role,
/// centred in the pane; ASCII mode draws it with + - |.
enum Ring {
    static let large = [
        "    ╭────────╮    ",
        "  ╭─╯        ╰─╮  ",
        " ╭╯            ╰╮ ",
        " │              │ ",
        " │              │ ",
        " │              │ ",
        " ╰╮            ╭╯ ",
        "  ╰─╮        ╭─╯  ",
        "    ╰────────╯    ",
    ]
    static let small = [
        "╭───────╮",
        "│       │",
        "│       │",
        "│       │",
        "╰───────╯",
    ]

    /// Draws the ring for the context's density.
    /// - Returns: its middle row, between its sides (one column in from the outline); nil,
    ///   drawing nothing, when the grid is too small for it.
    static func draw(in grid: inout CellGrid, _ context: WidgetContext) -> Rect? {
        let ring = context.density == .compact ? small : large
        let width = DisplayWidth.of(ring[0])
        guard grid.width >= width, grid.height >= ring.count else { return nil }
        let left = (grid.width - width) / 2, top = (grid.height - ring.count) / 2
        for (row, line) in ring.enumerated() {
            grid.write(context.ascii ? ascii(line) : line, x: left, y: top + row, style: Style(.border))
        }
        return Rect(x: left + 1, y: top + ring.count / 2, width: width - 2, height: 1)
    }

    /// Draws the ring as a gauge: its outline filled clockwise from the top for `percent` of
    /// its length, in `style` and heavy lines (`#` in ASCII mode: it reads without color too);
    /// the rest in the border role.
    /// - Returns: as `draw`, its middle row; nil, drawing nothing, when the grid is too small.
    static func drawGauge(in grid: inout CellGrid, _ context: WidgetContext, percent: Int, style: Style) -> Rect? {
        guard let middle = draw(in: &grid, context) else { return nil }
        let ring = context.density == .compact ? small : large
        let width = DisplayWidth.of(ring[0])
        let left = (grid.width - width) / 2, top = (grid.height - ring.count) / 2
        let cells = outline(ring)
        let filled = (cells.count * max(0, min(100, percent)) + 50) / 100
        for (column, row, character) in cells.prefix(filled) {
            grid.write(context.ascii ? "#" : String(heavy(character)), x: left + column, y: top + row, style: style)
        }
        return middle
    }

    /// The outline's cells in clockwise order from the top middle (by their angle around the
    /// ring's centre, cells being twice as tall as wide).
    static func outline(_ ring: [String]) -> [(column: Int, row: Int, character: Character)] {
        var cells: [(column: Int, row: Int, character: Character)] = []
        for (row, line) in ring.enumerated() {
            for (column, character) in line.enumerated() where character != " " { cells.append((column, row, character)) }
        }
        let centreX = Double(DisplayWidth.of(ring[0]) - 1) / 2, centreY = Double(ring.count - 1) / 2
        func angle(_ cell: (column: Int, row: Int, character: Character)) -> Double {
            // 0 at the top, growing clockwise, in [0, 2π).
            let value = atan2(Double(cell.column) - centreX, (centreY - Double(cell.row)) * 2)
            return value < -1e-9 ? value + 2 * Double.pi : max(0, value)
        }
        return cells.sorted { angle($0) < angle($1) }
    }

    /// The heavy form of an outline's character: the filled part of a gauge.
    static func heavy(_ character: Character) -> Character {
        switch character {
        case "─": return "━"
        case "│": return "┃"
        case "╭": return "┏"
        case "╮": return "┓"
        case "╰": return "┗"
        case "╯": return "┛"
        default: return character
        }
    }

    /// Writes a gauge's label on the row under the middle one (inside the ring at both
    /// densities): the first of `candidates` that fits whole, else none.
    static func label(_ candidates: [String], in grid: inout CellGrid, middle: Rect) {
        guard let label = candidates.first(where: { DisplayWidth.of($0) <= middle.width }) else { return }
        grid.write(label, in: middle.offsetBy(dy: 1), style: Style(.muted), alignment: .center)
    }

    static func ascii(_ line: String) -> String {
        String(line.map { character -> Character in
            switch character {
            case "╭", "╮", "╰", "╯": return "+"
            case "─": return "-"
            case "│": return "|"
            default: return character
            }
        })
    }
}
