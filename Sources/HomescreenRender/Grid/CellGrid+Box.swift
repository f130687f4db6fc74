/// Box drawing, with an ASCII fallback for terminals without a UTF-8 locale.
public struct BoxCharacters: Sendable {
    public let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: String

    public static let rounded = BoxCharacters(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    public static let ascii = BoxCharacters(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
}

extension CellGrid {
    /// Draws a frame on the edge of `rect`, with an optional title in its top edge.
    public mutating func frame(_ rect: Rect, style: Style = Style(.border), box: BoxCharacters = .rounded, title: String? = nil, titleStyle: Style? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        for x in rect.x + 1..<right {
            write(box.horizontal, x: x, y: rect.y, style: style)
            write(box.horizontal, x: x, y: bottom, style: style)
        }
        for y in rect.y + 1..<bottom {
            write(box.vertical, x: rect.x, y: y, style: style)
            write(box.vertical, x: right, y: y, style: style)
        }
        write(box.topLeft, x: rect.x, y: rect.y, style: style)
        write(box.topRight, x: right, y: rect.y, style: style)
        write(box.bottomLeft, x: rect.x, y: bottom, style: style)
        write(box.bottomRight, x: right, y: bottom, style: style)
        if let title, rect.width > 4 {
            write(" \(title) ", in: Rect(x: rect.x + 2, y: rect.y, width: rect.width - 4, height: 1), style: titleStyle ?? style)
        }
    }
}
