import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore
import Synchronization

/// A QR code laid out in terminal cells so that it scans. A cell is about twice as tall as it
/// is wide, so:
/// - half blocks (▀ ▄ █) give square modules, one column by half a row each, times `scale`;
/// - quadrant blocks (▘ ▚ …) put 2×2 modules in a cell (modules twice as tall as wide), for
///   a code that is too wide for half blocks but not too tall;
/// - ASCII mode draws a module as "##" or two spaces, one row tall (square again).
/// Around the code is a quiet zone of `quietZone` light modules. The glyphs are the dark
/// modules, drawn in `qrDark` on `qrLight` (an ASCII dark module's cell is `qrDark` too), so
/// the code is dark on light in every theme; without colors, reverse video does it (see
/// `ResolvedStyle`).
public struct QRPicture: Sendable {
    public enum Mode: String, Sendable { case halfBlocks, quadrants, ascii }

    public let code: QRCode
    public let mode: Mode
    /// Pixels per module side (half blocks and ASCII only).
    public let scale: Int
    public static let quietZone = 2
    /// The levels tried, most robust first: M survives a glare or a scratched screen, L holds more.
    static let levels: [QRErrorCorrection] = [.medium, .low]

    /// The modules along one side, quiet zone included.
    var span: Int { code.size + 2 * Self.quietZone }

    public var size: CellSize {
        switch mode {
        case .halfBlocks: return CellSize(columns: span * scale, rows: (span * scale + 1) / 2)
        case .quadrants: return CellSize(columns: (span + 1) / 2, rows: (span + 1) / 2)
        case .ascii: return CellSize(columns: 2 * span * scale, rows: span * scale)
        }
    }

    /// The largest picture of `payload` that fits in `space`: the largest scale up to
    /// `maxScale`, then the more robust level, then half blocks before quadrants.
    /// - Returns: nil when no picture fits (or the payload is too long for any QR code).
    public static func fitting(_ payload: String, in space: CellSize, ascii: Bool, maxScale: Int = 1,
                               cache: QRCodeCache = .shared) -> QRPicture? {
        // Lazily: a pane where M fits never encodes L.
        let codes = levels.lazy.compactMap { cache.code(for: payload, correction: $0) }
        for scale in stride(from: max(1, maxScale), through: 1, by: -1) {
            for code in codes {
                let picture = QRPicture(code: code, mode: ascii ? .ascii : .halfBlocks, scale: scale)
                if picture.fits(in: space) { return picture }
            }
        }
        guard !ascii else { return nil }
        return codes.lazy.map { QRPicture(code: $0, mode: .quadrants, scale: 1) }.first { $0.fits(in: space) }
    }

    func fits(in space: CellSize) -> Bool { size.columns <= space.columns && size.rows <= space.rows }

    /// Whether the module at pixel (x, y) of the picture (quiet zone included) is dark.
    private func dark(_ x: Int, _ y: Int) -> Bool {
        code[x / scale - Self.quietZone, y / scale - Self.quietZone]
    }

    private static let quadrantGlyphs = [" ", "▘", "▝", "▀", "▖", "▌", "▞", "▛", "▗", "▚", "▐", "▜", "▄", "▙", "▟", "█"]
    private static let style = Style(.qrDark, background: .qrLight)
    private static let darkCell = Style(.qrDark, background: .qrDark)

    /// Draws the picture centred in `rect` (which must hold it).
    public func draw(into grid: inout CellGrid, centeredIn rect: Rect) {
        let size = self.size
        let left = rect.x + max(0, (rect.width - size.columns) / 2), top = rect.y + max(0, (rect.height - size.rows) / 2)
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                let glyph: String
                switch mode {
                case .halfBlocks:
                    let upper = dark(column, 2 * row), lower = dark(column, 2 * row + 1)
                    glyph = upper ? (lower ? "█" : "▀") : (lower ? "▄" : " ")
                case .quadrants:
                    let x = 2 * column, y = 2 * row
                    let bits = (dark(x, y) ? 1 : 0) | (dark(x + 1, y) ? 2 : 0) | (dark(x, y + 1) ? 4 : 0) | (dark(x + 1, y + 1) ? 8 : 0)
                    glyph = Self.quadrantGlyphs[bits]
                case .ascii:
                    glyph = dark(column / 2, row) ? "#" : " "
                }
                // In ASCII a dark module is a dark cell too, so only its "#" strokes show
                // where there are no colors.
                let style = mode == .ascii && glyph == "#" ? Self.darkCell : Self.style
                grid.fill(Rect(x: left + column, y: top + row, width: 1, height: 1), with: Cell(glyph, style: style))
            }
        }
    }
}

/// Encoded symbols by payload and level: a pane redraws (resize, theme, focus) without
/// encoding again. A handful of payloads are in use at a time; the cache forgets everything
/// when it grows past `limit`.
public final class QRCodeCache: Sendable {
    public static let shared = QRCodeCache()
    static let limit = 32

    private struct Key: Hashable { let payload: String; let correction: QRErrorCorrection }
    private let codes = Mutex<[Key: QRCode?]>([:])
    private let encoded = Mutex(0)

    init() {}

    /// The symbol for `payload`, nil when it is too long for any QR code at this level.
    public func code(for payload: String, correction: QRErrorCorrection) -> QRCode? {
        let key = Key(payload: payload, correction: correction)
        if let cached = codes.withLock({ $0[key] }) { return cached }
        let code = try? QRCode.encode(payload, correction: correction)
        encoded.withLock { $0 += 1 }
        codes.withLock { codes in
            if codes.count >= Self.limit { codes.removeAll() }
            codes[key] = code
        }
        return code
    }

    /// How many symbols are held, and how many were encoded (for tests).
    public var count: Int { codes.withLock { $0.count } }
    public var encodings: Int { encoded.withLock { $0 } }
}

extension QRPicture {
    /// The smallest picture of `payload` there is (to say how much room a code needs).
    public static func smallest(_ payload: String, ascii: Bool) -> CellSize? {
        guard let code = QRCodeCache.shared.code(for: payload, correction: .low) else { return nil }
        return QRPicture(code: code, mode: ascii ? .ascii : .quadrants, scale: 1).size
    }
}
