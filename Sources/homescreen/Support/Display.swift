import ArgumentParser
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// Where a JSON document went wrong, in words.
enum JSONProblem {
    static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context): return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        case .keyNotFound(let key, let context): return "\(path(context.codingPath)) is missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the document" : keys.map { $0.intValue.map { "product \($0 + 1)" } ?? $0.stringValue }.joined(separator: ".")
    }
}

/// Text from the store made safe and aligned for line output.
enum Display {
    static func safe(_ text: String) -> String { SafeText.clean(text) }

    static func column(_ text: String, _ width: Int) -> String { DisplayWidth.pad(SafeText.clean(text), to: width) }

    /// Words as an English list: "pantry, budget and card".
    static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }

    static func line(_ product: Product) -> String {
        "\(safe(product.name)), \(quantity(product.amount, product.unit)), due \(product.due.iso)"
    }

    /// Money in a message or a listing, the one way the widgets write it: the locale's CLDR
    /// format ("CHF 1,416.80" in English, "CHF 1 416,80" in fr_CH, "12,50 €" in it_IT).
    static func money(_ money: Money, _ currency: Currency, locale: FormattingLocale) -> String {
        MoneyFormat.full(money, .currency(currency), locale: locale)
    }

    /// An amount with its unit as the product names it ("1 kg", "2 packs"; a unit-less "2").
    static func quantity(_ amount: Quantity, _ unit: String) -> String {
        let unit = UnitName.after(amount == .one, unit)
        return unit.isEmpty ? amount.description : "\(amount) \(safe(unit))"
    }
}
