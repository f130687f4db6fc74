import Foundation

/// An exact, non-negative amount of a product, in thousandths ("1.5" kg, "2" cans, "0.25" l).
/// Never a binary floating point: stock must add up to the unit.
public struct Quantity: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let thousandths: Int64

    public init(thousandths: Int64) { self.thousandths = thousandths }
    public init(units: Int64) { self.thousandths = units * 1000 }

    public static let zero = Quantity(thousandths: 0)
    public static let one = Quantity(units: 1)
    public static let maximum = Quantity(units: 1_000_000)
    public static let accepted = "a positive number with up to 3 decimals, such as 2, 0.5 or 1,25 (at most 1000000)"

    /// Parses "2", "0.5", "1,25", "12.125". Rejects signs, exponents, "NaN", more than three
    /// decimals (never silently dropped), zero, and more than a million.
    public init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces)
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty, whole.count <= 7,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isNumber }), parts.count == 1 || !fraction.isEmpty else { return nil }
        fraction += String(repeating: "0", count: 3 - fraction.count)
        guard let units = Int64(whole), let thousandths = Int64(fraction) else { return nil }
        let value = Quantity(thousandths: units * 1000 + thousandths)
        guard value > .zero, value <= .maximum else { return nil }
        self = value
    }

    /// "2", "0.5", "1.25": no trailing zeros, a dot as separator (machine form).
    public var description: String {
        let whole = thousandths / 1000, fraction = thousandths % 1000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.last == "0" { digits.removeLast() }
        return "\(whole).\(digits)"
    }

    /// The same with a locale's decimal separator ("1,25" in French).
    public func formatted(decimalSeparator: String) -> String {
        description.replacingOccurrences(of: ".", with: decimalSeparator)
    }

    public static func < (lhs: Quantity, rhs: Quantity) -> Bool { lhs.thousandths < rhs.thousandths }
    public static func + (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(thousandths: lhs.thousandths + rhs.thousandths) }
    public static func - (lhs: Quantity, rhs: Quantity) -> Quantity { Quantity(thousandths: lhs.thousandths - rhs.thousandths) }
}

