import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The year overview's views: the 4×3 grid of months (medium and large), the current month
/// framed; the large pane adds the selected month's figures, the detail view its expenses.
struct YearView: PaneView {
    let entry: YearEntry
    let context: WidgetContext
    var strings: BudgetStrings { BudgetStrings.of(context.language) }

    func draw() -> CellGrid {
        if let problem = entry.problem { return error(problem) }
        if context.family == .accessoryInline || context.size.rows < 3 { return inline() }
        let trailing = entry.currency.map { "\(entry.year)" + Pane.separator(context) + $0.code } ?? "\(entry.year)"
        var (grid, content) = Pane.start(context, title: strings.yearTitle, trailing: trailing)
        let showsMonth = context.family == .systemLarge || context.detail
        let wanted = context.detail ? max(9, min(18, content.height / 2)) : showsMonth ? max(9, content.height - 7) : content.height
        let gridRows = min(wanted, content.height)   // never below the frame, however short the pane
        drawMonths(in: &grid, Rect(x: content.x, y: content.y, width: content.width, height: gridRows))
        if showsMonth, content.height - gridRows >= 3 {
            drawSelected(in: &grid, Rect(x: content.x, y: content.y + gridRows + 1, width: content.width, height: content.height - gridRows - 1))
        }
        return grid
    }

    /// The error state, as the budget pane draws its own: the warning, then the line that
    /// says what is wrong and the fix; no month's figures (they would be wrong).
    private func error(_ problem: String) -> CellGrid {
        let warning = (context.ascii ? "! " : "⚠ ") + strings.loadError
        if context.family == .accessoryInline || context.size.rows < 3 {
            var grid = CellGrid(width: context.size.columns, height: max(1, context.size.rows))
            grid.write(strings.yearTitle + ": " + warning + " — " + problem, in: grid.bounds.row(0), style: Style(.danger, [.bold]))
            return grid
        }
        var (grid, content) = Pane.start(context, title: strings.yearTitle, trailing: "\(entry.year)")
        let lines = Pane.wrapped([(warning, Style(.danger, [.bold])), ("", Style(.muted)), (problem, Style(.muted))], width: content.width)
        Pane.lines(lines, in: &grid, content, alignment: .center)
        return grid
    }

    /// "Year: Nov CHF 1,2 k left" for a one-line pane.
    private func inline() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: max(1, context.size.rows))
        let month = entry.selectedMonth
        let left = month.available.map(amount) ?? strings.noBudget
        grid.write(strings.yearTitle + ": " + strings.shortMonthName(month.month.month) + " " + left, in: grid.bounds.row(0), style: Style(.text))
        return grid
    }

    private func amount(_ money: Money) -> String {
        Pane.amount(MoneyFormat.compact(money, locale: context.locale, ascii: context.ascii), context)
    }

    /// The amount to its last digit ("252.50") where `width` has room, else compact ("250").
    private func exact(_ money: Money, currency: Currency?) -> String {
        Pane.amount(MoneyFormat.number(money, .currency(currency ?? entry.currency ?? .euro), locale: context.locale, ascii: context.ascii), context)
    }

    /// The amount to its last digit where `width` has room, else compact: each cell as precise
    /// as it can be (407.05 is never shown as 410 where it fits).
    private func amount(_ money: Money, currency: Currency?, width: Int) -> String {
        Pane.fitting([exact(money, currency: currency), amount(money)], width: width)
    }

    /// Four columns, three rows; each cell the month's short name, what is left (or "—") and,
    /// where there is room, a bar of spent against the limit.
    private func drawMonths(in grid: inout CellGrid, _ rect: Rect) {
        let cellWidth = rect.width / 4, cellHeight = rect.height / 3
        guard cellWidth >= 3, cellHeight >= 1 else { return }
        let framed = cellHeight >= 4 && cellWidth >= 8
        for (index, month) in entry.months.enumerated() {
            let cell = Rect(x: rect.x + (index % 4) * cellWidth, y: rect.y + (index / 4) * cellHeight, width: cellWidth - 1, height: cellHeight)
            let isCurrent = month.month == entry.current
            let isSelected = context.detail && month.month == entry.selected
            var inner = cell
            if framed {
                if isCurrent || isSelected {
                    grid.frame(cell, style: Style(isSelected ? .focus : .accent, [.bold]), box: context.ascii ? .ascii : .rounded)
                }
                inner = cell.inset(dx: cellWidth >= 14 ? 2 : 1, dy: 1)
            }
            // Centre the cell's lines (name, amount, bar, spent of limit) vertically.
            let lines = min(inner.height, 4)
            inner = Rect(x: inner.x, y: inner.y + (inner.height - lines) / 2, width: inner.width, height: lines)
            let nameStyle = isCurrent ? Style(.accent, framed ? [.bold] : [.bold, .reverse]) : Style(.muted)
            grid.write(strings.shortMonthName(month.month.month), in: inner.row(0), style: isSelected && !framed ? Style(.focus, [.bold, .reverse]) : nameStyle)
            let row = inner.height >= 2 ? inner.row(1) : Rect(x: inner.x + 5, y: inner.y, width: max(0, inner.width - 5), height: 1)
            if let available = month.available {
                grid.write(amount(available, currency: month.budget?.currency, width: row.width), in: row, style: available < .zero ? Style(.danger, [.bold]) : Style(.text, [.bold]), alignment: inner.height >= 2 ? .leading : .trailing)
                if inner.height >= 3, let budget = month.budget {
                    grid.write(bar(spent: month.total.spent, limit: budget.limit, width: inner.width), in: inner.row(2), style: barStyle(month))
                    let spent = month.total.spent, limit = budget.limit, currency = budget.currency
                    grid.write(Pane.fitting([exact(spent, currency: currency) + " / " + exact(limit, currency: currency),
                                             amount(spent) + " / " + amount(limit), amount(spent)], width: inner.width),
                               in: inner.row(3), style: Style(.muted))
                }
            } else {
                grid.write(strings.noBudget, in: row, style: Style(.muted), alignment: inner.height >= 2 ? .leading : .trailing)
            }
        }
    }

    /// Label and amount rows, the amounts right-aligned.
    private func drawFigures(_ figures: [(String, String, Style)], in grid: inout CellGrid, _ rect: Rect) {
        for (index, figure) in figures.enumerated() where index < rect.height {
            grid.write(figure.0, in: rect.row(index), style: Style(.muted))
            grid.write(figure.1, in: rect.row(index), style: figure.2, alignment: .trailing)
        }
    }

    private func bar(spent: Money, limit: Money, width: Int) -> String {
        let filled = Int(min(Int64(width), (spent.capped.cents * Int64(width) + limit.cents / 2) / limit.cents))
        return String(repeating: context.ascii ? "#" : "▆", count: filled) + String(repeating: context.ascii ? "." : "▁", count: width - filled)
    }

    private func barStyle(_ month: YearEntry.Month) -> Style {
        guard let budget = month.budget else { return Style(.muted) }
        let percent = month.total.spent.percent(of: budget.limit)
        return percent > 100 ? Style(.danger) : percent >= 80 ? Style(.warning) : Style(.success)
    }

    /// The selected month: its name, limit, spent, left and count; in the detail view its
    /// expenses, scrolled by ↑/↓.
    private func drawSelected(in grid: inout CellGrid, _ rect: Rect) {
        let month = entry.selectedMonth
        let denomination = Denomination.currency(month.budget?.currency ?? entry.currency ?? .euro)
        func money(_ value: Money) -> String {
            Pane.amount(MoneyFormat.full(value, denomination, locale: context.locale, ascii: context.ascii), context)
        }
        grid.write(strings.monthName(month.month), in: rect.row(0), style: Style(.accent, [.bold]))
        if context.detail { grid.write(strings.monthHint, in: rect.row(0), style: Style(.muted), alignment: .trailing) }
        let figures: [(String, String, Style)] = [
            (strings.limit, month.budget.map { money($0.limit) } ?? strings.noBudget, Style(.text)),
            (strings.spent, money(month.total.spent), Style(.text)),
            (strings.availableShort, month.available.map(money) ?? strings.noBudget,
             (month.available ?? .zero) < .zero ? Style(.danger, [.bold]) : Style(.text, [.bold])),
        ] + (entry.countsExpenses ? [(strings.expenses(month.total.expenseCount), "", Style(.muted))] : [])
        let columnWidth = isCompact ? rect.width : min(rect.width / 2 - 2, 40)
        drawFigures(figures, in: &grid, Rect(x: rect.x, y: rect.y + 1, width: columnWidth, height: rect.height - 1))
        if !isCompact, !context.detail {
            // The whole year beside the month: what was budgeted, spent and is left.
            let budgeted = entry.months.compactMap(\.budget).reduce(Money.zero) { $0 + $1.limit }
            let spent = entry.months.filter { $0.budget != nil }.reduce(Money.zero) { $0 + $1.total.spent.capped }
            let column = Rect(x: rect.x + rect.width / 2 + 2, y: rect.y, width: columnWidth, height: rect.height)
            grid.write("\(entry.year)", in: column.row(0), style: Style(.accent, [.bold]))
            drawFigures([(strings.limit, money(budgeted), Style(.text)), (strings.spent, money(spent), Style(.text)),
                         (strings.availableShort, money(budgeted - spent), budgeted < spent ? Style(.danger, [.bold]) : Style(.text, [.bold]))],
                        in: &grid, Rect(x: column.x, y: column.y + 1, width: column.width, height: column.height - 1))
        }
        guard context.detail, rect.height > figures.count + 3 else { return }
        let list = Rect(x: rect.x, y: rect.y + figures.count + 2, width: rect.width, height: rect.height - figures.count - 2)
        if !entry.accounts.isEmpty {
            // The journal's accounts (hledger's rows): spent, then the goal if it has one.
            // Scrolled no further than the list's last row at the bottom (never past its end).
            let start = min(context.scroll, max(0, entry.accounts.count - list.height))
            for (row, account) in entry.accounts.dropFirst(start).prefix(list.height).enumerated() {
                grid.write(Pane.name(account.name, context), in: list.row(row), style: Style(.text))
                let written = { (value: Money) in
                    // Another commodity by its code, as the budget's full screen writes it.
                    account.denomination.map { Pane.amount($0.label + " " + MoneyFormat.number(value, $0, locale: context.locale, ascii: context.ascii), context) } ?? money(value)
                }
                grid.write(written(account.spent) + (account.limit.map { " / " + written($0) } ?? ""), in: list.row(row), style: Style(.text), alignment: .trailing)
            }
            return
        }
        let start = min(context.scroll, max(0, entry.expenses.count - list.height))
        if entry.expenses.isEmpty { grid.write(strings.noExpenses, in: list.row(0), style: Style(.muted)) }
        for (row, expense) in entry.expenses.dropFirst(start).prefix(list.height).enumerated() {
            grid.write(BudgetView.expenseLine(expense, amount: money(expense.amount), width: list.width, context: context),
                       in: list.row(row), style: Style(.text))
        }
    }
}
