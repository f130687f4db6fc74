import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// What the card widget shows: a card and its code's payload, or why there is none.
public struct CardEntry: TimelineEntry, Encodable, Sendable {
    public let date: Date
    public let state: CardSelection
    public let payload: CardPayload?

    public init(date: Date, state: CardSelection, template: CardURLTemplate) {
        self.date = date
        self.state = state
        if case .card(let card, _) = state { payload = CardPayload(card, template: template) } else { payload = nil }
    }

    public var card: Card? { if case .card(let card, _) = state { return card } else { return nil } }

    private enum Key: String, CodingKey {
        case state, cardId, serverCardId, firstName, lastName, companyName, title, email, phone, active, chosen
        case qrCodeUrl, payload, payloadKind, lastUpdated, date
    }

    /// Seed 004's `WidgetCardData` fields (`qrCodeUrl` is null for a vCard), plus the state, the
    /// rest of the card and the exact payload of the code. Every key is there in every state: a
    /// card's fields are null when there is no card (`noCards`) or it cannot be read (`unavailable`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(date, forKey: .date)
        let card = self.card
        switch state {
        case .noCards:
            try container.encode("noCards", forKey: .state)
            try container.encodeNil(forKey: .cardId)
        case .unavailable(let id):
            try container.encode("unavailable", forKey: .state)
            try container.encode(String(id), forKey: .cardId)
        case .card(let card, _):
            try container.encode("card", forKey: .state)
            try container.encode(String(card.id), forKey: .cardId)
        }
        if case .card(_, let chosen) = state { try container.encode(chosen, forKey: .chosen) } else { try container.encodeNil(forKey: .chosen) }
        try container.encode(card?.serverCardID, forKey: .serverCardId)
        try container.encode(card?.firstName, forKey: .firstName)
        try container.encode(card?.lastName, forKey: .lastName)
        try container.encode(card?.company, forKey: .companyName)
        try container.encode(card?.title, forKey: .title)
        try container.encode(card?.email, forKey: .email)
        try container.encode(card?.phone, forKey: .phone)
        try container.encode(card?.isActive, forKey: .active)
        try container.encode(card?.updatedAt, forKey: .lastUpdated)
        try container.encode(payload?.isURL == true ? payload?.text : nil, forKey: .qrCodeUrl)
        try container.encode(payload?.text, forKey: .payload)
        try container.encode(payload.map { $0.isURL ? "url" : "vcard" }, forKey: .payloadKind)
    }
}
