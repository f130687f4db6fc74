extension CellGrid {
    /// Copies another grid onto this one at (x, y), clipped. Wide characters cut by the right
    /// edge become spaces, so the result still lines up.
    public mutating func blit(_ source: CellGrid, x: Int, y: Int) {
        for row in 0..<source.height where y + row >= 0 && y + row < height {
            for column in 0..<source.width where x + column >= 0 && x + column < width {
                var cell = source[column, row]
                if !cell.isContinuation, column + 1 < source.width, source[column + 1, row].isContinuation, x + column + 1 >= width {
                    cell.text = " "
                }
                if cell.isContinuation, x + column == 0 { cell.text = " " }
                fillCell(cell, x: x + column, y: y + row)
            }
        }
    }

    /// Gives the cells of `rect` that pass `test` a new style (the focus mark on a frame).
    public mutating func restyle(_ rect: Rect, style: Style, where test: (Cell) -> Bool = { _ in true }) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX where test(self[x, y]) {
                var cell = self[x, y]
                cell.style = style
                fillCell(cell, x: x, y: y)
            }
        }
    }
}
