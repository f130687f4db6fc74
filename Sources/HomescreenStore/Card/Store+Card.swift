import Foundation
import GRDB
import HomescreenWidgetCore

extension Store {
    // MARK: - Card reads

    /// Every card, by id.
    public func cards() throws -> [Card] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM card ORDER BY id").map(Card.init(row:)) }
    }

    /// The id of the chosen card, if one was chosen (it may since have been removed).
    public func selectedCardID() throws -> Int64? {
        try read(Self.selectedCardID)
    }

    private static func selectedCardID(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT cardID FROM selectedCard WHERE singleton = 1")
    }

    /// The card the widget shows, read in one transaction: the chosen one, else the first
    /// active card by id.
    public func cardSelection() throws -> CardSelection {
        try read(Self.cardSelection)
    }

    private static func cardSelection(_ db: Database) throws -> CardSelection {
        if let id = try selectedCardID(db) {
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM card WHERE id = ?", arguments: [id]) else { return .unavailable(id: id) }
            return .card(Card(row: row), chosen: true)
        }
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM card WHERE active != 0 ORDER BY id LIMIT 1") else { return .noCards }
        return .card(Card(row: row), chosen: false)
    }

    /// Every card, the chosen id and what the widget shows, in one transaction (the card list
    /// and the picker).
    public func cardListing() throws -> (cards: [Card], chosen: Int64?, shown: CardSelection) {
        try read { db in
            (try Row.fetchAll(db, sql: "SELECT * FROM card ORDER BY id").map(Card.init(row:)), try Self.selectedCardID(db), try Self.cardSelection(db))
        }
    }

    // MARK: - Card writes (each one transaction)

    /// Adds a card. The draft must have been checked (`CardDraft.problem` is nil).
    @discardableResult
    public func addCard(_ draft: CardDraft, at date: Date = Date()) throws -> Card {
        precondition(draft.problem == nil, "an unchecked card draft")
        return try write { db in
            try db.execute(sql: """
                INSERT INTO card (serverCardID, firstName, lastName, company, title, email, phone, active, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, arguments: [draft.serverCardID, draft.firstName, draft.lastName, draft.company, draft.title, draft.email, draft.phone,
                                 draft.isActive ? 1 : 0, date])
            return Card(id: db.lastInsertedRowID, serverCardID: draft.serverCardID, firstName: draft.firstName, lastName: draft.lastName,
                        company: draft.company, title: draft.title, email: draft.email, phone: draft.phone, isActive: draft.isActive, updatedAt: date)
        }
    }

    /// Replaces a card's fields. The draft must have been checked (`CardDraft.problem` is nil).
    @discardableResult
    public func updateCard(id: Int64, _ draft: CardDraft, at date: Date = Date()) throws -> Card {
        precondition(draft.problem == nil, "an unchecked card draft")
        return try write { db in
            try db.execute(sql: """
                UPDATE card SET serverCardID = ?, firstName = ?, lastName = ?, company = ?, title = ?, email = ?, phone = ?, active = ?, updatedAt = ?
                WHERE id = ?
                """, arguments: [draft.serverCardID, draft.firstName, draft.lastName, draft.company, draft.title, draft.email, draft.phone,
                                 draft.isActive ? 1 : 0, date, id])
            guard db.changesCount == 1, let row = try Row.fetchOne(db, sql: "SELECT * FROM card WHERE id = ?", arguments: [id]) else {
                throw CardError.unknownCard(id: id)
            }
            return Card(row: row)
        }
    }

    /// Chooses the card every process shows.
    @discardableResult
    public func selectCard(id: Int64) throws -> Card {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM card WHERE id = ?", arguments: [id]) else { throw CardError.unknownCard(id: id) }
            try db.execute(sql: """
                INSERT INTO selectedCard (singleton, cardID) VALUES (1, ?)
                ON CONFLICT(singleton) DO UPDATE SET cardID = excluded.cardID
                """, arguments: [id])
            return Card(row: row)
        }
    }

    /// Removes a card. A chosen card stays chosen, so the widget says it is unavailable
    /// rather than silently showing another person's card.
    @discardableResult
    public func removeCard(id: Int64) throws -> Card {
        Card(row: try deleteRow(from: "card", id: id, missing: CardError.unknownCard(id: id)))
    }
}
