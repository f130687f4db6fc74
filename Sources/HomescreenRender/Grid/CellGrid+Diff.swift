/// A run of changed cells on one row: what the backend must send to the terminal.
public struct CellRun: Hashable, Sendable {
    public let x: Int
    public let y: Int
    public let cells: [Cell]
}

extension CellGrid {
    /// The runs of cells that differ from `previous`. A grid of another size differs everywhere.
    /// A changed wide character is sent whole: a run never starts on a continuation cell.
    public func changes(from previous: CellGrid?) -> [CellRun] {
        guard let previous, previous.width == width, previous.height == height else {
            return (0..<height).map { y in CellRun(x: 0, y: y, cells: Array(cells[y * width..<(y + 1) * width])) }
        }
        var runs: [CellRun] = []
        for y in 0..<height {
            var x = 0
            while x < width {
                guard self[x, y] != previous[x, y] else { x += 1; continue }
                var start = x
                if self[start, y].isContinuation, start > 0 { start -= 1 }
                var end = x + 1
                while end < width, self[end, y] != previous[end, y] || self[end, y].isContinuation { end += 1 }
                runs.append(CellRun(x: start, y: y, cells: Array(cells[y * width + start..<y * width + end])))
                x = end
            }
        }
        return runs
    }
}
