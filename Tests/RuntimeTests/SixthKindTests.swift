import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// A kind the dashboard has never heard of (`NoteKind/`), registered with one line, is hosted
/// like the five: on the home screen, focused, full screen, its key in the help, its job run,
/// and reloaded when another program writes its table.
struct SixthKindTests {
    let folder = TemporaryFolder()
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// The registration line.
    static let catalog = WidgetCatalog.standard.register(NoteFeature(), home: .at(5, .systemSmall))

    func runtime() throws -> (DashboardRuntime, Store) {
        let store = try Store.open(at: folder.path("store.sqlite"))
        try store.prepareNotes()
        try Self.catalog.feature(.note)!.fillDemo(store, today: LocalDate(start, in: .gmt), at: start)
        let settings = DashboardSettings(config: DashboardConfig(catalog: Self.catalog), catalog: Self.catalog, locale: Locale(identifier: "en_US"),
                                         timeZone: .gmt)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 200, rows: 60)), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        // Its page: at 200×60 the six panes need two.
        let index = try #require(runtime.dashboard.panes.firstIndex { $0.kind == .note })
        while runtime.dashboard.focus != index { runtime.send(.key(.tab)) }
        return (runtime, store)
    }

    func text(_ runtime: DashboardRuntime) -> String { runtime.frame().rowTexts().joined(separator: "\n") }

    @Test func itIsOnTheHomeScreenTakesFocusAndOpensFullScreen() throws {
        // The place on its registration line, after the five; nothing else sets it.
        #expect(Self.catalog.placementProblems.isEmpty)
        #expect(Self.catalog.home == WidgetCatalog.standard.home + [PaneSpec(.note, .systemSmall)])
        #expect(Self.catalog.lockScreen == WidgetCatalog.standard.lockScreen)
        let (runtime, _) = try runtime()
        #expect(runtime.dashboard.panes == Self.catalog.home)
        let index = try #require(runtime.dashboard.focus)
        #expect(runtime.dashboard.panes[index].kind == .note)
        let screen = text(runtime)
        #expect(screen.contains("Notes") && screen.contains("30 notes") && screen.contains("Demo note 1"))
        let rect = try #require(runtime.dashboard.layout?.rect(of: index))
        #expect(runtime.frame()[rect.x, rect.y].style.foreground == .focus, "its frame shows the focus")
        #expect(!screen.contains("Demo note 25"), "a small pane shows the first notes")

        runtime.send(.key(.enter))
        #expect(runtime.dashboard.detail == index && text(runtime).contains("Demo note 25"))
        for _ in 0..<40 { runtime.send(.key(.down)) }
        #expect(runtime.dashboard.detailScroll == 29, "the kind's list bounds the scroll")
        #expect(text(runtime).contains("Demo note 30") && !text(runtime).contains("Demo note 29"))
        runtime.send(.key(.escape))
        #expect(runtime.dashboard.detail == nil)
    }

    @Test func itsKeyIsInTheHelpAndRunsItsJob() throws {
        let (runtime, store) = try runtime()
        runtime.send(.key(.character("?")))
        #expect(text(runtime).contains("add a note"))
        #expect(runtime.dashboard.keys.helpLines.contains { $0.keys == "w" && $0.summary == "add a note" })
        runtime.send(.key(.escape))
        runtime.send(.key(.character("w")))
        #expect(try store.notes().last == "Note from the key 1")
        #expect(text(runtime).contains("Added a note.") && text(runtime).contains("31 notes"))
        #expect(runtime.dashboard.state(of: .note, as: NoteFeature.State.self)?.added == 1)
    }

    @Test func aWriteToItsTableByAnotherProgramReloadsIt() throws {
        let (runtime, store) = try runtime()
        let feed = try store.changeFeed()
        try Store.open(at: store.path).addNote("Written elsewhere")
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

    @Test func itsDoctorLineAndConfigNameComeFromTheCatalog() throws {
        let (_, store) = try runtime()
        #expect(try Self.catalog.feature(.note)?.doctor(store) == "30 notes")
        let config = try DashboardConfig.parse(toml: "home = [ { kind = \"note\", family = \"medium\" } ]\n[keys]\nadd-note = \"X\"", catalog: Self.catalog)
        #expect(config.home == [PaneSpec(.note, .systemMedium)] && config.keys.keys(for: .addNote) == [.character("X")])
        #expect(throws: ConfigError.self) { try DashboardConfig.parse(toml: "home = [ { kind = \"note\", family = \"medium\" } ]", catalog: .standard) }
    }
}
