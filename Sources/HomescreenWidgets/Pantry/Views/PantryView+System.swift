import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// The home-screen families: small, medium (top five) and large (every product with amounts).
extension PantryView {
    func small() -> CellGrid {
        var (grid, content) = Pane.start(context, title: strings.title)
        guard entry.state == .attention else {
            drawState(in: &grid, rect: content)
            return grid
        }
        let (head, rest) = content.splitTop(isCompact ? 1 : 2)
        grid.write(summary, in: head.row(0), style: summaryStyle)
        let (listArea, hintArea) = rest.splitBottom(isCompact ? 1 : 2)
        if isCompact {
            drawList(entry.top, in: &grid, rect: listArea, showAmount: false)
        } else {
            // Two rows per product: the name, then when it is due and how much is left.
            let shown = min(entry.top.count, listArea.height / 2)
            for (index, item) in entry.top.prefix(shown).enumerated() {
                let nameRow = listArea.row(index * 2), detailRow = listArea.row(index * 2 + 1)
                grid.write(Pane.bullet(context), x: nameRow.x, y: nameRow.y, style: Self.style(for: item.urgency))
                grid.write(name(item), in: Rect(x: nameRow.x + 2, y: nameRow.y, width: nameRow.width - 2, height: 1), style: Style(.text, [.bold]))
                let amountText = amount(item)
                grid.write(amountText, in: Rect(x: detailRow.x + 2, y: detailRow.y, width: detailRow.width - 2, height: 1), style: Style(.muted), alignment: .trailing)
                let dueWidth = detailRow.width - 4 - DisplayWidth.of(amountText)
                grid.write(due(item, width: dueWidth), in: Rect(x: detailRow.x + 2, y: detailRow.y, width: dueWidth, height: 1), style: Self.style(for: item.urgency))
            }
        }
        grid.write(context.hint("consume", default: "c", strings.consumeHint), in: hintArea.row(hintArea.height - 1), style: Style(.accent))
        return grid
    }

    func medium() -> CellGrid {
        var (grid, content) = Pane.start(context, title: strings.title, trailing: strings.inStockCount(entry.inStockCount))
        guard entry.state != .empty else {
            drawState(in: &grid, rect: content)
            return grid
        }
        let (head, rest) = content.splitTop(isCompact ? 1 : 2)
        grid.write(summary, in: head.row(0), style: summaryStyle)
        let (listArea, hintArea) = rest.splitBottom(isCompact ? 1 : 2)
        // As many as fit ("+N more" on the last row when not all do); a blank row between
        // them only when every product fits that way.
        let all = entry.items.count >= entry.inStockCount
        drawList(entry.items[...], total: entry.inStockCount, in: &grid, rect: listArea, showAmount: true,
                 spacing: all && listArea.height >= entry.items.count * 2 ? 2 : 1)
        grid.write(consumeHint, in: hintArea.row(hintArea.height - 1), style: Style(.accent))
        return grid
    }

    func large() -> CellGrid {
        var (grid, content) = Pane.start(context, title: strings.title, trailing: strings.inStockCount(entry.inStockCount))
        guard entry.state != .empty else {
            drawState(in: &grid, rect: content)
            return grid
        }
        let (head, rest) = content.splitTop(2)
        grid.write(summary, in: head.row(0), style: summaryStyle)
        let (body, hintArea) = rest.splitBottom(isCompact ? 1 : 2)
        // Column headings over the rows, aligned with the columns the list chose.
        let (headings, listArea) = body.splitTop(isCompact ? 0 : 2)
        // The detail view has a selected row (`scroll`) and lists from where it stays in sight,
        // never past the end.
        let selected = max(0, min(context.scroll, entry.items.count - 1))
        let offset = context.detail ? Pane.firstShown(selected: selected, count: entry.items.count, rows: listArea.height, moreRow: true) : 0
        let columns = drawList(entry.items[offset...], total: entry.inStockCount - offset, in: &grid, rect: listArea, showAmount: true)
        if context.detail, !entry.items.isEmpty {
            let row = listArea.row(selected - offset)
            Pane.select(Rect(x: row.x, y: row.y, width: columns.width, height: row.height), in: &grid)
        }
        if !headings.isEmpty {
            let heading = Style(.muted, [.underline])
            let amountX = headings.x + columns.width - columns.amount, dueX = amountX - 2 - columns.due
            grid.write(strings.columns.product, in: Rect(x: headings.x + 2, y: headings.y, width: dueX - headings.x - 3, height: 1), style: heading)
            grid.write(strings.columns.due, in: Rect(x: dueX, y: headings.y, width: columns.due, height: 1), style: heading)
            grid.write(strings.columns.amount, in: Rect(x: amountX - 2, y: headings.y, width: columns.amount + 2, height: 1), style: heading, alignment: .trailing)
        }
        let hint = context.detail ? context.rowHints + Pane.separator(context) + strings.scrollHint : strings.detailHint
        grid.write(context.hint("consume", default: "c", strings.consumeHint) + Pane.separator(context) + hint, in: hintArea.row(hintArea.height - 1), style: Style(.accent))
        return grid
    }
}
