import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore

extension WidgetKind {
    static let note = WidgetKind("note")
}

extension Action {
    static let addNote = Action("add-note", summary: "add a note", label: ("note", "note", "nota", "ghi chú"))
}

/// Everything the kind is: its names, tables, key, setting, provider, update, demo, doctor line
/// and reminder. The dashboard knows it through this type alone.
struct NoteFeature: WidgetFeature {
    /// Its key, given on the registration line.
    let key: Key

    /// A setting of the config file (`note-reminder-at = 40`), read by the reminder.
    static let reminderAt = SettingKey("note-reminder-at", default: 40) { value in
        guard case .integer(let count) = value, count > 0 else { throw ConfigError("note-reminder-at = \(value) is not a number of notes; use 1 or more.") }
        return count
    }

    /// Its words in the other interface languages.
    static let words = Translations([
        ("Added a note.", "Note ajoutée.", "Nota aggiunta.", "Đã thêm ghi chú."),
        ("%1 notes: time to tidy up", "%1 notes : il est temps de trier", "%1 note: è ora di riordinare", "%1 ghi chú: đến lúc dọn dẹp"),
    ])

    struct State: Sendable, Equatable { var added = 0 }
    enum Message: Sendable { case added(Result<Int64, JobFailure>) }

    var kind: WidgetKind { .note }
    var title: String { "Notes" }
    var summary: String { "short notes, the newest last" }
    var families: [WidgetFamily] { [.systemSmall, .systemMedium, .systemLarge] }
    var tables: Set<StoreTable> { [.note] }
    static var data: KindData? { noteData }
    var bindings: [KeyTable.Binding] { [KeyTable.Binding(action: .addNote, keys: [key])] }
    var settings: [SettingSpec] { [Self.reminderAt.spec] }

    func provider(store: any StoreBackend, settings: WidgetSettings) -> NoteWidget { NoteWidget(notes: NoteRepository(store: store)) }
    func initialState() -> State { State() }
    func detail(_ entry: NoteEntry, scroll: Int) -> DetailNavigation { .list(entry.notes.count) }

    func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, NoMemory>] {
        switch event {
        case .action(.addNote):
            let text = "Note from the key \(state.added + 1)"
            return [.write(FeatureJob(.note, "add-note", { store, _, now in try NoteRepository(store: store).add(text, at: now) }, then: Message.added))]
        case .action:
            return []
        case .message(.added(.success)):
            state.added += 1
            return [.message(.success(environment.language.text("Added a note.", in: Self.words)))]
        case .message(.added(.failure(let failure))):
            return [.message(.failure(failure.text(environment)))]
        }
    }

    func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        let notes = NoteRepository(store: store)
        for number in 1...30 { try notes.add("Demo note \(number)", at: date) }
    }

    func contents(_ store: any StoreBackend) throws -> String? {
        let count = try NoteRepository(store: store).count()
        return count == 0 ? nil : "\(count) notes"
    }

    func doctor(_ store: any StoreBackend) throws -> String? { "\(try NoteRepository(store: store).count()) notes" }

    /// Once when the notes reach the setting's count, said in the interface's language.
    func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck {
        let limit = context.widgetSettings[Self.reminderAt], count = try NoteRepository(store: store).count()
        guard count >= limit else { return ReminderCheck() }
        let text = context.language.text("%1 notes: time to tidy up", in: Self.words, String(count))
        return ReminderCheck(due: [Reminder(kind: .note, key: "note count \(limit)", title: text, body: title)])
    }
}
