import Foundation
import HomescreenWidgets
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The card widget (seed 004): the chosen business card as a QR code that scans.
public struct CardWidget: Widget {
    public let cards: CardRepository
    public let template: CardURLTemplate

    public init(store: any StoreBackend, template: CardURLTemplate = .standard) {
        cards = CardRepository(store)
        self.template = template
    }

    public var kind: WidgetKind { .card }
    public var supportedFamilies: [WidgetFamily] { WidgetFamily.allCases }

    public func placeholder(in context: WidgetContext) -> CardEntry {
        CardEntry(date: Date(), state: .noCards, template: template)
    }

    /// One entry; a card changes only when the store does, so there is no timed reload.
    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<CardEntry> {
        Timeline(entries: [CardEntry(date: date, state: try cards.cardSelection(), template: template)], policy: .never)
    }

    public func render(_ entry: CardEntry, in context: WidgetContext) -> CellGrid {
        Self.draw(entry, in: context)
    }

    public static func draw(_ entry: CardEntry, in context: WidgetContext) -> CellGrid {
        CardView(entry: entry, context: context).drawForFamily()
    }
}
