import Foundation
import HomescreenCommandLine
import Synchronization
import HomescreenRender
import HomescreenRuntime
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// What the drawing commands share: the store to read, the instant, the language, and how to
/// turn a kind and a family into the entry that is current and its grid.
struct WidgetSession {
    private(set) var store: any StoreBackend
    let date: Date
    let language: Language
    let locale: FormattingLocale
    let timeZone: Zone
    let settings: WidgetSettings
    let ascii: Bool
    let privacy: Bool
    private let demoFolder: URL?

    /// Validates every option before touching the store.
    /// - Parameters:
    ///   - forWriting: open the store for writing, creating it if needed (the dashboard).
    ///   - config: the config file, already read (the dashboard); else it is read here.
    ///   - opened: the store, already open and prepared (the status line's `SQLiteReader`).
    init(storeOptions: some StoreChoosing, viewOptions: some ViewChoosing, forWriting: Bool = false, config: DashboardConfig? = nil,
         opened: (any StoreBackend)? = nil) throws {
        let environment = storeOptions.environment
        timeZone = storeOptions.timeZone
        date = try viewOptions.instant(timeZone: timeZone)
        let config = try config ?? viewOptions.loadConfig(environment: environment)
        // --locale, else the config file's, else the environment's.
        language = viewOptions.locale == nil ? (config.language ?? Language.fromEnvironment(environment)) : try viewOptions.language(environment: environment)
        locale = viewOptions.formattingLocale(environment: environment, configured: config.locale)
        settings = try viewOptions.settings(config: config)
        ascii = viewOptions.ascii
        privacy = viewOptions.privacy
        if viewOptions.demo {
            try DemoData.check(LocalDate(date, in: timeZone), option: "--now")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homescreen-demo-\(getpid())-\(UUID().uuidString)")
            do {
                let demo = try StoreOptions.prepared(Store.open(at: folder.appendingPathComponent("store.sqlite").path))
                let (today, instant) = (LocalDate(date, in: timeZone), date)
                try demo.batch { try DemoData.fill(demo, today: today, at: instant) }
                self.store = demo
            } catch {
                try? FileManager.default.removeItem(at: folder)
                throw error
            }
            demoFolder = folder
        } else if let opened {
            store = opened
            demoFolder = nil
        } else {
            if forWriting {
                // On a file system mounted read-only the dashboard still shows the store; every
                // change it is asked for is refused with the sentence that names the mount.
                do { store = try storeOptions.openForWriting() } catch StoreError.readOnlyFileSystem { store = try storeOptions.openForReading() }
            } else {
                store = try storeOptions.openForReading()
            }
            demoFolder = nil
        }
    }

    /// Once a store that did not exist when the session began is on disk, reads it instead of
    /// the empty stand-in (for the commands that keep running). The stand-in is kept, not
    /// dropped: dropping a connection starts libdispatch's once-a-second worker monitor.
    mutating func adoptCreatedStore() throws {
        guard let file = store as? Store, file.standsIn, FileManager.default.fileExists(atPath: file.path) else { return }
        // Its maker may still be making it, or closing it (its last connection removes the
        // -shm while this one opens: "disk I/O error"): tried again for a moment before the
        // error is the answer.
        var attempt = 0
        let opened: Store
        while true {
            do {
                opened = try StoreOptions.prepared(Store.openReadOnly(at: file.path))
                break
            } catch where attempt < 10 {
                attempt += 1
                usleep(20_000)
            }
        }
        guard !opened.standsIn else { return }
        Self.retired.withLock { $0.append(file) }
        store = opened
    }

    private static let retired = Mutex<[Store]>([])

    /// Removes the throwaway demo store, if any.
    func finish() {
        if let demoFolder { try? FileManager.default.removeItem(at: demoFolder) }
    }

    func widget(_ kind: WidgetKind) -> AnyWidget {
        // Kinds come from `Arguments.kind`, which accepts only the catalog's.
        WidgetCatalog.configured.widget(kind, store: store, settings: settings)!
    }

    func context(_ family: WidgetFamily, density: Density = .regular, size: CellSize? = nil) -> WidgetContext {
        WidgetContext(family: family, density: density, size: size, language: language, locale: locale, timeZone: timeZone, ascii: ascii, privacy: privacy)
    }

    func timeline(_ widget: AnyWidget, _ context: WidgetContext, at instant: Date? = nil) throws -> Timeline<AnyEntry> {
        do { return try widget.timeline(in: context, at: instant ?? date) } catch is CalendarRangeError {
            let years = VietnameseCalendar.supportedYears
            throw CLIError.usage("--now \(LocalDate(date, in: timeZone).iso) is outside the lunar calendar's range; it covers the years \(years.lowerBound) to \(years.upperBound).")
        } catch {
            throw CLIError.runtime("the \(widget.kind.rawValue) widget could not read \(store.path) (\(error)).")
        }
    }

    /// The grid of the entry current at the session's instant.
    func draw(_ widget: AnyWidget, _ context: WidgetContext) throws -> CellGrid {
        try current(widget, context).grid
    }

    /// The entry current at `instant` (the session's when nil), drawn, with its timeline and
    /// index (for the commands that keep running and need the next change).
    func current(_ widget: AnyWidget, _ context: WidgetContext, at instant: Date? = nil) throws -> (grid: CellGrid, timeline: Timeline<AnyEntry>, index: Int) {
        let timeline = try timeline(widget, context, at: instant)
        let index = Scheduler<Int>.currentIndex(in: timeline.entries.map(\.date), at: instant ?? date)
        let grid = timeline.entries[index].render(in: context)
        return (ascii ? grid.foldedToASCII() : grid, timeline, index)
    }
}

/// Demo data for every kind this build has, each kind filling its own.
enum DemoData {
    /// The days demo data can be centred on: it spreads a year around its day.
    static let days = LocalDate(year: 1801, month: 1, day: 1)!...LocalDate(year: 2198, month: 12, day: 31)!

    /// Refuses a centre day too close to the ends of the supported days.
    static func check(_ today: LocalDate, option: String) throws {
        guard days.contains(today) else {
            throw CLIError.usage("\(option) \(today.iso) is too close to the ends of the days Homescreen works with for demo data, "
                + "which spreads a year around it; use a day from \(days.lowerBound.iso) to \(days.upperBound.iso).")
        }
    }


    static func fill(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        for feature in WidgetCatalog.standard.features { try feature.fillDemo(store, today: today, at: date) }
    }
}
