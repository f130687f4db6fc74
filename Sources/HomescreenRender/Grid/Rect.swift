/// A rectangle of cells: the area a view or a pane draws into.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int = 0, y: Int = 0, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }
    public var description: String { "\(width)×\(height)@\(x),\(y)" }

    /// The rectangle shrunk by `dx` columns and `dy` rows on each side.
    public func offsetBy(dx: Int = 0, dy: Int = 0) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public func inset(dx: Int, dy: Int) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }

    /// The top `rows` rows, and the rest below them.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: taken),
                Rect(x: x, y: y + taken, width: width, height: height - taken))
    }

    /// The bottom `rows` rows, and the rest above them.
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: height - taken),
                Rect(x: x, y: maxY - taken, width: width, height: taken))
    }

    /// One row of the rectangle (relative index).
    public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: index < height ? 1 : 0) }

    /// Whether a cell is inside.
    public func contains(column: Int, row: Int) -> Bool { column >= x && column < maxX && row >= y && row < maxY }

    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
