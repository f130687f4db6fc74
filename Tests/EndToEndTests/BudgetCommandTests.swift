import Foundation
import Testing
import HomescreenTestSupport

/// The budget commands as a user runs them: set, add, list, show, remove, publish.
struct BudgetCommandTests {
    let folder = TemporaryFolder()
    var store: String { folder.path("store.sqlite") }

    func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> CommandResult {
        try Homescreen.run(arguments, store: store, environment: environment)
    }

    @Test func expensesAddUpExactlyInTheBudget() throws {
        #expect(try run(["budget", "set", "2026-11", "--limit", "800,50", "--currency", "CHF"]).status == 0)
        for amount in ["12,50", "0.10", "0.20"] { #expect(try run(["expense", "add", amount, "--date", "2026-11-05", "--note", "x"]).status == 0) }
        #expect(try run(["expense", "add", "7", "--date", "2026-12-01"]).status == 0)
        let show = try run(["budget", "show", "2026-11", "--json"])
        #expect(show.stdout.contains(#""spent" : "12.80""#) && show.stdout.contains(#""available" : "787.70""#))
        #expect(show.stdout.contains(#""expenseCount" : 3"#) && show.stdout.contains(#""percentage" : 1.6"#))
        let list = try run(["expense", "list", "--month", "2026-11", "--json"])
        #expect(list.stdout.contains(#""amount" : "0.10""#) && !list.stdout.contains("7.00"))
        #expect(try run(["expense", "remove", "1"]).status == 0)
        #expect(try run(["budget", "show", "2026-11", "--json"]).stdout.contains(#""spent" : "0.30""#))
        let french = try run(["budget", "show", "2026-11"], ["LANG": "fr_CH.UTF-8"])
        #expect(french.stdout.contains("0,30"), "\(french.stdout)")
    }

    /// Swiss French as CLDR 47 writes it, whatever the ICU inside Foundation says (CLDR 46 put
    /// the currency first): the amount, a no-break space, the code; a narrow no-break space
    /// between thousands; the minus sign before the amount; zero with its decimals. The locale need not
    /// be installed (the machine has only C.UTF-8): the program reads it from LC_ALL's name.
    @Test func swissFrenchWritesTheCurrencyAfterTheAmount() throws {
        #expect(try run(["budget", "set", "2026-11", "--limit", "1500", "--currency", "CHF"]).status == 0)
        let empty = try run(["budget", "show", "2026-11"], ["LC_ALL": "fr_CH.UTF-8", "LANG": "en_US.UTF-8"])
        #expect(empty.stdout == "2026-11: limit 1\u{202F}500,00\u{A0}CHF, spent 0,00\u{A0}CHF (0%), available 1\u{202F}500,00\u{A0}CHF, 0 expenses\n", "\(empty.stdout)")
        #expect(try run(["expense", "add", "2000,25", "--date", "2026-11-05"]).status == 0)
        let over = try run(["budget", "show", "2026-11"], ["LC_ALL": "fr_CH.UTF-8"])
        #expect(over.stdout == "2026-11: limit 1\u{202F}500,00\u{A0}CHF, spent 2\u{202F}000,25\u{A0}CHF (133%), available -500,25\u{A0}CHF, 1 expense\n", "\(over.stdout)")
    }

    /// An amount keeps the currency it was entered in: a budget set afterwards in another
    /// currency is refused (exit 2, nothing written) and nothing adds EUR to CHF.
    @Test func anAmountNeverChangesCurrency() throws {
        #expect(try run(["expense", "add", "3", "--date", "2026-11-05"], ["LANG": "de_DE.UTF-8"]).status == 0)
        var list = try run(["expense", "list", "--month", "2026-11", "--json"]).stdout
        #expect(list.contains(#""amount" : "3.00""#) && list.contains(#""currency" : "EUR""#), "\(list)")
        let refused = try run(["budget", "set", "2026-11", "--limit", "800", "--currency", "CHF"])
        #expect(refused.status == 2 && refused.stderr.contains("2026-11 has 1 expense in EUR; its budget must be in EUR too"), "\(refused.stderr)")
        #expect(try run(["budget", "show", "2026-11", "--json"]).stdout.contains(#""limit" : null"#), "nothing written")
        list = try run(["expense", "list", "--month", "2026-11", "--json"]).stdout
        #expect(list.contains(#""currency" : "EUR""#) && !list.contains("CHF"))
        // In EUR the budget is taken, and its total is the expense's.
        #expect(try run(["budget", "set", "2026-11", "--limit", "800", "--currency", "EUR"]).status == 0)
        let show = try run(["budget", "show", "2026-11", "--json"]).stdout
        #expect(show.contains(#""spent" : "3.00""#) && show.contains(#""currency" : "EUR""#), "\(show)")
        // Plain SQL cannot mix currencies either.
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let mixed = try SQLiteShell.run(store, "INSERT INTO expense (amountCents, currency, day, note, createdAt) VALUES (100, 'CHF', '2026-11-06', '', datetime('now'));")
        #expect(mixed.status != 0 && mixed.stderr.contains("currency of its month"), "\(mixed.stderr)")
    }

    /// Plurals as CLDR has them: "1 expense", "2 expenses", "1 pc".
    @Test func oneIsSingular() throws {
        #expect(try run(["budget", "set", "2026-11", "--limit", "800"]).status == 0)
        #expect(try run(["expense", "add", "3", "--date", "2026-11-02"]).status == 0)
        let one = try run(["budget", "show", "2026-11"]).stdout
        #expect(one.contains("1 expense") && !one.contains("1 expenses"), "\(one)")
        #expect(try run(["expense", "add", "4", "--date", "2026-11-03"]).status == 0)
        #expect(try run(["budget", "show", "2026-11"]).stdout.contains("2 expenses"))
        #expect(try run(["pantry", "add", "Eggs", "--amount", "1", "--unit", "pcs", "--due", "2026-12-01"]).status == 0)
        let list = try run(["pantry", "list"]).stdout
        #expect(list.contains("1 pc ") && !list.contains("1 pcs"), "\(list)")
        let pane = try run(["render", "pantry", "--family", "medium", "--now", "2026-11-20T10:00:00Z"]).stdout
        #expect(pane.contains("1 pc") && !pane.contains("1 pcs"), "\(pane)")
    }

    @Test func aCurrencyWithoutDecimalsRefusesThem() throws {
        #expect(try run(["budget", "set", "2026-11", "--limit", "5000000", "--currency", "VND"]).status == 0)
        let refused = try run(["expense", "add", "45000,5", "--date", "2026-11-05"])
        #expect(refused.status == 2 && refused.stderr.contains("VND"))
        #expect(try run(["expense", "add", "45000", "--date", "2026-11-05"]).status == 0)
        #expect(try run(["budget", "show", "2026-11", "--json"]).stdout.contains(#""spent" : "45000""#))
    }

    func publish(_ json: String) throws -> CommandResult {
        let file = folder.path("snapshot.json")
        try Data(json.utf8).write(to: URL(fileURLWithPath: file))
        return try run(["publish", "budget", file])
    }

    static func snapshot(updated: Date, hasError: Bool = false) -> String {
        """
        {"totalAmount": 450.50, "expenseCount": 23, "hasError": \(hasError), "lastUpdated": "\(ISO8601DateFormatter().string(from: updated))",
         "spent": 450.50, "limit": 800.00, "month": "Gennaio 2026", "currency": "€", "percentage": 56.31,
         "isDarkMode": false, "groupId": "123e4567-e89b-12d3-a456-426614174000", "groupName": "Famiglia Rossi"}
        """
    }

    @Test func aPublishedSnapshotShowsItsFreshnessStalenessAndErrors() throws {
        #expect(try publish(Self.snapshot(updated: Date().addingTimeInterval(-25 * 3600))).status == 0)
        let stale = try run(["render", "budget", "--family", "medium", "--locale", "it"])
        #expect(stale.stdout.contains("Dati non aggiornati"), "\(stale.stdout)")
        #expect(try publish(Self.snapshot(updated: Date().addingTimeInterval(-300))).status == 0)
        let fresh = try run(["render", "budget", "--family", "medium", "--locale", "it"])
        #expect(fresh.stdout.contains("Aggiornato 5 min fa") && fresh.stdout.contains("450,50\u{00A0}€"), "\(fresh.stdout)")
        #expect(try publish(Self.snapshot(updated: Date(), hasError: true)).status == 0)
        #expect(try run(["render", "budget", "--family", "small", "--locale", "it"]).stdout.contains("Errore di caricamento"))
        #expect(try run(["publish", "budget", "--clear"]).status == 0)
        #expect(try run(["render", "budget", "--family", "small", "--locale", "it"]).stdout.contains("Budget non configurato"))
        #expect(try run(["publish", "budget", "--clear"]).status == 2)
    }

    @Test func malformedSnapshotsAreRefusedAndNothingIsWritten() throws {
        let malformed = try publish(#"{"spent": 1, "limit": }"#)
        #expect(malformed.status == 2 && malformed.stderr.contains("not valid JSON (line 1, column 23)"), "\(malformed.stderr)")
        let negative = try publish(Self.snapshot(updated: Date()).replacingOccurrences(of: "\"limit\": 800.00", with: "\"limit\": -1"))
        #expect(negative.status == 2 && negative.stderr.contains("limit -1 is negative"), "\(negative.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func theTimelineOfPublishedDataTicksEachMinute() throws {
        let updated = ISO8601DateFormatter().date(from: "2026-11-22T10:08:00+01:00")!
        #expect(try publish(Self.snapshot(updated: updated)).status == 0)
        let timeline = try run(["timeline", "budget", "--json", "--now", "2026-11-22T10:10:00+01:00"])
        // "2 min ago" now, then a new entry at 10:11, 10:12 … 10:59; the hourly reload at 11:00.
        let entries = timeline.stdout.components(separatedBy: #""source" : "published""#).count - 1
        #expect(entries == 50, "\(timeline.stdout.prefix(400))")
        #expect(timeline.stdout.contains(#""type" : "after""#) && timeline.stdout.contains("2026-11-22T11:00:00+01:00"))
    }
}
