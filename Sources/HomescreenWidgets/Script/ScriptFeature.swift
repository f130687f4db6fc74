import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore

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

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> ScriptWidget { ScriptWidget(declaration: declaration) }
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
