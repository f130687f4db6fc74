import Foundation
import Testing
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

struct PublishedBudgetTests {
    static let seedExample = """
        {
          "totalAmount": 450.50,
          "expenseCount": 23,
          "hasError": false,
          "lastUpdated": "2026-01-18T14:30:00.000Z",
          "spent": 450.50,
          "limit": 800.00,
          "month": "Gennaio 2026",
          "currency": "€",
          "percentage": 56.31,
          "isDarkMode": false,
          "groupId": "123e4567-e89b-12d3-a456-426614174000",
          "groupName": "Famiglia Rossi"
        }
        """

    static func parse(_ json: String) throws -> PublishedBudget {
        try PublishedBudget.parse(Data(json.utf8), timeZone: BudgetFixtures.zurich)
    }

    static func message(_ json: String) -> String {
        do { _ = try parse(json); return "accepted" } catch { return "\(error)" }
    }

    static func replacing(_ field: String, with value: String) -> String {
        seedExample.replacingOccurrences(of: #"(?m)"\#(field)": [^,\n]*"#, with: "\"\(field)\": \(value)", options: .regularExpression)
    }

    @Test func theSeedsExampleIsAccepted() throws {
        let budget = try Self.parse(Self.seedExample)
        #expect(budget.spent == Money(cents: 45_050) && budget.limit == Money(cents: 80_000) && budget.expenseCount == 23)
        #expect(budget.denomination == .currency(Currency(code: "EUR")!) && budget.groupName == "Famiglia Rossi")
        #expect(budget.lastUpdated == ISO8601DateFormatter().date(from: "2026-01-18T14:30:00Z"))
    }

    /// The seed's `_handleError` snapshot: zeros, empty month and group, hasError.
    @Test func theSeedsErrorSnapshotIsAccepted() throws {
        let budget = try Self.parse("""
            {"spent": 0, "limit": 0, "month": "", "hasError": true, "lastUpdated": "2026-01-18T14:30:00.000", "expenseCount": 0, "groupId": "", "isDarkMode": false}
            """)
        #expect(budget.hasError && budget.hasNoData)
        // No offset: Dart's local time, read in the local zone (Zurich is UTC+1 in January).
        #expect(budget.lastUpdated == ISO8601DateFormatter().date(from: "2026-01-18T13:30:00Z"))
    }

    @Test func floatNoiseIsRoundedToTheCentButRealDecimalsAreRefused() throws {
        let noisy = Self.replacing("spent", with: "0.30000000000000004").replacingOccurrences(of: "56.31", with: "null")
        #expect(try Self.parse(noisy).spent == Money(cents: 30))
        #expect(Self.message(Self.replacing("spent", with: "12.345")).contains("spent 12.345 has more than 2 decimals"))
    }

    @Test(arguments: [
        ("{\"spent\": 1, \"limit\": }", "not valid JSON (line 1, column 23)"),
        ("{\n  \"spent\": 1,\n  \"limit\": tru\n}", "not valid JSON (line 3, column "),
        ("", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        (replacing("spent", with: "\"abc\""), "spent has the wrong type; expected a number"),
        (replacing("hasError", with: "\"no\""), "hasError has the wrong type; expected true or false"),
        (replacing("spent", with: "-4"), "spent -4 is negative"),
        (replacing("limit", with: "1e999"), "not valid JSON"),
        (replacing("limit", with: "1e12"), "limit 1000000000000 is too large"),
        (replacing("limit", with: "0"), "limit is 0"),
        (replacing("expenseCount", with: "-1"), "expenseCount -1 is negative"),
        (replacing("percentage", with: "12"), "percentage 12 does not match"),
        (replacing("lastUpdated", with: "\"yesterday\""), "lastUpdated 'yesterday' is not an ISO 8601 time"),
        (replacing("groupId", with: "\"abc\""), "groupId 'abc' is not a UUID"),
        (replacing("currency", with: "\"EURO\""), "currency 'EURO' is not a currency"),
        (seedExample.replacingOccurrences(of: "\"month\": \"Gennaio 2026\",", with: ""), "has no month"),
    ])
    func impossibleSnapshotsAreRefusedNamingThePositionOrField(_ json: String, _ expected: String) {
        let message = Self.message(json)
        #expect(message.contains(expected), "\(message)")
    }
}
