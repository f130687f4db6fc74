import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The pantry widget (seed 000): products first-expiring-first-out, consumed one unit at a time.
/// The provider reads the store; the timeline holds one entry and reloads at local midnight,
/// when "expires tomorrow" becomes "expires today".
public struct PantryWidget: Widget {
    public let pantry: PantryRepository
    public let dueSoonDays: Int

    public init(store: any StoreBackend, dueSoonDays: Int = PantryOrder.defaultDueSoonDays) {
        pantry = PantryRepository(store)
        self.dueSoonDays = dueSoonDays
    }

    public var kind: WidgetKind { .pantry }
    public var supportedFamilies: [WidgetFamily] { WidgetFamily.allCases }

    public func placeholder(in context: WidgetContext) -> PantryEntry {
        let today = LocalDate(Date(), in: context.timeZone)
        let sample = Product(id: 0, name: "Milk", amount: .one, unit: "l", due: today.adding(days: 1))
        return PantryEntry(date: Date(), today: today, dueSoonDays: dueSoonDays,
                           summary: PantryOrder.summary([sample], today: today, dueSoonDays: dueSoonDays, limit: 1), isPlaceholder: true)
    }

    /// Reads only what a pane can show: the counts and the first products, from the store
    /// (every product in stock for the detail view; for the lock-screen accessories, which
    /// show no list, the top five that `timeline --json` promises: a status line reads 5 rows,
    /// not 250).
    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<PantryEntry> {
        let today = LocalDate(date, in: context.timeZone)
        let limit = context.detail ? Int.max : context.family.isSystem ? PantryEntry.itemLimit : PantryEntry.topCount
        let first: [Product], counts: PantryCounts
        do {
            (first, counts) = try pantry.pantrySnapshot(today: today, dueSoonDays: dueSoonDays, limit: limit)
        } catch let damaged as SummaryDamaged {
            // The error state, reloaded with the store (the pane's tables include productDue's source).
            let summary = PantrySummary(items: [], expiredCount: 0, dueSoonCount: 0, inStockCount: 0)
            return Self.timeline(PantryEntry(date: date, today: today, dueSoonDays: dueSoonDays, summary: summary, problem: damaged), timeZone: context.timeZone)
        }
        let items = first.map { product in
            let days = today.days(until: product.due)
            return ExpiringProduct(product: product, urgency: PantryOrder.urgency(days: days, dueSoonDays: dueSoonDays), daysUntilDue: days)
        }
        let summary = PantrySummary(items: items, expiredCount: counts.expired, dueSoonCount: counts.dueSoon, inStockCount: counts.inStock)
        return Self.timeline(PantryEntry(date: date, today: today, dueSoonDays: dueSoonDays, summary: summary), timeZone: context.timeZone)
    }

    /// The timeline for products already in memory.
    public static func timeline(products: [Product], at date: Date, timeZone: Zone, dueSoonDays: Int) -> Timeline<PantryEntry> {
        let today = LocalDate(date, in: timeZone)
        let summary = PantryOrder.summary(products, today: today, dueSoonDays: dueSoonDays, limit: PantryEntry.itemLimit)
        return timeline(PantryEntry(date: date, today: today, dueSoonDays: dueSoonDays, summary: summary), timeZone: timeZone)
    }

    /// One entry, reloaded at the next local midnight, when due texts change meaning.
    static func timeline(_ entry: PantryEntry, timeZone: Zone) -> Timeline<PantryEntry> {
        Timeline(entries: [entry], policy: .after(TimeBoundaries.nextMidnight(after: entry.date, in: timeZone)))
    }

    public func render(_ entry: PantryEntry, in context: WidgetContext) -> CellGrid {
        Self.draw(entry, in: context)
    }

    /// The view for the context's family: a pure function of the entry and the context.
    public static func draw(_ entry: PantryEntry, in context: WidgetContext) -> CellGrid {
        if let problem = entry.problem {
            let message = context.language.text("%1 holds an impossible count: run homescreen doctor --repair", in: PantryFeature.words, problem.table.rawValue)
            let title = PantryStrings.of(context.language).title
            guard context.family.isSystem else { return Pane.unavailable(context, title: title, message: message) }
            var (grid, content) = Pane.start(context, title: title)
            Pane.lines(Pane.wrapped([(message, Style(.danger))], width: content.width), in: &grid, content, centred: false)
            return grid
        }
        return PantryView(entry: entry, context: context).drawForFamily()
    }
}
