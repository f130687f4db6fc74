import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The home-screen families: small (what is available, big), medium (seed 002: available,
/// the spending bar and the add hint), large (adds the day's allowance and the expenses).
extension BudgetView {
    func small() -> CellGrid {
        var (grid, content) = Pane.start(context, title: title, trailing: isCompact ? nil : trailing)
        if let message = stateMessage {
            drawState(in: &grid, content, message: message)
            return grid
        }
        // The label, the figure, the bar and the amounts as one block, centred above the footer.
        let body = Rect(x: content.x, y: content.y, width: content.width, height: content.height - 1)
        let figureRows = availableRows(width: body.width, height: body.height - 5)
        var row = Self.centred(figureRows + (isCompact ? 4 : 6), in: body)
        grid.write(isCompact ? strings.availableShort : strings.available, in: Rect(x: body.x, y: row, width: body.width, height: 1).intersection(content), style: Style(.muted))
        row += 1
        drawAvailable(in: &grid, Rect(x: body.x, y: row, width: body.width, height: figureRows).intersection(content))
        row += figureRows + (isCompact ? 0 : 1)
        drawBar(in: &grid, Rect(x: body.x, y: row, width: body.width, height: 1).intersection(content))
        grid.write(spentOfLimit(width: body.width), in: Rect(x: body.x, y: row + 1, width: body.width, height: 1).intersection(content), style: Style(.muted))
        if !isCompact {
            grid.write(countLine, in: Rect(x: body.x, y: row + 2, width: body.width, height: 1).intersection(content), style: Style(.muted))
        }
        footer(in: &grid, content)
        return grid
    }

    func medium() -> CellGrid {
        var (grid, content) = Pane.start(context, title: strings.available, trailing: trailing)
        if let message = stateMessage {
            drawState(in: &grid, content, message: message)
            return grid
        }
        let body = Rect(x: content.x, y: content.y, width: content.width, height: content.height - 1)
        if isCompact {
            let row = Self.centred(5, in: body)
            grid.write(availableText, in: Rect(x: body.x, y: row, width: body.width, height: 1).intersection(content), style: availableStyle)
            grid.write(spentOfLimit(width: body.width), in: Rect(x: body.x, y: row + 1, width: body.width, height: 1).intersection(content), style: Style(.muted))
            drawBar(in: &grid, Rect(x: body.x, y: row + 3, width: body.width, height: 1).intersection(content))
            grid.write(countLine, in: Rect(x: body.x, y: row + 4, width: body.width, height: 1).intersection(content), style: Style(.muted))
            footer(in: &grid, content)
            return grid
        }
        let split = body.width / 2
        let row = Self.centred(7, in: body)
        drawAvailable(in: &grid, Rect(x: body.x, y: row, width: split - 2, height: 4).intersection(content))
        details(in: &grid, Rect(x: body.x + split, y: row, width: body.width - split, height: 5).intersection(content))
        drawBar(in: &grid, Rect(x: body.x, y: row + 6, width: body.width, height: 1).intersection(content))
        footer(in: &grid, content)
        return grid
    }

    func large() -> CellGrid {
        if context.detail, entry.source == .hledger { return journalDetail() }
        var (grid, content) = Pane.start(context, title: strings.available, trailing: trailing)
        if let message = stateMessage {
            drawState(in: &grid, content, message: message)
            return grid
        }
        var top = 0
        if isCompact {
            grid.write(availableText(width: content.width), in: content.row(0), style: availableStyle)
            drawBar(in: &grid, content.row(1))
            details(in: &grid, Rect(x: content.x, y: content.y + 3, width: content.width, height: 4).intersection(content))
            top = 8
        } else {
            let split = content.width / 2
            drawAvailable(in: &grid, Rect(x: content.x, y: content.y + 1, width: split - 2, height: 4).intersection(content))
            details(in: &grid, Rect(x: content.x + split, y: content.y + 1, width: content.width - split, height: 5).intersection(content))
            drawBar(in: &grid, content.row(7))
            top = 9
        }
        if let perDay = entry.perDay {
            grid.write(strings.perDay(money(perDay), entry.daysLeft), in: content.row(top), style: Style(.accent))
            top += 2
        }
        expenses(in: &grid, Rect(x: content.x, y: content.y + top, width: content.width, height: max(0, content.height - top - 2)).intersection(content))
        footer(in: &grid, content)
        return grid
    }

    /// The line under the figures of a small pane: the month's expense count, or for a journal
    /// (whose report counts none) its other commodities, each its own spent / limit.
    var countLine: String {
        guard entry.source == .hledger else { return strings.expenses(entry.expenseCount) }
        return entry.others.map { other in
            let format = { (value: Money) in Pane.amount(MoneyFormat.number(value, other.denomination, locale: context.locale, ascii: context.ascii), context) }
            return Pane.amount(other.denomination.label, context) + " " + format(other.spent) + (other.limit.map { " / " + format($0) } ?? "")
        }.joined(separator: Pane.separator(context))
    }

    /// Spent, limit and the count, one per row, labels left and amounts right.
    private func details(in grid: inout CellGrid, _ rect: Rect) {
        func amount(_ value: Money, after label: String) -> String { money(value, width: rect.width - DisplayWidth.of(label) - 1) }
        var rows: [(String, String, Style)] = [
            (strings.spent, amount(entry.spent, after: strings.spent), Style(.text)),
            (strings.limit, entry.limit.map { amount($0, after: strings.limit) } ?? strings.noBudget, Style(.text)),
        ]
        // A journal's other commodities beside it, each its own spent / limit (never added in);
        // hledger's report counts no expenses.
        if entry.source == .hledger {
            rows += entry.others.map { other in
                let format = { (value: Money) in Pane.amount(MoneyFormat.number(value, other.denomination, locale: context.locale, ascii: context.ascii), context) }
                return (Pane.amount(other.denomination.label, context), format(other.spent) + (other.limit.map { " / " + format($0) } ?? ""), Style(.text))
            }
        } else {
            rows.append((strings.expenses(entry.expenseCount), "", Style(.muted)))
        }
        for (index, row) in rows.enumerated() where index < rect.height {
            grid.write(row.0, in: rect.row(index), style: Style(.muted))
            grid.write(row.1, in: rect.row(index), style: row.2, alignment: .trailing)
        }
        let over = max(3, rows.count)
        if entry.state == .overBudget, let available = entry.available, rect.height > over {
            grid.write(strings.overBy(money(.zero - available)), in: rect.row(over), style: Style(.danger, [.bold]))
        }
    }

    /// The month's expenses, newest first; the detail view's selected one (`context.scroll`)
    /// drawn selected and kept in sight.
    private func expenses(in grid: inout CellGrid, _ rect: Rect) {
        // A journal's expenses are its own (hledger register); only what Homescreen wrote is listed.
        guard rect.height >= 2, entry.source != .hledger || !entry.recent.isEmpty else { return }
        grid.write(strings.recent, in: rect.row(0), style: Style(.muted, [.bold]))
        guard !entry.recent.isEmpty else {
            grid.write(strings.noExpenses, in: rect.row(1), style: Style(.muted))
            return
        }
        let selected = max(0, min(context.scroll, entry.recent.count - 1))
        let start = context.detail ? Pane.firstShown(selected: selected, count: entry.recent.count, rows: rect.height - 1) : 0
        for (row, expense) in entry.recent.dropFirst(start).prefix(rect.height - 1).enumerated() {
            grid.write(expenseLine(expense, width: rect.width), in: rect.row(row + 1), style: Style(.text))
            if context.detail, start + row == selected { Pane.select(rect.row(row + 1), in: &grid) }
        }
    }

    /// The last row: the add hint on the left (local data), the freshness on the right.
    private func footer(in grid: inout CellGrid, _ content: Rect) {
        let row = content.row(content.height - 1)
        if entry.source == .local, context.family != .systemSmall || !isCompact {
            let add = context.hint("add-expense", default: "a", strings.addHint)
            grid.write(context.detail && !entry.recent.isEmpty ? add + Pane.separator(context) + context.rowHints : add, in: row, style: Style(.accent))
        }
        if let freshness = freshnessText { grid.write(freshness, in: row, style: Style(.muted), alignment: .trailing) }
    }
}
