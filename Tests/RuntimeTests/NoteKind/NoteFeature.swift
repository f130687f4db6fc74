import Foundation
import GRDB
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

// A sixth kind that exists only in the tests, written the way ARCHITECTURE.md says a kind is
// added: this folder, and one registration line with its place (`WidgetCatalog.standard
// .register(NoteFeature(), home: .at(5, .systemSmall))` in `SixthKindTests`). It has a table of its own with its own domain
// interface, a key, a job, a full-screen list and a demo.

extension WidgetKind {
    static let note = WidgetKind("note")
}

extension StoreTable {
    static let note = StoreTable(rawValue: "note")
}

extension Action {
    static let addNote = Action("add-note", summary: "add a note")
}

/// The kind's domain: what it asks of a store.
protocol NoteStore {
    func notes() throws -> [String]
    func addNote(_ text: String) throws
}

extension Store: NoteStore {
    /// The kind's table, created once and tracked like the built-in ones.
    func prepareNotes() throws {
        try write { try $0.execute(sql: "CREATE TABLE IF NOT EXISTS note (id INTEGER PRIMARY KEY, text TEXT NOT NULL)") }
        try trackChanges(of: .note)
    }

    func notes() throws -> [String] { try read { try String.fetchAll($0, sql: "SELECT text FROM note ORDER BY id") } }
    func addNote(_ text: String) throws { try write { try $0.execute(sql: "INSERT INTO note (text) VALUES (?)", arguments: [text]) } }
}

struct NoteEntry: TimelineEntry, Encodable {
    let date: Date
    let notes: [String]
}

struct NoteWidget: Widget {
    let store: any HomeStore

    var kind: WidgetKind { .note }
    var supportedFamilies: [WidgetFamily] { [.systemSmall, .systemMedium, .systemLarge] }

    func placeholder(in context: WidgetContext) -> NoteEntry { NoteEntry(date: Date(), notes: []) }

    func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<NoteEntry> {
        guard let notes = store as? any NoteStore else { return Timeline(entries: [placeholder(in: context)], policy: .never) }
        return Timeline(entries: [NoteEntry(date: date, notes: try notes.notes())], policy: .never)
    }

    func render(_ entry: NoteEntry, in context: WidgetContext) -> CellGrid {
        var (grid, content) = Pane.start(context, title: "Notes", trailing: "\(entry.notes.count) notes")
        let shown = entry.notes.dropFirst(context.detail ? context.scroll : 0)
        Pane.lines(shown.map { ($0, Style(.text)) }, in: &grid, content, centred: false)
        return grid
    }
}

struct NoteFeature: WidgetFeature {
    struct State: Sendable, Equatable { var added = 0 }

    var kind: WidgetKind { .note }
    var title: String { "Notes" }
    var summary: String { "short notes, the newest last" }
    var families: [WidgetFamily] { [.systemSmall, .systemMedium, .systemLarge] }
    var tables: Set<StoreTable> { [.note] }
    var bindings: [KeyTable.Binding] { [KeyTable.Binding(action: .addNote, keys: [.character("w")])] }

    func provider(store: any HomeStore, settings: WidgetSettings) -> NoteWidget { NoteWidget(store: store) }
    func initialState() -> State { State() }
    func detail(_ entry: NoteEntry, scroll: Int) -> DetailNavigation { .list(entry.notes.count) }

    func update(_ state: inout State, _ event: FeatureEvent, _ environment: FeatureEnvironment) -> [FeatureEffect] {
        switch event {
        case .action(.addNote):
            let text = "Note from the key \(state.added + 1)"
            return [.write(FeatureJob(.note, "add-note") { store, _ in try (store as! any NoteStore).addNote(text) })]
        case .finished:
            state.added += 1
            return [.message(.success("Added a note.")), .reload(tables)]
        case .failed(_, let reason):
            return [.message(.failure(reason))]
        default:
            return []
        }
    }

    func fillDemo(_ store: any HomeStore, today: LocalDate, at date: Date) throws {
        for number in 1...30 { try (store as! any NoteStore).addNote("Demo note \(number)") }
    }

    func doctor(_ store: any HomeStore) throws -> String? { "\(try (store as! any NoteStore).notes().count) notes" }
}
