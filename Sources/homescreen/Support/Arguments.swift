import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// The arguments that are no kind's: which kind, which family, which density. A
/// kind's own values are checked by the kind (`PantryInput`, `BudgetInput`, `EventInput`,
/// `CardDraft`), whose `InputProblem` the command line reports as bad input.
enum Arguments {
    static func kind(_ text: String) throws -> WidgetKind {
        guard let kind = WidgetCatalog.configured.kind(named: text) else {
            if let name = Suggestion.nearest(to: text, among: WidgetCatalog.configured.kinds.map(\.rawValue)) {
                throw CLIError.usage("'\(text)' is not a widget kind; did you mean '\(name)'? The kinds are \(WidgetCatalog.configured.kindNames).")
            }
            throw CLIError.usage("'\(text)' is not a widget kind; use one of \(WidgetCatalog.configured.kindNames).")
        }
        return kind
    }

    static func family(_ text: String) throws -> WidgetFamily {
        guard let family = WidgetFamily(argument: text) else {
            throw CLIError.usage("'\(text)' is not a widget family; use \(WidgetFamily.accepted).")
        }
        return family
    }

    /// Refuses a family the kind does not draw.
    static func family(_ family: WidgetFamily, of kind: WidgetKind) throws -> WidgetFamily {
        let families = WidgetCatalog.configured.families(of: kind)
        guard families.contains(family) else {
            throw CLIError.usage("the \(kind.rawValue) widget has no \(family.rawValue) family; use \(families.map(\.rawValue).joined(separator: " or ")).")
        }
        return family
    }

    static func density(_ text: String) throws -> Density {
        guard let density = Density(rawValue: text.lowercased()) else {
            throw CLIError.usage("--density '\(text)' is not a density; use regular or compact.")
        }
        return density
    }
}
