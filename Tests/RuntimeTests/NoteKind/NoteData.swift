import Foundation
import HomescreenStore

extension StoreTable {
    static let note = StoreTable(rawValue: "note")
}

/// The kind's tables, described once for both backends: version 1 made the table, version 2
/// added `pinned` (a later version adds a step, never edits one). Names are written unquoted
/// everywhere: PostgreSQL folds `createdAt` to `createdat` in every statement alike.
let noteData = KindData(owner: "note", steps: [
    .create(DataTable(.note, columns: [.id, .text("text", max: 500, nonBlank: true), .timestamp("createdAt")],
                      indexes: [DataIndex("noteByCreation", on: ["createdAt", "id"])])),
    .addColumn(.note, .flag("pinned")),
])

/// What the kind asks of a store, whichever is open: one set of statements with `?` values.
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

    func createdAt(id: Int64) throws -> Date? {
        try store.reading { try $0.row("SELECT createdAt FROM note WHERE id = ?", [.integer(id)])?.date("createdAt") }
    }
}
