import Foundation
import GRDB
import Testing
import HomescreenTestSupport

/// Bad input exits 2 with one sentence naming the value, and writes nothing.
struct BadInputTests {
    static let cases: [(arguments: [String], names: String)] = [
        (["pantry", "add", "Milk", "--due", "2026-02-30"], "2026-02-30"),
        (["pantry", "add", "Milk", "--due", "someday"], "someday"),
        (["pantry", "add", "Milk", "--due", "+3x"], "+3x"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "-5"], "-5"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "abc"], "abc"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "0"], "'0'"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "1e999"], "1e999"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "NaN"], "NaN"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "12.3.4"], "12.3.4"),
        (["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", ""], "''"),
        (["pantry", "add", "", "--due", "2026-11-30"], "empty"),
        (["pantry", "add", "   ", "--due", "2026-11-30"], "empty"),
        (["pantry", "consume", "--amount", "-1"], "-1"),
        (["pantry", "consume", "--product", "424242"], "424242"),
        (["pantry", "remove", "424242"], "424242"),
        (["pantry", "remove", "abc"], "abc"),
        (["render", "fridge"], "fridge"),
        (["render", "pantry", "--family", "huge"], "huge"),
        (["render", "pantry", "--now", "the day after"], "the day after"),
        (["render", "pantry", "--density", "tiny"], "tiny"),
        (["render", "pantry", "--size", "0x0"], "0x0"),
        (["render", "pantry", "--locale", "klingon"], "klingon"),
        (["render", "pantry", "--format", "html"], "html"),
        (["render", "pantry", "--colors", "7"], "'7'"),
        (["render", "pantry", "--theme", "neon"], "neon"),
        (["render", "pantry", "--due-soon-days", "999"], "999"),
        (["status", "--now", "2026-13-01"], "2026-13-01"),
        (["status", "fridge"], "fridge"),
        (["timeline", "pantry", "--now", "12:00"], "12:00"),
        (["timeline", "pantry", "--family", "gigantic"], "gigantic"),
        (["demo", "--today", "2026-02-31"], "2026-02-31"),
        (["render", "pantry", "--bogus"], "--bogus"),
        (["render", "year", "--family", "small"], "systemSmall"),
        (["expense", "add", "abc"], "'abc'"),
        (["expense", "add", "-5"], "'-5'"),
        (["expense", "add", "0"], "'0'"),
        (["expense", "add", "1e999"], "'1e999'"),
        (["expense", "add", "12.3.4"], "'12.3.4'"),
        (["expense", "add", ""], "''"),
        (["expense", "add", "NaN"], "'NaN'"),
        (["expense", "add", "12.345"], "'12.345'"),
        (["expense", "add"], "needs an amount"),
        (["expense", "add", "5", "--date", "2026-02-30"], "2026-02-30"),
        (["expense", "list", "--month", "11-2026"], "11-2026"),
        (["expense", "remove", "424242"], "424242"),
        (["budget", "set", "2026-13", "--limit", "800"], "2026-13"),
        (["budget", "set", "2026-00", "--limit", "800"], "2026-00"),
        (["budget", "set", "2026-11", "--limit", "abc"], "abc"),
        (["budget", "set", "2026-11", "--limit", "-800"], "-800"),
        (["budget", "set", "2026-11", "--limit", "800", "--currency", "XYZ"], "XYZ"),
        (["budget", "show", "2026-13"], "2026-13"),
        (["publish", "fridge"], "fridge"),
        (["render", "calendar", "--now", "2250-01-01"], "2250-01-01"),
        (["card", "add", "--first", "", "--last", "Nguyen"], "--first ''"),
        (["card", "add", "--first", "Lan", "--last", "   "], "--last '   '"),
        (["card", "add", "--first", "Lan"], "--last"),
        (["card", "add", "--first", "Lan", "--last", "Nguyen", "--server-id", "a b"], "'a b'"),
        (["card", "add", "--first", "Lan", "--last", "Nguyen", "--email", "lan.example.com"], "lan.example.com"),
        (["card", "add", "--first", "Lan\u{1B}[2J", "--last", "Nguyen"], "control characters"),
        (["card", "add", "--first", String(repeating: "x", count: 101), "--last", "Nguyen"], "at most 100"),
        (["card", "select", "424242"], "424242"),
        (["card", "select", "abc"], "abc"),
        (["card", "remove", "424242"], "424242"),
        (["render", "card", "--config", "/nonexistent/config.toml"], "/nonexistent/config.toml"),
        (["timeline", "calendar", "--now", "1799-12-01T12:00:00+07:00", "--json"], "1799-12-01"),
        (["render", "calendar", "--family", "huge"], "huge"),
    ]

    @Test(arguments: cases)
    func exitsTwoNamingTheValueAndCreatesNoStore(_ arguments: [String], _ names: String) throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        let result = try Homescreen.run(arguments, store: store)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(names), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store), "\(arguments) created the store")
    }

    /// Every row of every table, to compare what a store holds.
    static func contents(_ store: String) throws -> [String] {
        let database = try DatabaseQueue(path: store, configuration: { var c = Configuration(); c.readonly = true; return c }())
        defer { try? database.close() }
        return try database.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").flatMap { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table)").map { "\(table): \($0)" }
            }
        }
    }

    @Test func anExistingStoreIsLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "2026-11-30", "--amount", "2"], store: store).status == 0)
        #expect(try Homescreen.run(["pantry", "consume"], store: store).status == 0)
        let before = try Self.contents(store)
        #expect(before.count > 3)
        // These two must open the store to learn that the id does not exist; they roll back, and
        // closing may checkpoint the WAL into the main file: same data, other bytes.
        let lookUps: Set<[String]> = [["pantry", "consume", "--product", "424242"], ["pantry", "remove", "424242"], ["expense", "remove", "424242"],
                                     ["card", "select", "424242"], ["card", "remove", "424242"]]
        for (arguments, _) in Self.cases where !lookUps.contains(arguments) {
            let bytes = [FileSnapshot.bytes(store), FileSnapshot.bytes(store + "-wal")]
            let result = try Homescreen.run(arguments, store: store)
            #expect(result.status == 2, "\(arguments)")
            #expect([FileSnapshot.bytes(store), FileSnapshot.bytes(store + "-wal")] == bytes, "\(arguments) changed the file")
        }
        for arguments in lookUps { #expect(try Homescreen.run(arguments, store: store).status == 2) }
        #expect(try Self.contents(store) == before)
    }

    @Test func anInvalidImportWritesNothing() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        let file = folder.path("products.json")
        try Data(#"[{"name": "Milk", "due": "2026-11-30"}, {"name": "Eggs", "due": "2026-11-31"}]"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try Homescreen.run(["pantry", "import", file], store: store)
        #expect(result.status == 2 && result.stderr.contains("product 2") && result.stderr.contains("2026-11-31"))
        try Data("{not json".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try Homescreen.run(["pantry", "import", file], store: store).status == 2)
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func storeProblemsExitOneNamingThePathAndTheFix() throws {
        let folder = TemporaryFolder()
        let notes = folder.path("notes.txt")
        try Data("shopping list\n".utf8).write(to: URL(fileURLWithPath: notes))
        for arguments in [["pantry", "add", "Milk", "--due", "2026-11-30"], ["render", "pantry", "--family", "small"], ["status"], ["doctor"]] {
            let result = try Homescreen.run(arguments, store: notes)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(notes) || result.stdout.contains(notes), "\(arguments)")
            #expect(result.stderr.contains("--store") || result.stdout.contains("--store"), "\(arguments)")
        }
        #expect(FileSnapshot.bytes(notes) == Data("shopping list\n".utf8))
    }

    @Test func helpExplainsEveryCommand() throws {
        let help = try Homescreen.run(["--help"], store: nil)
        #expect(help.status == 0)
        for command in ["render", "status", "timeline", "pantry", "budget", "expense", "publish", "demo", "doctor"] { #expect(help.stdout.contains(command)) }
        let expense = try Homescreen.run(["expense", "--help"], store: nil)
        for command in ["add", "list", "remove"] { #expect(expense.stdout.contains(command)) }
        let budget = try Homescreen.run(["budget", "--help"], store: nil)
        for command in ["set", "show"] { #expect(budget.stdout.contains(command)) }
        let pantry = try Homescreen.run(["pantry", "--help"], store: nil)
        for command in ["add", "import", "list", "consume", "undo", "remove"] { #expect(pantry.stdout.contains(command)) }
    }
}
