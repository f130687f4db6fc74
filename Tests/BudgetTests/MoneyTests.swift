import Foundation
import Testing
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

struct MoneyTests {
    static let chf = Currency(code: "CHF")!
    static let vnd = Currency(code: "VND")!

    static func money(_ text: String, _ currency: Currency = chf) -> Money? { try? Money.parse(text, currency: currency).get() }

    @Test(arguments: [("12,50", 1250), ("12.50", 1250), ("12", 1200), ("0.1", 10), ("12.500", 1250), (" 7,05 ", 705), ("1000000000", 100_000_000_000)])
    func acceptsBothDecimalSeparators(_ text: String, _ cents: Int64) {
        #expect(Self.money(text) == Money(cents: cents))
    }

    @Test(arguments: [
        ("abc", Money.InputError.notANumber), ("-5", .notPositive), ("0", .notPositive), ("0,00", .notPositive),
        ("1e999", .notANumber), ("12.3.4", .notANumber), ("", .notANumber), ("NaN", .notANumber), ("+5", .notANumber),
        ("12.", .notANumber), (".5", .notANumber), ("1 000", .notANumber), ("1'000", .notANumber), ("١٢", .notANumber),
        ("12.345", .tooManyDecimals(allowed: 2)), ("1000000000.01", .tooLarge), ("99999999999999999999", .tooLarge),
    ])
    func refusesWhatIsNotAnAmount(_ text: String, _ error: Money.InputError) {
        #expect(throws: error) { try Money.parse(text, currency: Self.chf).get() }
    }

    @Test func aCurrencyWithoutDecimalsRefusesThemButNotTrailingZeros() {
        #expect(throws: Money.InputError.tooManyDecimals(allowed: 0)) { try Money.parse("50000,5", currency: Self.vnd).get() }
        #expect(Self.money("50000", Self.vnd) == Money(cents: 5_000_000))
        #expect(Self.money("50000.00", Self.vnd) == Money(cents: 5_000_000))
        #expect(Money(cents: 5_000_000).plain(Self.vnd) == "50000")
    }

    @Test func arithmeticIsExact() {
        #expect(Self.money("0.10")! + Self.money("0.20")! == Self.money("0.30")!)
        let cents = (0..<100_000).reduce(Money.zero) { sum, _ in sum + Self.money("0.01")! }
        #expect(cents == Self.money("1000")!)
        #expect(cents.plain(Self.chf) == "1000.00")
        // A thousand odd amounts summed in any order give the same total.
        let amounts = (1...1000).map { Money(cents: Int64($0 * 37 % 997 + 1)) }
        #expect(amounts.reduce(.zero, +) == amounts.reversed().reduce(.zero, +))
        #expect(Money(cents: -305).plain(Self.chf) == "-3.05")
        #expect(Self.money("0.30")!.decimal == Decimal(string: "0.3")!)
    }

    /// Documented rounding: spent / limit × 100, half up, from the amounts themselves.
    @Test(arguments: [(45_050, 80_000, 56, 5631), (1, 8, 13, 1250), (5, 1000, 1, 50), (4, 1000, 0, 40), (1234, 1000, 123, 12340),
                      (0, 100, 0, 0), (80_000, 80_000, 100, 10000), (2, 3, 67, 6667), (1, 200_000, 0, 0), (1, 20_000, 0, 1)])
    func percentagesRoundHalfUp(_ spent: Int64, _ limit: Int64, _ percent: Int64, _ basisPoints: Int64) {
        #expect(Money(cents: spent).percent(of: Money(cents: limit)) == percent)
        #expect(Money(cents: spent).basisPoints(of: Money(cents: limit)) == basisPoints)
    }

    @Test func currenciesAreISOCodes() {
        #expect(Currency(code: "chf")?.code == "CHF")
        #expect(Currency(code: "XXX") == nil)
        #expect(Currency(code: "€") == nil)
        #expect(Currency(code: "JPY")?.fractionDigits == 0)
    }

    // MARK: - Locale data

    struct Vectors: Decodable {
        struct Vector: Decodable { let locale, currency, amount, number, currencyText: String }
        let generator, cldr: String
        let vectors: [Vector]
    }

    static let reference: Vectors = {
        let url = Bundle.module.url(forResource: "Vectors/money-format", withExtension: "json")!
        return try! JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }()
    static var vectors: [Vectors.Vector] { reference.vectors }

    static func cents(_ amount: String) -> Money {
        let negative = amount.hasPrefix("-")
        let parsed = Money.parse(String(amount.drop(while: { $0 == "-" })), currency: chf)
        let value = (try? parsed.get()) ?? .zero
        return negative ? Money.zero - value : value
    }

    /// The program's table and the tests' reference come from the same CLDR, so a newer Babel
    /// regenerates both or the difference shows here.
    @Test func theTableAndTheVectorsAreOneCLDRVersion() {
        #expect(MoneyConventions.cldrVersion == Self.reference.cldr)
        #expect(Self.reference.generator == "babel 2.18.0")
    }

    /// Grouping, decimal separator and minus sign agree with CLDR as Babel writes it, for
    /// every locale and currency the widgets use.
    @Test func numbersMatchCLDRReferenceVectors() {
        for vector in Self.vectors {
            let currency = Currency(code: vector.currency)!
            let text = MoneyFormat.number(Self.cents(vector.amount), .currency(currency), locale: FormattingLocale(identifier: vector.locale))
            #expect(text == vector.number, "\(vector.locale) \(vector.currency) \(vector.amount)")
        }
    }

    /// With the currency, character for character: where it goes, its symbol, the spaces
    /// (U+00A0, U+202F) and the sign, for positive, zero and negative amounts.
    @Test func currencyAmountsMatchCLDRReferenceVectors() {
        for vector in Self.vectors {
            let currency = Currency(code: vector.currency)!
            let text = MoneyFormat.full(Self.cents(vector.amount), .currency(currency), locale: FormattingLocale(identifier: vector.locale))
            #expect(text == vector.currencyText, "\(vector.locale) \(vector.currency) \(vector.amount)")
        }
    }

    /// The year grid's compact amounts, character for character as ICU wrote them when the
    /// program asked Foundation (scripts/generate-icu-vectors.swift): every power of ten
    /// from a cent to 10^15, rounding half to even, carries into the next power ("999.5" → "1K"),
    /// Indian English's lakh and crore, Italian's thousands written in full and grouped from
    /// five digits.
    @Test func compactAmountsMatchICU() throws {
        struct Vectors: Decodable {
            struct Vector: Decodable { let locale, cents, text: String }
            let vectors: [Vector]
        }
        let url = try #require(Bundle.module.url(forResource: "Vectors/money-compact", withExtension: "json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url)).vectors
        #expect(vectors.count > 5000)
        for vector in vectors {
            let money = Money(cents: try #require(Int64(vector.cents)))
            #expect(MoneyFormat.compact(money, locale: FormattingLocale(identifier: vector.locale)) == vector.text, "\(vector.locale) \(vector.cents)")
        }
    }

    /// A budget without a currency takes its locale's region's, as ICU's `Locale.currency` gave
    /// it (live here: the tests still link Foundation's ICU); a language alone and a currency
    /// the budget does not know are the euro.
    @Test func theDefaultCurrencyIsTheRegionsAsICUGivesIt() {
        let identifiers = MoneyConventions.table.keys.sorted() + ["fr_US", "it_VN", "en_JP", "vi_CH", "en_RU", "fr_AQ", "it_GB"]
        for identifier in identifiers {
            let icu = Locale(identifier: identifier).currency.flatMap { Currency(code: $0.identifier) } ?? .euro
            #expect(Currency.preferred(by: FormattingLocale(identifier: identifier)) == icu, "\(identifier)")
        }
        #expect(Currency.preferred(by: FormattingLocale(identifier: "vi_VN")).code == "VND")
        #expect(Currency.preferred(by: FormattingLocale(identifier: "vi")).code == "EUR")
    }

    /// Swiss French writes the currency after the amount since CLDR 47 (Foundation's ICU 76,
    /// CLDR 46, put it first: "CHF 1 500,50"); CLDR 47 groups it with U+202F, as France does.
    @Test func swissFrenchPutsTheCurrencyAfterTheAmount() {
        let fr = FormattingLocale(identifier: "fr_CH")
        #expect(MoneyFormat.full(Money(cents: 150_050), .currency(Self.chf), locale: fr) == "1\u{202F}500,50\u{00A0}CHF")
        #expect(MoneyFormat.full(Money(cents: 150_050), .currency(Self.chf), locale: fr, ascii: true) == "1 500,50 CHF")
        #expect(MoneyFormat.full(Money(cents: 0), .currency(Currency.euro), locale: fr) == "0,00\u{00A0}€")
    }

    /// A region CLDR does not list writes as its language does; a language the interface does
    /// not speak writes as English.
    @Test func anUnlistedRegionFallsBackToItsLanguage() {
        let amount = Money(cents: -123_450)
        #expect(MoneyFormat.full(amount, .currency(Self.chf), locale: FormattingLocale(identifier: "fr_AQ")) == MoneyFormat.full(amount, .currency(Self.chf), locale: FormattingLocale(identifier: "fr")))
        #expect(MoneyFormat.full(amount, .currency(Self.chf), locale: FormattingLocale(identifier: "de_CH")) == "-CHF\u{00A0}1,234.50")
    }

    @Test func asciiModeWritesCodesAndPlainSpaces() {
        let text = MoneyFormat.full(Money(cents: 150_000_000), .currency(Self.vnd), locale: FormattingLocale(identifier: "vi_VN"), ascii: true)
        #expect(text.allSatisfy { $0.isASCII }, "\(text)")
        #expect(text.contains("VND"))
    }
}
