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
