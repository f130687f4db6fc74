import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenWidgetCore

struct NoteEntry: TimelineEntry, Encodable {
    let date: Date
    let notes: [String]
}

/// The provider and its views: a timeline of one entry read from the store, drawn for any size.
struct NoteWidget: Widget {
    let notes: NoteRepository

    var kind: WidgetKind { .note }
    var supportedFamilies: [WidgetFamily] { [.systemSmall, .systemMedium, .systemLarge] }

    func placeholder(in context: WidgetContext) -> NoteEntry { NoteEntry(date: Date(), notes: []) }

    func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<NoteEntry> {
        Timeline(entries: [NoteEntry(date: date, notes: try notes.notes())], policy: .never)
    }

    func render(_ entry: NoteEntry, in context: WidgetContext) -> CellGrid {
        var (grid, content) = Pane.start(context, title: "Notes", trailing: "\(entry.notes.count) notes")
        let shown = entry.notes.dropFirst(context.detail ? context.scroll : 0)
        Pane.lines(shown.map { ($0, Style(.text)) }, in: &grid, content, centred: false)
        return grid
    }
}
