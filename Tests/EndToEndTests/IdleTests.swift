import Foundation
import HomescreenTestSupport
import Testing

/// The idle dashboard makes no wake-ups, on any thread: counted, not timed.
struct IdleTests {
    @Test func theIdleDashboardMakesNoWakeUpsAfterAMessageWentByAndAReload() throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: ["--store", store], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Pantry") && $0.contains("? help") }, "no first frame: \(dashboard.text)")
        let pid = try #require(dashboard.processID)
        dashboard.send("c")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Consumed") }, "\(dashboard.text)")
        dashboard.send("r")
        // Generous: the end-to-end suites run side by side and can load the machine (a CI run
        // once missed it within 10 s); this test counts wake-ups, it does not time anything.
        #expect(dashboard.wait(timeout: 30) { $0.contains("Reloaded every widget.") }, "\(dashboard.text)")
        // Status messages go by themselves after a few seconds.
        #expect(dashboard.wait(timeout: 15) { !$0.contains("Reloaded every widget.") && !$0.contains("Consumed") }, "\(dashboard.text)")
        sleep(1)
        // No wake-up in a window of 20 idle seconds. The end-to-end suites run side by side; on a
        // loaded machine one stray wake-up has landed in a window, so a second window is counted
        // then: a timer, a poll that spins or any periodic work shows in both.
        let counts = Processes.idleWakeUps(of: pid, seconds: 20)
        #expect(counts.last == 0, "wake-ups in windows of 20 idle seconds: \(counts)")
    }

    /// A dashboard killed with its terminal (the tmux server gone) leaves its store as it was:
    /// a SQLite store with its commits in the `-wal` and the file's header still without the
    /// store's mark. The next dashboard on that store makes no wake-ups either (its opening once
    /// checked the file through a GRDB connection it then dropped, which started libdispatch's
    /// worker monitor: one wake-up a second for the life of the process). PostgreSQL keeps no
    /// file here, and its client no GRDB connection; it is counted all the same.
    @Test(arguments: ["sqlite", "postgresql"])
    func aDashboardOnAStoreAKilledDashboardLeftMakesNoWakeUps(backend: String) throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = backend == "sqlite" ? folder.path("store.sqlite") : try PostgresServer.freshDatabase()
        do {
            let first = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: ["--store", store], configHome: folder.url.path)
            #expect(first.wait(timeout: 30) { $0.contains("Pantry") && $0.contains("? help") }, "no first frame: \(first.text)")
            let pid = try #require(first.processID)
            first.stop()
            var gone = false
            for _ in 0..<500 where !gone {
                gone = !Processes.alive(pid)
                if !gone { usleep(20_000) }
            }
            try #require(gone, "the dashboard outlived its terminal")
        }
        if backend == "sqlite" {
            // The case at hand: the file's header has no application id yet (it is in the -wal).
            let header = try #require(FileHandle(forReadingAtPath: store)?.readData(ofLength: 100))
            try #require(header.count == 100 && header[18] == 2 && header[68..<72].allSatisfy { $0 == 0 }, "the header: \(Array(header))")
            try #require(FileManager.default.fileExists(atPath: store + "-wal"))
        }

        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: ["--store", store], configHome: folder.url.path)
        #expect(dashboard.wait(timeout: 30) { $0.contains("Pantry") && $0.contains("? help") }, "no first frame: \(dashboard.text)")
        let pid = try #require(dashboard.processID)
        sleep(1)
        // Windows of 20 idle seconds, a second one only when the first saw a stray wake-up (as
        // above): the worker monitor wakes about 20 times in each.
        let counts = Processes.idleWakeUps(of: pid, seconds: 20)
        #expect(counts.last == 0, "wake-ups in windows of 20 idle seconds: \(counts)")
    }
}
