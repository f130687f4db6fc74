// The year grid's compact amounts as ICU wrote them where the program asked Foundation
// (`.number.notation(.compactName).precision(.significantDigits(1...2))`) until issue 36 moved
// them to its own CLDR table, `MoneyFormat.compact` (ICU's data stayed resident in every
// dashboard), for the tests to compare with: Tests/BudgetTests/Vectors/money-compact.json.
// ICU is the reference nobody here wrote. Run once from the checkout (the file is committed):
//
//     swift scripts/generate-compact-vectors.swift
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

