import Foundation
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

/// Money written with the locale's real data (ICU through Foundation): "CHF 1 500,50" in
/// fr_CH, "450,50 €" in it_IT. Formatters are expensive to make, so they are kept per locale,
/// currency and style.
public enum MoneyFormat {
    /// "CHF 1 500,50", with the currency.
    public static func full(_ money: Money, _ denomination: Denomination, locale: Locale, ascii: Bool = false) -> String {
        format(money, denomination, locale: locale, style: .currency, ascii: ascii)
    }

    /// "1 500,50", without the currency (the big number of the small pane).
    public static func number(_ money: Money, _ denomination: Denomination, locale: Locale, ascii: Bool = false) -> String {
        format(money, denomination, locale: locale, style: .decimal, ascii: ascii)
    }

    /// "1,2 k", "850", "−120": the year grid's cells.
    public static func compact(_ money: Money, locale: Locale, ascii: Bool = false) -> String {
        let text = money.decimal.formatted(.number.notation(.compactName).precision(.significantDigits(1...2)).locale(locale))
        return ascii ? asciiSpaces(text) : text
    }

    private static func format(_ money: Money, _ denomination: Denomination, locale: Locale, style: NumberFormatter.Style, ascii: Bool) -> String {
        let key = "\(locale.identifier)|\(denomination)|\(style.rawValue)|\(ascii)"
        let text = cache.withFormatter(key: key, make: {
            let formatter = NumberFormatter()
            formatter.locale = locale
            formatter.numberStyle = style
            switch denomination {
            case .currency(let currency):
                formatter.currencyCode = currency.code
                if ascii { formatter.currencySymbol = currency.code }
            case .symbol(let symbol):
                formatter.currencySymbol = symbol
            }
            formatter.minimumFractionDigits = denomination.fractionDigits
            formatter.maximumFractionDigits = denomination.fractionDigits
            return formatter
        }) { $0.string(from: money.decimal as NSDecimalNumber) ?? money.decimal.description }
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

    private static let cache = FormatterCache()

    private final class FormatterCache: @unchecked Sendable {
        private let lock = NSLock()
        private var formatters: [String: NumberFormatter] = [:]

        func withFormatter(key: String, make: () -> NumberFormatter, _ body: (NumberFormatter) -> String) -> String {
            lock.withLock {
                if let formatter = formatters[key] { return body(formatter) }
                let formatter = make()
                formatters[key] = formatter
                return body(formatter)
            }
        }
    }
}
