import Foundation
import Testing
import HomescreenTestSupport

/// The JSON of `event list`, `timeline` (every kind) and `expense list` has every key its help
/// documents in every object: a value that is absent is `null`, never a missing key (issue 30).
/// Read with JSONSerialization, as a script would.
struct DocumentedJSONTests {
    let folder = TemporaryFolder()
    var store: String { folder.path("store.sqlite") }
    static let environment = ["TZ": "Europe/Zurich"]

    func json(_ arguments: [String]) throws -> Any {
        let result = try Homescreen.run(arguments, store: store, environment: Self.environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONSerialization.jsonObject(with: Data(result.stdout.utf8))
    }

    /// `object[key]` is there and is JSON's null.
    func expectNull(_ object: [String: Any]?, _ keys: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for key in keys {
            #expect(object?.keys.contains(key) == true, "\(key) is missing from \(object ?? [:])", sourceLocation: sourceLocation)
            #expect(object?[key] is NSNull, "\(key) is \(String(describing: object?[key]))", sourceLocation: sourceLocation)
        }
    }

    func run(_ arguments: [String]) throws {
        let result = try Homescreen.run(arguments, store: store, environment: Self.environment)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
    }

    @Test func eventListWritesNullForTheTimeOfAnUntimedEvent() throws {
        try run(["event", "add", "Họp lớp", "--date", "2030-07-01"])
        try run(["event", "add", "Concert", "--date", "2030-07-02"])
        _ = try SQLiteShell.run(store, "UPDATE event SET time = '19:30' WHERE title = 'Concert'")
        let items = try #require(try json(["event", "list", "--from", "2030-07-01", "--to", "2030-07-02", "--json"]) as? [[String: Any]])
        #expect(items.count == 2)
        expectNull(items.first, ["time", "end", "zone", "calendar"])
        expectNull(items.last, ["end", "zone"])
        #expect(items.last?["time"] as? String == "19:30" && items.last?["lastDate"] as? String == "2030-07-02")
    }

    @Test func expenseListWritesNullForAMissingCategory() throws {
        try run(["expense", "add", "12,50", "--date", "2026-11-03"])
        let items = try #require(try json(["expense", "list", "--month", "2026-11", "--json"]) as? [[String: Any]])
        #expect(items.count == 1)
        expectNull(items.first, ["category"])
        #expect(Set(items.first?.keys.map { $0 } ?? []) == ["id", "date", "amount", "currency", "note", "category"])
    }

    /// Every kind on an empty store, where most optional values are absent.
    @Test(arguments: ["pantry", "budget", "calendar", "card", "year"])
    func timelineWritesNullForWhatIsAbsent(_ kind: String) throws {
        try run(["event", "add", "Họp lớp", "--date", "2026-11-25"])
        let document = try #require(try json(["timeline", kind, "--json", "--now", "2026-11-22T10:00:00+01:00"]) as? [String: Any])
        let policy = try #require(document["policy"] as? [String: Any])
        if policy["type"] as? String != "after" { expectNull(policy, ["date"]) }
        #expect(policy.keys.contains("date"))
        let entry = try #require((document["entries"] as? [[String: Any]])?.first)
        switch kind {
        case "budget": expectNull(entry, ["limit", "available", "percentage", "perDay", "lastUpdated", "groupName"])
        case "year": expectNull((entry["months"] as? [[String: Any]])?.first, ["currency", "limit", "available"])
        case "card":
            #expect(entry["state"] as? String == "noCards")
            expectNull(entry, ["cardId", "serverCardId", "firstName", "lastName", "companyName", "title", "email", "phone", "active",
                               "chosen", "lastUpdated", "qrCodeUrl", "payload", "payloadKind"])
        case "calendar":
            let upcoming = try #require(entry["upcoming"] as? [[String: Any]])
            expectNull(upcoming.first { $0["title"] as? String == "Họp lớp" }, ["time"])
            expectNull(upcoming.first { $0["title"] as? String != "Họp lớp" }, ["time", "eventID"])
        default: break
        }
    }

    /// The day's own events: their time is null when they have none.
    @Test func theCalendarsEventsOfTheDayWriteNullForNoTime() throws {
        try run(["event", "add", "Họp lớp", "--date", "2026-11-22"])
        let document = try #require(try json(["timeline", "calendar", "--json", "--now", "2026-11-22T10:00:00+01:00"]) as? [String: Any])
        let events = try #require(((document["entries"] as? [[String: Any]])?.first?["events"]) as? [[String: Any]])
        expectNull(events.first, ["time"])
    }

    /// `budget show --json`'s help says limit, available and percentage are null without a budget.
    @Test func budgetShowWritesNullWithoutABudget() throws {
        try run(["expense", "add", "8", "--date", "2025-02-03"])
        expectNull(try json(["budget", "show", "2025-02", "--json"]) as? [String: Any], ["limit", "available", "percentage"])
    }
}
