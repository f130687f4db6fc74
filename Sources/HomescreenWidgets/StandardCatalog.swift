import HomescreenHosting
import HomescreenWidgetCore

extension WidgetCatalog {
    /// The registration lines: one per kind, with its places on the default screens. The
    /// positions give each screen's order (the design's, not the registration order):
    /// home pantry, budget, calendar, card, year; lock screen the calendar's line, the pantry,
    /// the budget, the calendar's month, the card.
    public static let standard = WidgetCatalog()
        .register(PantryFeature(), home: .at(0, .systemMedium), lockScreen: [.at(1, .accessoryRectangular)])
        .register(BudgetFeature(), home: .at(1, .systemSmall), lockScreen: [.at(2, .accessoryCircular)])
        .register(YearFeature(), home: .at(4, .systemMedium))
        .register(CalendarFeature(), home: .at(2, .systemMedium), lockScreen: [.at(0, .accessoryInline), .at(3, .accessoryRectangular)])
        .register(CardFeature(), home: .at(3, .systemSmall), lockScreen: [.at(4, .accessoryCircular)])
        .declaringScripts
}

extension KeyTable {
    /// The default keys of the standard catalog.
    public static var standard: KeyTable { WidgetCatalog.standard.keyTable }
}
