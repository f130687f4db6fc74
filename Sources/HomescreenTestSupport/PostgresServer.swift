import Foundation

/// The PostgreSQL server the tests use: `HOMESCREEN_TEST_POSTGRES` (CI starts a throwaway
/// cluster with scripts/postgres-test-cluster.sh), else a cluster this test process starts
/// with the same script (PostgreSQL must be installed: `apt-get install postgresql libpq-dev`).
/// There is no skipping: without a server these tests fail and say why.
public enum PostgresServer {
    public struct Server: Sendable {
        /// A superuser over the Unix socket (trusted).
        public let adminURL: String
        /// A user with a password over TCP on 127.0.0.1.
        public let tcpURL: String
        public let password: String
    }

    static let shared: Result<Server, ServerError> = {
        let environment = ProcessInfo.processInfo.environment
        if let url = environment["HOMESCREEN_TEST_POSTGRES"], let tcp = environment["HOMESCREEN_TEST_POSTGRES_TCP"],
           let password = environment["HOMESCREEN_TEST_POSTGRES_PASSWORD"] {
            return .success(Server(adminURL: url, tcpURL: tcp, password: password))
        }
        let output = try? Spawn.run("/bin/bash", [SourceRoot.path("scripts/postgres-test-cluster.sh"), "start"])
        var values: [String: String] = [:]
        for line in (output ?? "").split(separator: "\n") where line.hasPrefix("export ") {
            let pair = line.dropFirst(7).split(separator: "=", maxSplits: 1)
            if pair.count == 2 { values[String(pair[0])] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        }
        guard let url = values["HOMESCREEN_TEST_POSTGRES"], let tcp = values["HOMESCREEN_TEST_POSTGRES_TCP"],
              let password = values["HOMESCREEN_TEST_POSTGRES_PASSWORD"] else {
            return .failure(ServerError(description: "no PostgreSQL server for the tests: set HOMESCREEN_TEST_POSTGRES or install postgresql (scripts/postgres-test-cluster.sh start printed: \(output ?? "nothing"))"))
        }
        if let folder = values["HOMESCREEN_TEST_POSTGRES_DIR"] {
            // Stopped when the test process ends.
            atexit_folder = folder
            atexit { if let folder = atexit_folder { _ = try? Spawn.run("/bin/bash", [SourceRoot.path("scripts/postgres-test-cluster.sh"), "stop", folder]) } }
        }
        return .success(Server(adminURL: url, tcpURL: tcp, password: password))
    }()

    public struct ServerError: Error, CustomStringConvertible {
        public let description: String
        public init(description: String) { self.description = description }
    }

    public static func server() throws -> Server { try shared.get() }

    /// A new, empty database; its URL (over the socket, as the admin user).
    public static func freshDatabase() throws -> String {
        let server = try server()
        let name = "hs_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        try sql(server.adminURL, "CREATE DATABASE \(name)")
        return url(server.adminURL, database: String(name))
    }

    /// Runs SQL with psql (PostgreSQL's own client) and returns its unaligned output.
    @discardableResult
    public static func sql(_ url: String, _ statement: String) throws -> String {
        try Spawn.run("/usr/bin/psql", ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", statement])
    }

    /// The same server URL with another database.
    public static func url(_ url: String, database: String) -> String {
        guard let slash = url.range(of: "/", options: .backwards) else { return url }
        return String(url[..<slash.upperBound]) + database
    }
}

nonisolated(unsafe) private var atexit_folder: String?
