/// A rectangular buffer of cells. Views draw into it; encoders and the terminal backend read it.
/// Drawing is clipped to the grid, text is made safe and measured as it is written, and wide
/// characters occupy two cells (the second a continuation) so columns always line up.
public struct CellGrid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: fill, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Writes one cell, repairing any wide character it cuts in half.
    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        let index = y * width + x
        if cells[index].isContinuation, x > 0 {
            cells[index - 1].text = " "
        }
        if x + 1 < width, cells[index + 1].isContinuation, !cell.isContinuation {
            cells[index + 1].text = " "
        }
        cells[index] = cell
    }

    /// Replaces one cell as is (no measuring): for transformations of a whole grid.
    mutating func fillCell(_ cell: Cell, x: Int, y: Int) {
        cells[y * width + x] = cell
    }

    /// Fills a rectangle with one cell.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        for y in area.y..<area.maxY {
            for x in area.x..<area.maxX { set(x, y, cell) }
        }
    }

    /// Writes text at (x, y), never past `maxX` (defaults to the grid's right edge).
    /// The text is made safe first; a wide character that does not fit is replaced by a space.
    /// - Returns: the column after the last cell written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, maxX: Int? = nil) -> Int {
        guard y >= 0, y < height else { return x }
        let limit = min(maxX ?? width, width)
        var column = x
        for character in SafeText.clean(text) {
            let cellWidth = DisplayWidth.of(character)
            if column + cellWidth > limit { break }
            if column >= 0 {
                set(column, y, Cell(String(character), style: style))
                if cellWidth == 2 { set(column + 1, y, Cell("", style: style)) }
            }
            column += cellWidth
        }
        return column
    }

    /// Writes text truncated with "…" to fit `rect`'s first row, aligned in it.
    @discardableResult
    public mutating func write(_ text: String, in rect: Rect, style: Style = .plain, alignment: Alignment = .leading) -> Int {
        guard !rect.isEmpty else { return rect.x }
        let fitted = DisplayWidth.truncate(SafeText.clean(text), to: rect.width)
        let used = DisplayWidth.of(fitted)
        let start: Int
        switch alignment {
        case .leading: start = rect.x
        case .center: start = rect.x + (rect.width - used) / 2
        case .trailing: start = rect.maxX - used
        }
        return write(fitted, x: start, y: rect.y, style: style, maxX: rect.maxX)
    }

    /// The text of each row, wide characters once, continuation cells skipped.
    public func rowTexts() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !self[x, y].isContinuation { line += self[x, y].text }
            return line
        }
    }
}

/// Horizontal alignment of text in a rectangle.
public enum Alignment: Sendable {
    case leading, center, trailing
}
