import Foundation
import Testing
@testable import HomescreenWidgetCore

struct SchedulerTests {
    struct Entry: TimelineEntry { let date: Date }
    let base = Date(timeIntervalSince1970: 1_800_000_000)

    func timeline(_ offsets: [TimeInterval], _ policy: ReloadPolicy) -> Timeline<Entry> {
        Timeline(entries: offsets.map { Entry(date: base + $0) }, policy: policy)
    }

    @Test func currentEntryIsTheLatestWhoseDateHasPassed() {
        var scheduler = Scheduler<String>()
        scheduler.install(timeline([60, 0, 120], .never), for: "a", loadedAt: base)
        #expect(scheduler.currentEntryIndex(for: "a", at: base - 10) == 0)   // none passed yet: the first
        #expect(scheduler.currentEntryIndex(for: "a", at: base) == 0)
        #expect(scheduler.currentEntryIndex(for: "a", at: base + 59) == 0)
        #expect(scheduler.currentEntryIndex(for: "a", at: base + 60) == 1)
        #expect(scheduler.currentEntryIndex(for: "a", at: base + 10_000) == 2)
        #expect(scheduler.currentEntryIndex(for: "missing", at: base) == nil)
    }

    @Test func wakesAtTheEarliestEntryOrReloadAndNeverWhenIdle() {
        var scheduler = Scheduler<String>()
        #expect(scheduler.nextWakeUp(after: base) == nil)
        scheduler.install(timeline([0], .never), for: "idle", loadedAt: base)
        #expect(scheduler.nextWakeUp(after: base) == nil)   // nothing due: no wake-ups at all
        scheduler.install(timeline([0], .after(base + 3600)), for: "hourly", loadedAt: base)
        #expect(scheduler.nextWakeUp(after: base) == base + 3600)
        scheduler.install(timeline([0, 60, 120], .atEnd), for: "minutes", loadedAt: base)
        #expect(scheduler.nextWakeUp(after: base) == base + 60)
        #expect(scheduler.nextWakeUp(after: base + 60) == base + 120)
        // The last entry has passed: its .atEnd reload is due now, so wake at once.
        #expect(scheduler.nextWakeUp(after: base + 120) == base + 120)
    }

    @Test func reloadsAreDueWhenTheirPolicySays() {
        var scheduler = Scheduler<String>()
        scheduler.install(timeline([0], .after(base + 100)), for: "after", loadedAt: base)
        scheduler.install(timeline([0, 50], .atEnd), for: "atEnd", loadedAt: base)
        scheduler.install(timeline([0], .never), for: "never", loadedAt: base)
        #expect(scheduler.reloadsDue(at: base + 10).isEmpty)
        #expect(scheduler.reloadsDue(at: base + 50) == ["atEnd"])
        #expect(Set(scheduler.reloadsDue(at: base + 100)) == ["after", "atEnd"])
        // Reloading installs a new timeline, and the due reload is gone.
        scheduler.install(timeline([100], .after(base + 200)), for: "after", loadedAt: base + 100)
        #expect(scheduler.reloadsDue(at: base + 100) == ["atEnd"])
    }

    @Test func atEndWithASingleEntryInThePastNeverSpins() {
        var scheduler = Scheduler<String>()
        scheduler.install(timeline([0], .atEnd), for: "single", loadedAt: base)
        #expect(scheduler.reloadsDue(at: base + 1).isEmpty)
        #expect(scheduler.nextWakeUp(after: base + 1) == nil)
    }

    @Test func aSimulatedClockAdvancesInRealTime() async throws {
        let start = Date(timeIntervalSince1970: 0)
        let realStart = Date()
        let clock = SimulatedClock(start: start, realStart: realStart)
        try await Task.sleep(for: .milliseconds(50))
        // The simulated clock moved exactly as much as real time did (no timing bound: a busy
        // machine may sleep much longer than asked).
        let elapsed = clock.now.timeIntervalSince(start)
        let realElapsed = Date().timeIntervalSince(realStart)
        #expect(elapsed >= 0.05 && elapsed <= realElapsed)
        let manual = ManualClock(start)
        manual.advance(by: 30)
        #expect(manual.now == start + 30)
    }
}
