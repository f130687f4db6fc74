import Foundation
import Testing
import HomescreenTestSupport

/// Dashboards on a PostgreSQL store, in tmux: a key in one redraws the other, a shell's write
/// shows in both, and a server that stops and comes back is said, survived and followed.
@Suite(.serialized)
struct PostgresDashboardTests {
    static func dashboard(_ store: String, _ folder: TemporaryFolder, _ name: String) throws -> TmuxDashboard {
        try FileManager.default.createDirectory(atPath: folder.path(name), withIntermediateDirectories: true)
        return try TmuxDashboard(columns: 120, rows: 40, store: store, configHome: folder.path(name))
    }

    @Test func aKeyInOneDashboardRedrawsTheOther() throws {
        let store = try PostgresServer.freshDatabase()
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--amount", "3", "--unit", "l", "--due", "today"], store: store).status == 0)
        let folder = TemporaryFolder()
        let first = try Self.dashboard(store, folder, "a"), second = try Self.dashboard(store, folder, "b")
        #expect(first.wait { $0.contains("Milk") && $0.contains("3 l") } && second.wait { $0.contains("3 l") }, "\(second.text)")
        first.send("c")
        #expect(second.wait(timeout: 5) { $0.contains("2 l") && !$0.contains("3 l") }, "the second dashboard redraws: \(second.text)")
        #expect(try Homescreen.run(["pantry", "add", "Oats", "--due", "tomorrow"], store: store).status == 0)
        #expect(first.wait(timeout: 5) { $0.contains("Oats") } && second.wait(timeout: 5) { $0.contains("Oats") }, "\(first.text)")
        first.send("q")
        second.send("q")
        #expect(first.exitStatus() == 0 && second.exitStatus() == 0)
    }

    /// A cluster of a test's own (the shared one keeps serving the other tests), that it can
    /// stop and start.
    final class OwnCluster {
        let directory: String, store: String, port: String
        let bin: String

        init() throws {
            let started = try Spawn.run("/bin/bash", [SourceRoot.path("scripts/postgres-test-cluster.sh"), "start"])
            func value(_ name: String) -> String? {
                started.split(separator: "\n").first { $0.hasPrefix("export \(name)=") }
                    .map { String($0.split(separator: "=", maxSplits: 1)[1]).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            }
            guard let directory = value("HOMESCREEN_TEST_POSTGRES_DIR"), let admin = value("HOMESCREEN_TEST_POSTGRES"),
                  let version = try FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql").sorted().last else {
                throw PostgresServer.ServerError(description: "no cluster: \(started)")
            }
            self.directory = directory
            bin = "/usr/lib/postgresql/\(version)/bin"
            try PostgresServer.sql(admin, "CREATE DATABASE family")
            store = PostgresServer.url(admin, database: "family")
            port = store.components(separatedBy: ":").last?.components(separatedBy: "/").first ?? ""
        }

        deinit { _ = try? Spawn.run("/bin/bash", [SourceRoot.path("scripts/postgres-test-cluster.sh"), "stop", directory]) }

        func stop() throws {
            _ = try Spawn.run("/usr/sbin/runuser", ["-u", "postgres", "--", bin + "/pg_ctl", "-D", directory + "/data", "-m", "fast", "-w", "stop"])
        }

        func start() throws {
            _ = try Spawn.run("/usr/sbin/runuser", ["-u", "postgres", "--", bin + "/pg_ctl", "-D", directory + "/data", "-l", directory + "/log/server.log", "-w",
                                                     "-o", "-p \(port) -k \(directory)/socket -c listen_addresses=127.0.0.1 -c fsync=off", "start"])
        }
    }

    @Test func aServerThatStopsIsSaidAndFollowedWhenItIsBack() throws {
        let cluster = try OwnCluster()
        defer { withExtendedLifetime(cluster) {} }   // stopped and removed at the end, not at its last use
        let store = cluster.store
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--amount", "3", "--unit", "l", "--due", "today"], store: store).status == 0)
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(store, folder, "a")
        #expect(dashboard.wait { $0.contains("3 l") }, "\(dashboard.text)")
        let pid = try #require(dashboard.dashboardPID)

        try cluster.stop()
        #expect(dashboard.wait { $0.contains("Store offline") }, "\(dashboard.text)")
        #expect(dashboard.text.contains("Milk") && dashboard.text.contains(" stale "), "the panes keep what they last read, marked stale: \(dashboard.text)")
        // A key clears the message; the status line still says the store is offline.
        dashboard.send("Tab")
        #expect(dashboard.wait { $0.contains("Store offline: showing the last data") }, "\(dashboard.text)")
        // Down for 10 s: a few retries (1, 2, 4 s), no spinning.
        let before = Processes.contextSwitches(of: pid)
        Thread.sleep(forTimeInterval: 10)
        let during = Processes.contextSwitches(of: pid) - before
        #expect(during < 50, "\(during) wake-ups in 10 s while the server is down")
        try cluster.start()
        // Back within the backoff (8 s then 16 s at most by now): reloaded, and following again.
        #expect(dashboard.wait(timeout: 25) { $0.contains("Connected to the store again") && !$0.contains(" stale ") }, "\(dashboard.text)")
        // Another program's write, once the server takes new connections again (a fresh one may
        // still be refused for a moment after the restart: said, exit 1, nothing written).
        var added = try Homescreen.run(["pantry", "add", "Oats", "--due", "tomorrow"], store: store)
        for _ in 0..<5 where added.status != 0 {
            Thread.sleep(forTimeInterval: 1)
            added = try Homescreen.run(["pantry", "add", "Oats", "--due", "tomorrow"], store: store)
        }
        #expect(added.status == 0, "\(added.stderr)")
        #expect(dashboard.wait(timeout: 5) { $0.contains("Oats") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// `status --follow` keeps its line while the server is away and follows it again after.
    @Test func statusFollowOutlivesTheServerGoingAway() throws {
        let cluster = try OwnCluster()
        defer { withExtendedLifetime(cluster) {} }
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "today"], store: cluster.store).status == 0)
        let (process, lines) = try StatusFollowTests.follow(store: cluster.store)
        defer { process.terminate() }
        #expect(lines.wait { $0.count == 1 && $0[0].contains("Milk") }, "\(lines.all)")
        try cluster.stop()
        Thread.sleep(forTimeInterval: 3)
        #expect(process.isRunning || Processes.alive(process.processIdentifier), "it keeps running")
        try cluster.start()
        // The feed retries at 1, 2, 4, 8 s: back within 15 s of the start, and it reads the store
        // afresh then, so the write needs no wait for it.
        #expect(try Homescreen.run(["pantry", "add", "Aardvark", "--due", "2020-01-01"], store: cluster.store).status == 0)
        #expect(lines.wait(timeout: 20) { $0.last?.contains("Aardvark") == true }, "\(lines.all)")
    }
}
