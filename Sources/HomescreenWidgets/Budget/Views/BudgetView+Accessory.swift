import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// The lock-screen families: inline (available and percentage), circular (percentage),
/// rectangular (the bar and the amounts).
extension BudgetView {
    func inline() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: 1)
        if let message = stateMessage {
            grid.write(title + ": " + message.text, in: grid.bounds, style: message.style)
            return grid
        }
        var text = title + ": " + availableText + " " + strings.left
        if !isCompact { text += Pane.separator(context) + percentText }
        grid.write(text, in: grid.bounds, style: entry.state == .overBudget ? Style(.danger, [.bold]) : Style(.text))
        return grid
    }

    /// The percentage spent in the middle of a ring (18×9) or a small box (9×5).
    func circular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let ring = isCompact ? PantryView.smallRing : PantryView.largeRing
        let ringWidth = DisplayWidth.of(ring[0])
        let value = stateMessage == nil ? percentText : (context.ascii ? "!" : "⚠")
        let style = stateMessage?.style ?? levelStyle
        guard grid.width >= ringWidth, grid.height >= ring.count else {
            grid.write(value, in: grid.bounds, style: style, alignment: .center)
            return grid
        }
        let left = (grid.width - ringWidth) / 2, top = (grid.height - ring.count) / 2
        for (row, line) in ring.enumerated() {
            grid.write(context.ascii ? PantryView.asciiRing(line) : line, x: left, y: top + row, style: Style(.border))
        }
        let inner = Rect(x: left + 2, y: top + ring.count / 2, width: ringWidth - 4, height: 1)
        grid.write(value, in: Rect(x: inner.x, y: inner.y - (isCompact ? 0 : 1), width: inner.width, height: 1), style: style, alignment: .center)
        let label = isCompact ? "" : strings.spent
        grid.write(label, in: Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1), style: Style(.muted), alignment: .center)
        return grid
    }

    func rectangular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let rect = grid.bounds
        grid.write(isCompact ? title : title.uppercased() + Pane.separator(context) + trailing, in: rect.row(0), style: Style(.muted))
        if let message = stateMessage {
            grid.write(message.text, in: rect.row(isCompact ? 1 : 2), style: message.style)
            grid.write(stateDetail, in: rect.row(isCompact ? 2 : 3), style: Style(.muted))
            return grid
        }
        let gap = isCompact ? 0 : 1
        grid.write(availableText + " " + strings.left, in: rect.row(1 + gap), style: availableStyle)
        drawBar(in: &grid, rect.row(2 + gap))
        grid.write(spentOfLimit, in: rect.row(3 + gap), style: Style(.muted))
        if !isCompact, let freshness = freshnessText { grid.write(freshness, in: rect.row(rect.height - 2), style: Style(.muted)) }
        return grid
    }
}
