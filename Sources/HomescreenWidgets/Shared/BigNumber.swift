import HomescreenRender

/// Numbers three rows tall in block elements, for the one figure a pane is about (what is
/// left to spend). Digits are three columns wide, separators one.
public enum BigNumber {
    public static let height = 3

    private static let digits: [Character: [String]] = [
        "0": ["█▀█", "█ █", "█▄█"], "1": ["▄█ ", " █ ", "▄█▄"], "2": ["▀▀█", "█▀▀", "█▄▄"],
        "3": ["▀▀█", " ▀█", "▄▄█"], "4": ["█ █", "▀▀█", "  █"], "5": ["█▀▀", "▀▀█", "▄▄█"],
        "6": ["█▀▀", "█▀█", "█▄█"], "7": ["▀▀█", "  █", "  █"], "8": ["█▀█", "█▀█", "█▄█"],
        "9": ["█▀█", "▀▀█", "▄▄█"], "-": ["   ", "▀▀▀", "   "], "\u{2212}": ["   ", "▀▀▀", "   "],
        "%": ["▀ █", " █ ", "█ ▄"],
    ]
    private static let narrow: [Character: [String]] = [
        ".": [" ", " ", "▄"], ",": [" ", " ", "▌"], " ": [" ", " ", " "], "\u{00A0}": [" ", " ", " "],
        "\u{202F}": [" ", " ", " "], "'": ["▐", " ", " "], "’": ["▐", " ", " "],
    ]

    /// The three rows for `text`, nil when it holds a character without a glyph.
    public static func rows(_ text: String) -> [String]? {
        var rows = ["", "", ""]
        var previousIsBlank = true
        for character in text {
            guard let glyph = digits[character] ?? narrow[character] else { return nil }
            // One column between glyphs, none next to a space.
            let isBlank = glyph.allSatisfy { $0 == " " }
            let gap = previousIsBlank || isBlank ? "" : " "
            for row in 0..<height { rows[row] += gap + glyph[row] }
            previousIsBlank = isBlank
        }
        return rows
    }

    public static func width(_ text: String) -> Int? { rows(text).map { DisplayWidth.of($0[0]) } }

    /// Draws `text` at (x, y). - Returns: false, drawing nothing, when it does not fit `maxX`
    /// or has a character without a glyph.
    @discardableResult
    public static func draw(_ text: String, in grid: inout CellGrid, x: Int, y: Int, maxX: Int, style: Style) -> Bool {
        guard let rows = rows(text), x + DisplayWidth.of(rows[0]) <= maxX, y + height <= grid.height else { return false }
        for (offset, line) in rows.enumerated() { grid.write(line, x: x, y: y + offset, style: style) }
        return true
    }
}
