import Foundation
import HomescreenRender

/// A timeline entry with its type erased, so panes of different kinds live side by side.
public struct AnyEntry: TimelineEntry {
    public let date: Date
    public let value: any Encodable & Sendable
    private let draw: @Sendable (WidgetContext) -> CellGrid
    private let rewrap: @Sendable (any Sendable) -> AnyEntry?

    public init<W: Widget>(_ entry: W.Entry, widget: W) {
        date = entry.date
        value = entry
        draw = { widget.render(entry, in: $0) }
        rewrap = { ($0 as? W.Entry).map { AnyEntry($0, widget: widget) } }
    }

    public func render(in context: WidgetContext) -> CellGrid { draw(context) }

    /// The same entry changed by `transform` when it holds an `E` (an optimistic update shown
    /// before the store confirms it); itself otherwise.
    public func map<E: TimelineEntry>(_ type: E.Type, _ transform: (E) -> E) -> AnyEntry {
        guard let entry = value as? E else { return self }
        return rewrap(transform(entry)) ?? self
    }
}

/// A widget with its entry type erased.
public struct AnyWidget: Sendable {
    public let kind: WidgetKind
    public let supportedFamilies: [WidgetFamily]
    private let makePlaceholder: @Sendable (WidgetContext) -> AnyEntry
    private let makeTimeline: @Sendable (WidgetContext, Date) throws -> Timeline<AnyEntry>

    public init<W: Widget>(_ widget: W) {
        kind = widget.kind
        supportedFamilies = widget.supportedFamilies
        makePlaceholder = { AnyEntry(widget.placeholder(in: $0), widget: widget) }
        makeTimeline = { context, date in
            let timeline = try widget.timeline(in: context, at: date)
            return Timeline(entries: timeline.entries.map { AnyEntry($0, widget: widget) }, policy: timeline.policy)
        }
    }

    public func placeholder(in context: WidgetContext) -> AnyEntry { makePlaceholder(context) }

    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<AnyEntry> {
        try makeTimeline(context, date)
    }
}
