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

/// The kinds a build has, and the default layouts. The build's own catalog is
/// `WidgetCatalog.standard`, in the kinds' module: adding a kind is its folder plus one line there.
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

    /// The catalog with one more kind, placed at the end of the default screens. A kind must
    /// not take a name, an action, a default key or a config key that is already taken.
    public func register<Feature: WidgetFeature>(_ feature: Feature, home family: WidgetFamily? = nil, lockScreen families: [WidgetFamily] = []) -> WidgetCatalog {
        // Checked in debug builds, so by every test run: the catalog is fixed when the program is
        // built, and a release build (a status line run every few seconds) skips building the
        // key tables again at each start.
        #if DEBUG
        let table = keyTable
        precondition(self.feature(feature.kind) == nil, "\(feature.kind) is registered twice")
        for binding in feature.bindings {
            precondition(table.action(named: binding.action.name) == nil, "\(feature.kind): the action \(binding.action) is taken")
            for key in binding.keys { precondition(table.action(for: key) == nil, "\(feature.kind): the key \(key.name) is taken") }
        }
        precondition(feature.settings.allSatisfy { setting in !settings.contains { $0.name == setting.name } && !Self.dashboardKeys.contains(setting.name) },
                     "\(feature.kind): a config key is taken")
        precondition(([family].compactMap { $0 } + families).allSatisfy(feature.families.contains), "\(feature.kind) does not draw that family")
        if let data = feature.data {
            precondition(data.owner == feature.kind.rawValue, "\(feature.kind): its data is named \(data.owner)")
            let taken = Set(self.data.flatMap(\.tables))
            precondition(data.tables.allSatisfy { !taken.contains($0) }, "\(feature.kind): a table of its data is another kind's")
        }
        #endif
        var catalog = self
        catalog.features.append(AnyWidgetFeature(feature))
        if let family { catalog.home.append(PaneSpec(feature.kind, family)) }
        catalog.lockScreen += families.map { PaneSpec(feature.kind, $0) }
        return catalog
    }

    /// The catalog with other default screens (the order of the panes is a design choice,
    /// not the registration order).
    public func withScreens(home: [PaneSpec], lockScreen: [PaneSpec]) -> WidgetCatalog {
        var catalog = self
        catalog.home = home
        catalog.lockScreen = lockScreen
        return catalog
    }

    /// The config file keys of the dashboard itself.
    public static let dashboardKeys: Set<String> = ["theme", "locale", "density", "mouse", "home", "lock-screen", "keys", "store"]

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

    /// Every kind's own data: what a store is prepared with when it is opened.
    public var data: [KindData] { features.compactMap(\.data) }

    /// Every kind's config keys.
    public var settings: [SettingSpec] { features.flatMap(\.settings) }

    /// The widget of a kind, reading `store`.
    public func widget(_ kind: WidgetKind, store: any HomeStore, settings: WidgetSettings) -> AnyWidget? {
        feature(kind)?.widget(store: store, settings: settings)
    }
}
