import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The lock-screen families: inline (available and percentage), circular (percentage),
/// rectangular (the bar and the amounts).
extension BudgetView {
    func inline() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: 1)
        // A journal that no longer reads (or hledger gone): the last good figures, marked, with the
        // reason where it fits (a status line that only said "could not load" hid both).
        if entry.state == .error, entry.source == .hledger, let available = entry.available {
            let mark = context.ascii ? "! " : "⚠ "
            let lines = [money(available), number(available), compact(available)].map { title + ": " + mark + $0 + " " + strings.left }
            let reason = SafeText.clean(entry.problem ?? "")
            let text = Pane.fitting((reason.isEmpty ? [] : lines.map { $0 + Pane.separator(context) + reason }) + lines, width: grid.width)
            grid.write(text, in: grid.bounds, style: Style(.warning, [.bold]))
            return grid
        }
        if let message = stateMessage {
            grid.write(title + ": " + message.text, in: grid.bounds, style: message.style)
            return grid
        }
        // With the percentage where it fits, the amount in the widest form that fits.
        let amounts = entry.available.map { [money($0), number($0), compact($0)] } ?? [strings.noBudget]
        let lines = amounts.map { title + ": " + $0 + " " + strings.left }
        var forms = (isCompact ? [] : lines.map { $0 + Pane.separator(context) + percentText }) + lines
        // The last figures while hledger reads the journal again (another process's run): said where it fits.
        if entry.updating, let freshness = freshnessText { forms = forms.map { $0 + Pane.separator(context) + freshness } + forms }
        let text = Pane.fitting(forms, width: grid.width)
        grid.write(text, in: grid.bounds, style: entry.state == .overBudget ? Style(.danger, [.bold]) : Style(.text))
        return grid
    }

    /// The percentage spent in the middle of a ring (18×9) or a small box (9×5).
    func circular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let value = stateMessage == nil ? percentText : (context.ascii ? "!" : "⚠")
        let style = stateMessage?.style ?? levelStyle
        guard let middle = Ring.draw(in: &grid, context) else {
            grid.write(value, in: grid.bounds, style: style, alignment: .center)
            return grid
        }
        grid.write(value, in: middle.inset(dx: 1, dy: 0).offsetBy(dy: isCompact ? 0 : -1), style: style, alignment: .center)
        Ring.label([strings.spent], in: &grid, middle: middle)
        return grid
    }

    func rectangular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let rect = grid.bounds
        grid.write(isCompact ? title : Pane.fitting([title.uppercased() + Pane.separator(context) + trailing, title.uppercased()], width: rect.width),
                   in: rect.row(0), style: Style(.muted))
        if let message = stateMessage {
            grid.write(message.text, in: rect.row(isCompact ? 1 : 2), style: message.style)
            grid.write(stateDetail, in: rect.row(isCompact ? 2 : 3), style: Style(.muted))
            return grid
        }
        let gap = isCompact ? 0 : 1
        grid.write(availableText(width: rect.width - 1 - DisplayWidth.of(strings.left)) + " " + strings.left, in: rect.row(1 + gap), style: availableStyle)
        drawBar(in: &grid, rect.row(2 + gap))
        grid.write(spentOfLimit(width: rect.width), in: rect.row(3 + gap), style: Style(.muted))
        if !isCompact, let freshness = freshnessText { grid.write(freshness, in: rect.row(rect.height - 2), style: Style(.muted)) }
        return grid
    }
}
