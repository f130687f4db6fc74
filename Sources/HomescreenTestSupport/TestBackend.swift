import Foundation
import HomescreenPostgres
import HomescreenHosting
import HomescreenStore
import HomescreenWidgets
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
            return Made(store: try Store.prepared(at: path), again: { _ = folder; return try Store.open(at: path) },
                        plainSQL: { sql in
                            let result = try SQLiteShell.run(path, sql)
                            guard result.status == 0 else { throw PostgresServer.ServerError(description: "sqlite3: " + result.stderr) }
                            return result.stdout
                        })
        case .postgres:
            let url = try PostgresServer.freshDatabase()
            return Made(store: try PostgresStore.prepared(url: url), again: { try PostgresStore.open(url: url) },
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

extension Store {
    /// A store opened as the commands open it: the standard kinds' tables made (or brought up
    /// to date) as their descriptions say.
    public static func prepared(at path: String) throws -> Store {
        let store = try Store.open(at: path)
        try store.prepare(WidgetCatalog.standard.data)
        return store
    }
}

extension PostgresStore {
    /// A server store opened as the commands open it, the standard kinds' tables made.
    public static func prepared(url: String) throws -> PostgresStore {
        let store = try PostgresStore.open(url: url)
        try store.prepare(WidgetCatalog.standard.data)
        return store
    }
}
