import Foundation

extension CellGrid {
    /// The grid with every cell made ASCII, for terminals without a UTF-8 locale: letters lose
    /// their diacritics ("Tháng" → "Thang", "đ" → "d"), drawing characters become + - | # and
    /// anything else becomes "?". Wide characters keep their two columns ("? ").
    public func foldedToASCII() -> CellGrid {
        var copy = self
        for y in 0..<height {
            for x in 0..<width {
                let cell = self[x, y]
                if cell.isContinuation { copy.put(Cell(" ", style: cell.style), x: x, y: y); continue }
                if cell.text.allSatisfy(\.isASCII) { continue }
                copy.put(Cell(Self.ascii(cell.text), style: cell.style), x: x, y: y)
            }
        }
        return copy
    }

    private mutating func put(_ cell: Cell, x: Int, y: Int) { fillCell(cell, x: x, y: y) }

    static func ascii(_ text: String) -> String {
        switch text {
        case "╭", "╮", "╰", "╯", "┼", "├", "┤", "┬", "┴", "┌", "┐", "└", "┘": return "+"
        case "─", "━", "…": return text == "…" ? "." : "-"
        case "│", "┃", "▌", "▏", "▎", "▐": return "|"
        case "·": return "."
        case "×": return "x"
        case "○": return "o"
        case "█", "▓", "▒", "●", "•": return text == "•" ? "*" : "#"
        case "░": return "-"
        case "đ": return "d"
        case "Đ": return "D"
        case "’", "‘": return "'"
        case "“", "”": return "\""
        case "–", "—": return "-"
        default:
            let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            return folded.count == 1 && folded.allSatisfy(\.isASCII) ? folded : "?"
        }
    }
}
