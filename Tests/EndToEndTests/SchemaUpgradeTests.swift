import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport

/// Stores written by the build before kinds owned their data (schema 7: commit 04f1417, made by
/// scripts/generate-schema7-vectors.sh) open with this build, migrated, every row intact: the
/// listings are byte for byte what that build printed (pantry list with its states in words
/// and a header row since issue 51), on SQLite and on PostgreSQL.
@Suite(.serialized)
struct SchemaUpgradeTests {
    static let vectors = SourceRoot.path("Tests/EndToEndTests/Vectors/schema7")
    /// The listings the vectors hold, with the arguments that printed them.
    static let listings: [(name: String, arguments: [String])] = [
        ("pantry-list", ["pantry", "list", "--today", "2026-11-25"]),
        ("expense-list", ["expense", "list", "--month", "all", "--json"]),
        ("card-list", ["card", "list", "--json"]),
        ("event-list", ["event", "list", "--from", "2026-11-25", "--to", "2027-11-24", "--today", "2026-11-25", "--json"]),
    ]
    /// What the vectors were printed in.
    static let environment = ["TZ": "Europe/Zurich", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]

    func expectSameListings(_ store: String, backend: String) throws {
        for listing in Self.listings {
            var before = try String(contentsOfFile: "\(Self.vectors)/\(backend)-\(listing.name).out", encoding: .utf8)
            if listing.name == "pantry-list" { before = Self.inWords(before) }
            let after = try Homescreen.run(listing.arguments, store: store, environment: Self.environment)
            #expect(after.status == 0, "\(listing.arguments): \(after.stderr)")
            #expect(Self.withoutAddedNulls(after.stdout, before: before) == before, "\(backend): \(listing.name) differs after the upgrade")
        }
    }

    /// That build's `pantry list` into a pipe, as this one prints it (issue 51): a header row,
    /// and each state in words rather than the urgency word of --json.
    static func inWords(_ listing: String) -> String {
        let words = ["expired": "expired", "dueSoon": "due soon", "fresh": "fresh", "empty": "out of stock"]
        let header = "#      Product                       Amount        Due         State\n"
        return header + listing.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let space = line.lastIndex(of: " "), let word = words[String(line[line.index(after: space)...])] else { return String(line) }
            return line[...space] + word
        }.joined(separator: "\n")
    }

    /// The listing as that build would print it: keys this build writes as null and that build
    /// left out (issue 30: every documented key is always there), and the keys it added
    /// (`event list`'s lastDate), are dropped again, nothing else.
    static func withoutAddedNulls(_ json: String, before: String) -> String {
        guard json.hasPrefix("["), !before.contains(" : null") else { return json }
        let added = ["\"lastDate\" : "]
        return json.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { line in !line.hasSuffix(" : null,") && !line.hasSuffix(" : null") && !added.contains { line.contains($0) } }
            .joined(separator: "\n").replacingOccurrences(of: ",\n  }", with: "\n  }")
    }

    @Test func aSchema7SQLiteStoreOpensMigratedWithEveryRowIntact() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        try FileManager.default.copyItem(atPath: "\(Self.vectors)/sqlite-store.sqlite", toPath: store)
        chmod(store, 0o600)
        #expect(try SQLiteShell.run(store, "PRAGMA user_version").stdout == "7\n")
        try expectSaysTheUpgrade(store)
        try expectSameListings(store, backend: "sqlite")
        #expect(try SQLiteShell.run(store, "PRAGMA user_version").stdout == "\(Store.currentSchema)\n", "migrated by the first command that writes")
        #expect(try SQLiteShell.run(store, "SELECT count(*) FROM expense").stdout == "544\n")
        try expectSameListings(store, backend: "sqlite")
    }

    @Test func aSchema7PostgreSQLStoreOpensMigratedWithEveryRowIntact() throws {
        let store = try PostgresServer.freshDatabase()
        _ = try Spawn.run("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", store, "-f", "\(Self.vectors)/postgres-dump.sql"])
        #expect(try PostgresServer.sql(store, "SELECT version FROM homescreen.identity").trimmingCharacters(in: .whitespacesAndNewlines) == "7")
        try expectSaysTheUpgrade(store)
        try expectSameListings(store, backend: "postgres")
        #expect(try PostgresServer.sql(store, "SELECT version FROM homescreen.identity").trimmingCharacters(in: .whitespacesAndNewlines) == "\(Store.currentSchema)")
        #expect(try PostgresServer.sql(store, "SELECT count(*) FROM homescreen.expense").trimmingCharacters(in: .whitespacesAndNewlines) == "544")
        try expectSameListings(store, backend: "postgres")
    }

    /// The next id is where the old table's sequence was, not after the highest row left: a
    /// deleted product's id is not given again after the upgrade.
    @Test(arguments: ["sqlite", "postgres"]) func idsOfDeletedRowsAreNotGivenAgain(_ backend: String) throws {
        let (store, sql) = try Self.schema7Store(backend)
        _ = try sql("DELETE FROM product WHERE id = (SELECT max(id) FROM product)")
        let highest = Int(try sql("SELECT max(id) FROM product").trimmingCharacters(in: .whitespacesAndNewlines))!
        #expect(try Homescreen.run(["pantry", "add", "Tofu", "--due", "2026-12-01"], store: store, environment: Self.environment).status == 0)
        #expect(try sql("SELECT id FROM product WHERE name = 'Tofu'").trimmingCharacters(in: .whitespacesAndNewlines) == "\(highest + 2)")
    }

    /// A row the old schema took and the kind's description refuses stops the upgrade with one
    /// sentence naming the table and the row's rule; the table is left as it was.
    @Test(arguments: ["sqlite", "postgres"]) func aRowTheDescriptionRefusesStopsTheUpgradeWithASentence(_ backend: String) throws {
        let (store, sql) = try Self.schema7Store(backend)
        _ = try sql("UPDATE product SET createdAt = '1700-01-01 00:00:00' WHERE id = 1")
        let listed = try Homescreen.run(["pantry", "list"], store: store, environment: Self.environment)
        #expect(listed.status == 1)
        #expect(listed.stderr.contains("a row of the pantry table product in ") && listed.stderr.contains("breaks this version's rules"), "\(listed.stderr)")
        #expect(listed.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count == 1)
        #expect(try sql("SELECT count(*) FROM product").trimmingCharacters(in: .whitespacesAndNewlines) == "14", "the rows are where they were")
        _ = try sql("UPDATE product SET createdAt = '2026-01-01 00:00:00' WHERE id = 1")
        #expect(try Homescreen.run(["pantry", "list"], store: store, environment: Self.environment).status == 0, "fixed, the next command upgrades it")
    }

    /// The first command on an older store says on one line of stderr that it is at this
    /// version now (an older Homescreen on another machine no longer opens it); the next says nothing.
    func expectSaysTheUpgrade(_ store: String) throws {
        let first = try Homescreen.run(["pantry", "list", "--today", "2026-11-25"], store: store, environment: Self.environment)
        #expect(first.status == 0 && first.stderr.split(separator: "\n").count == 1
                && first.stderr.contains("was at schema 7; it is at schema \(Store.currentSchema) now, every row kept"), "\(first.stderr)")
        let next = try Homescreen.run(["pantry", "list", "--today", "2026-11-25"], store: store, environment: Self.environment)
        #expect(next.status == 0 && next.stderr.isEmpty, "\(next.stderr)")
    }

    /// Issue 51, point 7: a store of this version whose version row was set back to 7 or 8 (by
    /// hand, or its identity restored alone) is brought to this version, and the first command
    /// says so in one line naming both versions; nothing else changes, the next command is quiet.
    @Test(arguments: ["sqlite", "postgres"], [7, 8]) func aVersionRowSetBackIsSaidAndBroughtToThisVersion(_ backend: String, _ version: Int) throws {
        let folder = TemporaryFolder()
        let store = backend == "sqlite" ? folder.path("store.sqlite") : try PostgresServer.freshDatabase()
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "2026-11-25"], store: store).status == 0)
        let setBack = backend == "sqlite" ? try SQLiteShell.run(store, "PRAGMA user_version = \(version)").status
            : try Spawn.runWithStatus("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", store, "-c", "UPDATE homescreen.identity SET version = \(version)"]).status
        #expect(setBack == 0)
        let first = try Homescreen.run(["pantry", "list", "--today", "2026-11-22"], store: store)
        #expect(first.status == 0 && first.stdout.contains("Milk"), "\(first.stdout) \(first.stderr)")
        let lines = first.stderr.split(separator: "\n")
        #expect(lines.count == 1 && first.stderr.contains("said schema \(version) while its tables were already schema \(Store.currentSchema)'s")
                && first.stderr.contains("it says \(Store.currentSchema) now"), "\(backend) \(version): \(first.stderr)")
        let written = backend == "sqlite" ? try SQLiteShell.run(store, "PRAGMA user_version").stdout
            : try PostgresServer.sql(store, "SELECT version FROM homescreen.identity")
        #expect(written.trimmingCharacters(in: .whitespacesAndNewlines) == "\(Store.currentSchema)")
        let next = try Homescreen.run(["pantry", "list", "--today", "2026-11-22"], store: store)
        #expect(next.status == 0 && next.stderr.isEmpty && next.stdout == first.stdout, "\(next.stderr)")
        let doctor = try Homescreen.run(["doctor"], store: store)
        #expect(doctor.stdout.contains("schema \(Store.currentSchema)") || doctor.stdout.contains("(PostgreSQL)"), "\(doctor.stdout)")
    }

    /// A schema-7 store from the vectors, and plain SQL on it (sqlite3 or psql).
    static func schema7Store(_ backend: String) throws -> (store: String, sql: (String) throws -> String) {
        if backend == "sqlite" {
            let folder = TemporaryFolder()
            let store = folder.path("store.sqlite")
            try FileManager.default.copyItem(atPath: "\(vectors)/sqlite-store.sqlite", toPath: store)
            chmod(store, 0o600)
            return (store, { _ = folder; return try SQLiteShell.run(store, $0).stdout })
        }
        let store = try PostgresServer.freshDatabase()
        _ = try Spawn.run("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", store, "-f", "\(vectors)/postgres-dump.sql"])
        return (store, { try PostgresServer.sql(store, "SET search_path = homescreen; " + $0) })
    }
}
