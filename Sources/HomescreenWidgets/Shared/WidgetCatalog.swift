import HomescreenStore
import HomescreenWidgetCore

/// The widget kinds this build can draw, made for a store.
public enum WidgetCatalog {
    /// Kinds with a widget in this build: all of them.
    public static let builtKinds: [WidgetKind] = WidgetKind.allCases

    /// The families a kind draws (every family but for the year overview).
    public static func families(of kind: WidgetKind) -> [WidgetFamily] {
        kind == .year ? YearWidget.families : WidgetFamily.allCases
    }

    public struct Settings: Sendable {
        public var dueSoonDays: Int
        /// The URL a card with a server id opens (config `card-url`).
        public var cardURL: CardURLTemplate
        public init(dueSoonDays: Int = PantryOrder.defaultDueSoonDays, cardURL: CardURLTemplate = .standard) {
            self.dueSoonDays = dueSoonDays
            self.cardURL = cardURL
        }
    }

    /// The widget for a kind.
    public static func widget(_ kind: WidgetKind, store: Store, settings: Settings) -> AnyWidget {
        switch kind {
        case .pantry: return AnyWidget(PantryWidget(store: store, dueSoonDays: settings.dueSoonDays))
        case .budget: return AnyWidget(BudgetWidget(store: store))
        case .year: return AnyWidget(YearWidget(store: store))
        case .calendar: return AnyWidget(CalendarWidget())
        case .card: return AnyWidget(CardWidget(store: store, template: settings.cardURL))
        }
    }
}
