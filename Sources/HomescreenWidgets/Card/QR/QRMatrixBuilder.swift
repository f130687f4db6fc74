import Synchronization

/// Lays a symbol out: function patterns (finders, separators, timing, alignment, the dark
/// module, format and version information), the codewords in the two-column zigzag, a mask,
/// and the penalty score of the result.
struct QRMatrixBuilder {
    let version: Int
    let size: Int
    var modules: [Bool]
    /// Modules that are not data: never masked, skipped by the zigzag.
    private var isFunction: [Bool]
    private(set) var mask = 0

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = [Bool](repeating: false, count: size * size)
        isFunction = modules
        drawFunctionPatterns()
    }

    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y * size + x] = dark
        isFunction[y * size + x] = true
    }

    /// Alignment pattern centres on each axis: 6, then evenly spaced up to size − 7.
    static func alignmentPositions(version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        let last = 17 + 4 * version - 7
        return [6] + (0..<count - 1).map { last - $0 * step }.reversed()
    }

    private mutating func drawFunctionPatterns() {
        // Timing patterns first; finders and alignment patterns overwrite where they cross.
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        // Finders with their light separators: dark where the ring distance is 0, 1 or 3.
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = cx + dx, y = cy + dy
                    guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                    let ring = max(abs(dx), abs(dy))
                    set(x, y, ring != 2 && ring != 4)
                }
            }
        }
        let positions = Self.alignmentPositions(version: version)
        for cy in positions {
            for cx in positions {
                // Not on the three finders.
                if (cx == 6 && cy == 6) || (cx == 6 && cy == size - 7) || (cx == size - 7 && cy == 6) { continue }
                for dy in -2...2 { for dx in -2...2 { set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        drawFormatBits(mask: 0, correction: .medium)   // reserves the areas; redrawn after masking
        drawVersionBits()
    }

    /// 15 bits: the level and the mask, a BCH(15,5) code, XOR 101010000010010.
    private mutating func drawFormatBits(mask: Int, correction: QRErrorCorrection) {
        let data = correction.formatBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        let bits = (data << 10 | remainder) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        // Around the top-left finder.
        for index in 0..<6 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        // Split between the other two finders, and the dark module.
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    /// Versions 7 and up: 18 bits, the version and a BCH(18,6) code, in two 6×3 blocks.
    private mutating func drawVersionBits() {
        guard version >= 7 else { return }
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        let bits = version << 12 | remainder
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let a = size - 11 + index % 3, b = index / 3
            set(a, b, dark)
            set(b, a, dark)
        }
    }

    /// Codewords, most significant bit first, up and down two columns at a time from the
    /// bottom right, skipping the vertical timing column; leftover modules stay light.
    mutating func placeData(_ codewords: [UInt8]) {
        var bit = 0
        let total = codewords.count * 8
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            let upward = (right + 1) & 2 == 0
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in stride(from: right, through: right - 1, by: -1) where !isFunction[y * size + x] && bit < total {
                    modules[y * size + x] = (codewords[bit >> 3] >> (7 - UInt8(bit & 7))) & 1 == 1
                    bit += 1
                }
            }
            right -= 2
        }
    }

    /// Flips data modules where the mask's condition holds, then writes the format bits.
    mutating func apply(mask: Int, correction: QRErrorCorrection) {
        self.mask = mask
        let flips = QRMaskPatterns.shared.flips(version: version, isFunction: isFunction)[mask]
        modules.withUnsafeMutableBufferPointer { modules in
            flips.withUnsafeBufferPointer { flips in
                for index in 0..<modules.count where flips[index] { modules[index].toggle() }
            }
        }
        drawFormatBits(mask: mask, correction: correction)
    }

    /// Whether mask `mask` flips the module at (x, y) (ISO/IEC 18004 table 10).
    static func maskFlips(_ mask: Int, x: Int, y: Int) -> Bool {
        switch mask {
        case 0: return (x + y) % 2 == 0
        case 1: return y % 2 == 0
        case 2: return x % 3 == 0
        case 3: return (x + y) % 3 == 0
        case 4: return (x / 3 + y / 2) % 2 == 0
        case 5: return x * y % 2 + x * y % 3 == 0
        case 6: return (x * y % 2 + x * y % 3) % 2 == 0
        default: return ((x + y) % 2 + x * y % 3) % 2 == 0
        }
    }

    // MARK: - Penalty (ISO/IEC 18004 7.8.3)

    var penalty: Int {
        modules.withUnsafeBufferPointer { modules in
            var score = 0
            let n = size
            // One line at a time (rows, then columns), with four light modules of quiet zone on
            // each side; one buffer for all of them.
            var buffer = [Bool](repeating: false, count: n + 8)
            buffer.withUnsafeMutableBufferPointer { cells in
                for horizontal in [true, false] {
                    for line in 0..<n {
                        for index in 0..<n { cells[index + 4] = horizontal ? modules[line * n + index] : modules[index * n + line] }
                        // N1: runs of five or more modules of one color.
                        var run = 1
                        for index in 5..<(n + 4) {
                            if cells[index] == cells[index - 1] {
                                run += 1
                            } else {
                                if run >= 5 { score += run - 2 }
                                run = 1
                            }
                        }
                        if run >= 5 { score += run - 2 }
                        // N3: dark-light-dark-dark-dark-light-dark with four light modules on one
                        // side (once if on both), found in a window of the last 15 modules.
                        var window = 0
                        for index in 0..<cells.count {
                            window = (window << 1 | (cells[index] ? 1 : 0)) & 0x7FFF
                            guard index >= 10 else { continue }
                            let last11 = window & 0x7FF
                            if last11 == 0b0000_1011101 || last11 == 0b1011101_0000 { score += 40 }
                            if index >= 14, window == 0b0000_1011101_0000 { score -= 40 }
                        }
                    }
                }
            }
            // N2: 2×2 blocks of one color.
            for y in 0..<n - 1 {
                for x in 0..<n - 1 {
                    let module = modules[y * n + x]
                    if module == modules[y * n + x + 1] && module == modules[(y + 1) * n + x] && module == modules[(y + 1) * n + x + 1] { score += 3 }
                }
            }
            // N4: 10 points for each full 5 % the dark share is away from 50 %.
            var darkCount = 0
            for module in modules where module { darkCount += 1 }
            score += abs(darkCount * 100 / (n * n) - 50) / 5 * 10
            return score
        }
    }
}

/// The data modules each mask flips, per version: computed once per version and process
/// (the function patterns are the same for every symbol of a version), so choosing among the
/// eight masks is a pass of toggles each.
final class QRMaskPatterns: Sendable {
    static let shared = QRMaskPatterns()
    private let patterns = Mutex<[Int: [[Bool]]]>([:])

    func flips(version: Int, isFunction: [Bool]) -> [[Bool]] {
        if let known = patterns.withLock({ $0[version] }) { return known }
        let size = 17 + 4 * version
        let computed = (0..<8).map { mask in
            (0..<size * size).map { index in !isFunction[index] && QRMatrixBuilder.maskFlips(mask, x: index % size, y: index / size) }
        }
        patterns.withLock { $0[version] = computed }
        return computed
    }
}
