import Foundation
import GRDB
import HomescreenWidgetCore

extension Store {
    /// Every event, by id.
    public func events() throws -> [CalendarEvent] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM event ORDER BY id").map(CalendarEvent.init(row:)) }
    }

    /// Adds an event, with a new UID unless the draft has one.
    @discardableResult
    public func addEvent(_ draft: EventDraft, at date: Date = Date()) throws -> CalendarEvent {
        try write { db in try Self.insert(draft, db: db, at: date) }
    }

    /// Adds the drafts whose UID is new and replaces the ones whose UID is known, in one
    /// transaction (an import: running it again changes nothing).
    public func importEvents(_ drafts: [EventDraft], at date: Date = Date()) throws -> EventImportCount {
        try write { db in
            var count = EventImportCount()
            for draft in drafts {
                guard let uid = draft.uid, let row = try Row.fetchOne(db, sql: "SELECT * FROM event WHERE uid = ?", arguments: [uid]) else {
                    try Self.insert(draft, db: db, at: date)
                    count.added += 1
                    continue
                }
                let known = CalendarEvent(row: row)
                if known.title == draft.title && known.note == draft.note && known.when == draft.when {
                    count.unchanged += 1
                } else {
                    let columns = Self.columns(of: draft)
                    try db.execute(sql: """
                        UPDATE event SET title = ?, note = ?, lunarMonth = ?, lunarDay = ?, lunarLeap = ?, lunarYear = ?, day = ?, time = ?, rule = ?, exdates = ?
                        WHERE id = ?
                        """, arguments: StatementArguments([draft.title, draft.note] + columns) + [known.id])
                    count.updated += 1
                }
            }
            return count
        }
    }

    @discardableResult
    public func removeEvent(id: Int64) throws -> CalendarEvent {
        CalendarEvent(row: try deleteRow(from: "event", id: id, missing: EventError.unknownEvent(id: id)))
    }

    private static func insert(_ draft: EventDraft, db: Database, at date: Date) throws -> CalendarEvent {
        let uid = draft.uid ?? UUID().uuidString.lowercased() + "@homescreen"
        try db.execute(sql: """
            INSERT INTO event (uid, title, note, lunarMonth, lunarDay, lunarLeap, lunarYear, day, time, rule, exdates, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: StatementArguments([uid, draft.title, draft.note] + columns(of: draft) + [date]))
        return CalendarEvent(id: db.lastInsertedRowID, uid: uid, title: draft.title, note: draft.note, when: draft.when, createdAt: date)
    }

    /// lunarMonth, lunarDay, lunarLeap, lunarYear, day, time, rule, exdates.
    private static func columns(of draft: EventDraft) -> [(any DatabaseValueConvertible)?] {
        switch draft.when {
        case .lunar(let month, let day, let leap, let firstYear):
            return [month, day, leap ? 1 : 0, firstYear, nil, nil, "", ""]
        case .solar(let start, let time, let rule, let except):
            return [nil, nil, 0, nil, start.iso, time?.description, rule, except.map(\.iso).joined(separator: ",")]
        }
    }
}

extension Schema {
    /// Schema 7: the calendar's own events (issue 19), a STRICT table with tracking triggers.
    static func addEvents(_ db: Database) throws {
        try db.execute(sql: """
            -- A lunar anniversary (lunarMonth, lunarDay, lunarLeap, lunarYear: the first lunar year)
            -- or a solar event (day, an optional time, an iCalendar RRULE or '' for once, and
            -- exdates: days left out, comma-separated YYYY-MM-DD). uid is stable for .ics.
            CREATE TABLE event (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                uid TEXT NOT NULL UNIQUE CHECK (length(trim(uid)) BETWEEN 1 AND 255),
                title TEXT NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 20000),
                note TEXT NOT NULL DEFAULT '' CHECK (length(note) <= 20000),
                lunarMonth INTEGER CHECK (lunarMonth BETWEEN 1 AND 12),
                lunarDay INTEGER CHECK (lunarDay BETWEEN 1 AND 30),
                lunarLeap INTEGER NOT NULL DEFAULT 0 CHECK (lunarLeap IN (0, 1)),
                lunarYear INTEGER CHECK (lunarYear BETWEEN 1800 AND 2199),
                day TEXT CHECK (day IS NULL OR (date(day, '+0 days') IS day AND day BETWEEN '\(firstDay)' AND '\(lastDay)')),
                time TEXT CHECK (time IS NULL OR (time GLOB '[0-2][0-9]:[0-5][0-9]' AND time < '24:00')),
                rule TEXT NOT NULL DEFAULT '' CHECK (rule = '' OR (rule GLOB 'FREQ=*' AND length(rule) <= 500)),
                exdates TEXT NOT NULL DEFAULT '' CHECK (length(exdates) <= 20000),
                createdAt TEXT NOT NULL CHECK (datetime(createdAt) IS NOT NULL),
                CHECK ((day IS NULL) = (lunarMonth IS NOT NULL AND lunarDay IS NOT NULL)),
                CHECK (day IS NULL OR (lunarMonth IS NULL AND lunarDay IS NULL AND lunarLeap = 0 AND lunarYear IS NULL)),
                CHECK (day IS NOT NULL OR (time IS NULL AND rule = '' AND exdates = '')),
                CHECK (lunarLeap = 0 OR lunarYear IS NOT NULL)
            ) STRICT;
            \(trackingTriggers(for: .event))
            PRAGMA user_version = 7;
            """)
    }
}
