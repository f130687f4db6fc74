import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// The card kind's own access to whichever store is open: its cards, and the one chosen for
/// the widget (every process shows the same one).
public struct CardRepository: Sendable {
    public let store: any StoreBackend

    public init(_ store: any StoreBackend) { self.store = store }

    // MARK: - Reads

    /// Every card, by id.
    public func cards() throws -> [Card] { try store.reading(Self.cards) }

    /// The id of the chosen card, if one was chosen (it may since have been removed).
    public func selectedCardID() throws -> Int64? { try store.reading(Self.selectedCardID) }

    /// The card the widget shows, read in one transaction: the chosen one, else the first
    /// active card by id.
    public func cardSelection() throws -> CardSelection { try store.reading(Self.cardSelection) }

    /// Every card, the chosen id and what the widget shows, in one transaction (the card list
    /// and the picker).
    public func cardListing() throws -> (cards: [Card], chosen: Int64?, shown: CardSelection) {
        try store.reading { sql in (try Self.cards(sql), try Self.selectedCardID(sql), try Self.cardSelection(sql)) }
    }

    private static func cards(_ sql: any StoreSQL) throws -> [Card] { try sql.rows("SELECT * FROM card ORDER BY id").map(Card.init(row:)) }

    private static func selectedCardID(_ sql: any StoreSQL) throws -> Int64? {
        try sql.row("SELECT cardID FROM selectedCard WHERE singleton = 1")?.int("cardID")
    }

    private static func cardSelection(_ sql: any StoreSQL) throws -> CardSelection {
        if let id = try selectedCardID(sql) {
            guard let row = try sql.row("SELECT * FROM card WHERE id = ?", [.integer(id)]) else { return .unavailable(id: id) }
            return .card(Card(row: row), chosen: true)
        }
        guard let row = try sql.row("SELECT * FROM card WHERE active <> 0 ORDER BY id LIMIT 1") else { return .noCards }
        return .card(Card(row: row), chosen: false)
    }

    // MARK: - Writes (each one transaction)

    /// Adds a card. The draft must have been checked (`CardDraft.problem` is nil).
    @discardableResult
    public func addCard(_ draft: CardDraft, at date: Date = Date()) throws -> Card {
        precondition(draft.problem == nil, "an unchecked card draft")
        return try store.writing { sql in
            let id = try sql.row("""
                INSERT INTO card (serverCardID, firstName, lastName, company, title, email, phone, active, updatedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id
                """, Self.values(draft, at: date))?.int("id") ?? 0
            return Card(id: id, serverCardID: draft.serverCardID, firstName: draft.firstName, lastName: draft.lastName, company: draft.company,
                        title: draft.title, email: draft.email, phone: draft.phone, isActive: draft.isActive, updatedAt: date)
        }
    }

    /// Replaces a card's fields. The draft must have been checked (`CardDraft.problem` is nil).
    @discardableResult
    public func updateCard(id: Int64, _ draft: CardDraft, at date: Date = Date()) throws -> Card {
        precondition(draft.problem == nil, "an unchecked card draft")
        return try store.writing { sql in
            guard let row = try sql.row("""
                UPDATE card SET serverCardID = ?, firstName = ?, lastName = ?, company = ?, title = ?, email = ?, phone = ?, active = ?, updatedAt = ?
                WHERE id = ? RETURNING *
                """, Self.values(draft, at: date) + [.integer(id)]) else { throw CardError.unknownCard(id: id) }
            return Card(row: row)
        }
    }

    private static func values(_ draft: CardDraft, at date: Date) -> [StoreValue] {
        [StoreValue(draft.serverCardID), .text(draft.firstName), .text(draft.lastName), StoreValue(draft.company), StoreValue(draft.title),
         StoreValue(draft.email), StoreValue(draft.phone), .integer(draft.isActive ? 1 : 0), StoreValue(date)]
    }

    /// Chooses the card every process shows.
    @discardableResult
    public func selectCard(id: Int64) throws -> Card {
        try store.writing { sql in
            guard let row = try sql.row("SELECT * FROM card WHERE id = ?", [.integer(id)]) else { throw CardError.unknownCard(id: id) }
            try sql.execute("INSERT INTO selectedCard (singleton, cardID) VALUES (1, ?) ON CONFLICT (singleton) DO UPDATE SET cardID = excluded.cardID",
                            [.integer(id)])
            return Card(row: row)
        }
    }

    /// Removes a card. A chosen card stays chosen, so the widget says it is unavailable
    /// rather than silently showing another person's card.
    @discardableResult
    public func removeCard(id: Int64) throws -> Card {
        try store.writing { Card(row: try $0.deleteRow(from: .card, id: id, missing: CardError.unknownCard(id: id))) }
    }
}
