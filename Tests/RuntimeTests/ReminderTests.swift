import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// Reminders: each kind's rules (what is true when, its key, its words), the ledger that makes
/// each one delivered once on both backends, the `[reminders]` table, and the dashboard's
/// status line and pane counts.
struct ReminderTests {
    static let zone = Zone(identifier: "Asia/Ho_Chi_Minh")!
    static let today = LocalDate(iso: "2026-11-24")!

    static func context(_ day: LocalDate = today, hour: Int = 9, language: Language = .english, privacy: Bool = false,
                        rules: String = "") throws -> ReminderContext {
        let settings = try DashboardConfig.parse(toml: "[reminders]\n" + rules, catalog: .standard).reminders.settings
        return ReminderContext(now: day.start(in: zone).addingTimeInterval(Double(hour) * 3600), timeZone: zone, language: language,
                               locale: FormattingLocale(identifier: language == .english ? "en_US" : "fr_CH"), privacy: privacy, settings: settings)
    }

    static func due(_ store: any StoreBackend, _ context: ReminderContext) throws -> [Reminder] {
        try WidgetCatalog.standard.reminders(store, context).due
    }

    /// The titles, with CLDR's no-break spaces as plain ones.
    static func titles(_ reminders: [Reminder]) -> [String] {
        reminders.map { $0.title.replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ") }
    }

    @Test(arguments: TestBackend.allCases)
    func aProductRemindsWithinItsDaysThenWhenExpiredAndAgainForANewDueDate(_ backend: TestBackend) throws {
        let made = try backend.make(), store = made.store
        defer { withExtendedLifetime(made) {} }
        let pantry = PantryRepository(store)
        let milk = try pantry.addProduct(name: "Milk", amount: .one, unit: "l", due: Self.today.adding(days: 1))
        try pantry.addProduct(name: "Rice", amount: .one, unit: "kg", due: Self.today.adding(days: 30))
        try pantry.addProduct(name: "Gone", amount: .one, unit: "", due: Self.today.adding(days: -20))   // off for weeks: not told

        var due = try Self.due(store, Self.context())
        #expect(due.map(\.title) == ["Milk expires tomorrow (1 l)"])
        #expect(due.map(\.body) == ["Pantry"])
        let first = due[0].key
        // Within 3 days: Rice is still far; changing the days makes no new reminder of Milk.
        #expect(try Self.due(store, Self.context(rules: "pantry-days = 3")).map(\.key) == [first])
        // Expired: a new threshold, a new key.
        due = try Self.due(store, Self.context(Self.today.adding(days: 2)))
        #expect(due.map(\.title) == ["Milk expired yesterday (1 l)"] && due[0].key != first)
        // A new due date makes it a new reminder.
        try pantry.updateProduct(id: milk.id, name: "Milk", amount: .one, unit: "l", due: Self.today)
        due = try Self.due(store, Self.context())
        #expect(due.map(\.title) == ["Milk expires today (1 l)"] && due[0].key != first)
        // In the interface's language, masked in privacy mode, and off when the rule is.
        #expect(try Self.due(store, Self.context(language: .french)).map(\.title) == ["Milk expire aujourd’hui (1 l)"])
        #expect(try Self.due(store, Self.context(privacy: true)).map(\.title) == ["••••• expires today (•)"])
        #expect(try Self.due(store, Self.context(rules: "pantry = false")).isEmpty)
    }

    @Test(arguments: TestBackend.allCases)
    func aBudgetRemindsOncePerShareMonthAndLimit(_ backend: TestBackend) throws {
        let made = try backend.make(), store = made.store
        defer { withExtendedLifetime(made) {} }
        let budget = BudgetRepository(store), chf = Currency(code: "CHF")!
        let month = YearMonth(Self.today)
        try budget.setBudget(MonthlyBudget(month: month, limit: Money(cents: 100_000), currency: chf))
        try budget.addExpense(amount: Money(cents: 79_000), currency: chf, day: Self.today)
        #expect(try Self.due(store, Self.context()).isEmpty, "79 % passes no share")
        try budget.addExpense(amount: Money(cents: 2_000), currency: chf, day: Self.today)
        let at81 = try Self.due(store, Self.context())
        #expect(Self.titles(at81) == ["Budget November: 81% spent — CHF 190.00 left for 7 days"], "\(Self.titles(at81))")
        // Past both shares at once: the highest is said, the lower one goes with it.
        try budget.addExpense(amount: Money(cents: 30_000), currency: chf, day: Self.today)
        let over = try Self.due(store, Self.context())
        #expect(Self.titles(over) == ["Budget November: 111% spent — CHF 110.00 over"] && over[0].also == [at81[0].key])
        // A limit raised: the same shares are new reminders.
        try budget.setBudget(MonthlyBudget(month: month, limit: Money(cents: 125_000), currency: chf))
        let raised = try Self.due(store, Self.context())
        #expect(raised.count == 1 && raised[0].key != at81[0].key && raised[0].title.hasPrefix("Budget November: 89% spent"))
        #expect(try Self.due(store, Self.context(rules: "budget-percent = [90]")).isEmpty)
        #expect(try Self.titles(Self.due(store, Self.context(language: .french))) == ["Budget novembre : 89 % dépensé — reste 140,00 CHF pour 7 jours"])
    }

    @Test(arguments: TestBackend.allCases)
    func anAnniversaryRemindsDaysAheadAndOnTheDay(_ backend: TestBackend) throws {
        let made = try backend.make(), store = made.store
        defer { withExtendedLifetime(made) {} }
        // The anniversary on the lunar date of 2026-11-29, three days after the 26th.
        let day = LocalDate(iso: "2026-11-29")!, lunar = VietnameseCalendar.lunarDate(for: day)!
        _ = try EventRepository(store).addEvent(EventDraft(title: "Giỗ ông nội", when: .lunar(month: lunar.month, day: lunar.day, leap: false, firstYear: nil)))
        _ = try EventRepository(store).addEvent(EventDraft(title: "Choir", when: .solar(start: day, time: EventTime(text: "19:30"), rule: "", except: [])))
        #expect(try Self.due(store, Self.context(LocalDate(iso: "2026-11-25")!)).isEmpty)
        let ahead = try Self.due(store, Self.context(LocalDate(iso: "2026-11-26")!))
        #expect(ahead.map(\.title) == ["Giỗ ông nội in 3 days (Sunday, \(lunar.day)/\(lunar.month) âm lịch)"], "\(ahead.map(\.title))")
        #expect(try Self.due(store, Self.context(LocalDate(iso: "2026-11-26")!, language: .vietnamese)).map(\.title)
                == ["Giỗ ông nội còn 3 ngày (Chủ nhật, \(lunar.day)/\(lunar.month) âm lịch)"])
        // On the day: the anniversary at midnight, the choir an hour before it starts.
        let morning = try WidgetCatalog.standard.reminders(store, Self.context(day))
        #expect(morning.due.map(\.title) == ["Giỗ ông nội today (\(lunar.day)/\(lunar.month) âm lịch)"])
        #expect(morning.due[0].also == [ahead[0].key], "the day itself covers the days-ahead reminder")
        #expect(morning.next == day.start(in: Self.zone).addingTimeInterval(18.5 * 3600), "the choir's reminder is next, at 18:30")
        #expect(try Self.due(store, Self.context(day, hour: 19)).map(\.title) == ["Giỗ ông nội today (\(lunar.day)/\(lunar.month) âm lịch)", "Choir today (19:30)"])
        #expect(try WidgetCatalog.standard.reminders(store, Self.context(day, rules: "event-minutes = 15")).next == day.start(in: Self.zone).addingTimeInterval(19.25 * 3600))
        // Once it has started, no reminder of it: a run later that day says nothing late.
        #expect(try Self.due(store, Self.context(day, hour: 20)).map(\.title) == ["Giỗ ông nội today (\(lunar.day)/\(lunar.month) âm lịch)"])
        // An event at 00:30: its reminder the evening before (90 minutes: at 23:00).
        _ = try EventRepository(store).addEvent(EventDraft(title: "Flight", when: .solar(start: day.adding(days: 1), time: EventTime(text: "00:30"), rule: "", except: [])))
        #expect(try Self.due(store, Self.context(day, hour: 22, rules: "event-minutes = 90")).map(\.title).last != "Flight tomorrow (Monday, 30/11, 00:30)")
        #expect(try Self.due(store, Self.context(day, hour: 23, rules: "event-minutes = 90")).map(\.title).last == "Flight tomorrow (Monday, 30/11, 00:30)")
        #expect(try Self.due(store, Self.context(LocalDate(iso: "2026-11-28")!, rules: "event-days = 1")).map(\.title) == ["Giỗ ông nội tomorrow (Sunday, \(lunar.day)/\(lunar.month) âm lịch)", "Choir tomorrow (Sunday, 29/11, 19:30)"])
        #expect(try Self.due(store, Self.context(day, rules: "anniversaries = false\nevents = false")).isEmpty)
    }

    /// A key is delivered once: by whichever connection inserts it first, on either backend;
    /// the lesser thresholds it covers are marked with it.
    @Test(arguments: TestBackend.allCases)
    func theLedgerDeliversEachKeyOnce(_ backend: TestBackend) throws {
        let made = try backend.make()
        let reminder = Reminder(kind: .pantry, key: "product 1 due 2026-11-25 within 1", title: "Milk expires tomorrow (1 l)", body: "Pantry",
                                also: ["product 1 due 2026-11-25 lower"])
        let other = Reminder(kind: .pantry, key: "product 1 due 2026-11-25 lower", title: "lower", body: "Pantry")
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(try ReminderLedger(made.store).unsent([reminder]) == [reminder])
        #expect(try ReminderLedger(made.store).claim([reminder], at: now) == [reminder])
        #expect(try ReminderLedger(made.again()).claim([reminder, other], at: now).isEmpty, "a second process claims nothing")
        #expect(try ReminderLedger(made.store).unsent([reminder, other]).isEmpty)
        // Released (it reached no channel): sent by the next check, its lesser ones too.
        try ReminderLedger(made.store).release([reminder])
        #expect(try ReminderLedger(made.again()).unsent([reminder, other]) == [reminder, other])
        #expect(try ReminderLedger(made.store).claim([reminder], at: now) == [reminder])
        // Kept a year and a month, then forgotten when something new is claimed.
        let later = now.addingTimeInterval(ReminderLedger.kept + 86_400)
        let fresh = Reminder(kind: .budget, key: "budget 2027-12 at 80", title: "t", body: "b")
        #expect(try ReminderLedger(made.store).claim([fresh], at: later) == [fresh])
        #expect(try ReminderLedger(made.store).unsent([reminder]) == [reminder])
        #expect(try made.plainSQL("SELECT count(*) FROM reminderSent").trimmingCharacters(in: .whitespacesAndNewlines) == "1")
    }

    @Test func theRemindersTableIsChecked() throws {
        let config = try DashboardConfig.parse(toml: "[reminders]\nchannels = [\"osc777\", \"tmux\"]\ncommand = [\"notify-me\", \"--loud\"]\npantry-days = 2\nbudget-percent = [100, 50]",
                                               catalog: .standard).reminders
        #expect(config.channels == [.osc777, .tmux] && config.command == ["notify-me", "--loud"])
        #expect(config.settings[PantryFeature.remindDays] == 2 && config.settings[BudgetFeature.remindPercents] == [50, 100])
        #expect(try DashboardConfig.parse(toml: "[reminders]\ncommand = [\"x\"]", catalog: .standard).reminders.channels == [.notifySend, .tmux, .command])
        #expect(try DashboardConfig.parse(toml: "", catalog: .standard).reminders.channels == [.notifySend, .tmux])
        #expect(try DashboardConfig.parse(toml: "[reminders]\nchannels = [\"tmux\", \"tmux\"]", catalog: .standard).reminders.channels == [.tmux])
        let refusals: [(String, String)] = [
            ("channels = [\"email\"]", "reminders.channels: \"email\" is not a channel; use notify-send, tmux, osc9, osc777, command."),
            ("command = \"my-script --x\"", "reminders.command = \"my-script --x\" is not a command; write it as a list, program first: [\"my-script\", \"--flag\"]."),
            ("channels = [\"command\"]", "reminders.channels names command, but reminders.command is not set; give the program: command = [\"my-script\"]."),
            ("pantry-days = 99", "reminders.pantry-days = 99 is not a number of days; use 0 (the day itself) to 60."),
            ("channels = []", "reminders.channels = [] names no channel; give at least one of notify-send, tmux, osc9, osc777, command (each rule can be turned off instead: pantry = false)."),
            ("budget = \"yes\"", "reminders.budget = \"yes\" is not true or false."),
            ("budget-percent = 80", "reminders.budget-percent = 80 is not a list of shares; use whole percents from 1 to 1000, such as [80, 100]."),
            ("pantry-day = 1", "reminders.pantry-day is not a reminder setting; the keys are anniversaries, anniversary-days, budget, budget-percent, channels, command, event-days, event-minutes, events, pantry, pantry-days."),
            ("event-minutes = -5", "reminders.event-minutes = -5 is not a number of minutes; use 0 (when it starts) to 1440."),
        ]
        for (line, message) in refusals {
            #expect(throws: ConfigError(message)) { try DashboardConfig.parse(toml: "[reminders]\n" + line, catalog: .standard) }
        }
    }

    /// The dashboard says the first reminder in its status line and counts them on the panes of
    /// their kind; privacy masks the line.
    @Test func theDashboardShowsRemindersInItsStatusLineAndOnPanes() throws {
        let folder = TemporaryFolder()
        let store = try DemoDashboard.store(in: folder)
        let runtime = DemoDashboard.runtime(store, size: CellSize(columns: 120, rows: 40))
        let count = runtime.dashboard.reminders[.pantry]?.count ?? 0
        #expect(count > 1)
        let text = runtime.frame().rowTexts().joined(separator: "\n")
        let first = try #require(runtime.dashboard.reminders[.pantry]?.first?.title)
        #expect(text.contains("Reminder: \(first)"), "\(text)")
        #expect(text.contains("╰─ \(count) reminders ─"), "\(text)")
        runtime.send(.key(.character("p")))
        #expect(runtime.dashboard.reminders[.pantry]?.first?.title.hasPrefix("•••••") == true)
    }

    /// A timed event's reminder comes on the dashboard at its time (an hour before), with no
    /// write: the runtime wakes for it.
    @Test func theDashboardWakesForATimedEventsReminder() throws {
        let folder = TemporaryFolder()
        let store = try DemoDashboard.store(in: folder, empty: true)
        let day = LocalDate(DemoDashboard.start, in: DemoDashboard.zone)
        _ = try EventRepository(store).addEvent(EventDraft(title: "Choir", when: .solar(start: day, time: EventTime(text: "23:00"), rule: "", except: [])))
        let runtime = DemoDashboard.runtime(store, size: CellSize(columns: 120, rows: 40))
        let at = day.start(in: DemoDashboard.zone).addingTimeInterval(22 * 3600)
        let clock = try #require(runtime.clock as? ManualClock)
        // Woken at each time something changes, up to the reminder's, which is one of them.
        while let next = runtime.nextWakeUp, next < at {
            #expect(runtime.dashboard.reminders.isEmpty)
            clock.set(next)
            runtime.tick()
        }
        #expect(runtime.nextWakeUp == at)
        clock.set(at)
        runtime.tick()
        #expect(runtime.dashboard.reminders[.calendar]?.map(\.title) == ["Choir today (23:00)"])
    }
}
