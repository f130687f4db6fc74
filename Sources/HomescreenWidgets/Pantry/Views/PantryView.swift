import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// The pantry's views: one method per family (in `PantryView+Family.swift` files), sharing the
/// pieces below. Pure: an entry and a context in, a grid of exactly `context.size` out.
struct PantryView: FamilyViews {
    let entry: PantryEntry
    let context: WidgetContext
    var strings: PantryStrings { PantryStrings.of(context.language) }

    static func style(for urgency: Urgency) -> Style {
        switch urgency {
        case .expired: return Style(.danger, [.bold])
        case .dueSoon: return Style(.warning)
        case .fresh: return Style(.success)
        }
    }

    func name(_ item: ExpiringProduct) -> String { Pane.name(item.product.name, context) }

    /// "1.5 kg", in the language's decimal notation.
    func amount(_ item: ExpiringProduct) -> String {
        let separator = context.language == .english ? "." : ","
        let number = Pane.amount(item.product.amount.formatted(decimalSeparator: separator), context)
        let unit = UnitName.after(item.product.amount == .one, item.product.unit)
        return unit.isEmpty ? number : number + " " + unit
    }

    /// The long due text when it fits `width`, else the short one.
    func due(_ item: ExpiringProduct, width: Int = .max) -> String {
        let long = strings.due(item.daysUntilDue)
        return DisplayWidth.of(long) <= width ? long : strings.shortDue(item.daysUntilDue)
    }

    /// "2 expired · 3 due soon", or the state's sentence when nothing is urgent.
    var summary: String {
        switch entry.state {
        case .empty, .error: return strings.nothingInStock
        case .allFresh: return strings.allFresh
        case .attention:
            var parts: [String] = []
            if entry.expiredCount > 0 { parts.append(strings.expiredCount(entry.expiredCount)) }
            if entry.dueSoonCount > 0 { parts.append(strings.dueSoonCount(entry.dueSoonCount)) }
            return parts.joined(separator: Pane.separator(context))
        }
    }

    var summaryStyle: Style {
        switch entry.state {
        case .empty, .error: return Style(.muted)
        case .allFresh: return Style(.success, [.bold])
        case .attention: return entry.expiredCount > 0 ? Style(.danger, [.bold]) : Style(.warning, [.bold])
        }
    }

    /// The hint naming what `c` will consume.
    var consumeHint: String {
        guard let first = entry.items.first else { return "" }
        return context.hint("consume", default: "c", strings.consumeHint) + Pane.separator(context) + name(first)
    }

    /// The widths of the due and amount columns for a list of products in `width` columns:
    /// long due texts when they fit beside a readable name, short ones ("-2d") otherwise.
    struct Columns {
        let due: Int
        let amount: Int
        let shortDue: Bool
        /// The table's width: the pane's, except full screen, where the columns stay next to
        /// the longest name instead of at the far edge of a wide terminal.
        var width: Int
    }

    func columns(for items: ArraySlice<ExpiringProduct>, width: Int, showAmount: Bool) -> Columns {
        let amountWidth = showAmount ? min(12, items.map { DisplayWidth.of(amount($0)) }.max() ?? 0) : 0
        let longDue = items.map { DisplayWidth.of(strings.due($0.daysUntilDue)) }.max() ?? 0
        let shortDue = items.map { DisplayWidth.of(strings.shortDue($0.daysUntilDue)) }.max() ?? 0
        // Keep at least half the row for the bullet and the name.
        let useShort = 2 + longDue + (amountWidth > 0 ? amountWidth + 2 : 0) + 1 > width / 2 + 8
        let due = useShort ? shortDue : longDue
        let names = items.map { DisplayWidth.of(name($0)) }.max() ?? 0
        let snug = 2 + max(names, 24) + 4 + due + (amountWidth > 0 ? amountWidth + 2 : 0)
        return Columns(due: due, amount: amountWidth, shortDue: useShort, width: context.detail ? min(width, snug) : width)
    }

    /// One product on one row: bullet and name, then the due text and the amount in columns.
    func drawRow(_ item: ExpiringProduct, in grid: inout CellGrid, rect: Rect, columns: Columns) {
        guard !rect.isEmpty else { return }
        let style = Self.style(for: item.urgency)
        grid.write(Pane.bullet(context), x: rect.x, y: rect.y, style: style)
        var right = rect.maxX
        if columns.amount > 0 {
            grid.write(amount(item), in: Rect(x: right - columns.amount, y: rect.y, width: columns.amount, height: 1), style: Style(.muted), alignment: .trailing)
            right -= columns.amount + 2
        }
        let dueText = columns.shortDue ? strings.shortDue(item.daysUntilDue) : strings.due(item.daysUntilDue)
        grid.write(dueText, in: Rect(x: right - columns.due, y: rect.y, width: columns.due, height: 1), style: style)
        right -= columns.due + 1
        grid.write(name(item), in: Rect(x: rect.x + 2, y: rect.y, width: right - rect.x - 2, height: 1), style: Style(.text, [.bold]))
    }

    /// Rows of products from the top of `rect`; the last row says "+N more" when not all fit.
    /// - Returns: the columns used, so headings can align with them.
    @discardableResult
    func drawList(_ items: ArraySlice<ExpiringProduct>, total: Int? = nil, in grid: inout CellGrid, rect: Rect, showAmount: Bool, spacing: Int = 1) -> Columns {
        let total = total ?? items.count
        let capacity = max(0, (rect.height + spacing - 1) / spacing)
        let shown = min(items.count, total <= capacity ? total : max(0, capacity - 1))
        let columns = columns(for: items.prefix(shown), width: rect.width, showAmount: showAmount)
        for (index, item) in items.prefix(shown).enumerated() {
            let row = rect.row(index * spacing)
            drawRow(item, in: &grid, rect: Rect(x: row.x, y: row.y, width: columns.width, height: row.height), columns: columns)
        }
        if shown < total, capacity > 0 {
            grid.write(strings.more(total - shown), in: rect.row(shown * spacing), style: Style(.muted))
        }
        return columns
    }

    /// The sentence for a pane with nothing urgent to list.
    func drawState(in grid: inout CellGrid, rect: Rect) {
        grid.write(summary, in: rect.row(0), style: summaryStyle)
        if entry.state == .empty, context.isInteractive {
            grid.write(context.hint("add", default: "n", context.language.text("add a product", in: PantryFeature.words)), in: rect.row(1), style: Style(.accent))
        }
        if entry.state == .allFresh, let first = entry.items.first {
            let next = strings.next + ": " + name(first) + Pane.separator(context) + due(first)
            grid.write(next, in: rect.row(1), style: Style(.muted))
        }
    }
}
