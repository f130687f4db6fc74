// The year grid's compact amounts as ICU wrote them where the program asked Foundation
// (`.number.notation(.compactName).precision(.significantDigits(1...2))`) until issue 36 moved
// them to its own CLDR table, `MoneyFormat.compact` (ICU's data stayed resident in every
// dashboard), for the tests to compare with: Tests/BudgetTests/Vectors/money-compact.json.
// ICU is the reference nobody here wrote.
// Also writes Sources/HomescreenWidgets/Budget/RegionCurrencies+ICU.swift: the currency ICU
// gives each region (`Locale.currency`), which a budget without one takes
// (`Currency.preferred`); where a region has several (Haiti, Zimbabwe), ICU's choice follows
// CLDR's order, which Babel does not keep. Run once from the checkout (the files are committed):
//
//     swift scripts/generate-icu-vectors.swift
import Foundation

let locales = ["en", "en_US", "en_GB", "en_IN", "fr", "fr_FR", "fr_CH", "fr_CA", "it", "it_IT", "it_CH", "vi", "vi_VN"]
// Cents: each power of ten from 1 cent to 10^14 units, with mantissas that round up, down and
// to even, and that carry into the next power (9.95, 99.5, 999.5).
var cents: [Int64] = [0]
for power in 0...15 {
    let unit = Int64(pow(10.0, Double(power)))
    for mantissa: Int64 in [100, 104, 105, 115, 125, 135, 150, 250, 499, 500, 994, 995, 999] where unit * mantissa / 100 > 0 {
        cents.append(unit * mantissa / 100)
    }
}
cents += cents.filter { $0 > 0 }.map { -$0 }
var vectors: [[String: String]] = []
for locale in locales {
    for amount in cents {
        let value = Decimal(amount) / 100
        let text = value.formatted(.number.notation(.compactName).precision(.significantDigits(1...2)).locale(Locale(identifier: locale)))
        vectors.append(["locale": locale, "cents": String(amount), "text": text])
    }
}
let document: [String: Any] = ["generator": "ICU through Foundation (swift-corelibs-foundation), Swift 6.3.1", "vectors": vectors]
let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
try data.write(to: URL(fileURLWithPath: "Tests/BudgetTests/Vectors/money-compact.json"))
print(vectors.count, "compact vectors")


// Each region's currency, where it is one the budget knows and not the euro (the default).
let known = ["AUD", "BRL", "CAD", "CHF", "CNY", "CZK", "DKK", "GBP", "HKD", "INR", "JPY", "KRW", "MXN", "NOK", "NZD", "PLN",
             "SEK", "SGD", "THB", "USD", "VND"]
let regions = Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 }.sorted().compactMap { region -> String? in
    guard let code = Locale(identifier: "en_" + region).currency?.identifier, known.contains(code) else { return nil }
    return "        \"\(region)\": \"\(code)\","
}
let source = """
// Written by scripts/generate-icu-vectors.swift from ICU (Foundation, Swift 6.3.1); do not edit.

extension MoneyConventions {
    /// Each region's currency as ICU gives it, where it is one of `Currency.known` and not the euro.
    static let regionCurrencies: [String: String] = [
\(regions.joined(separator: "\n"))
    ]
}

"""
try source.write(toFile: "Sources/HomescreenWidgets/Budget/RegionCurrencies+ICU.swift", atomically: true, encoding: .utf8)
print(regions.count, "regions")
