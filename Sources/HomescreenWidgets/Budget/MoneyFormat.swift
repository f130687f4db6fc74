import Foundation
import HomescreenWidgetCore
import HomescreenStore

/// How an amount's currency is written: an ISO currency, or the symbol a publisher sent ("€").
public enum Denomination: Hashable, Sendable {
    case currency(Currency)
    case symbol(String)

    var fractionDigits: Int {
        if case .currency(let currency) = self { return currency.fractionDigits }
        return 2
    }

    /// The ISO code, or the publisher's symbol.
    public var label: String {
        switch self {
        case .currency(let currency): return currency.code
        case .symbol(let symbol): return symbol
        }
    }
}

/// Money as CLDR 47 writes it: "1 500,50 CHF" in fr_CH, "450,50 €" in it_IT, "CHF 1,500.50" in
/// en_US. The conventions are the program's own table (`MoneyConventions+CLDR.swift`, written by
/// scripts/generate-money-vectors.py), not the ICU Foundation carries: that ICU is older (CLDR
/// 46, which put the currency first in fr_CH) and changes with the toolchain, and one CLDR
/// version for every language keeps the tests' reference and the program in step. CLDR's
/// U+00A0 and U+202F are kept as they are; the ASCII mode makes them spaces.
public enum MoneyFormat {
    /// "1 500,50 CHF", with the currency.
    public static func full(_ money: Money, _ denomination: Denomination, locale: FormattingLocale, ascii: Bool = false) -> String {
        let conventions = MoneyConventions.of(locale)
        let symbol: String
        switch denomination {
        case .currency(let currency): symbol = ascii ? currency.code : conventions.symbol(currency.code, language: MoneyConventions.language(locale))
        case .symbol(let text): symbol = text
        }
        let text = conventions.currency(money, digits: denomination.fractionDigits, symbol: symbol)
        return ascii ? asciiSpaces(text) : text
    }

    /// "1 500,50", without the currency (the big number of the small pane).
    public static func number(_ money: Money, _ denomination: Denomination, locale: FormattingLocale, ascii: Bool = false) -> String {
        let conventions = MoneyConventions.of(locale)
        let text = (money < .zero ? conventions.minus : "") + conventions.digits(money, denomination.fractionDigits)
        return ascii ? asciiSpaces(text) : text
    }

    /// "1,2 k", "850", "-120": the year grid's cells, in CLDR's short compact notation with at
    /// most two significant digits, as ICU writes `.compactName` (the vectors are ICU's,
    /// scripts/generate-icu-vectors.swift).
    public static func compact(_ money: Money, locale: FormattingLocale, ascii: Bool = false) -> String {
        let conventions = MoneyConventions.of(locale)
        let text = (money < .zero ? conventions.minus : "") + conventions.compact(money.cents.magnitude, patterns: MoneyConventions.compactPatterns(locale))
        return ascii ? asciiSpaces(text) : text
    }

    /// No-break spaces are spaces, typographic apostrophes and minus signs plain ones.
    static func asciiSpaces(_ text: String) -> String {
        String(text.map { character -> Character in
            switch character {
            case "\u{00A0}", "\u{202F}": return " "
            case "’": return "'"
            case "\u{2212}": return "-"
            default: return character
            }
        })
    }
}

/// One locale's way of writing money, from CLDR: its separators, its currency pattern's
/// affixes ("¤" stands for the symbol; the minus sign is in the negative ones), its grouping
/// (3 then 3; 3 then 2 in en_IN), CLDR's minimumGroupingDigits (Italian groups from five
/// integer digits: "1234,50") and the symbols that are not the ISO code.
struct MoneyConventions: Sendable {
    let decimal: String
    let group: String
    let minus: String
    let positive: (prefix: String, suffix: String)
    let negative: (prefix: String, suffix: String)
    let grouping: (primary: Int, secondary: Int)
    let minimumGrouping: Int
    /// For a language, its symbols that are not the code; for a region, those that differ from
    /// its language's.
    let symbols: [String: String]

    /// The locale's own entry, else its language's (a region CLDR does not list writes as its
    /// language does), else English's (the language the interface falls back to).
    static func of(_ locale: FormattingLocale) -> MoneyConventions { locale.entry(in: table)! }

    /// The locale's compact patterns, found as its conventions are.
    static func compactPatterns(_ locale: FormattingLocale) -> [String] { locale.entry(in: compactTable)! }

    /// The locale's language when the table has it, else English.
    static func language(_ locale: FormattingLocale) -> String {
        let code = locale.language
        return table[code] == nil ? "en" : code
    }

    func symbol(_ code: String, language: String) -> String {
        symbols[code] ?? Self.table[language]?.symbols[code] ?? code
    }

    /// The integer part grouped and the decimals, without a sign.
    func digits(_ money: Money, _ fractionDigits: Int) -> String {
        let cents = money.cents.magnitude
        let whole = grouped(String(cents / 100), minimumGrouping: minimumGrouping)
        guard fractionDigits > 0 else { return whole }
        let fraction = String(cents % 100)
        return whole + decimal + String(repeating: "0", count: 2 - fraction.count) + fraction.prefix(fractionDigits)
    }

    /// An amount (cents, without a sign) rounded to two significant digits, half to even, and
    /// written with the pattern of its power of ten: "0K" shows thousands with one digit before
    /// the K, "0" the number in full, grouped from five digits (ICU's compact grouping).
    func compact(_ cents: UInt64, patterns: [String]) -> String {
        func power(_ exponent: Int) -> UInt64 { (0..<exponent).reduce(1) { product, _ in product * 10 } }
        var value = cents
        let digitCount = String(cents).count
        if digitCount > 2 {
            let unit = power(digitCount - 2)
            var kept = cents / unit
            let rest = cents % unit
            if rest * 2 > unit || (rest * 2 == unit && kept % 2 == 1) { kept += 1 }
            value = kept * unit
        }
        // The power of ten of the units' first digit (negative below one unit).
        let magnitude = String(value).count - 3
        var pattern = "0", shift = 0
        if magnitude >= 3 {
            let index = min(magnitude, patterns.count + 2) - 3
            pattern = patterns[index]
            if pattern != "0" { shift = index + 3 - (pattern.filter { $0 == "0" }.count - 1) }
        }
        let divisor = power(shift + 2)
        var fraction = String(value % divisor)
        fraction = String(repeating: "0", count: shift + 2 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        let number = grouped(String(value / divisor), minimumGrouping: max(2, minimumGrouping)) + (fraction.isEmpty ? "" : decimal + fraction)
        let prefix = pattern.prefix { $0 != "0" }, suffix = pattern.reversed().prefix { $0 != "0" }.reversed()
        return prefix + number + String(suffix)
    }

    /// The integer's digits in groups (3 then `grouping.secondary`), when it has at least
    /// `minimumGrouping` digits above the first group.
    func grouped(_ integer: String, minimumGrouping: Int) -> String {
        var groups: [Substring] = []
        var end = integer.endIndex
        if integer.count - grouping.primary >= minimumGrouping {
            var size = grouping.primary
            while integer.distance(from: integer.startIndex, to: end) > size {
                let start = integer.index(end, offsetBy: -size)
                groups.insert(integer[start..<end], at: 0)
                end = start
                size = grouping.secondary
            }
        }
        groups.insert(integer[integer.startIndex..<end], at: 0)
        return groups.joined(separator: group)
    }

    /// The pattern's affixes around the digits, with CLDR's currencySpacing (root's, which
    /// every locale here inherits): a symbol whose side next to the digits is not itself a
    /// symbol or a space (CHF, not €) is kept from them by U+00A0, "CHF 12.00" and not "CHF12.00".
    func currency(_ money: Money, digits fractionDigits: Int, symbol: String) -> String {
        let (prefix, suffix) = money < .zero ? negative : positive
        func letterLike(_ character: Character?) -> Bool {
            guard let scalar = character?.unicodeScalars.first else { return false }
            switch scalar.properties.generalCategory {
            case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator: return false
            default: return true
            }
        }
        let before = prefix.hasSuffix("¤") && letterLike(symbol.last) ? "\u{00A0}" : ""
        let after = suffix.hasPrefix("¤") && letterLike(symbol.first) ? "\u{00A0}" : ""
        return prefix.replacingOccurrences(of: "¤", with: symbol) + before + digits(money, fractionDigits)
            + after + suffix.replacingOccurrences(of: "¤", with: symbol)
    }
}
