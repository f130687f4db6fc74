import Foundation
import HomescreenStore
import HomescreenWidgetCore

extension WidgetKind { public static let calendar = WidgetKind("calendar") }

/// The Vietnamese calendar as a dashboard kind: it reads no table (its entry is computed from
/// the date); full screen, ←/→ move a day, ↑/↓ a week, PgUp/PgDn a month.
public struct CalendarFeature: WidgetFeature {
    public init() {}

    public var kind: WidgetKind { .calendar }
    public var title: String { CalendarView.title }
    public var families: [WidgetFamily] { WidgetFamily.allCases }
    public var tables: Set<StoreTable> { [.event] }

    public func provider(store: any HomeStore, settings: WidgetSettings) -> CalendarWidget { CalendarWidget(store: store) }

    /// The scroll counts days from today's day of the month; it may go to the month's ends.
    public func detail(_ entry: CalendarEntry, scroll: Int) -> DetailNavigation {
        DetailNavigation(scroll: (scroll - entry.selected.day + 1)...(scroll + entry.month.dayCount - entry.selected.day),
                         scrollReloads: true, movesByMonth: true, sideStep: 1, verticalStep: 7)
    }
}
