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
        let today = LocalDate(start, in: .utc)
        try PantryRepository(store).addProducts([("Milk", Quantity(units: 3), "l", today), ("Rice", Quantity(units: 2), "kg", today.adding(days: 30))], at: start)
        var config = DashboardConfig(catalog: .standard)
        config.home = [PaneSpec(.pantry, .systemMedium), PaneSpec(.budget, .systemSmall)]
        let settings = DashboardSettings(config: config, catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: .utc)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40)), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        return (runtime, store)
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
