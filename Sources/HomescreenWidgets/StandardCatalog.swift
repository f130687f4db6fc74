import HomescreenHosting
import HomescreenWidgetCore

extension WidgetCatalog {
    /// The registration lines: one per kind, with its place on the default home screen.
    public static let standard = WidgetCatalog()
        .register(PantryFeature())
        .register(BudgetFeature())
        .register(YearFeature())
        .register(CalendarFeature())
        .register(CardFeature())
        .withScreens(home: [PaneSpec(.pantry, .systemMedium), PaneSpec(.budget, .systemSmall), PaneSpec(.calendar, .systemMedium),
                            PaneSpec(.card, .systemSmall), PaneSpec(.year, .systemMedium)],
                     lockScreen: [PaneSpec(.calendar, .accessoryInline), PaneSpec(.pantry, .accessoryRectangular),
                                  PaneSpec(.budget, .accessoryCircular), PaneSpec(.calendar, .accessoryRectangular),
                                  PaneSpec(.card, .accessoryCircular)])
}

extension KeyTable {
    /// The default keys of the standard catalog.
    public static var standard: KeyTable { WidgetCatalog.standard.keyTable }
}
