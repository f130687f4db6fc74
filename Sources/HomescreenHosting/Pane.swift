import HomescreenRender
import HomescreenWidgetCore

/// Drawing conventions every widget shares: system families sit in a titled frame, accessory
/// families are frameless like the lock screen; ASCII mode and privacy masking apply everywhere.
public enum Pane {
    /// A grid of the context's size with a frame for system families.
    /// - Returns: the grid and the content area inside the frame.
    public static func start(_ context: WidgetContext, title: String, trailing: String? = nil) -> (CellGrid, Rect) {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        guard context.family.isSystem, grid.width >= 4, grid.height >= 3 else { return (grid, grid.bounds) }
        grid.frame(grid.bounds, box: context.ascii ? .ascii : .rounded, title: title, titleStyle: Style(.accent, [.bold]))
        // The trailing text whole or not at all: cut, it would cut its number ("November 202…").
        if let trailing, DisplayWidth.of(trailing) + 2 <= grid.width - DisplayWidth.of(title) - 8 {
            let text = " \(trailing) "
            let width = DisplayWidth.of(text)
            grid.write(text, in: Rect(x: grid.width - 2 - width, y: 0, width: width, height: 1), style: Style(.muted))
        }
        return (grid, grid.bounds.inset(dx: 2, dy: 1))
    }

    /// The first of `candidates` (widest first) that fits `width` columns, else the last: how a
    /// view shortens a line with numbers (no currency, compact amounts) instead of cutting one.
    public static func fitting(_ candidates: [String], width: Int) -> String {
        candidates.first { DisplayWidth.of($0) <= width } ?? candidates.last ?? ""
    }

    /// The first row a list shows so its selected row is in sight in `rows` rows, and never
    /// past the end. - Parameter moreRow: the last row says "+N more" while more remain.
    public static func firstShown(selected: Int, count: Int, rows: Int, moreRow: Bool = false) -> Int {
        guard count > rows, rows > 1 else { return rows == 1 ? max(0, min(selected, count - 1)) : 0 }
        return max(0, min(selected - (rows - (moreRow ? 2 : 1)), count - rows))
    }

    /// Draws the selected row of a list: reversed, in the focus color.
    public static func select(_ row: Rect, in grid: inout CellGrid) {
        grid.restyle(row, style: Style(.focus, [.bold, .reverse]))
    }

    /// Text from data, masked in privacy mode.
    public static func name(_ text: String, _ context: WidgetContext) -> String { PrivacyMask.name(text, masked: context.privacy) }

    /// An amount, masked in privacy mode.
    public static func amount(_ text: String, _ context: WidgetContext) -> String { PrivacyMask.amount(text, masked: context.privacy) }

    /// Writes lines as a block, centred vertically in `rect` (or from its top), each one row
    /// clipped to the rect's width; rows past the rect are left out.
    /// - Returns: the block's first row.
    @discardableResult
    public static func lines(_ lines: [(String, Style)], in grid: inout CellGrid, _ rect: Rect, centred: Bool = true,
                             alignment: Alignment = .leading) -> Int {
        let top = rect.y + (centred ? max(0, (rect.height - lines.count) / 2) : 0)
        for (row, line) in lines.enumerated() where top + row < rect.maxY {
            grid.write(line.0, in: Rect(x: rect.x, y: top + row, width: rect.width, height: 1), style: line.1, alignment: alignment)
        }
        return top
    }

    /// Lines wrapped at word boundaries to `width`, each part in its line's style (an empty
    /// line stays one).
    public static func wrapped(_ lines: [(String, Style)], width: Int) -> [(String, Style)] {
        lines.flatMap { line in
            let parts = DisplayWidth.wrap(line.0, to: max(1, width))
            return parts.isEmpty ? [("", line.1)] : parts.map { ($0, line.1) }
        }
    }

    public static func bullet(_ context: WidgetContext) -> String { context.ascii ? "*" : "●" }
    public static func separator(_ context: WidgetContext) -> String { context.ascii ? " - " : " · " }
}

extension Pane {
    /// A pane with no entry to draw: a kind this build does not have, or one whose first load
    /// failed. Framed like the kind's pane, with one sentence in it.
    public static func unavailable(_ context: WidgetContext, title: String, message: String) -> CellGrid {
        var (grid, content) = start(context, title: title)
        if context.family.isSystem {
            grid.write(message, in: content.row(0), style: Style(.muted))
        } else {
            let text = context.family == .accessoryInline ? title + ": " + message : title
            grid.write(text, in: grid.bounds.row(0), style: Style(.muted))
            if grid.height > 1 { grid.write(message, in: grid.bounds.row(1), style: Style(.muted)) }
        }
        return grid
    }
}

/// What privacy mode shows in place of data, the same in panes, messages, forms and reminders.
public enum PrivacyMask {
    public static let hiddenName = "•••••", hiddenAmount = "•"

    public static func name(_ text: String, masked: Bool) -> String { masked ? hiddenName : text }
    public static func amount(_ text: String, masked: Bool) -> String { masked ? hiddenAmount : text }
}
