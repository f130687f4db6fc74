import Foundation
import HomescreenPostgres
import HomescreenStore
import HomescreenWidgetCore

/// The two backends a store test runs on: a SQLite file in a temporary folder, or a fresh
/// database on the tests' PostgreSQL server.
public enum TestBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres
    public var description: String { rawValue }

    public struct Made {
        public let store: any StoreBackend
        /// Another connection to the same store.
        public let again: () throws -> any StoreBackend
        /// Plain SQL run by another program: `sqlite3` on the file, `psql` on the server.
        public let plainSQL: (String) throws -> String
    }

    /// A new, empty store.
    public func make() throws -> Made {
        switch self {
        case .sqlite:
            let folder = TemporaryFolder()
            let path = folder.path("s.sqlite")
            return Made(store: try Store.open(at: path), again: { _ = folder; return try Store.open(at: path) },
                        plainSQL: { sql in
                            let result = try SQLiteShell.run(path, sql)
                            guard result.status == 0 else { throw PostgresServer.ServerError(description: "sqlite3: " + result.stderr) }
                            return result.stdout
                        })
        case .postgres:
            let url = try PostgresServer.freshDatabase()
            return Made(store: try PostgresStore.open(url: url), again: { try PostgresStore.open(url: url) },
                        plainSQL: { sql in
                            let result = try Spawn.runWithStatus("/usr/bin/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url,
                                                                                   "-c", "SET search_path = homescreen; " + sql])
                            guard result.status == 0 else { throw PostgresServer.ServerError(description: "psql failed: \(sql)") }
                            return result.output
                        })
        }
    }
}

/// The day the store tests write their products on.
public enum LocalDateFixture {
    public static let day = LocalDate(year: 2026, month: 11, day: 22)!
}
