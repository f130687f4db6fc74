import Foundation
import Testing
@testable import HomescreenWidgets

/// The QR encoder against segno's matrices (`Vectors/qr-matrices.json`, written once by
/// `scripts/generate-qr-vectors.py`): byte mode, fixed version, level and mask.
@Suite struct QREncoderTests {
    struct Vector: Decodable {
        let payload: String, error: String, version: Int, mask: Int?, rows: [String]
    }

    static let vectors: [Vector] = {
        struct File: Decodable { let vectors: [Vector] }
        let url = Bundle.module.url(forResource: "Vectors/qr-matrices", withExtension: "json")!
        return try! JSONDecoder().decode(File.self, from: Data(contentsOf: url)).vectors
    }()

    static func level(_ letter: String) -> QRErrorCorrection { QRErrorCorrection.allCases.first { $0.letter == letter }! }

    static func rows(_ code: QRCode) -> [String] {
        (0..<code.size).map { y in String((0..<code.size).map { code[$0, y] ? "1" : "0" }) }
    }

    @Test func matricesEqualTheReferenceModuleForModule() throws {
        let fixed = Self.vectors.filter { $0.mask != nil }
        #expect(fixed.count > 150)
        var wrong: [String] = []
        for vector in fixed {
            let code = try QRCode.encode(vector.payload, correction: Self.level(vector.error), version: vector.version, mask: vector.mask)
            if Self.rows(code) != vector.rows {
                wrong.append("\(vector.payload.prefix(20))… v\(vector.version) \(vector.error) mask \(vector.mask!)")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) differ: \(wrong.prefix(8))")
    }

    @Test func theSmallestVersionIsChosen() throws {
        for vector in Self.vectors where vector.mask == nil {
            let code = try QRCode.encode(vector.payload, correction: Self.level(vector.error))
            #expect(code.version == vector.version, "\(vector.payload.prefix(20))")
        }
    }

    @Test func capacitiesAndLimits() throws {
        #expect(QRCode.byteCapacity(version: 1, correction: .low) == 17)
        #expect(QRCode.byteCapacity(version: 40, correction: .low) == 2953)
        #expect(QRCode.byteCapacity(version: 40, correction: .high) == 1273)
        #expect(throws: QRCode.EncodingError.tooLong(bytes: 2954, capacity: 2953)) {
            _ = try QRCode.encode([UInt8](repeating: 65, count: 2954), correction: .low)
        }
        #expect(try QRCode.encode([UInt8](repeating: 65, count: 2953), correction: .low).version == 40)
        #expect(throws: QRCode.EncodingError.doesNotFit(version: 1, capacity: 17)) {
            _ = try QRCode.encode([UInt8](repeating: 65, count: 18), correction: .low, version: 1)
        }
    }
}
