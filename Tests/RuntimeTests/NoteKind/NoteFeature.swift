import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

// A sixth kind that exists only in the tests, written the way ARCHITECTURE.md says a kind is
// added: this folder, and one registration line with its place (`WidgetCatalog.standard
// .register(NoteFeature(), home: .at(5, .systemSmall))` in `SixthKindTests`). It has a table of
// its own, described here and made by whichever backend is open (SQLite or PostgreSQL), a
// repository for it, a key, a job, a full-screen list, a demo and a doctor line. Nothing in the
// stores' modules knows it.

extension WidgetKind {
    static let note = WidgetKind("note")
}

extension StoreTable {
    static let note = StoreTable(rawValue: "note")
}

extension Action {
    static let addNote = Action("add-note", summary: "add a note")
}

/// The kind's data, once for both backends: version 1 made the table, version 2 added `pinned`.
let noteData = KindData(owner: "note", steps: [
    .create(DataTable(.note, columns: [.id, .text("text", max: 500, nonBlank: true), .timestamp("createdAt")],
                      indexes: [DataIndex("noteByCreation", on: ["createdAt", "id"])])),
    .addColumn(.note, .flag("pinned")),
])

/// What the kind asks of a store, whichever is open.
struct NoteRepository {
    let store: any StoreBackend

    func notes() throws -> [String] {
        try store.reading { try $0.rows("SELECT text FROM note ORDER BY id").compactMap { $0.text("text") } }
    }

    func count() throws -> Int { try store.reading { Int(try $0.row("SELECT count(*) AS n FROM note")?.int("n") ?? 0) } }

    @discardableResult
    func add(_ text: String, at date: Date) throws -> Int64 {
        try store.writing { sql in
            try sql.row("INSERT INTO note (text, createdAt) VALUES (?, ?) RETURNING id", [.text(text), StoreValue(date)])?.int("id") ?? 0
        }
    }

    /// When a note was written, as the store keeps it.
    func createdAt(id: Int64) throws -> Date? {
        try store.reading { try $0.row("SELECT createdAt FROM note WHERE id = ?", [.integer(id)])?.date("createdAt") }
    }
}

struct NoteEntry: TimelineEntry, Encodable {
    let date: Date
    let notes: [String]
}

struct NoteWidget: Widget {
    let notes: NoteRepository

    var kind: WidgetKind { .note }
    var supportedFamilies: [WidgetFamily] { [.systemSmall, .systemMedium, .systemLarge] }

    func placeholder(in context: WidgetContext) -> NoteEntry { NoteEntry(date: Date(), notes: []) }

    func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<NoteEntry> {
        Timeline(entries: [NoteEntry(date: date, notes: try notes.notes())], policy: .never)
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
    static var data: KindData? { noteData }
    var bindings: [KeyTable.Binding] { [KeyTable.Binding(action: .addNote, keys: [.character("w")])] }

    func provider(store: any StoreBackend, settings: WidgetSettings) -> NoteWidget { NoteWidget(notes: NoteRepository(store: store)) }
    func initialState() -> State { State() }
    func detail(_ entry: NoteEntry, scroll: Int) -> DetailNavigation { .list(entry.notes.count) }

    enum Message: Sendable { case added(Result<Int64, JobFailure>) }

    func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, NoMemory>] {
        switch event {
        case .action(.addNote):
            let text = "Note from the key \(state.added + 1)"
            return [.write(FeatureJob(.note, "add-note", { store, _, now in try NoteRepository(store: store).add(text, at: now) }, then: Message.added))]
        case .action:
            return []
        case .message(.added(.success)):
            state.added += 1
            return [.message(.success("Added a note."))]
        case .message(.added(.failure(let failure))):
            return [.message(.failure(failure.text(environment)))]
        }
    }

    func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        let notes = NoteRepository(store: store)
        for number in 1...30 { try notes.add("Demo note \(number)", at: date) }
    }

    func doctor(_ store: any StoreBackend) throws -> String? { "\(try NoteRepository(store: store).count()) notes" }
}
