import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// A kind with its types erased, so the dashboard hosts kinds side by side without knowing any.
public struct AnyWidgetFeature: Sendable {
    public let kind: WidgetKind
    public let title: String
    public let summary: String
    public let families: [WidgetFamily]
    /// The tables the kind reads, its keys and config keys, built when asked (a status line
    /// needs none of them).
    public var tables: Set<StoreTable> { makeTables() }
    public var data: KindData? { makeData() }
    public var bindings: [KeyTable.Binding] { makeBindings() }
    public var settings: [SettingSpec] { makeSettings() }
    private let makeTables: @Sendable () -> Set<StoreTable>
    private let makeData: @Sendable () -> KindData?
    private let makeBindings: @Sendable () -> [KeyTable.Binding]
    private let makeSettings: @Sendable () -> [SettingSpec]
    private let makeWidget: @Sendable (any HomeStore, WidgetSettings) -> AnyWidget
    private let makeState: @Sendable () -> any Sendable
    private let reduce: @Sendable (inout any Sendable, FeatureEvent, FeatureEnvironment) -> [FeatureEffect]
    private let adjust: @Sendable (AnyEntry, any Sendable) -> AnyEntry
    private let navigation: @Sendable (AnyEntry, Int) -> DetailNavigation?
    private let demo: @Sendable (any HomeStore, LocalDate, Date) throws -> Void
    private let report: @Sendable (any HomeStore) throws -> String?

    public init<Feature: WidgetFeature>(_ feature: Feature) {
        kind = feature.kind
        title = feature.title
        summary = feature.summary
        families = feature.families
        makeTables = { feature.tables }
        makeData = { feature.data }
        makeBindings = { feature.bindings }
        makeSettings = { feature.settings }
        makeWidget = { AnyWidget(feature.provider(store: $0, settings: $1)) }
        makeState = { feature.initialState() }
        reduce = { state, event, environment in
            var typed = state as? Feature.State ?? feature.initialState()
            defer { state = typed }
            return feature.update(&typed, event, environment)
        }
        adjust = { entry, state in
            guard let state = state as? Feature.State else { return entry }
            return entry.map(Feature.Provider.Entry.self) { feature.optimistic($0, state) }
        }
        navigation = { entry, scroll in (entry.value as? Feature.Provider.Entry).map { feature.detail($0, scroll: scroll) } }
        demo = { try feature.fillDemo($0, today: $1, at: $2) }
        report = { try feature.doctor($0) }
    }

    public func widget(store: any HomeStore, settings: WidgetSettings) -> AnyWidget { makeWidget(store, settings) }
    public func initialState() -> any Sendable { makeState() }
    public func update(_ state: inout any Sendable, _ event: FeatureEvent, _ environment: FeatureEnvironment) -> [FeatureEffect] {
        reduce(&state, event, environment)
    }
    public func optimistic(_ entry: AnyEntry, state: any Sendable) -> AnyEntry { adjust(entry, state) }
    /// What the arrows do in the full-screen view; nil when the entry is not this kind's.
    public func detail(_ entry: AnyEntry, scroll: Int) -> DetailNavigation? { navigation(entry, scroll) }
    public func fillDemo(_ store: any HomeStore, today: LocalDate, at date: Date) throws { try demo(store, today, date) }
    public func doctor(_ store: any HomeStore) throws -> String? { try report(store) }
}
