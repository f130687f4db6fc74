import Foundation
import HomescreenTestSupport
import Testing

/// A PostgreSQL server that stops answering (SIGSTOP of the postmaster and its children, as a
/// hung NAS or a suspended VM): a consume on the dashboard is given up within the deadline,
/// the product is back on screen with a sentence saying the change was not saved, and when the
/// server wakes the database still holds the original amount. On a cluster of its own: freezing
/// the tests' shared server would freeze every other test.
@Suite(.serialized)
struct PostgresDeadlineTests {
    /// A throwaway cluster (scripts/postgres-test-cluster.sh), stopped when the value goes.
    final class Cluster {
        let folder: String
        let url: String
        init() throws {
            // Spawned directly: the server it leaves running would keep Foundation's Process waiting.
            let started = try Spawn.runWithStatus("/bin/bash", [SourceRoot.path("scripts/postgres-test-cluster.sh"), "start"])
            try #require(started.status == 0, "\(started.output)")
            func value(_ name: String) -> String? {
                started.output.split(separator: "\n").first { $0.hasPrefix("export \(name)=") }
                    .map { String($0.dropFirst("export \(name)=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
            }
            folder = try #require(value("HOMESCREEN_TEST_POSTGRES_DIR"))
            url = try #require(value("HOMESCREEN_TEST_POSTGRES"))
        }
        /// The postmaster and every server process.
        var processes: [pid_t] {
            guard let text = try? String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8),
                  let postmaster = text.split(separator: "\n").first.flatMap({ pid_t($0) }) else { return [] }
            return [postmaster] + Processes.children(of: postmaster)
        }
        func signal(_ number: Int32) { for pid in processes { kill(pid, number) } }
        deinit {
            signal(SIGCONT)
            _ = try? Spawn.runWithStatus("/bin/bash", [SourceRoot.path("scripts/postgres-test-cluster.sh"), "stop", folder])
        }
    }

    @Test func aConsumeOnAFrozenServerIsGivenBackWithinTheDeadline() throws {
        let cluster = try Cluster()
        #expect(try Homescreen.run(["demo", "--today", "2026-11-25"], store: cluster.url).status == 0)
        let home = TemporaryFolder()
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: cluster.url, arguments: ["--now", "2026-11-25"], configHome: home.url.path)
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("● Milk") && $0.contains("? help") }, "\(dashboard.text)")
        let milkLine = { dashboard.screen().first { $0.contains("● Milk") } }

        cluster.signal(SIGSTOP)
        let pressed = Date()
        dashboard.send("c")
        #expect(dashboard.wait(timeout: 2) { $0.contains("Consumed 1 l of Milk") || !$0.contains("● Milk") }, "the consume shows at once: \(dashboard.text)")
        #expect(dashboard.wait(timeout: 25) { $0.contains("The PostgreSQL store did not answer within 15 s, so this change was not saved") }, "\(dashboard.text)")
        let seconds = Date().timeIntervalSince(pressed)
        print("PostgresDeadlineTests: the consume was given up \(String(format: "%.1f", seconds)) s after the key")
        #expect(seconds <= 20, "given up after \(seconds) s")
        #expect(dashboard.wait(timeout: 5) { _ in milkLine()?.contains("1 l") == true }, "Milk is back, 1 l: \(dashboard.text)")

        cluster.signal(SIGCONT)
        // The server, awake, finds the client gone and rolls the consume back; another connection
        // never saw it (it was not committed), so there is nothing to wait for.
        let amount = try PostgresServer.sql(cluster.url, "SELECT amountMilli FROM homescreen.product WHERE name = 'Milk'").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(amount == "1000", "the database still holds the original amount")
        #expect(try PostgresServer.sql(cluster.url, "SELECT count(*) FROM homescreen.consumption").trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        // And the dashboard works again (it tries the server at most every 2 s): the next consume is saved.
        Thread.sleep(forTimeInterval: 2.5)
        dashboard.send("c")
        #expect(TmuxCommandTests.wait(timeout: 20) {
            (try? PostgresServer.sql(cluster.url, "SELECT amountMilli FROM homescreen.product WHERE name = 'Milk'").trimmingCharacters(in: .whitespacesAndNewlines)) == "0"
        }, "\(dashboard.text)")
        #expect(dashboard.wait { $0.contains("Consumed 1 l of Milk") && !$0.contains("did not answer") }, "\(dashboard.text)")
    }
}
