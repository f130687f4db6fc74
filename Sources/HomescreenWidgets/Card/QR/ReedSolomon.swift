/// Reed–Solomon error correction codewords over GF(256) with the QR code's field polynomial
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D) and generator roots α⁰ … αⁿ⁻¹.
enum ReedSolomon {
    static let (exp, log): ([UInt8], [Int]) = {
        var exp = [UInt8](repeating: 0, count: 512), log = [Int](repeating: 0, count: 256)
        var value = 1
        for power in 0..<255 {
            exp[power] = UInt8(value)
            log[value] = power
            value <<= 1
            if value & 0x100 != 0 { value ^= 0x11D }
        }
        for power in 255..<512 { exp[power] = exp[power - 255] }
        return (exp, log)
    }()

    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        a == 0 || b == 0 ? 0 : exp[log[Int(a)] + log[Int(b)]]
    }

    /// The generator polynomial of a degree, highest coefficient first (the leading 1 left out).
    static func generator(degree: Int) -> [UInt8] {
        var coefficients: [UInt8] = [1]
        for root in 0..<degree {
            // Multiply by (x − αʳᵒᵒᵗ); in GF(2⁸) minus is plus.
            var next = [UInt8](repeating: 0, count: coefficients.count + 1)
            for (index, coefficient) in coefficients.enumerated() {
                next[index] ^= coefficient
                next[index + 1] ^= multiply(coefficient, exp[root])
            }
            coefficients = next
        }
        return Array(coefficients.dropFirst())
    }

    /// The remainder of data · xⁿ divided by the generator: the n error correction codewords.
    static func remainder(_ data: [UInt8], generator: [UInt8]) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder[0]
            remainder.removeFirst()
            remainder.append(0)
            for index in generator.indices { remainder[index] ^= multiply(generator[index], factor) }
        }
        return remainder
    }
}
