import HomescreenStore
import HomescreenWidgetCore

/// One pane of a layout: a kind in a family.
public struct PaneSpec: Hashable, Sendable {
    public let kind: WidgetKind
    public let family: WidgetFamily

    public init(_ kind: WidgetKind, _ family: WidgetFamily) {
        self.kind = kind
        self.family = family
    }
}

/// The kinds a build has, and the default layouts. Adding a kind is its folder plus one line
/// in `standard`.
public struct WidgetCatalog: Sendable {
    public private(set) var features: [AnyWidgetFeature]
    /// The default home screen, in fill order (system families).
    public private(set) var home: [PaneSpec]
    /// The default lock-screen strip (accessory families).
    public private(set) var lockScreen: [PaneSpec]

    public init(_ features: [AnyWidgetFeature] = [], home: [PaneSpec] = [], lockScreen: [PaneSpec] = []) {
        self.features = features
        self.home = home
        self.lockScreen = lockScreen
    }

    /// The registration lines: one per kind, with its place on the default home screen.
    public static let standard = WidgetCatalog()
        .register(PantryFeature(), home: .systemMedium)
        .register(BudgetFeature(), home: .systemSmall)
        .register(CalendarFeature(), home: .systemMedium)
        .register(CardFeature(), home: .systemSmall)
        .register(YearFeature(), home: .systemMedium)
        .withLockScreen([PaneSpec(.calendar, .accessoryInline), PaneSpec(.pantry, .accessoryRectangular), PaneSpec(.budget, .accessoryCircular),
                         PaneSpec(.calendar, .accessoryRectangular), PaneSpec(.card, .accessoryCircular)])

    /// The catalog with one more kind, placed at the end of the default screens.
    public func register<Feature: WidgetFeature>(_ feature: Feature, home family: WidgetFamily? = nil, lockScreen families: [WidgetFamily] = []) -> WidgetCatalog {
        precondition(self.feature(feature.kind) == nil, "\(feature.kind) is registered twice")
        precondition(feature.bindings.allSatisfy { binding in keyTable.action(named: binding.action.name) == nil },
                     "\(feature.kind) declares an action another kind or the dashboard already has")
        var catalog = self
        catalog.features.append(AnyWidgetFeature(feature))
        if let family { catalog.home.append(PaneSpec(feature.kind, family)) }
        catalog.lockScreen += families.map { PaneSpec(feature.kind, $0) }
        return catalog
    }

    /// The catalog with another default lock-screen strip.
    public func withLockScreen(_ panes: [PaneSpec]) -> WidgetCatalog {
        var catalog = self
        catalog.lockScreen = panes
        return catalog
    }

    public var kinds: [WidgetKind] { features.map(\.kind) }

    public func feature(_ kind: WidgetKind) -> AnyWidgetFeature? { features.first { $0.kind == kind } }

    /// The kind a name means (as typed on the command line or in the config: any case).
    public func kind(named name: String) -> WidgetKind? { kinds.first { $0.rawValue == name.lowercased() } }

    /// The kinds' names, for messages: "pantry, budget, calendar, card, year".
    public var kindNames: String { kinds.map(\.rawValue).joined(separator: ", ") }

    public func families(of kind: WidgetKind) -> [WidgetFamily] { feature(kind)?.families ?? [] }

    /// The kind that owns an action, nil for the dashboard's own.
    public func feature(owning action: Action) -> AnyWidgetFeature? {
        features.first { $0.bindings.contains { $0.action == action } }
    }

    /// The kinds whose views read any of these tables.
    public func kinds(reading tables: Set<StoreTable>) -> Set<WidgetKind> {
        Set(features.filter { !$0.tables.isDisjoint(with: tables) }.map(\.kind))
    }

    /// The default key table: every kind's actions, then the dashboard's.
    public var keyTable: KeyTable { KeyTable(bindings: features.flatMap(\.bindings) + KeyTable.dashboardBindings) }

    /// Every kind's config keys.
    public var settings: [SettingSpec] { features.flatMap(\.settings) }

    /// The widget of a kind, reading `store`.
    public func widget(_ kind: WidgetKind, store: any HomeStore, settings: WidgetSettings) -> AnyWidget? {
        feature(kind)?.widget(store: store, settings: settings)
    }
}

extension KeyTable {
    /// The default keys of the standard catalog.
    public static var standard: KeyTable { WidgetCatalog.standard.keyTable }
}
