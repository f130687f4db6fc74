import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The budget data another program publishes for the widget (seed 001's format, what the
/// phone app writes to its App Group): validated once when published, then read by the
/// provider on every reload.
public struct PublishedBudget: Hashable, Sendable {
    public let totalAmount: Money
    public let expenseCount: Int
    public let hasError: Bool
    public let lastUpdated: Date
    public let spent: Money
    public let limit: Money
    /// The display month as the app wrote it ("Gennaio 2026").
    public let month: String
    public let currency: String
    public let percentage: Decimal?
    public let isDarkMode: Bool
    public let groupId: String
    public let groupName: String?

    /// The seed's "no data" state: nothing spent, no limit, no month.
    public var hasNoData: Bool { spent == .zero && limit == .zero && month.isEmpty }

    /// How the currency is written: a known ISO code, a few symbols mapped to their code, else
    /// the symbol itself.
    public var denomination: Denomination {
        let symbols = ["€": "EUR", "$": "USD", "£": "GBP", "₫": "VND", "¥": "JPY", "Fr.": "CHF"]
        if let currency = Currency(code: symbols[currency] ?? currency) { return .currency(currency) }
        return .symbol(currency)
    }

    public static let fields = "totalAmount, expenseCount, hasError, lastUpdated, spent, limit, month, currency, percentage, isDarkMode, groupId, groupName"

    // MARK: - Parsing and validation

    /// Parses and validates published JSON.
    /// - Parameter timeZone: the zone of a `lastUpdated` without an offset (Dart's
    ///   `toIso8601String()` of a local time has none).
    /// - Throws: `BudgetError.invalidSnapshot` with one sentence naming the position or field.
    /// The longest month label or group name a snapshot may carry.
    public static let maximumText = 100

    public static func parse(_ data: Data, timeZone: Zone) throws -> PublishedBudget {
        guard data.count <= PublishedSnapshot.maximumBytes else {
            throw BudgetError.invalidSnapshot("the snapshot is \(data.count) bytes; a snapshot is at most \(PublishedSnapshot.maximumBytes) bytes.")
        }
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw BudgetError.invalidSnapshot("the snapshot is not valid JSON (\(position(of: error, in: data))); publish an object with \(fields).")
        }
        let raw: Raw
        do {
            raw = try JSONDecoder().decode(Raw.self, from: data)
        } catch let DecodingError.typeMismatch(type, context) {
            let field = context.codingPath.first?.stringValue
            throw BudgetError.invalidSnapshot(field.map { "the snapshot's \($0) has the wrong type; expected \(expected(type))." }
                ?? "the snapshot must be a JSON object with \(fields).")
        } catch {
            throw BudgetError.invalidSnapshot("the snapshot could not be read (\(error)); publish an object with \(fields).")
        }
        return try raw.validated(timeZone: timeZone)
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Decimal.Type: return "a number"
        case is Bool.Type: return "true or false"
        case is Int.Type: return "a whole number"
        case is String.Type: return "a string"
        default: return "\(type)"
        }
    }

    /// "line 2, column 7" from Foundation's "around character 19".
    private static func position(of error: any Error, in data: Data) -> String {
        let text = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? "\(error)"
        guard let range = text.range(of: "character "), let offset = Int(text[range.upperBound...].prefix(while: \.isNumber)) else {
            return text.trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        var line = 1, column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return "line \(line), column \(column)"
    }

    private struct Raw: Decodable {
        let totalAmount: Decimal?
        let expenseCount: Int?
        let hasError: Bool?
        let lastUpdated: String?
        let spent: Decimal?
        let limit: Decimal?
        let month: String?
        let currency: String?
        let percentage: Decimal?
        let isDarkMode: Bool?
        let groupId: String?
        let groupName: String?

        func validated(timeZone: Zone) throws -> PublishedBudget {
            func fail(_ sentence: String) -> BudgetError { .invalidSnapshot(sentence) }
            func required<T>(_ value: T?, _ name: String) throws -> T {
                guard let value else { throw fail("the snapshot has no \(name); it is required (\(PublishedBudget.fields)).") }
                return value
            }
            let hasError = try required(hasError, "hasError")
            let spent = try Self.money(required(spent, "spent"), "spent")
            let limit = try Self.money(required(limit, "limit"), "limit")
            let month = try required(month, "month")
            let lastUpdatedText = try required(lastUpdated, "lastUpdated")
            guard let lastUpdated = Self.instant(lastUpdatedText, timeZone: timeZone) else {
                throw fail("the snapshot's lastUpdated '\(lastUpdatedText)' is not an ISO 8601 time such as 2026-01-18T14:30:00.000Z.")
            }
            let groupId = try required(groupId, "groupId")
            // Seed 001's error snapshot writes an empty group id; any other must be a UUID.
            for (name, text) in [("month", month), ("groupName", groupName ?? "")] where text.count > PublishedBudget.maximumText {
                throw fail("the snapshot's \(name) is \(text.count) characters long; use at most \(PublishedBudget.maximumText).")
            }
            guard groupId.isEmpty || UUID(uuidString: groupId) != nil else {
                throw fail("the snapshot's groupId '\(groupId)' is not a UUID such as 123e4567-e89b-12d3-a456-426614174000.")
            }
            let isDarkMode = try required(isDarkMode, "isDarkMode")
            let currency = currency ?? "€"
            guard (1...3).contains(currency.count), !currency.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } }) else {
                throw fail("the snapshot's currency '\(currency)' is not a currency; use a symbol or code of at most 3 characters, such as € or CHF.")
            }
            let count = expenseCount ?? 0
            guard count >= 0 else { throw fail("the snapshot's expenseCount \(count) is negative; it counts expenses, from 0.") }
            let noData = spent == .zero && limit == .zero && month.isEmpty
            if !hasError, !noData, limit == .zero {
                throw fail("the snapshot's limit is 0; a budget's limit must be more than 0 (or publish hasError true).")
            }
            if let percentage {
                guard percentage >= 0 else { throw fail("the snapshot's percentage \(percentage) is negative; it is spent / limit × 100.") }
                if limit > .zero {
                    let expected = Decimal(spent.basisPoints(of: limit)) / 100
                    guard abs(NSDecimalNumber(decimal: percentage - expected).doubleValue) <= 0.5 else {
                        throw fail("the snapshot's percentage \(percentage) does not match spent / limit (\(expected)); publish spent / limit × 100.")
                    }
                }
            }
            return PublishedBudget(totalAmount: try Self.money(totalAmount ?? spent.decimal, "totalAmount"), expenseCount: count,
                                   hasError: hasError, lastUpdated: lastUpdated, spent: spent, limit: limit, month: month,
                                   currency: currency, percentage: percentage, isDarkMode: isDarkMode, groupId: groupId, groupName: groupName)
        }

        /// An amount the app computed in floating point: exact to the cent, or within a
        /// millionth of one (float noise such as 0.30000000000000004); anything finer is refused.
        static func money(_ value: Decimal, _ name: String) throws -> Money {
            guard value.isFinite, value >= 0 else {
                throw BudgetError.invalidSnapshot("the snapshot's \(name) \(value) is negative; amounts are from 0 to 1000000000.")
            }
            guard value <= Money.maximum.decimal else {
                throw BudgetError.invalidSnapshot("the snapshot's \(name) \(value) is too large; amounts are from 0 to 1000000000.")
            }
            var scaled = value * 100, rounded = Decimal()
            NSDecimalRound(&rounded, &scaled, 0, .plain)
            guard abs(NSDecimalNumber(decimal: scaled - rounded).doubleValue) < 0.0001 else {
                throw BudgetError.invalidSnapshot("the snapshot's \(name) \(value) has more than 2 decimals; amounts are in cents.")
            }
            return Money(cents: NSDecimalNumber(decimal: rounded).int64Value)
        }

        /// ISO 8601 with or without fractional seconds; without an offset it is local time.
        static func instant(_ text: String, timeZone: Zone) -> Date? {
            InstantParser.internetInstant(text, fraction: true, localIn: timeZone)
        }
    }
}
