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

/// A kind's place on a default screen: its position in that screen's order (0 is first) and
/// the family it is drawn in. `.at(0, .systemMedium)`.
public struct Placement: Hashable, Sendable {
    public let position: Int
    public let family: WidgetFamily

    public init(position: Int, family: WidgetFamily) {
        precondition(position >= 0, "a position on a screen counts from 0")
        self.position = position
        self.family = family
    }

    /// At `position` on its screen, in `family`.
    public static func at(_ position: Int, _ family: WidgetFamily) -> Placement { Placement(position: position, family: family) }
}

/// The kinds a build has, and the default layouts. The build's own catalog is
/// `WidgetCatalog.standard`, in the kinds' module: adding a kind is its folder plus one line there,
/// its default places included.
public struct WidgetCatalog: Sendable {
    public private(set) var features: [AnyWidgetFeature]
    /// The places the registration lines gave, in registration order.
    private var homePlaces: [(kind: WidgetKind, placement: Placement)] = []
    private var lockScreenPlaces: [(kind: WidgetKind, placement: Placement)] = []

    /// Makes the kind a config file's `[[widget]]` table declares (the script widget kind):
    /// set by the build's catalog, nil in a catalog that takes no declarations.
    public var declare: (@Sendable (WidgetDeclaration) -> AnyWidgetFeature)?

    public init() { features = [] }

    /// A kind declared at run time: its name was checked by the config (free, lowercase), and it
    /// declares no keys, settings or data of its own.
    func registerDeclared(_ feature: AnyWidgetFeature, home: Placement?, lockScreen: [Placement]) -> WidgetCatalog {
        var catalog = self
        catalog.features.append(feature)
        if let home { catalog.homePlaces.append((feature.kind, home)) }
        catalog.lockScreenPlaces += lockScreen.map { (feature.kind, $0) }
        return catalog
    }

    /// The catalog with one more kind, and its places on the default screens. A kind must not
    /// take a name, an action, a default key or a config key that is already taken.
    ///
    /// - Parameters:
    ///   - home: its pane on the default home screen (a system family), nil for none: said on
    ///     the line, so that no kind is left off by forgetting.
    ///   - lockScreen: its panes in the default lock-screen strip (accessory families).
    /// The positions order each screen, whatever the registration order; they must run from 0
    /// without a gap or a position named twice (`placementProblems`, checked in debug builds
    /// when the screens are read).
    public func register<Feature: WidgetFeature>(_ feature: Feature, home: Placement?, lockScreen: [Placement] = []) -> WidgetCatalog {
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
        precondition(([home].compactMap { $0 } + lockScreen).allSatisfy { feature.families.contains($0.family) }, "\(feature.kind) does not draw that family")
        precondition(home.map(\.family.isSystem) ?? true && lockScreen.allSatisfy { !$0.family.isSystem },
                     "\(feature.kind): the home screen takes system families, the lock screen accessory ones")
        if let data = Feature.data {
            precondition(data.owner == feature.kind.rawValue, "\(feature.kind): its data is named \(data.owner)")
            let taken = Set(self.data.flatMap(\.tables))
            precondition(data.tables.allSatisfy { !taken.contains($0) }, "\(feature.kind): a table of its data is another kind's")
        }
        #endif
        var catalog = self
        catalog.features.append(AnyWidgetFeature(feature))
        if let home { catalog.homePlaces.append((feature.kind, home)) }
        catalog.lockScreenPlaces += lockScreen.map { (feature.kind, $0) }
        return catalog
    }

    /// The default home screen, in fill order (system families).
    public var home: [PaneSpec] { screen(.home) }
    /// The default lock-screen strip (accessory families).
    public var lockScreen: [PaneSpec] { screen(.lockScreen) }

    /// A default screen, in the order of its positions. A debug build stops here when the
    /// placements are not sound: every dashboard and `config init` reads the screens, so every
    /// test run would.
    private func screen(_ screen: DefaultScreen) -> [PaneSpec] {
        #if DEBUG
        let problems = placementProblems.filter { $0.screen == screen }
        precondition(problems.isEmpty, problems.map(\.description).joined(separator: "; "))
        #endif
        return places(screen).enumerated().sorted { ($0.element.placement.position, $0.offset) < ($1.element.placement.position, $1.offset) }
            .map { PaneSpec($0.element.kind, $0.element.placement.family) }
    }

    private func places(_ screen: DefaultScreen) -> [(kind: WidgetKind, placement: Placement)] {
        screen == .home ? homePlaces : lockScreenPlaces
    }

    /// What is wrong with the default screens the registration lines make: a position named
    /// twice, a position left empty before the last one (positions run 0, 1, 2…), or the same
    /// pane twice on a screen. Empty for a sound catalog.
    public var placementProblems: [PlacementProblem] {
        DefaultScreen.allCases.flatMap { screen -> [PlacementProblem] in
            let places = places(screen)
            let byPosition = Dictionary(grouping: places, by: \.placement.position)
            var problems: [PlacementProblem] = []
            for position in byPosition.keys.sorted() where byPosition[position]!.count > 1 {
                problems.append(.sharedPosition(screen, position, byPosition[position]!.map(\.kind)))
            }
            for position in 0..<(places.map(\.placement.position).max().map { $0 + 1 } ?? 0) where byPosition[position] == nil {
                problems.append(.gap(screen, position))
            }
            var seen: Set<PaneSpec> = []
            for place in places where !seen.insert(PaneSpec(place.kind, place.placement.family)).inserted {
                problems.append(.repeatedPane(screen, PaneSpec(place.kind, place.placement.family)))
            }
            return problems
        }
    }

    /// The config file keys of the dashboard itself.
    public static let dashboardKeys: Set<String> = ["theme", "background", "locale", "density", "mouse", "home", "lock-screen", "keys", "store", "reminders", "widget", "serve-widgets"]

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

    /// Every kind's own data, and the reminders delivered: what a store is prepared with when
    /// it is opened.
    public var data: [KindData] { features.compactMap(\.data) + [ReminderLedger.data] }

    /// Every kind's reminder rules' keys (the config's `[reminders]` table).
    public var reminderSettings: [SettingSpec] { features.flatMap(\.reminderSettings) }

    /// Every kind's reminders that are true at `context.now`, and the next instant one can
    /// become true with no write (at the latest, the next midnight).
    public func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck {
        var check = ReminderCheck(next: TimeBoundaries.nextMidnight(after: context.now, in: context.timeZone))
        for feature in features {
            let own = try feature.reminders(store, context)
            check.due += own.due
            if let next = own.next, next > context.now { check.next = min(check.next ?? next, next) }
        }
        return check
    }

    /// What each kind holds in `store` ("14 pantry products"), the kinds holding nothing left
    /// out: `demo` fills only a store where this is empty.
    public func contents(_ store: any StoreBackend) throws -> [String] { try features.compactMap { try $0.contents(store) } }

    /// Every kind's config keys.
    public var settings: [SettingSpec] { features.flatMap(\.settings) }

    /// The widget of a kind, reading `store`.
    public func widget(_ kind: WidgetKind, store: any StoreBackend, settings: WidgetSettings) -> AnyWidget? {
        feature(kind)?.widget(store: store, settings: settings)
    }
}

/// One of the two default screens.
public enum DefaultScreen: String, CaseIterable, Sendable {
    case home = "home screen"
    case lockScreen = "lock screen"
}

/// Why the default screens the registration lines make are not sound.
public enum PlacementProblem: Hashable, Sendable, CustomStringConvertible {
    /// Several kinds at one position: their order would be the registration order, which says
    /// nothing.
    case sharedPosition(DefaultScreen, Int, [WidgetKind])
    /// No pane at a position before the last one.
    case gap(DefaultScreen, Int)
    /// The same kind in the same family twice on one screen.
    case repeatedPane(DefaultScreen, PaneSpec)

    public var screen: DefaultScreen {
        switch self {
        case .sharedPosition(let screen, _, _), .gap(let screen, _), .repeatedPane(let screen, _): return screen
        }
    }

    public var description: String {
        switch self {
        case .sharedPosition(let screen, let position, let kinds):
            return "the default \(screen.rawValue) has \(kinds.map(\.rawValue).joined(separator: " and ")) at position \(position)"
        case .gap(let screen, let position):
            return "the default \(screen.rawValue) has no pane at position \(position); positions run from 0 without a gap"
        case .repeatedPane(let screen, let pane):
            return "the default \(screen.rawValue) has \(pane.kind.rawValue) \(pane.family.rawValue) twice"
        }
    }
}
