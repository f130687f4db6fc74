import Foundation
import HomescreenWidgetCore

/// A currency of ISO 4217 and how many decimals its amounts have.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    public let code: String
    /// 2 for CHF, EUR, USD; 0 for VND and JPY (a dong has no cents).
    public let fractionDigits: Int

    /// The currencies a budget can be kept in. Amounts are stored in hundredths whatever the
    /// currency, so every one here has at most two decimals.
    public static let known: [Currency] = [
        ("AUD", 2), ("BRL", 2), ("CAD", 2), ("CHF", 2), ("CNY", 2), ("CZK", 2), ("DKK", 2), ("EUR", 2), ("GBP", 2),
        ("HKD", 2), ("INR", 2), ("JPY", 0), ("KRW", 0), ("MXN", 2), ("NOK", 2), ("NZD", 2), ("PLN", 2), ("SEK", 2),
        ("SGD", 2), ("THB", 2), ("USD", 2), ("VND", 0),
    ].map { Currency(code: $0.0, fractionDigits: $0.1) }

    public static let accepted = "an ISO 4217 code: " + known.map(\.code).joined(separator: ", ")

    public init?(code: String) {
        guard let found = Self.known.first(where: { $0.code == code.uppercased() }) else { return nil }
        self = found
    }

    private init(code: String, fractionDigits: Int) {
        self.code = code
        self.fractionDigits = fractionDigits
    }

    public static let euro = Currency(code: "EUR")!

    /// The currency of a locale's region (fr_CH: CHF) when it is one of ours, else EUR (also
    /// for a locale without a region, as ICU's `Locale.currency` had it).
    public static func preferred(by locale: FormattingLocale) -> Currency {
        locale.region.flatMap { MoneyConventions.regionCurrencies[$0] }.flatMap(Currency.init(code:)) ?? .euro
    }
    public var description: String { code }
}

/// An exact amount of money in hundredths of the major unit (cents, centimes, hundredths of a
/// dong). Never a binary floating point: 0.10 + 0.20 is 0.30.
public struct Money: Hashable, Comparable, Sendable {
    public let cents: Int64

    public init(cents: Int64) { self.cents = cents }

    public static let zero = Money(cents: 0)
    /// The largest amount one expense or budget may have: a billion in the major unit.
    public static let maximum = Money(cents: 100_000_000_000)

    /// The largest total shown (a month's, a year's): one trillion of the major unit. A total
    /// beyond it (4,701 expenses of a billion) is an error state, never a crash.
    public static let maximumTotal = Money(cents: 100_000_000_000_000)

    /// Whether the amount is within ±`maximumTotal`, where every computation on it is exact.
    public var fitsAsTotal: Bool { cents.magnitude <= Self.maximumTotal.cents.magnitude }

    /// The amount held within ±`maximumTotal`: what shares and bars are computed from, so they
    /// cannot overflow (an amount beyond it is shown as an error anyway).
    public var capped: Money { Money(cents: min(max(cents, -Self.maximumTotal.cents), Self.maximumTotal.cents)) }

    /// Sums that cannot trap: beyond Int64 they stop at its ends (far past `maximumTotal`).
    public static func + (lhs: Money, rhs: Money) -> Money {
        let (sum, overflow) = lhs.cents.addingReportingOverflow(rhs.cents)
        return Money(cents: overflow ? (rhs.cents > 0 ? .max : .min) : sum)
    }
    public static func - (lhs: Money, rhs: Money) -> Money {
        let (difference, overflow) = lhs.cents.subtractingReportingOverflow(rhs.cents)
        return Money(cents: overflow ? (rhs.cents < 0 ? .max : .min) : difference)
    }
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    /// The exact decimal value (12.50 for 1250 cents).
    public var decimal: Decimal { Decimal(sign: cents < 0 ? .minus : .plus, exponent: -2, significand: Decimal(cents.magnitude)) }

    /// Machine form: "12.50", "-3.00", "50000" for a currency without decimals.
    public func plain(_ currency: Currency) -> String {
        let sign = cents < 0 ? "-" : ""
        let whole = cents.magnitude / 100, fraction = cents.magnitude % 100
        if currency.fractionDigits == 0 { return "\(sign)\(whole)" }
        return "\(sign)\(whole)." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// `limit`'s share that this amount is, in hundredths of a percent, rounded half up
    /// (5631 for 450.50 of 800.00). Integers only, so the result is exact.
    public func basisPoints(of limit: Money) -> Int64 {
        precondition(limit.cents > 0)
        let scaled = capped.cents * 10_000
        return scaled >= 0 ? (2 * scaled + limit.cents) / (2 * limit.cents) : -((-2 * scaled + limit.cents) / (2 * limit.cents))
    }

    /// The share in whole percent, rounded half up (56 for 56.31 %, 57 for 56.5 %), computed
    /// from the amounts (not from the rounded basis points).
    public func percent(of limit: Money) -> Int64 {
        precondition(limit.cents > 0)
        let scaled = capped.cents * 100
        return scaled >= 0 ? (2 * scaled + limit.cents) / (2 * limit.cents) : -((-2 * scaled + limit.cents) / (2 * limit.cents))
    }
}

extension Money {
    /// Why an amount typed by a person is refused.
    public enum InputError: Error, Equatable, Sendable {
        case notANumber, notPositive, tooManyDecimals(allowed: Int), tooLarge

        /// What is wrong with the typed value: "is not an amount", "has more than 2 decimals"…
        public func problem(in currency: Currency) -> String {
            switch self {
            case .notANumber: return "is not an amount"
            case .notPositive: return "is not more than zero"
            case .tooManyDecimals(let allowed):
                return allowed == 0 ? "has decimals, which \(currency.code) does not have" : "has more than \(allowed) decimals"
            case .tooLarge: return "is too large"
            }
        }
    }

    public static func accepted(_ currency: Currency) -> String {
        currency.fractionDigits == 0
            ? "a positive whole number, such as 50000 (at most 1000000000)"
            : "a positive amount with up to 2 decimals, such as 12.50 or 12,50 (at most 1000000000)"
    }

    /// Parses what a person types: "12", "12.50", "12,50", "0.1". One decimal separator, either
    /// a dot or a comma; no signs, exponents, group separators, "NaN" or spaces inside. Decimals
    /// beyond the currency's are refused, never dropped.
    public static func parse(_ argument: String, currency: Currency) -> Result<Money, InputError> {
        let text = argument.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("-") { return .failure(.notPositive) }
        let parts = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "." || $0 == "," })
        guard (1...2).contains(parts.count), let whole = parts.first, !whole.isEmpty,
              whole.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .failure(.notANumber) }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }), parts.count == 1 || !fraction.isEmpty else { return .failure(.notANumber) }
        let significant = fraction.reversed().drop(while: { $0 == "0" }).count
        guard significant <= currency.fractionDigits, fraction.count <= 2 || significant <= 2 else {
            return .failure(.tooManyDecimals(allowed: currency.fractionDigits))
        }
        let digits = whole.drop(while: { $0 == "0" })
        guard digits.count <= 10, let units = Int64(digits.isEmpty ? "0" : String(digits)) else { return .failure(.tooLarge) }
        let hundredths = Int64(String((fraction + "00").prefix(2)))!
        let value = Money(cents: units * 100 + hundredths)
        guard value > .zero else { return .failure(.notPositive) }
        guard value <= .maximum else { return .failure(.tooLarge) }
        return .success(value)
    }
}
