import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct TimelineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timeline",
        abstract: "Show a widget's timeline: its entries and its reload policy.",
        discussion: """
            --json prints {"kind", "family", "generatedAt", "policy": {"type": "atEnd"|"after"|"never",
            "date" (null unless "after")}, "entries": [ {"date", ...entry fields} ]}; the fields of each kind
            are listed in the README. Every key is always there: a value that is absent is null.
            """
    )

    @Argument(help: ArgumentHelp("The widget kind: \(WidgetCatalog.standard.kindNames).", valueName: "kind"), completion: Completions.kinds)
    var kind: String

    @Option(help: ArgumentHelp("The family the timeline is made for.", valueName: "family"), completion: Completions.families)
    var family: String = "systemMedium"

    @Flag(help: "Print JSON (stable, documented in the README).")
    var json = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    func run() throws {
        let kind = try Arguments.kind(kind)
        let family = try Arguments.family(try Arguments.family(family), of: kind)
        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions)
        defer { session.finish() }
        let widget = session.widget(kind)
        let context = session.context(family)
        let timeline = try session.timeline(widget, context)
        if json {
            let document = TimelineDocument(kind: kind, family: family, generatedAt: session.date, timeline: timeline)
            Output.line(try Output.json(document, timeZone: session.timeZone))
            return
        }
        let stamp = { (date: Date) in InstantParser.internet(date, in: session.timeZone) }
        Output.line("\(kind.rawValue) · \(family.rawValue) · \(timeline.entries.count) entr\(timeline.entries.count == 1 ? "y" : "ies")")
        switch timeline.policy {
        case .atEnd: Output.line("reload: after the last entry")
        case .never: Output.line("reload: only when the store changes")
        case .after(let date): Output.line("reload: at \(stamp(date))")
        }
        for entry in timeline.entries {
            Output.line("")
            Output.line("entry at \(stamp(entry.date)):")
            let grid = entry.render(in: context)
            Output.line(PlainEncoder().encode(session.ascii ? grid.foldedToASCII() : grid))
        }
    }
}

/// The JSON shape of `timeline --json`.
struct TimelineDocument: Encodable {
    let kind: WidgetKind
    let family: WidgetFamily
    let generatedAt: Date
    let timeline: Timeline<AnyEntry>

    struct Policy: Encodable {
        let type: String
        @NullWhenAbsent var date: Date?
    }

    struct EntryBox: Encodable {
        let entry: AnyEntry
        func encode(to encoder: any Encoder) throws { try entry.value.encode(to: encoder) }
    }

    enum CodingKeys: String, CodingKey { case kind, family, generatedAt, policy, entries }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(family, forKey: .family)
        try container.encode(generatedAt, forKey: .generatedAt)
        let policy: Policy
        switch timeline.policy {
        case .atEnd: policy = Policy(type: "atEnd", date: nil)
        case .never: policy = Policy(type: "never", date: nil)
        case .after(let date): policy = Policy(type: "after", date: date)
        }
        try container.encode(policy, forKey: .policy)
        try container.encode(timeline.entries.map(EntryBox.init), forKey: .entries)
    }
}
