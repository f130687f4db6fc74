import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// A kind the dashboard has never heard of (`NoteKind/`), with a table, a key, a setting, a
/// reminder and a command of its own, registered with one line, is hosted like the others on
/// both backends: on the home screen, focused, full screen, its key in the help, its job run and
/// counted, reloaded when another program writes its table (`sqlite3`, `psql`), its data made and
/// migrated by whichever store is open, its reminder reading its setting, its command listed
/// from the catalog. It takes a key and a place the standard catalog leaves free, so a real kind
/// never collides with it.
struct SixthKindTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// The keys no kind of the standard catalog has, in order.
    static let freeKeys = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".map { Key.character($0) }
        .filter { WidgetCatalog.standard.keyTable.action(for: $0) == nil }

    /// What the example would take from a real kind: its name, table, action, setting or command.
    static var takenByARealKind: [String] {
        let standard = WidgetCatalog.standard
        return [
            standard.feature(.note) != nil ? "the kind note" : nil,
            standard.data.contains { $0.tables.contains(.note) } ? "the table note" : nil,
            standard.keyTable.action(named: Action.addNote.name) != nil ? "the action add-note" : nil,
            standard.settings.contains { $0.name == NoteFeature.reminderAt.name } ? "the setting note-reminder-at" : nil,
            standard.commands.contains { $0.configuration.commandName == "note" } ? "the command note" : nil,
        ].compactMap { $0 }
    }

    /// The registration line, after the standard catalog's last place, with its first free key
    /// (a catalog that took the example's names leaves it out: `theExampleTakesNothingARealKindHas` says so).
    static let catalog = takenByARealKind.isEmpty
        ? WidgetCatalog.standard.register(NoteFeature(key: freeKeys[0]), home: .at(WidgetCatalog.standard.home.count, .systemSmall))
        : WidgetCatalog.standard
    static var key: Key { freeKeys[0] }

    @Test func theExampleTakesNothingARealKindHas() {
        #expect(Self.takenByARealKind.isEmpty, "a real kind took the example's names; rename the example in Tests/RuntimeTests/NoteKind")
        #expect(Self.freeKeys.count >= 2)
    }

    func runtime(_ backend: TestBackend) throws -> (DashboardRuntime, TestBackend.Made) {
        let made = try backend.make()
        try made.store.prepare(Self.catalog.data)
        try Self.catalog.feature(.note)!.fillDemo(made.store, today: LocalDate(start, in: .utc), at: start)
        let settings = DashboardSettings(config: DashboardConfig(catalog: Self.catalog), catalog: Self.catalog, locale: FormattingLocale(identifier: "en_US"),
                                         timeZone: .utc)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 200, rows: 60)), store: made.store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        // Its page: at 200×60 the six panes need two.
        let index = try #require(runtime.dashboard.panes.firstIndex { $0.kind == .note })
        while runtime.dashboard.focus != index { runtime.send(.key(.tab)) }
        return (runtime, made)
    }

    func text(_ runtime: DashboardRuntime) -> String { runtime.frame().rowTexts().joined(separator: "\n") }

    @Test(arguments: TestBackend.allCases) func itIsOnTheHomeScreenTakesFocusAndOpensFullScreen(_ backend: TestBackend) throws {
        // The place on its registration line, after the five; nothing else sets it.
        #expect(Self.catalog.placementProblems.isEmpty)
        #expect(Self.catalog.home == WidgetCatalog.standard.home + [PaneSpec(.note, .systemSmall)])
        #expect(Self.catalog.lockScreen == WidgetCatalog.standard.lockScreen)
        let (runtime, _) = try runtime(backend)
        #expect(runtime.dashboard.panes == Self.catalog.home)
        let index = try #require(runtime.dashboard.focus)
        #expect(runtime.dashboard.panes[index].kind == .note)
        let screen = text(runtime)
        #expect(screen.contains("Notes") && screen.contains("30 notes") && screen.contains("Demo note 1"))
        let rect = try #require(runtime.dashboard.layout?.rect(of: index))
        #expect(runtime.frame()[rect.x, rect.y].style.foreground == .focus, "its frame shows the focus")
        #expect(!screen.contains("Demo note 30"), "a small pane shows the first notes")

        runtime.send(.key(.enter))
        #expect(runtime.dashboard.detail == index && text(runtime).contains("Demo note 25"))
        for _ in 0..<40 { runtime.send(.key(.down)) }
        #expect(runtime.dashboard.detailScroll == 29, "the kind's list bounds the scroll")
        #expect(text(runtime).contains("Demo note 30") && !text(runtime).contains("Demo note 29"))
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.detail == nil)
    }

    @Test(arguments: TestBackend.allCases) func itsKeyIsInTheHelpAndRunsItsJobOncePerPress(_ backend: TestBackend) throws {
        let (runtime, made) = try runtime(backend)
        runtime.send(.key(.character("?")))
        #expect(text(runtime).contains("add a note"))
        #expect(runtime.dashboard.keys.helpLines.contains { $0.keys == Self.key.name && $0.summary == "add a note" })
        runtime.send(.key(.escape))
        runtime.send(.key(Self.key))
        let notes = NoteRepository(store: made.store)
        #expect(try notes.notes().last == "Note from the key 1")
        #expect(text(runtime).contains("Added a note.") && text(runtime).contains("31 notes"))
        #expect(runtime.dashboard.state(of: .note, as: NoteFeature.State.self)?.added == 1)
        for _ in 0..<3 { runtime.send(.key(Self.key)) }
        // Counted by another program: exactly one row per press.
        #expect(try made.plainSQL("SELECT count(*) FROM note").trimmingCharacters(in: .whitespacesAndNewlines) == "34")
        #expect(text(runtime).contains("34 notes"))
        // The job's time is the dashboard's clock (`--now`, the tests' manual clock), not the machine's.
        let last = try #require(try made.plainSQL("SELECT max(id) FROM note").trimmingCharacters(in: .whitespacesAndNewlines)).description
        #expect(try notes.createdAt(id: try #require(Int64(last))) == start)
    }

    @Test(arguments: TestBackend.allCases) func aWriteToItsTableByAnotherProgramReloadsIt(_ backend: TestBackend) throws {
        let (runtime, made) = try runtime(backend)
        let feed = try made.store.changeFeed()
        // sqlite3 on the file, psql on the server: programs that know nothing of Homescreen.
        _ = try made.plainSQL("INSERT INTO note (text) VALUES ('Written elsewhere')")
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5000) == 1)
        #expect(feed.drainEvents())
        let tables = try feed.changedTables()
        #expect(tables == [.note])
        #expect(!text(runtime).contains("31 notes"))
        runtime.send(.storeChanged(tables))
        #expect(text(runtime).contains("31 notes"))
        #expect(Self.catalog.kinds(reading: [.note]) == [.note] && Self.catalog.kinds(reading: [.product]) == [.pantry])
    }

    @Test(arguments: TestBackend.allCases) func itsDataIsMigratedOnOpenAndANewerOneRefused(_ backend: TestBackend) throws {
        let made = try backend.make()
        // A store its first version made, with a note in it.
        let first = KindData(owner: "note", steps: [noteData.steps[0]])
        try made.store.prepare([first])
        _ = try made.plainSQL("INSERT INTO note (text) VALUES ('Kept')")
        #expect(try made.store.kindVersions()["note"] == 1)
        #expect(throws: (any Error).self) { try made.store.writing { try $0.execute("INSERT INTO note (text, pinned) VALUES ('x', 1)") } }
        // Opened by this build: migrated to version 2, the row intact, the new column there.
        let again = try made.again()
        try again.prepare(Self.catalog.data)
        #expect(try again.kindVersions()["note"] == 2)
        #expect(try NoteRepository(store: again).notes() == ["Kept"])
        try again.writing { try $0.execute("UPDATE note SET pinned = 1") }
        try again.prepare(Self.catalog.data)   // once: the second opening has nothing to do
        // A store a newer build wrote is refused and left as it is.
        _ = try made.plainSQL("UPDATE kindSchema SET version = 3 WHERE kind = 'note'")
        #expect(throws: KindDataError.newer(location: again.path, owner: "note", found: 3, supported: 2)) { try again.prepare(Self.catalog.data) }
        #expect(try again.kindVersions()["note"] == 3)
    }

    @Test(arguments: TestBackend.allCases) func itsRulesHoldOnBothBackends(_ backend: TestBackend) throws {
        let made = try backend.make()
        try made.store.prepare(Self.catalog.data)
        let refused: [String] = [
            "INSERT INTO note (text) VALUES ('   ')", "INSERT INTO note (text, pinned) VALUES ('a', 2)", "INSERT INTO note (text) VALUES (NULL)",
            "INSERT INTO note (text, pinned) VALUES ('a', 'yes')", "INSERT INTO note (text, pinned) VALUES ('a', 0.5)",
            // Instants: real ones, written one way (PostgreSQL alone would take the words and 24:00).
            "INSERT INTO note (text, createdAt) VALUES ('a', 'yesterday')", "INSERT INTO note (text, createdAt) VALUES ('a', 'now')",
            "INSERT INTO note (text, createdAt) VALUES ('a', '2026-02-30 10:00:00')", "INSERT INTO note (text, createdAt) VALUES ('a', '2026-01-01 24:00:00')",
            "INSERT INTO note (text, createdAt) VALUES ('a', '2026-01-01T10:00:00')", "INSERT INTO note (text, createdAt) VALUES ('a', '2026-01-01 10:00:00.5x')",
            "INSERT INTO note (text, createdAt) VALUES ('a', '1500-01-01 10:00:00')",
        ]
        for statement in refused {
            #expect(throws: ConstraintViolation.self, "\(statement)") { try made.store.writing { try $0.execute(statement) } }
        }
        #expect(try NoteRepository(store: made.store).count() == 0)
        for instant in ["2026-01-01 10:00:00", "2026-01-01 10:00:00.5", "2199-12-31 23:59:59.999"] {
            try made.store.writing { try $0.execute("INSERT INTO note (text, createdAt) VALUES ('a', ?)", [.text(instant)]) }
        }
        _ = try made.plainSQL("INSERT INTO note (text) VALUES ('by default')")
        let stamped = try made.store.reading { try $0.row("SELECT createdAt FROM note WHERE text = 'by default'")?.date("createdAt") }
        #expect(abs(try #require(stamped).timeIntervalSinceNow) < 3600, "the default instant is now, in UTC")
        #expect(try NoteRepository(store: made.store).count() == 4)
    }

    @Test(arguments: TestBackend.allCases) func itsDoctorLineAndConfigNameComeFromTheCatalog(_ backend: TestBackend) throws {
        let (_, made) = try runtime(backend)
        #expect(try Self.catalog.feature(.note)?.doctor(made.store) == "30 notes")
        // `demo` asks each kind what it holds: a store with notes is not empty.
        #expect(try Self.catalog.contents(made.store) == ["30 notes"])
        let empty = try backend.make()
        try empty.store.prepare(Self.catalog.data)
        #expect(try Self.catalog.contents(empty.store).isEmpty)
        let other = Self.freeKeys[1]
        let config = try DashboardConfig.parse(toml: "home = [ { kind = \"note\", family = \"medium\" } ]\n[keys]\nadd-note = \"\(other.name)\"", catalog: Self.catalog)
        #expect(config.home == [PaneSpec(.note, .systemMedium)] && config.keys.keys(for: .addNote) == [other])
        #expect(throws: ConfigError.self) { try DashboardConfig.parse(toml: "home = [ { kind = \"note\", family = \"medium\" } ]", catalog: .standard) }
    }

    @Test(arguments: TestBackend.allCases) func itsReminderReadsItsOwnSetting(_ backend: TestBackend) throws {
        let (_, made) = try runtime(backend)   // 30 demo notes
        let config = try DashboardConfig.parse(toml: "note-reminder-at = 30", catalog: Self.catalog)
        func context(_ settings: WidgetSettings, _ language: Language = .english) -> ReminderContext {
            ReminderContext(now: start, timeZone: .utc, language: language, locale: FormattingLocale(identifier: "en_US"), privacy: false,
                            settings: config.reminders.settings, widgetSettings: settings)
        }
        #expect(Self.catalog.settings.first { $0.name == "note-reminder-at" }?.value(in: config.widgetSettings) == "30", "as `config show` writes it")
        let due = try Self.catalog.reminders(made.store, context(config.widgetSettings)).due.filter { $0.kind == .note }
        #expect(due.map(\.title) == ["30 notes: time to tidy up"] && due.map(\.key) == ["note count 30"])
        #expect(try Self.catalog.reminders(made.store, context(config.widgetSettings, .french)).due.contains { $0.title == "30 notes : il est temps de trier" })
        // At its default (40) nothing is due yet.
        #expect(try !Self.catalog.reminders(made.store, context(WidgetSettings())).due.contains { $0.kind == .note })
        #expect(throws: ConfigError.self) { try DashboardConfig.parse(toml: "note-reminder-at = 0", catalog: Self.catalog) }
    }

    /// The store a command's options would choose: here, the test's.
    struct TheTestsStore: CommandContext {
        let store: any StoreBackend
        var environment: [String: String] { [:] }
        var timeZone: Zone { .utc }
        var locale: FormattingLocale { FormattingLocale(identifier: "en_US") }
        func openForWriting() throws -> any StoreBackend { store }
        func openForReading() throws -> any StoreBackend { store }
        func openExistingForWriting(otherwise missing: @autoclosure () -> any Error) throws -> any StoreBackend { store }
        func storeExists() throws -> Bool { true }
    }

    @Test(arguments: TestBackend.allCases) func itsCommandIsItsOwnAndListedFromTheCatalog(_ backend: TestBackend) throws {
        let names = { (catalog: WidgetCatalog) in catalog.commands.map { $0.configuration.commandName } }
        #expect(names(Self.catalog) == names(.standard) + ["note"])
        let made = try backend.make()
        try made.store.prepare(Self.catalog.data)
        let parsed = try NoteCommand.parseAsRoot(["add", "From the command line"])
        let command = try #require(parsed as? any KindCommand)
        try command.run(TheTestsStore(store: made.store))
        #expect(try NoteRepository(store: made.store).notes() == ["From the command line"])
        #expect(throws: (any Error).self) { try NoteCommand.parseAsRoot(["add"]) }
    }
}
