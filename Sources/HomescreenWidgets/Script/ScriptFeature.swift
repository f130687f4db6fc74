import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore
import HomescreenRender

/// A kind made from a `[[widget]]` table of the config: a command whose output is drawn. It
/// reads no table and has no keys of its own; the dashboard places, focuses and opens it as any
/// kind.
public struct ScriptFeature: WidgetFeature {
    public let declaration: WidgetDeclaration

    public init(_ declaration: WidgetDeclaration) { self.declaration = declaration }

    public var kind: WidgetKind { WidgetKind(declaration.name) }
    public var title: String { declaration.title }
    public var summary: String { "the output of: \(declaration.command)" }
    public var families: [WidgetFamily] { declaration.families }
    public var tables: Set<StoreTable> { [] }

    /// The run key (Space) on its focused pane; clicks too when it has an `on-click`.
    public var routedActions: Set<Action> { declaration.onClick == nil ? [.run] : [.run, .click] }

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> ScriptWidget { ScriptWidget(declaration: declaration) }

    /// A click runs `on-click`, the run key `on-key` (with the pane's variables and, for a click,
    /// i3blocks' `button`, `x`, `y`, `relative_x`, `relative_y`), then the widget runs again;
    /// `r` (every widget) runs it again. Nothing runs where scripts are off (a served guest).
    public func update(_ state: inout NoState, _ event: FeatureEvent<Never>, _ environment: FeatureEnvironment) -> [FeatureEffect<Never, NoMemory>] {
        guard case .action(let action) = event else { return [] }
        guard declaration.runs else { return action == .reload ? [] : [.message(.info("\(declaration.name): scripts off here"))] }
        let declaration = declaration, pane = environment.pane
        switch action {
        case .click:
            let button = pane?.click.map { " button \($0.button)" } ?? ""
            return [.start(KindTask(kind, "on-click" + button) { ScriptHub.shared.input(declaration, command: declaration.onClick, pane: pane) })]
        case .run:
            return [.start(KindTask(kind, declaration.onKey == nil ? "run" : "on-key") { ScriptHub.shared.input(declaration, command: declaration.onKey, pane: pane) })]
        case .reload:
            return [.start(KindTask(kind, "run") { ScriptHub.shared.input(declaration, command: nil, pane: nil) })]
        default:
            return []
        }
    }
    public func detail(_ entry: ScriptEntry, scroll: Int) -> DetailNavigation { .list(entry.lines.count) }

    /// How its last run went (a run is made if none was).
    public func doctor(_ store: any StoreBackend) throws -> String? {
        let widget = ScriptWidget(declaration: declaration, waits: true)
        let entry = try widget.timeline(in: WidgetContext(family: families.first ?? .systemSmall), at: Date()).entries[0]
        let ran = "`\(declaration.command)` in \(declaration.folder)"
        if let note = entry.note { return "\(ran): \(note)" }
        return "\(ran): \(entry.display?.text ?? "")"
    }
}

extension WidgetCatalog {
    /// The catalog with the config's `[[widget]]` tables made into kinds by `ScriptFeature`.
    public var declaringScripts: WidgetCatalog {
        var catalog = self
        catalog.declare = { AnyWidgetFeature(ScriptFeature($0)) }
        return catalog
    }
}
