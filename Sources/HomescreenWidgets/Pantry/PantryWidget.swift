import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// The pantry widget (seed 000): products first-expiring-first-out, consumed one unit at a time.
/// The provider reads the store; the timeline holds one entry and reloads at local midnight,
/// when "expires tomorrow" becomes "expires today".
public struct PantryWidget: Widget {
    public let store: Store
    public let dueSoonDays: Int

    public init(store: Store, dueSoonDays: Int = PantryOrder.defaultDueSoonDays) {
        self.store = store
        self.dueSoonDays = dueSoonDays
    }

    public var kind: WidgetKind { .pantry }
    public var supportedFamilies: [WidgetFamily] { WidgetFamily.allCases }

    public func placeholder(in context: WidgetContext) -> PantryEntry {
        let today = LocalDate(Date(), in: context.timeZone)
        let sample = Product(id: 0, name: "Milk", amount: .one, unit: "l", due: today.adding(days: 1))
        return PantryEntry(date: Date(), today: today, dueSoonDays: dueSoonDays,
                           items: PantryOrder.ordered([sample], today: today, dueSoonDays: dueSoonDays), isPlaceholder: true)
    }

    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<PantryEntry> {
        let products = try store.productsInStock()
        return Self.timeline(products: products, at: date, timeZone: context.timeZone, dueSoonDays: dueSoonDays)
    }

    /// The timeline for given products (the part measured by the benchmark).
    public static func timeline(products: [Product], at date: Date, timeZone: TimeZone, dueSoonDays: Int) -> Timeline<PantryEntry> {
        let today = LocalDate(date, in: timeZone)
        let entry = PantryEntry(date: date, today: today, dueSoonDays: dueSoonDays,
                                items: PantryOrder.ordered(products, today: today, dueSoonDays: dueSoonDays))
        return Timeline(entries: [entry], policy: .after(TimeBoundaries.nextMidnight(after: date, in: timeZone)))
    }

    public func render(_ entry: PantryEntry, in context: WidgetContext) -> CellGrid {
        Self.draw(entry, in: context)
    }

    /// The view for the context's family: a pure function of the entry and the context.
    public static func draw(_ entry: PantryEntry, in context: WidgetContext) -> CellGrid {
        let view = PantryView(entry: entry, context: context)
        switch context.family {
        case .accessoryInline: return view.inline()
        case .accessoryCircular: return view.circular()
        case .accessoryRectangular: return view.rectangular()
        case .systemSmall: return view.small()
        case .systemMedium: return view.medium()
        case .systemLarge: return view.large()
        }
    }
}
