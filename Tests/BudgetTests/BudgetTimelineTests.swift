import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

struct BudgetTimelineTests {
    let folder = TemporaryFolder()
    typealias F = BudgetFixtures

    func store() throws -> Store {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        for month in [10, 11, 12] {
            try BudgetRepository(store).setBudget(MonthlyBudget(month: YearMonth(year: 2026, month: month)!, limit: F.money("800"), currency: F.chf))
        }
        try BudgetRepository(store).setBudget(MonthlyBudget(month: YearMonth(year: 2027, month: 1)!, limit: F.money("500"), currency: F.chf))
        try BudgetRepository(store).addExpense(amount: F.money("100"), currency: F.chf, day: LocalDate(iso: "2026-11-30")!)
        try BudgetRepository(store).addExpense(amount: F.money("7"), currency: F.chf, day: LocalDate(iso: "2026-12-01")!)
        try BudgetRepository(store).addExpense(amount: F.money("3"), currency: F.chf, day: LocalDate(iso: "2027-01-01")!)
        return store
    }

    func budget(_ store: Store, at instant: String, in zone: Zone) throws -> Timeline<BudgetEntry> {
        var context = F.context(.systemSmall)
        context.timeZone = zone
        return try BudgetWidget(store: store).timeline(in: context, at: F.instant(instant))
    }

    @Test func localDataIsOneEntryReloadedAtTheNextHour() throws {
        let timeline = try budget(store(), at: "2026-11-22T10:20:00+01:00", in: F.zurich)
        #expect(timeline.entries.count == 1)
        #expect(timeline.policy == .after(F.instant("2026-11-22T11:00:00+01:00")))
        let entry = timeline.entries[0]
        #expect(entry.available == F.money("700") && entry.percent == 13 && entry.expenseCount == 1 && entry.daysLeft == 9)
        #expect(entry.perDay == Money(cents: 7_777))   // 700 / 9 days, rounded down
        #expect(entry.state == .ok && entry.freshness == nil)
    }

    /// The same instant is November in Zurich and New York, December in Saigon.
    @Test(arguments: [("2026-11-30T17:30:00Z", "Europe/Zurich", "2026-11", 10_000), ("2026-11-30T17:30:00Z", "Asia/Ho_Chi_Minh", "2026-12", 700),
                      ("2026-12-01T04:30:00Z", "America/New_York", "2026-11", 10_000), ("2026-12-01T05:30:00Z", "America/New_York", "2026-12", 700),
                      ("2026-12-31T22:59:59Z", "Europe/Zurich", "2026-12", 700), ("2026-12-31T23:00:00Z", "Europe/Zurich", "2027-01", 300)])
    func theMonthChangesAtTheLocalMonthBoundary(_ instant: String, _ zone: String, _ month: String, _ spentCents: Int64) throws {
        let entry = try budget(store(), at: instant, in: Zone(identifier: zone)!).entries[0]
        #expect(entry.month.iso == month && entry.spent == Money(cents: spentCents))
    }

    @Test func theLastHourOfTheMonthReloadsAtTheBoundary() throws {
        let store = try store()
        let before = try budget(store, at: "2026-11-30T23:30:00+01:00", in: F.zurich)
        #expect(before.policy == .after(F.instant("2026-12-01T00:00:00+01:00")))
        let after = try budget(store, at: "2026-12-01T00:00:00+01:00", in: F.zurich)
        #expect(after.entries[0].month.iso == "2026-12" && after.entries[0].daysLeft == 31)
    }

    @Test func theYearGridChangesYearOnJanuaryFirstLocally() throws {
        let store = try store()
        var context = F.context(.systemLarge)
        context.timeZone = F.saigon
        let december = try YearWidget(store: store).timeline(in: context, at: F.instant("2026-12-31T16:59:59Z"))
        #expect(december.entries[0].year == 2026 && december.entries[0].current.iso == "2026-12")
        #expect(december.policy == .after(F.instant("2026-12-31T17:00:00Z")))
        let january = try YearWidget(store: store).timeline(in: context, at: F.instant("2026-12-31T17:00:00Z"))
        let entry = january.entries[0]
        #expect(entry.year == 2027 && entry.current.iso == "2027-01")
        #expect(entry.months[0].available == F.money("497") && entry.months[1].available == nil)
    }

    @Test func theYearDetailMovesByMonthsAndListsTheSelectedMonth() throws {
        let store = try store()
        let context = F.context(.systemLarge, detail: true, cursor: 2)
        let entry = try YearWidget(store: store).timeline(in: context, at: F.now).entries[0]
        #expect(entry.selected.iso == "2027-01" && entry.current.iso == "2026-11" && entry.year == 2027)
        #expect(entry.expenses.map(\.amount) == [F.money("3")])
        let back = try YearWidget(store: store).timeline(in: F.context(.systemLarge, detail: true, cursor: -1), at: F.now).entries[0]
        #expect(back.selected.iso == "2026-10" && back.selectedMonth.available == F.money("800"))
    }

    @Test func aMonthWithoutBudgetIsNotConfigured() throws {
        let store = try Store.prepared(at: folder.path("empty.sqlite"))
        let entry = try BudgetWidget(store: store).timeline(in: F.context(.systemSmall, locale: "fr_CH"), at: F.now).entries[0]
        #expect(entry.state == .notConfigured && entry.available == nil)
        #expect(entry.denomination == .currency(F.chf))   // the locale's currency when no budget names one
    }

    @Test func overBudgetIsItsOwnState() throws {
        let store = try store()
        try BudgetRepository(store).addExpense(amount: F.money("800"), currency: F.chf, day: F.today)
        let entry = try BudgetWidget(store: store).timeline(in: F.context(.systemSmall), at: F.now).entries[0]
        #expect(entry.state == .overBudget && entry.available == Money(cents: -10_000) && entry.percent == 113 && entry.perDay == nil)
    }

    // MARK: - Published snapshots

    @Test func aSnapshotWinsWhileItIsPublished() throws {
        let store = try store()
        let snapshot = F.published(age: 300)
        #expect(snapshot.source == .published)
        try PublishedSnapshots(store).publish(kind: .budget, json: """
            {"hasError": false, "lastUpdated": "2026-11-22T08:55:00Z", "spent": 1, "limit": 2, "month": "Novembre", "isDarkMode": true, "groupId": ""}
            """)
        let published = try BudgetWidget(store: store).timeline(in: F.context(.systemSmall), at: F.now)
        #expect(published.entries[0].source == .published && published.entries[0].spent == F.money("1"))
        try PublishedSnapshots(store).clear(kind: .budget)
        #expect(try BudgetWidget(store: store).timeline(in: F.context(.systemSmall), at: F.now).entries[0].source == .local)
    }

    @Test func freshnessReadsAsTheSeedSays() {
        #expect(F.published(age: 20).freshness == .now)
        #expect(F.published(age: 5 * 60 + 10).freshness == .minutes(5))
        #expect(F.published(age: 3 * 3600 + 59).freshness == .hours(3))
        #expect(F.published(age: 24 * 3600 - 1).state == .ok)
        #expect(F.published(age: 25 * 3600).state == .stale)
        #expect(F.published(age: 60, hasError: true).state == .error)
    }

    /// Entries every minute while "min ago" shows, then hourly, each at the instant the text
    /// changes; none after the reload.
    @Test func publishedDataHasAnEntryAtEveryFreshnessChange() {
        let reload = F.instant("2026-11-22T11:00:00+01:00")
        let entries = BudgetWidget.freshnessTimeline(F.published(age: 150), until: reload)
        // Updated at 09:57:30, now 10:00: the text changes at 10:00:30 ("3 min"), each minute to
        // 10:56:30 ("59 min"), then at 10:57:30 ("1 hour").
        #expect(entries.count == 1 + 57 + 1)
        #expect(entries[1].date == F.instant("2026-11-22T10:00:30+01:00") && entries[1].freshness == .minutes(3))
        #expect(zip(entries, entries.dropFirst()).allSatisfy { $0.date < $1.date })
        #expect(entries.last!.freshness == .hours(1) && entries.last!.date < reload)
        let old = BudgetWidget.freshnessTimeline(F.published(age: 5 * 3600), until: reload)
        #expect(old.count == 1)   // "5 hours ago" until the hourly reload
        let turning = BudgetWidget.freshnessTimeline(F.published(age: 24 * 3600 - 600), until: reload)
        #expect(turning.map(\.state) == [.ok, .stale])
    }
}
