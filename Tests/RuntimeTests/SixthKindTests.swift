import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// A kind the dashboard has never heard of (`NoteKind/`), with a table of its own, registered
/// with one line, is hosted like the five on both backends: on the home screen, focused, full
/// screen, its key in the help, its job run and counted, reloaded when another program writes
/// its table (`sqlite3`, `psql`), its data made and migrated by whichever store is open.
struct SixthKindTests {
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// The registration line.
    static let catalog = WidgetCatalog.standard.register(NoteFeature(), home: .at(5, .systemSmall))

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
        #expect(runtime.dashboard.keys.helpLines.contains { $0.keys == "w" && $0.summary == "add a note" })
        runtime.send(.key(.escape))
        runtime.send(.key(.character("w")))
        let notes = NoteRepository(store: made.store)
        #expect(try notes.notes().last == "Note from the key 1")
        #expect(text(runtime).contains("Added a note.") && text(runtime).contains("31 notes"))
        #expect(runtime.dashboard.state(of: .note, as: NoteFeature.State.self)?.added == 1)
        for _ in 0..<3 { runtime.send(.key(.character("w"))) }
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
        let config = try DashboardConfig.parse(toml: "home = [ { kind = \"note\", family = \"medium\" } ]\n[keys]\nadd-note = \"X\"", catalog: Self.catalog)
        #expect(config.home == [PaneSpec(.note, .systemMedium)] && config.keys.keys(for: .addNote) == [.character("X")])
        #expect(throws: ConfigError.self) { try DashboardConfig.parse(toml: "home = [ { kind = \"note\", family = \"medium\" } ]", catalog: .standard) }
    }
}
