import Foundation
import GRDB
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// The runtime reloads a pane once per change, by the tables a write changed, whoever reports
/// it first (the writer or the change feed); and jobs stamp the dashboard's clock.
struct ReloadOnceTests {
    let folder = TemporaryFolder()
    /// 2030-06-15 10:00 UTC: far from the machine's clock, as `--now` would be.
    let start = Date(timeIntervalSince1970: 1_907_748_000)

    func runtime() throws -> (DashboardRuntime, Store) {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        return (try Self.runtime(on: store, start: start), store)
    }

    /// A dashboard of the pantry and the budget on `store`, holding Milk (3 l, due today) and Rice.
    static func runtime(on store: any StoreBackend, start: Date, asynchronousWrites: Bool = false) throws -> DashboardRuntime {
        let today = LocalDate(start, in: .utc)
        try PantryRepository(store).addProducts([("Milk", Quantity(units: 3), "l", today), ("Rice", Quantity(units: 2), "kg", today.adding(days: 30))], at: start)
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.pantry, .systemMedium), PaneSpec(.budget, .systemSmall)]
        let settings = DashboardSettings(config: config, catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: .utc)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40)), store: store,
                                       clock: ManualClock(start), asynchronousWrites: asynchronousWrites)
        runtime.start()
        return runtime
    }

    @Test func aConsumeReloadsItsPaneOnceEvenWhenTheFeedReportsItToo() throws {
        let (runtime, store) = try runtime()
        let feed = try store.changeFeed()
        let before = runtime.loads
        runtime.send(.key(.character("c")))
        #expect(runtime.loads[.pantry] == (before[.pantry] ?? 0) + 1, "the write's tables reload the pantry once")
        #expect(runtime.loads[.budget] == before[.budget], "the budget reads none of them")
        // The change feed then reports the same write: nothing more to load.
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5000) == 1)
        _ = feed.drainEvents()
        let reported = try feed.changedTables()
        #expect(reported.contains(.product))
        runtime.send(.storeChanged(reported))
        #expect(runtime.loads[.pantry] == (before[.pantry] ?? 0) + 1, "not again for the same revision")
        #expect(runtime.frame().rowTexts().joined().contains("2 l"))

        // Another program's write is new: it reloads, once.
        try PantryRepository(Store.prepared(at: store.path)).consume(productID: nil, amount: .one, at: start)
        runtime.send(.storeChanged([.product]))
        runtime.send(.storeChanged([.product]))
        #expect(runtime.loads[.pantry] == (before[.pantry] ?? 0) + 2)
        #expect(runtime.frame().rowTexts().joined().contains("1 l"))
    }

    @Test func aWriteTheFeedReportedFirstIsNotReloadedAgain() throws {
        let (runtime, store) = try runtime()
        // The feed can be read before the writer's outcome: the same revision, loaded once.
        try PantryRepository(Store.prepared(at: store.path)).consume(productID: nil, amount: .one, at: start)
        let before = runtime.loads[.pantry] ?? 0
        runtime.send(.storeChanged([.product, .consumption]))
        runtime.send(.key(.character("c")))
        #expect(runtime.loads[.pantry] == before + 2, "one for the other program's consume, one for this one")
    }

    /// A store restored from a backup has lower revisions: a change is a different revision, not only a higher one.
    @Test func aLowerRevisionReloadsToo() throws {
        let (runtime, store) = try runtime()
        runtime.send(.key(.character("c")))
        let before = runtime.loads[.pantry] ?? 0
        try store.write { try $0.execute(sql: "UPDATE product SET amountMilli = 9000 WHERE name = 'Milk'; UPDATE tableRevision SET revision = 0 WHERE name = 'product'") }
        runtime.send(.storeChanged([.product]))
        #expect(runtime.loads[.pantry] == before + 1)
        #expect(runtime.frame().rowTexts().joined().contains("9 l"))
    }

    @Test func jobsStampTheDashboardsClockNotTheMachines() throws {
        let (runtime, store) = try runtime()
        runtime.send(.key(.character("c")))
        let at = try store.read { try String.fetchOne($0, sql: "SELECT at FROM consumption") }
        #expect(at == "2030-06-15 10:00:00.000")
        let undone = try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM consumption") }
        #expect(undone == 1)
        // `u` measures its minute on the same clock: put back at once, though the machine's clock is years away.
        runtime.send(.key(.character("u")))
        #expect(try store.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM consumption") } == 0)
    }
}

/// One key press, one pass: a write's revisions are read once before and once after it, the
/// change feed's report of the same commit reads nothing and reloads nothing, one frame per
/// state change, a message said once, and the optimistic state ends with the reload that
/// shows the write, even when the change feed sees the commit before the writer's reply.
struct OnePassTests {
    let folder = TemporaryFolder()
    let start = Date(timeIntervalSince1970: 1_907_748_000)

    func runtime(asynchronousWrites: Bool = false) throws -> (DashboardRuntime, CountingStore) {
        let store = CountingStore(try Store.prepared(at: folder.path("store.sqlite")))
        let runtime = try ReloadOnceTests.runtime(on: store, start: start, asynchronousWrites: asynchronousWrites)
        _ = runtime.frame()
        return (runtime, store)
    }

    func text(_ runtime: DashboardRuntime) -> String { runtime.frame().rowTexts().joined(separator: "\n") }

    /// The tables the feed reports once this process's commit is visible to it, with the revisions it read.
    /// What the feed reports of the next commit: an event can come before the commit it
    /// announces is visible (a busy machine), so the feed is read until it names a table.
    func reported(_ feed: any ChangeFeed) throws -> (Set<StoreTable>, [StoreTable: Int]?) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 100)
            _ = feed.drainEvents()
            let tables = try feed.changedTables()
            if !tables.isEmpty { return (tables, feed.revisions) }
        }
        return ([], feed.revisions)
    }

    @Test func aConsumeReadsTheRevisionsTwiceComposesOneFrameAndSaysItOnce() throws {
        let (runtime, store) = try runtime()
        let feed = try store.changeFeed()
        let (reads, loads, reminders, said) = (store.revisionReads, runtime.loads, runtime.remindersRead, runtime.dashboard.messagesSaid)
        runtime.send(.key(.character("c")))
        #expect(store.revisionReads == reads + 2, "once before the write, once after")
        #expect(runtime.loads[.pantry] == (loads[.pantry] ?? 0) + 1 && runtime.loads[.budget] == loads[.budget])
        #expect(runtime.remindersRead[.pantry] == (reminders[.pantry] ?? 0) + 1 && runtime.remindersRead[.budget] == reminders[.budget])
        #expect(runtime.dashboard.messagesSaid == said + 1, "\"Consumed\" once, not again at the store's confirmation")
        #expect(runtime.frameDue)
        #expect(text(runtime).contains("Consumed 1 l of Milk") && text(runtime).contains("2 l"))
        let frames = runtime.framesComposed
        // The change feed reports the same commit, with the revisions it read: nothing more.
        let (tables, revisions) = try reported(feed)
        #expect(tables.contains(.product) && revisions != nil)
        runtime.storeChanged(tables, revisions: revisions)
        #expect(store.revisionReads == reads + 2 && runtime.loads[.pantry] == (loads[.pantry] ?? 0) + 1)
        #expect(!runtime.frameDue && runtime.framesComposed == frames, "no state change, no frame")
    }

    @Test func theFeedSeeingTheWriteBeforeTheWritersReplyNeverShowsItTwice() throws {
        let (runtime, store) = try runtime(asynchronousWrites: true)
        let feed = try store.changeFeed()
        let loads = runtime.loads[.pantry] ?? 0
        /// The milk's row: 3 l, less this consume, is 2 l whether drawn ahead or confirmed.
        func milk() -> String { runtime.frame().rowTexts().first { $0.contains("● Milk") } ?? "" }
        // The writer's read after the job waits: the consume is committed, its reply not sent.
        store.holdRead(store.revisionReads + 2)
        runtime.send(.key(.character("c")))
        #expect(milk().contains(" 2 l │"), "drawn at once: \(milk())")
        let (tables, revisions) = try reported(feed)
        #expect(tables.contains(.product))
        runtime.storeChanged(tables, revisions: revisions)
        #expect(milk().contains(" 2 l │"), "the store's 2 l less the optimistic 1 l: \(milk())")
        #expect(runtime.loads[.pantry] == loads, "the feed's reload waits for the writer's reply")
        store.release()
        #expect(wait { runtime.deliverWrites(); return runtime.loads[.pantry] == loads + 1 }, "the reply did not come")
        #expect(runtime.dashboard.state(of: .pantry, as: PantryFeature.State.self)?.pendingConsumes == 0)
        #expect(milk().contains(" 2 l │"), "\(milk())")
        runtime.storeChanged(tables, revisions: try store.revisions())
        #expect(runtime.loads[.pantry] == loads + 1, "the same revision, loaded once")
    }

    /// A reload that changed no data (the full-screen calendar moved a month) reads no reminders.
    @Test func aReloadWithoutAWriteReadsNoReminders() throws {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        var config = DashboardConfig(catalog: .standard)
        (config.home, config.lockScreen) = ([PaneSpec(.calendar, .systemMedium)], [])
        let settings = DashboardSettings(config: config, catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: .utc)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40)), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        runtime.send(.key(.enter))
        let (loads, reminders) = (runtime.loads[.calendar] ?? 0, runtime.remindersRead[.calendar] ?? 0)
        runtime.send(.key(.pageDown))
        #expect((runtime.loads[.calendar] ?? 0) > loads, "the next month was loaded")
        #expect(runtime.remindersRead[.calendar] == reminders)
    }

    /// Waits for `condition`, checking each millisecond, up to five seconds.
    func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1000)
        }
        return true
    }
}

/// A store that counts its `revisions()` reads, and can hold one of them until released (the
/// writer's read after a job: the commit is made, the reply not yet sent).
final class CountingStore: StoreBackend, @unchecked Sendable {
    private let base: Store
    private let condition = NSCondition()
    private var reads = 0
    private var held: Int?

    init(_ base: Store) { self.base = base }

    var revisionReads: Int { condition.withLock { reads } }
    func holdRead(_ number: Int) { condition.withLock { held = number } }
    func release() { condition.withLock { held = nil; condition.broadcast() } }

    var path: String { base.path }
    func revisions() throws -> [StoreTable: Int] {
        condition.withLock {
            reads += 1
            let number = reads
            while held == number { condition.wait() }
        }
        return try base.revisions()
    }
    func changeFeed() throws -> any ChangeFeed { try base.changeFeed() }
    func integrityCheck() throws -> String { try base.integrityCheck() }
    func schemaVersion() throws -> Int { try base.schemaVersion() }
    func setAsideRows() throws -> [SetAsideRow] { try base.setAsideRows() }
    func batch<T>(_ work: () throws -> T) throws -> T { try base.batch(work) }
    func reading<T>(_ work: (any StoreSQL) throws -> T) throws -> T { try base.reading(work) }
    func writing<T>(_ work: (any StoreSQL) throws -> T) throws -> T { try base.writing(work) }
    func exclusively<T>(_ work: (any StoreSQL) throws -> T) throws -> T { try base.exclusively(work) }
}
