import Foundation
import HomescreenRender
import HomescreenStore
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
    /// rest of the card and the exact payload of the code.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(date, forKey: .date)
        switch state {
        case .noCards: try container.encode("noCards", forKey: .state)
        case .unavailable(let id):
            try container.encode("unavailable", forKey: .state)
            try container.encode(String(id), forKey: .cardId)
        case .card(let card, let chosen):
            try container.encode("card", forKey: .state)
            try container.encode(String(card.id), forKey: .cardId)
            try container.encode(card.serverCardID, forKey: .serverCardId)
            try container.encode(card.firstName, forKey: .firstName)
            try container.encode(card.lastName, forKey: .lastName)
            try container.encode(card.company, forKey: .companyName)
            try container.encode(card.title, forKey: .title)
            try container.encode(card.email, forKey: .email)
            try container.encode(card.phone, forKey: .phone)
            try container.encode(card.isActive, forKey: .active)
            try container.encode(chosen, forKey: .chosen)
            try container.encode(card.updatedAt, forKey: .lastUpdated)
            try container.encode(payload?.isURL == true ? payload?.text : nil, forKey: .qrCodeUrl)
            try container.encode(payload?.text, forKey: .payload)
            try container.encode(payload?.isURL == true ? "url" : "vcard", forKey: .payloadKind)
        }
    }
}

/// The card widget (seed 004): the chosen business card as a QR code that scans.
public struct CardWidget: Widget {
    public let store: Store
    public let template: CardURLTemplate

    public init(store: Store, template: CardURLTemplate = .standard) {
        self.store = store
        self.template = template
    }

    public var kind: WidgetKind { .card }
    public var supportedFamilies: [WidgetFamily] { WidgetFamily.allCases }

    public func placeholder(in context: WidgetContext) -> CardEntry {
        CardEntry(date: Date(), state: .noCards, template: template)
    }

    /// One entry; a card changes only when the store does, so there is no timed reload.
    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<CardEntry> {
        Timeline(entries: [CardEntry(date: date, state: try store.cardSelection(), template: template)], policy: .never)
    }

    public func render(_ entry: CardEntry, in context: WidgetContext) -> CellGrid {
        Self.draw(entry, in: context)
    }

    public static func draw(_ entry: CardEntry, in context: WidgetContext) -> CellGrid {
        CardView(entry: entry, context: context).drawForFamily()
    }
}
