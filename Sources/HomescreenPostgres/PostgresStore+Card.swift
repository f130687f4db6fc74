import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// Business cards and the calendar's events on PostgreSQL.
extension PostgresStore: CardStore, EventStore {
    static func card(_ row: PostgresRows.Row) -> Card {
        func text(_ column: String) -> String? {
            guard let value = row[column], !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return value
        }
        return Card(id: row.int("id") ?? 0, serverCardID: text("serverCardID"), firstName: row["firstName"] ?? "", lastName: row["lastName"] ?? "",
                    company: text("company"), title: text("title"), email: text("email"), phone: text("phone"),
                    isActive: (row.int("active") ?? 1) != 0, updatedAt: Date(timeIntervalSince1970: row["epoch"].flatMap(Double.init) ?? 0))
    }

    static let cardColumns = "*, extract(epoch FROM updatedAt)::float8 AS epoch"

    public func cards() throws -> [Card] {
        try execute("SELECT \(Self.cardColumns) FROM card ORDER BY id").map(Self.card)
    }

    public func selectedCardID() throws -> Int64? {
        try execute("SELECT cardID FROM selectedCard WHERE singleton = 1").first?.int("cardID")
    }

    public func cardSelection() throws -> CardSelection {
        try transaction {
            if let id = try selectedCardID() {
                guard let row = try execute("SELECT \(Self.cardColumns) FROM card WHERE id = $1", [String(id)]).first else { return .unavailable(id: id) }
                return .card(Self.card(row), chosen: true)
            }
            guard let row = try execute("SELECT \(Self.cardColumns) FROM card WHERE active <> 0 ORDER BY id LIMIT 1").first else { return .noCards }
            return .card(Self.card(row), chosen: false)
        }
    }

    public func cardListing() throws -> (cards: [Card], chosen: Int64?, shown: CardSelection) {
        try transaction { (try cards(), try selectedCardID(), try cardSelection()) }
    }

    private func cardValues(_ draft: CardDraft, at date: Date) -> [String?] {
        [draft.serverCardID, draft.firstName, draft.lastName, draft.company, draft.title, draft.email, draft.phone, draft.isActive ? "1" : "0", Self.timestamp(date)]
    }

    @discardableResult
    public func addCard(_ draft: CardDraft, at date: Date = Date()) throws -> Card {
        precondition(draft.problem == nil, "an unchecked card draft")
        return try transaction {
            let row = try execute("""
                INSERT INTO card (serverCardID, firstName, lastName, company, title, email, phone, active, updatedAt)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, to_timestamp($9)) RETURNING \(Self.cardColumns)
                """, cardValues(draft, at: date))
            return Self.card(row[0])
        }
    }

    @discardableResult
    public func updateCard(id: Int64, _ draft: CardDraft, at date: Date = Date()) throws -> Card {
        precondition(draft.problem == nil, "an unchecked card draft")
        return try transaction {
            guard let row = try execute("""
                UPDATE card SET serverCardID = $1, firstName = $2, lastName = $3, company = $4, title = $5, email = $6, phone = $7, active = $8,
                updatedAt = to_timestamp($9) WHERE id = $10 RETURNING \(Self.cardColumns)
                """, cardValues(draft, at: date) + [String(id)]).first else { throw CardError.unknownCard(id: id) }
            return Self.card(row)
        }
    }

    @discardableResult
    public func selectCard(id: Int64) throws -> Card {
        try transaction {
            guard let row = try execute("SELECT \(Self.cardColumns) FROM card WHERE id = $1", [String(id)]).first else { throw CardError.unknownCard(id: id) }
            try execute("INSERT INTO selectedCard (singleton, cardID) VALUES (1, $1) ON CONFLICT (singleton) DO UPDATE SET cardID = excluded.cardID", [String(id)])
            return Self.card(row)
        }
    }

    @discardableResult
    public func removeCard(id: Int64) throws -> Card {
        try transaction {
            guard let row = try execute("DELETE FROM card WHERE id = $1 RETURNING \(Self.cardColumns)", [String(id)]).first else { throw CardError.unknownCard(id: id) }
            return Self.card(row)
        }
    }

    // MARK: - Events

    static func event(_ row: PostgresRows.Row) -> CalendarEvent {
        let when: EventDate
        if let day = row["day"].flatMap(LocalDate.init(iso:)) {
            when = .solar(start: day, time: row["time"].flatMap(EventTime.init(text:)), rule: row["rule"] ?? "",
                          except: (row["exdates"] ?? "").split(separator: ",").compactMap { LocalDate(iso: String($0)) })
        } else {
            when = .lunar(month: Int(row.int("lunarMonth") ?? 0), day: Int(row.int("lunarDay") ?? 0), leap: (row.int("lunarLeap") ?? 0) != 0,
                          firstYear: row.int("lunarYear").map(Int.init))
        }
        return CalendarEvent(id: row.int("id") ?? 0, uid: row["uid"] ?? "", title: row["title"] ?? "", note: row["note"] ?? "", when: when,
                             createdAt: Date(timeIntervalSince1970: row["epoch"].flatMap(Double.init) ?? 0))
    }

    static let eventColumns = "*, extract(epoch FROM createdAt)::float8 AS epoch"

    /// lunarMonth, lunarDay, lunarLeap, lunarYear, day, time, rule, exdates.
    static func eventValues(_ when: EventDate) -> [String?] {
        switch when {
        case .lunar(let month, let day, let leap, let firstYear):
            return [String(month), String(day), leap ? "1" : "0", firstYear.map(String.init), nil, nil, "", ""]
        case .solar(let start, let time, let rule, let except):
            return [nil, nil, "0", nil, start.iso, time?.description, rule, except.map(\.iso).joined(separator: ",")]
        }
    }

    public func events() throws -> [CalendarEvent] {
        try execute("SELECT \(Self.eventColumns) FROM event ORDER BY id").map(Self.event)
    }

    private func insert(_ draft: EventDraft, at date: Date) throws -> CalendarEvent {
        let uid = draft.uid ?? UUID().uuidString.lowercased() + "@homescreen"
        let row = try execute("""
            INSERT INTO event (uid, title, note, lunarMonth, lunarDay, lunarLeap, lunarYear, day, time, rule, exdates, createdAt)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, to_timestamp($12)) RETURNING \(Self.eventColumns)
            """, [uid, draft.title, draft.note] + Self.eventValues(draft.when) + [Self.timestamp(date)])
        return Self.event(row[0])
    }

    @discardableResult
    public func addEvent(_ draft: EventDraft, at date: Date = Date()) throws -> CalendarEvent {
        try transaction { try insert(draft, at: date) }
    }

    public func importEvents(_ drafts: [EventDraft], at date: Date = Date()) throws -> EventImportCount {
        try transaction {
            var count = EventImportCount()
            for draft in drafts {
                guard let uid = draft.uid, let row = try execute("SELECT \(Self.eventColumns) FROM event WHERE uid = $1 FOR UPDATE", [uid]).first else {
                    _ = try insert(draft, at: date)
                    count.added += 1
                    continue
                }
                let known = Self.event(row)
                if known.title == draft.title && known.note == draft.note && known.when == draft.when {
                    count.unchanged += 1
                } else {
                    try execute("""
                        UPDATE event SET title = $1, note = $2, lunarMonth = $3, lunarDay = $4, lunarLeap = $5, lunarYear = $6, day = $7, time = $8,
                        rule = $9, exdates = $10 WHERE id = $11
                        """, [draft.title, draft.note] + Self.eventValues(draft.when) + [String(known.id)])
                    count.updated += 1
                }
            }
            return count
        }
    }

    @discardableResult
    public func removeEvent(id: Int64) throws -> CalendarEvent {
        try transaction {
            guard let row = try execute("DELETE FROM event WHERE id = $1 RETURNING \(Self.eventColumns)", [String(id)]).first else { throw EventError.unknownEvent(id: id) }
            return Self.event(row)
        }
    }
}
