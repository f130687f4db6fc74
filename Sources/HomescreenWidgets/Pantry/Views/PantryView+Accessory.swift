import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// The lock-screen families: inline, circular and rectangular (the seed's two plus inline).
extension PantryView {
    /// One line: "Pantry: Milk expired 2 days ago · 3 urgent".
    func inline() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: 1)
        let rect = grid.bounds
        guard let first = entry.items.first else {
            grid.write(strings.title + ": " + strings.nothingInStock, in: rect, style: Style(.muted))
            return grid
        }
        if entry.state == .allFresh {
            grid.write(strings.title + ": " + strings.allFresh + Pane.separator(context) + name(first) + " " + due(first), in: rect, style: Style(.success))
            return grid
        }
        // The count goes first, then the name is shortened ("Mozzarella di bu…"); the days never.
        let count = entry.urgentCount > 1 && !isCompact ? Pane.separator(context) + "\(entry.urgentCount) " + strings.urgent : ""
        let dueText = " " + due(first, width: isCompact ? 12 : rect.width - 6)
        let shortened = DisplayWidth.truncate(name(first), to: max(1, rect.width - DisplayWidth.of(dueText))) + dueText
        let text = Pane.fitting([name(first) + dueText + count, name(first) + dueText, shortened], width: rect.width)
        grid.write(text, in: rect, style: Self.style(for: first.urgency))
        return grid
    }

    /// The urgent count in a ring (18×9) or a small box (9×5).
    func circular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let count = entry.state == .empty ? "–" : String(entry.urgentCount)
        let countStyle = entry.expiredCount > 0 ? Style(.danger, [.bold]) : entry.dueSoonCount > 0 ? Style(.warning, [.bold]) : Style(.success, [.bold])
        if let middle = Ring.draw(in: &grid, context) {
            grid.write(count, in: middle.offsetBy(dy: isCompact ? 0 : -1), style: countStyle, alignment: .center)
            grid.write(strings.urgent, in: middle.offsetBy(dy: 1).inset(dx: 1, dy: 0), style: Style(.muted), alignment: .center)
        } else {
            grid.write(count, in: grid.bounds, style: countStyle, alignment: .center)
        }
        return grid
    }

    /// The seed's lock-screen rectangle: the first product, when it is due, how much is left,
    /// and the consume hint.
    func rectangular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let rect = grid.bounds
        guard let first = entry.items.first else {
            grid.write(strings.title, in: rect.row(0), style: Style(.muted))
            grid.write(strings.nothingInStock, in: rect.row(isCompact ? 1 : 2), style: Style(.text, [.bold]))
            return grid
        }
        if isCompact {
            grid.write(name(first), in: rect.row(0), style: Style(.text, [.bold]))
            grid.write(due(first, width: rect.width), in: rect.row(1), style: Self.style(for: first.urgency))
            grid.write(strings.left(amount(first)), in: rect.row(2), style: Style(.muted))
            grid.write(context.hint("consume", default: "c", strings.consumeHint), in: rect.row(rect.height - 1), style: Style(.accent))
            return grid
        }
        grid.write(strings.title.uppercased() + Pane.separator(context) + summary, in: rect.row(0), style: Style(.muted))
        grid.write(name(first), in: rect.row(2), style: Style(.text, [.bold]))
        grid.write(due(first, width: rect.width), in: rect.row(3), style: Self.style(for: first.urgency))
        grid.write(strings.left(amount(first)), in: rect.row(4), style: Style(.muted))
        grid.write("[" + context.hint("consume", default: "c", strings.consumeHint) + "]", in: rect.row(rect.height - 2), style: Style(.accent, [.bold]))
        return grid
    }
}
