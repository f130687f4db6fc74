import Foundation
import HomescreenRender

/// A picture of what a terminal shows for a grid, as a camera would see the screen: each cell
/// `cellWidth` × `cellHeight` pixels (twice as tall as wide, like a terminal font), block
/// elements exact, box drawing as thin lines, any other character as a solid block (the
/// worst case for whatever sits next to a QR code), colors resolved through the theme at a
/// color depth, the terminal's own default colors standing in for "default", reverse video
/// applied. Grayscale, written as PGM for zbar.
public struct TerminalPicture {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var pixels: [UInt8]

    /// A terminal's own colors (what "default" shows).
    public struct Colors: Sendable {
        public let foreground: RGB
        public let background: RGB
        public static let darkTerminal = Colors(foreground: RGB(0xD0, 0xD0, 0xD0), background: RGB(0x1E, 0x1E, 0x1E))
        public static let lightTerminal = Colors(foreground: RGB(0x20, 0x20, 0x20), background: RGB(0xFF, 0xFF, 0xFF))
    }

    public init(_ grid: CellGrid, theme: Theme, depth: ColorDepth, terminal: Colors, cellWidth: Int = 8, cellHeight: Int = 16) {
        width = grid.width * cellWidth
        height = grid.height * cellHeight
        pixels = Array(repeating: 0, count: width * height)
        for y in 0..<grid.height {
            for x in 0..<grid.width {
                let cell = grid[x, y]
                let style = ResolvedStyle(cell.style, theme: theme, depth: depth)
                var ink = Self.gray(style.foreground.shown(default: terminal.foreground))
                var paper = Self.gray(style.background.shown(default: terminal.background))
                if style.attributes.contains(.reverse) { swap(&ink, &paper) }
                let shape = Self.shape(cell.isContinuation ? " " : cell.text)
                for py in 0..<cellHeight {
                    for px in 0..<cellWidth {
                        let inked = shape(Double(px) + 0.5, Double(py) + 0.5, Double(cellWidth), Double(cellHeight))
                        pixels[(y * cellHeight + py) * width + x * cellWidth + px] = inked ? ink : paper
                    }
                }
            }
        }
    }

    static func gray(_ color: RGB) -> UInt8 {
        let red: Int = 299 * Int(color.red), green: Int = 587 * Int(color.green), blue: Int = 114 * Int(color.blue)
        return UInt8((red + green + blue) / 1000)
    }

    /// The block elements by the quadrants they cover (bit 0 top left, 1 top right, 2 bottom
    /// left, 3 bottom right).
    static let quadrantGlyphs = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]

    /// Whether the glyph covers the point (x, y) of a w × h cell.
    static func shape(_ text: String) -> (Double, Double, Double, Double) -> Bool {
        if text == " " { return { _, _, _, _ in false } }
        if let bits = quadrantGlyphs.firstIndex(of: text) {
            return { x, y, w, h in
                let bit = (x < w / 2 ? 0 : 1) + (y < h / 2 ? 0 : 2)
                return bits & (1 << bit) != 0
            }
        }
        if text == "#" {
            // As an 8×16 terminal font draws it: two upright strokes and two bars, one pixel
            // wide each (scaled with the cell).
            return { x, y, w, h in
                let px: Double = w / 8
                let upright: Bool = (abs(x - 2.5 * px) < px / 2 || abs(x - 5.5 * px) < px / 2) && y > h * 0.25 && y < h * 0.8
                let level: Bool = (abs(y - h * 0.4) < px / 2 || abs(y - h * 0.62) < px / 2) && x > px && x < 7 * px
                return upright || level
            }
        }
        if let scalar = text.unicodeScalars.first, (0x2500...0x257F).contains(scalar.value) {
            return { x, y, w, h in abs(x - w / 2) < 1 || abs(y - h / 2) < 1 }
        }
        return { x, y, w, h in x > w * 0.1 && x < w * 0.9 && y > h * 0.25 && y < h * 0.85 }
    }

    /// The picture at 1/`factor` of the resolution, each pixel the mean of a block: how a
    /// camera a little way off sees thin strokes (a "#" becomes a gray square).
    public func downsampled(by factor: Int) -> TerminalPicture {
        var copy = self
        copy.width = width / factor
        copy.height = height / factor
        copy.pixels = Array(repeating: 0, count: copy.width * copy.height)
        for y in 0..<copy.height {
            for x in 0..<copy.width {
                var sum = 0
                for dy in 0..<factor { for dx in 0..<factor { sum += Int(pixels[(y * factor + dy) * width + x * factor + dx]) } }
                copy.pixels[y * copy.width + x] = UInt8(sum / (factor * factor))
            }
        }
        return copy
    }

    /// Binary PGM (P5).
    public var pgm: Data {
        var data = Data("P5\n\(width) \(height)\n255\n".utf8)
        data.append(contentsOf: pixels)
        return data
    }
}
