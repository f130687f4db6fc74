import HomescreenStore
import HomescreenWidgetCore

/// The widget kinds this build can draw, made for a store.
public enum WidgetCatalog {
    /// Kinds with a widget in this build (the others are announced in design.md and not built).
    public static let builtKinds: [WidgetKind] = [.pantry, .budget, .year, .calendar]

    /// The families a kind draws (every family but for the year overview).
    public static func families(of kind: WidgetKind) -> [WidgetFamily] {
        kind == .year ? YearWidget.families : WidgetFamily.allCases
    }

    public struct Settings: Sendable {
        public var dueSoonDays: Int
        public init(dueSoonDays: Int = PantryOrder.defaultDueSoonDays) { self.dueSoonDays = dueSoonDays }
    }

    /// The widget for a kind, or nil when this build does not have it yet.
    public static func widget(_ kind: WidgetKind, store: Store, settings: Settings) -> AnyWidget? {
        switch kind {
        case .pantry: return AnyWidget(PantryWidget(store: store, dueSoonDays: settings.dueSoonDays))
        case .budget: return AnyWidget(BudgetWidget(store: store))
        case .year: return AnyWidget(YearWidget(store: store))
        case .calendar: return AnyWidget(CalendarWidget())
        case .card: return nil
        }
    }
}
