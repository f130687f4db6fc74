import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The budget's full screen on an hledger journal: the selected month (←/→) in the commodity
/// shown, then hledger's figures per account (spent, goal, available) with every commodity in
/// its own columns, never added together, then the transactions Homescreen wrote (the only
/// ones `e` and `x` change).
extension BudgetView {
    func journalDetail() -> CellGrid {
        var (grid, content) = Pane.start(context, title: title, trailing: trailing)
        guard content.height >= 3 else { return grid }
        var row = content.y
        func line(_ text: String, _ style: Style) {
            guard row < content.maxY else { return }
            grid.write(text, in: Rect(x: content.x, y: row, width: content.width, height: 1), style: style)
            row += 1
        }
        if let message = stateMessage {
            line(message.text, message.style)
            for detail in DisplayWidth.wrap(stateDetail, to: content.width).prefix(2) { line(detail, Style(.muted)) }
        } else {
            let left = availableText(width: content.width / 2) + " " + strings.left
            let separator = Pane.separator(context)
            line(Pane.fitting([left + separator + spentOfLimit(width: content.width / 2), left], width: content.width), availableStyle)
            if row < content.maxY { drawBar(in: &grid, Rect(x: content.x, y: row, width: content.width, height: 1)) }
            row += 1
            if let perDay = entry.perDay { line(strings.perDay(money(perDay), entry.daysLeft), Style(.accent)) }
        }
        row += 1
        // The list keeps at least its title and two rows; the table takes the rest it needs.
        let footer = 1, listRows = min(3, max(0, content.maxY - row - footer - 1))
        let tableHeight = min(entry.accountTable.count + 2, max(0, content.maxY - row - footer - listRows - 1))
        if tableHeight >= 3 {
            drawAccountTable(in: &grid, Rect(x: content.x, y: row, width: content.width, height: tableHeight))
            row += tableHeight + 1
        }
        let list = Rect(x: content.x, y: row, width: content.width, height: max(0, content.maxY - footer - row))
        drawWritten(in: &grid, list)
        let hints = [context.hint("add-expense", default: "a", strings.addHint)] + (entry.recent.isEmpty ? [] : [context.rowHints]) + [strings.monthHint]
        let bottom = content.row(content.height - 1)
        grid.write(hints.joined(separator: Pane.separator(context)), in: bottom, style: Style(.accent))
        if let freshness = freshnessText { grid.write(freshness, in: bottom, style: Style(.muted), alignment: .trailing) }
        return grid
    }

    /// The account table, in the widest form that fits: each commodity's spent, goal and
    /// available as numbers, then compact, then its available alone. Rows past the rect are
    /// left out, hledger's total kept last.
    private func drawAccountTable(in grid: inout CellGrid, _ rect: Rect) {
        let commodities = entry.tableCommodities
        guard !commodities.isEmpty, rect.height >= 3 else { return }
        typealias Figure = BudgetEntry.AccountFigures.Figure
        let left = strings.left.prefix(1).uppercased() + strings.left.dropFirst()
        let full: [(String, (Figure) -> Money?)] = [(strings.spent, { $0.spent }), (strings.limit, { $0.goal }), (left, { $0.available })]
        let columns = [full, full, [(left, { $0.available })]]
        let shown = entry.accountTable.count + 2 <= rect.height ? entry.accountTable
            : Array(entry.accountTable.filter { !$0.isTotal }.prefix(rect.height - 2 - (entry.accountTable.last?.isTotal == true ? 1 : 0)))
              + entry.accountTable.filter(\.isTotal)
        for (level, set) in columns.enumerated() {
            func text(_ value: Money?, _ denomination: Denomination) -> String {
                guard let value else { return strings.noBudget }
                return Pane.amount(level == 0 ? MoneyFormat.number(value, denomination, locale: context.locale, ascii: context.ascii)
                                   : MoneyFormat.compact(value, locale: context.locale, ascii: context.ascii), context)
            }
            // Each column as wide as its widest cell; two columns between commodities.
            var widths: [[Int]] = commodities.map { _ in set.map { DisplayWidth.of($0.0) } }
            for account in shown {
                for (index, figure) in account.figures.enumerated() where index < commodities.count {
                    guard let figure else { continue }
                    for (column, value) in set.enumerated() { widths[index][column] = max(widths[index][column], DisplayWidth.of(text(value.1(figure), commodities[index]))) }
                }
            }
            let figuresWidth = widths.reduce(0) { $0 + 2 + $1.reduce(0, +) + $1.count - 1 }
            let nameWidth = rect.width - figuresWidth
            guard nameWidth >= 10 || level == columns.count - 1 else { continue }
            var x = rect.x + max(0, nameWidth)
            grid.write(strings.accounts, in: rect.row(1), style: Style(.muted, [.bold]))
            for (index, denomination) in commodities.enumerated() {
                x += 2
                let groupWidth = widths[index].reduce(0, +) + widths[index].count - 1
                grid.write(Pane.amount(denomination.label, context), in: Rect(x: x, y: rect.y, width: groupWidth, height: 1).intersection(rect),
                           style: Style(.accent, [.bold]), alignment: .trailing)
                var columnX = x
                for (column, value) in set.enumerated() {
                    let cell = Rect(x: columnX, y: rect.y + 1, width: widths[index][column], height: 1).intersection(rect)
                    grid.write(value.0, in: cell, style: Style(.muted, [.bold]), alignment: .trailing)
                    for (offset, account) in shown.enumerated() where offset + 2 < rect.height {
                        guard index < account.figures.count, let figure = account.figures[index] else { continue }
                        let amount = value.1(figure)
                        let style = amount.map { $0 < .zero } == true && column == set.count - 1 ? Style(.danger, [.bold])
                            : account.isTotal ? Style(.text, [.bold]) : Style(.text)
                        grid.write(text(amount, denomination), in: Rect(x: columnX, y: rect.y + 2 + offset, width: widths[index][column], height: 1).intersection(rect),
                                   style: style, alignment: .trailing)
                    }
                    columnX += widths[index][column] + 1
                }
                x += groupWidth
            }
            for (offset, account) in shown.enumerated() where offset + 2 < rect.height {
                let name = account.isTotal ? "total (hledger)" : Pane.name(SafeText.clean(account.name), context)
                grid.write(DisplayWidth.truncate(name, to: max(0, nameWidth - 1)), in: Rect(x: rect.x, y: rect.y + 2 + offset, width: max(0, nameWidth - 1), height: 1),
                           style: account.isTotal ? Style(.text, [.bold]) : Style(.text))
            }
            return
        }
    }

    /// The month's transactions Homescreen wrote, newest first, the selected one drawn selected.
    private func drawWritten(in grid: inout CellGrid, _ rect: Rect) {
        guard rect.height >= 1 else { return }
        grid.write(strings.written, in: rect.row(0), style: Style(.muted, [.bold]))
        guard rect.height >= 2 else { return }
        guard !entry.recent.isEmpty else {
            grid.write(strings.noExpenses, in: rect.row(1), style: Style(.muted))
            return
        }
        let selected = max(0, min(context.scroll, entry.recent.count - 1))
        let start = Pane.firstShown(selected: selected, count: entry.recent.count, rows: rect.height - 1)
        for (row, expense) in entry.recent.dropFirst(start).prefix(rect.height - 1).enumerated() {
            let note = expense.note.isEmpty ? "" : expense.note + " · "
            let shown = Expense(id: expense.id, amount: expense.amount, currency: expense.currency, day: expense.day, note: note + (expense.category ?? ""),
                                category: expense.category)
            // In its own commodity (an account's goal may be in another one than the pane's).
            let amount = Pane.amount(MoneyFormat.full(expense.amount, .currency(expense.currency), locale: context.locale, ascii: context.ascii), context)
            grid.write(Self.expenseLine(shown, amount: amount, width: rect.width, context: context), in: rect.row(row + 1), style: Style(.text))
            if start + row == selected { Pane.select(rect.row(row + 1), in: &grid) }
        }
    }
}
