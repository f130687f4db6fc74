import CSystemEvents
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// The real event loop in this process, on a terminal in memory: keys, the background writer,
/// store changes from another connection, the timer, resizes, signals and a lost terminal.
@Suite(.serialized) struct EventLoopTests {
    let folder = TemporaryFolder()
    let zone = Zone(identifier: "Europe/Zurich")!

    /// A loop running on its own thread (signals blocked there, so they reach its signalfd).
    final class Running: @unchecked Sendable {
        let terminal: FakeTerminal
        let store: Store
        private let done = DispatchSemaphore(value: 0)
        private var thread: pthread_t?
        private(set) var exit: EventLoop.Exit?

        init(terminal: FakeTerminal, store: Store, clock: any WidgetClock, zone: Zone) throws {
            self.terminal = terminal
            self.store = store
            var config = DashboardConfig(catalog: .standard)
            config.home = [PaneSpec(.pantry, .systemMedium), PaneSpec(.card, .systemSmall)]
            let settings = DashboardSettings(config: config, catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: zone)
            let wake = EventLoop.makeWakePipe()
            let started = DispatchSemaphore(value: 0)
            let worker = Thread { [unowned self] in
                EventLoop.blockSignals()
                thread = pthread_self()
                let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: terminal.size), store: store, clock: clock,
                                               asynchronousWrites: true, wakeDescriptor: wake.write)
                let loop = EventLoop(runtime: runtime, screen: terminal, watcher: try? store.changeFeed(), wakeRead: wake.read)
                started.signal()
                exit = loop.run()
                done.signal()
            }
            worker.start()
            started.wait()
        }

        /// Sends a signal to the loop's thread only (the test process keeps its own handling).
        func signal(_ number: Int32) { if let thread { pthread_kill(thread, number) } }

        /// Waits for the loop to return. - Returns: how it ended, nil if it did not in time.
        func finished(timeout: TimeInterval = 5) -> EventLoop.Exit? {
            done.wait(timeout: .now() + timeout) == .success ? exit : nil
        }
    }

    func running(clock: any WidgetClock = SystemClock(), columns: Int = 120, rows: Int = 40) throws -> Running {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        let today = LocalDate(clock.now, in: zone)
        try PantryRepository(store).addProduct(name: "Milk", amount: Quantity(units: 3), unit: "l", due: today, at: clock.now)
        let running = try Running(terminal: FakeTerminal(columns: columns, rows: rows), store: store, clock: clock, zone: zone)
        #expect(running.terminal.waitForText { $0.contains("Milk") }, "no first frame")
        return running
    }

    /// No frame for a while (nothing is due), then `q` ends the loop.
    func expectIdleThenQuit(_ running: Running, for microseconds: useconds_t, _ comment: Comment, sourceLocation: SourceLocation = #_sourceLocation) {
        let frames = running.terminal.frameCount
        usleep(microseconds)
        #expect(running.terminal.frameCount == frames, comment, sourceLocation: sourceLocation)
        running.terminal.type(.character("q"))
        #expect(running.finished() == .quit, sourceLocation: sourceLocation)
    }

    @Test func keysWriteThroughTheBackgroundWriterAndQuitEndsTheLoop() throws {
        let running = try running()
        running.terminal.type(.character("c"))
        #expect(running.terminal.waitForText { $0.contains("Consumed 1 l of Milk") && $0.contains("2 l") })
        // Drawn at once; written by the background writer a moment later.
        let deadline = Date().addingTimeInterval(5)
        while try PantryRepository(running.store).products().first?.amount != Quantity(units: 2), Date() < deadline { usleep(10_000) }
        #expect(try PantryRepository(running.store).products().first?.amount == Quantity(units: 2))
        running.terminal.type(.character("q"))
        #expect(running.finished() == .quit)
    }

    @Test func aWriteFromAnotherConnectionIsDrawnWithoutAKey() throws {
        let running = try running()
        try PantryRepository(Store.prepared(at: running.store.path)).addProduct(name: "Zucchini", amount: .one, unit: "", due: LocalDate(Date(), in: zone))
        #expect(running.terminal.waitForText { $0.contains("Zucchini") })
        running.signal(SIGTERM)
        #expect(running.finished() == .signal(SIGTERM))
    }

    @Test func theIdleLoopDrawsNothingAndTheTimerRedrawsAtMidnight() throws {
        // Two seconds before local midnight, in the dashboard's (simulated) clock.
        let midnight = TimeBoundaries.nextMidnight(after: Date(), in: zone)
        let running = try running(clock: SimulatedClock(start: midnight.addingTimeInterval(-2)))
        #expect(running.terminal.text.contains("expires today"))
        #expect(running.terminal.waitForText(timeout: 5) { $0.contains("expired yesterday") }, "the timer did not fire at midnight")
        expectIdleThenQuit(running, for: 300_000, "an idle dashboard presents no frame")
    }

    @Test func aMessageGoesByItselfAndThenTheLoopSleeps() throws {
        let running = try running()
        running.terminal.type(.character("r"))
        #expect(running.terminal.waitForText { $0.contains("Reloaded every widget.") })
        #expect(running.terminal.waitForText(timeout: StatusMessage.lifetime + 3) { !$0.contains("Reloaded every widget.") }, "the message stayed")
        expectIdleThenQuit(running, for: 500_000, "no frame once the message is gone")
    }

    @Test func aResizeRedrawsAtTheNewSizeAndSIGCONTRepaints() throws {
        let running = try running()
        running.terminal.resize(columns: 90, rows: 30)
        running.signal(SIGWINCH)
        #expect(running.terminal.waitForFrame { $0.width == 90 && $0.height == 30 })
        let repaints = running.terminal.repaintCount
        running.signal(SIGCONT)
        let deadline = Date().addingTimeInterval(5)
        while running.terminal.repaintCount == repaints, Date() < deadline { usleep(10_000) }
        #expect(running.terminal.repaintCount > repaints, "SIGCONT asks for a full repaint")
        running.signal(SIGHUP)
        #expect(running.finished() == .signal(SIGHUP))
    }

    @Test func aLostTerminalEndsTheLoopInsteadOfSpinning() throws {
        let running = try running()
        running.terminal.hangUp()
        #expect(running.finished() == .terminalClosed)
    }
}
