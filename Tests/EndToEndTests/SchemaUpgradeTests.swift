import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport

/// Stores written by the build before kinds owned their data (schema 7: commit 04f1417, made by
/// scripts/generate-schema7-vectors.sh) open with this build, migrated, every row intact: the
/// listings are byte for byte what that build printed, on SQLite and on PostgreSQL.
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
            let before = try String(contentsOfFile: "\(Self.vectors)/\(backend)-\(listing.name).out", encoding: .utf8)
            let after = try Homescreen.run(listing.arguments, store: store, environment: Self.environment)
            #expect(after.status == 0, "\(listing.arguments): \(after.stderr)")
            #expect(after.stdout == before, "\(backend): \(listing.name) differs after the upgrade")
        }
    }

    @Test func aSchema7SQLiteStoreOpensMigratedWithEveryRowIntact() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        try FileManager.default.copyItem(atPath: "\(Self.vectors)/sqlite-store.sqlite", toPath: store)
        chmod(store, 0o600)
        #expect(try SQLiteShell.run(store, "PRAGMA user_version").stdout == "7\n")
        try expectSameListings(store, backend: "sqlite")
        #expect(try SQLiteShell.run(store, "PRAGMA user_version").stdout == "\(Store.currentSchema)\n", "migrated by the first command that writes")
        #expect(try SQLiteShell.run(store, "SELECT count(*) FROM expense").stdout == "544\n")
        try expectSameListings(store, backend: "sqlite")
    }

    @Test func aSchema7PostgreSQLStoreOpensMigratedWithEveryRowIntact() throws {
        let store = try PostgresServer.freshDatabase()
        _ = try Spawn.run("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", store, "-f", "\(Self.vectors)/postgres-dump.sql"])
        #expect(try PostgresServer.sql(store, "SELECT version FROM homescreen.identity").trimmingCharacters(in: .whitespacesAndNewlines) == "7")
        try expectSameListings(store, backend: "postgres")
        #expect(try PostgresServer.sql(store, "SELECT version FROM homescreen.identity").trimmingCharacters(in: .whitespacesAndNewlines) == "\(Store.currentSchema)")
        #expect(try PostgresServer.sql(store, "SELECT count(*) FROM homescreen.expense").trimmingCharacters(in: .whitespacesAndNewlines) == "544")
        try expectSameListings(store, backend: "postgres")
    }
}
