/// The error correction level: how much of the symbol can be damaged and still read.
public enum QRErrorCorrection: Int, CaseIterable, Sendable, Codable {
    case low, medium, quartile, high

    /// The two bits the format information carries (L 01, M 00, Q 11, H 10).
    var formatBits: Int { [1, 0, 3, 2][rawValue] }
    public var letter: String { ["L", "M", "Q", "H"][rawValue] }
}

/// A QR code symbol (ISO/IEC 18004 model 2): `size` × `size` modules, true for dark.
public struct QRCode: Hashable, Sendable {
    public let version: Int
    public let errorCorrection: QRErrorCorrection
    public let mask: Int
    public let size: Int
    private let modules: [Bool]

    /// The module at column x, row y; outside the symbol (the quiet zone) is light.
    public subscript(x: Int, y: Int) -> Bool {
        x >= 0 && y >= 0 && x < size && y < size && modules[y * size + x]
    }

    public enum EncodingError: Error, Equatable, CustomStringConvertible {
        /// More bytes than version 40 holds at this level.
        case tooLong(bytes: Int, capacity: Int)
        /// The version asked for is too small for the data.
        case doesNotFit(version: Int, capacity: Int)

        public var description: String {
            switch self {
            case .tooLong(let bytes, let capacity): return "\(bytes) bytes do not fit a QR code (at most \(capacity) at this error correction level)"
            case .doesNotFit(let version, let capacity): return "version \(version) holds at most \(capacity) bytes at this error correction level"
            }
        }
    }

    /// Encodes bytes in byte mode (text as UTF-8) at the smallest version that holds them, or
    /// the version given, with the mask the penalty rules choose, or the mask given.
    public static func encode(_ bytes: [UInt8], correction: QRErrorCorrection, version: Int? = nil, mask: Int? = nil) throws -> QRCode {
        precondition(version.map { (1...40).contains($0) } ?? true && mask.map { (0...7).contains($0) } ?? true)
        let chosen: Int
        if let version {
            guard bytes.count <= byteCapacity(version: version, correction: correction) else {
                throw EncodingError.doesNotFit(version: version, capacity: byteCapacity(version: version, correction: correction))
            }
            chosen = version
        } else {
            guard let smallest = (1...40).first(where: { bytes.count <= byteCapacity(version: $0, correction: correction) }) else {
                throw EncodingError.tooLong(bytes: bytes.count, capacity: byteCapacity(version: 40, correction: correction))
            }
            chosen = smallest
        }
        let codewords = interleavedCodewords(bytes, version: chosen, correction: correction)
        var builder = QRMatrixBuilder(version: chosen)
        builder.placeData(codewords)
        let masks = mask.map { [$0] } ?? Array(0...7)
        // Each mask scored once; the lowest penalty wins, the lower mask number on a tie.
        let best = masks.map { mask -> (QRMatrixBuilder, Int) in
            var candidate = builder
            candidate.apply(mask: mask, correction: correction)
            return (candidate, candidate.penalty)
        }.min { $0.1 < $1.1 }!.0
        return QRCode(version: chosen, errorCorrection: correction, mask: best.mask, size: best.size, modules: best.modules)
    }

    public static func encode(_ text: String, correction: QRErrorCorrection, version: Int? = nil, mask: Int? = nil) throws -> QRCode {
        try encode(Array(text.utf8), correction: correction, version: version, mask: mask)
    }

    // MARK: - Codewords

    static func dataCapacity(version: Int, correction: QRErrorCorrection) -> Int {
        groups(version, correction).reduce(0) { $0 + $1.count * $1.data }
    }

    /// Bytes a version holds in byte mode: the data codewords less the mode (4 bits) and the
    /// character count (8 bits up to version 9, 16 above).
    public static func byteCapacity(version: Int, correction: QRErrorCorrection) -> Int {
        (dataCapacity(version: version, correction: correction) * 8 - 4 - countBits(version)) / 8
    }

    static func countBits(_ version: Int) -> Int { version <= 9 ? 8 : 16 }

    static func groups(_ version: Int, _ correction: QRErrorCorrection) -> [(count: Int, total: Int, data: Int)] {
        let row = QRTables.blocks[version - 1][correction.rawValue]
        return stride(from: 0, to: row.count, by: 3).map { (row[$0], row[$0 + 1], row[$0 + 2]) }
    }

    /// Mode, count, data, terminator and padding; split into blocks, each followed by its
    /// error correction; data codewords interleaved across blocks, then correction codewords.
    static func interleavedCodewords(_ bytes: [UInt8], version: Int, correction: QRErrorCorrection) -> [UInt8] {
        let capacity = dataCapacity(version: version, correction: correction)
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits(version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity * 8 - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var data = bits.bytes
        var pad: UInt8 = 0xEC
        while data.count < capacity {
            data.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        var blocks: [[UInt8]] = [], corrections: [[UInt8]] = []
        var offset = 0
        for group in groups(version, correction) {
            let generator = ReedSolomon.generator(degree: group.total - group.data)
            for _ in 0..<group.count {
                let block = Array(data[offset..<offset + group.data])
                offset += group.data
                blocks.append(block)
                corrections.append(ReedSolomon.remainder(block, generator: generator))
            }
        }
        var result: [UInt8] = []
        for index in 0..<(blocks.map(\.count).max() ?? 0) {
            for block in blocks where index < block.count { result.append(block[index]) }
        }
        for index in 0..<(corrections.first?.count ?? 0) {
            for block in corrections { result.append(block[index]) }
        }
        return result
    }
}

struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            bits[start..<min(start + 8, bits.count)].enumerated().reduce(UInt8(0)) { $0 | ($1.element ? UInt8(0x80) >> UInt8($1.offset) : 0) }
        }
    }
}
