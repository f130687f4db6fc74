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
        var counts: [Int] = []
        repeat {
            let before = Processes.contextSwitches(of: pid)
            sleep(20)
            counts.append(Processes.contextSwitches(of: pid) - before)
        } while counts.count < 2 && counts.last != 0
        #expect(counts.last == 0, "wake-ups in windows of 20 idle seconds: \(counts)")
    }
}
