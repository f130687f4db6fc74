/// CLDR plural categories of whole numbers in the interface languages (checked against Babel's
/// CLDR data in `PluralTests`): English and Italian "one" for 1; French "one" for 0 and 1;
/// French and Italian "many" for non-zero multiples of a million ("1 000 000 de dépenses");
/// Vietnamese has one form.
public enum PluralCategory: String, Sendable {
    case one, many, other
}

extension Language {
    public func pluralCategory(_ number: Int) -> PluralCategory {
        let n = number.magnitude
        switch self {
        case .english: return n == 1 ? .one : .other
        case .italian: return n == 1 ? .one : n != 0 && n % 1_000_000 == 0 ? .many : .other
        case .french: return n <= 1 ? .one : n % 1_000_000 == 0 ? .many : .other
        case .vietnamese: return .other
        }
    }

    /// `one` or `other` for `number` ("many" takes the `other` form, as our texts have no
    /// separate one).
    public func plural(_ number: Int, one: String, other: String) -> String {
        pluralCategory(number) == .one ? one : other
    }
}

/// A product's unit as it reads after a quantity: "1 pc", "2 pcs". Units are what the user
/// typed; only the common English abbreviations and containers with a regular plural change.
public enum UnitName {
    static let singulars = ["pcs": "pc", "cans": "can", "bottles": "bottle", "packs": "pack", "jars": "jar", "bags": "bag",
                            "boxes": "box", "loaves": "loaf", "pieces": "piece", "slices": "slice", "eggs": "egg", "tins": "tin"]

    /// - Parameter isOne: the quantity is exactly 1.
    public static func after(_ isOne: Bool, _ unit: String) -> String {
        isOne ? singulars[unit] ?? unit : unit
    }
}
