import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// The calendar's own access to whichever store is open: lunar anniversaries and solar events,
/// each with a stable UID (an import by UID adds, replaces or leaves alone).
public struct EventRepository: Sendable {
    public let store: any StoreBackend

    public init(_ store: any StoreBackend) { self.store = store }

    /// Every event: the store's by id, then those of the configured vdirs (negative ids),
    /// read with the local zone. `window`: what the reader shows; a dashboard's first frame
    /// may then leave out vdir events outside it (`VdirCalendars.read`).
    public func events(showing window: EventWindow? = nil) throws -> [CalendarEvent] {
        try storedEvents() + Self.vdirEvents(store: store, showing: window)
    }

    /// The events of the configured vdirs (`[calendar] vdirs`), with negative ids; unchanged
    /// files from the store's index when a store is given.
    public static func vdirEvents(store: (any StoreBackend)? = nil, showing window: EventWindow? = nil) -> [CalendarEvent] {
        let vdirs = VdirCalendars.configured
        guard !vdirs.isEmpty else { return [] }
        return VdirCalendars.read(vdirs, timeZone: Zone.current(environment: ProcessInfo.processInfo.environment), store: store, window: window).flatMap(\.events)
    }

    /// The store's own events, by id.
    public func storedEvents() throws -> [CalendarEvent] {
        try store.reading { try $0.rows("SELECT * FROM event ORDER BY id").map(CalendarEvent.init(row:)) }
    }

    /// Adds an event, with a new UID unless the draft has one.
    @discardableResult
    public func addEvent(_ draft: EventDraft, at date: Date = Date()) throws -> CalendarEvent {
        try store.writing { try Self.insert(draft, $0, at: date) }
    }

    /// Adds the drafts whose UID is new and replaces the ones whose UID is known, in one
    /// transaction (an import: running it again changes nothing).
    public func importEvents(_ drafts: [EventDraft], at date: Date = Date()) throws -> EventImportCount {
        try importEvents(at: date) { write in for draft in drafts { try write(draft) } }
    }

    /// The same for drafts given one at a time, as an import reads them from disk: `drafts`
    /// calls its argument with each, inside the one transaction, and none is held after it is
    /// written (an error from `drafts` writes nothing).
    public func importEvents(at date: Date = Date(), _ drafts: (_ write: (EventDraft) throws -> Void) throws -> Void) throws -> EventImportCount {
        try store.writing { sql in
            var count = EventImportCount()
            try drafts { draft in
                guard let uid = draft.uid, let row = try sql.row("SELECT * FROM event WHERE uid = ?\(sql.dialect.forUpdate)", [.text(uid)]) else {
                    try Self.insert(draft, sql, at: date)
                    count.added += 1
                    return
                }
                let known = CalendarEvent(row: row)
                if known.title == draft.title && known.note == draft.note && known.when == draft.when && known.zone == draft.zone && known.length == draft.length {
                    count.unchanged += 1
                } else {
                    try sql.execute("""
                        UPDATE event SET title = ?, note = ?, lunarMonth = ?, lunarDay = ?, lunarLeap = ?, lunarYear = ?, day = ?, time = ?, rule = ?, exdates = ?,
                        zone = ?, duration = ? WHERE id = ?
                        """, [.text(draft.title), .text(draft.note)] + Self.columns(of: draft.when)
                            + [.text(draft.zone), .text(draft.length?.description ?? ""), .integer(known.id)])
                    count.updated += 1
                }
            }
            return count
        }
    }

    /// Changes an event's title or note (nil: kept).
    @discardableResult
    public func editEvent(id: Int64, title: String?, note: String?) throws -> CalendarEvent {
        try store.writing { sql in
            guard let row = try sql.row("SELECT * FROM event WHERE id = ?\(sql.dialect.forUpdate)", [.integer(id)]) else { throw EventError.unknownEvent(id: id) }
            var event = CalendarEvent(row: row)
            event.title = title ?? event.title
            event.note = note ?? event.note
            try sql.execute("UPDATE event SET title = ?, note = ? WHERE id = ?", [.text(event.title), .text(event.note), .integer(id)])
            return event
        }
    }

    @discardableResult
    public func removeEvent(id: Int64) throws -> CalendarEvent {
        try store.writing { CalendarEvent(row: try $0.deleteRow(from: .event, id: id, missing: EventError.unknownEvent(id: id))) }
    }

    @discardableResult
    private static func insert(_ draft: EventDraft, _ sql: any StoreSQL, at date: Date) throws -> CalendarEvent {
        let uid = draft.uid ?? UUID().uuidString.lowercased() + "@homescreen"
        let id = try sql.row("""
            INSERT INTO event (uid, title, note, lunarMonth, lunarDay, lunarLeap, lunarYear, day, time, rule, exdates, zone, duration, createdAt)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
            """, [.text(uid), .text(draft.title), .text(draft.note)] + columns(of: draft.when)
                + [.text(draft.zone), .text(draft.length?.description ?? ""), StoreValue(date)])?.int("id") ?? 0
        return CalendarEvent(id: id, uid: uid, title: draft.title, note: draft.note, when: draft.when, zone: draft.zone, length: draft.length, createdAt: date)
    }

    /// lunarMonth, lunarDay, lunarLeap, lunarYear, day, time, rule, exdates.
    private static func columns(of when: EventDate) -> [StoreValue] {
        switch when {
        case .lunar(let month, let day, let leap, let firstYear):
            return [.integer(Int64(month)), .integer(Int64(day)), .integer(leap ? 1 : 0), StoreValue(firstYear.map(Int64.init)), .null, .null, "", ""]
        case .solar(let start, let time, let rule, let except):
            return [.null, .null, 0, .null, StoreValue(start), StoreValue(time?.description), .text(rule), .text(except.map(\.iso).joined(separator: ","))]
        }
    }
}
