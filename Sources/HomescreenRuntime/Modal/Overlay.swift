import HomescreenRender
import HomescreenWidgetCore

/// Boxes drawn over the screen: modals and the help overlay.
enum Overlay {
    /// A framed box centered in `grid`, cleared inside. - Returns: the content area.
    static func box(in grid: inout CellGrid, width: Int, height: Int, title: String, ascii: Bool) -> Rect {
        let rect = Rect(x: max(0, (grid.width - width) / 2), y: max(0, (grid.height - height) / 2),
                        width: min(width, grid.width), height: min(height, grid.height))
        grid.fill(rect)
        grid.frame(rect, style: Style(.focus), box: ascii ? .ascii : .rounded, title: title, titleStyle: Style(.focus, [.bold]))
        return rect.inset(dx: 2, dy: 1)
    }

    static func draw(_ form: Form, in grid: inout CellGrid, ascii: Bool) {
        let rowsPerField = 3
        let height = 2 + form.fields.count * rowsPerField + 2
        let area = box(in: &grid, width: min(64, grid.width), height: height, title: form.title, ascii: ascii)
        let labelWidth = min(12, (form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1)
        for (index, field) in form.fields.enumerated() {
            let row = area.row(index * rowsPerField)
            let focused = index == form.focus
            grid.write(field.label, in: Rect(x: row.x, y: row.y, width: labelWidth, height: 1), style: Style(focused ? .accent : .muted, focused ? [.bold] : []))
            let input = Rect(x: row.x + labelWidth + 1, y: row.y, width: row.width - labelWidth - 1, height: 1)
            grid.fill(input, with: Cell(" ", style: Style(.text, background: .border)))
            // The end of a long text stays visible while typing.
            let shown = DisplayWidth.of(field.text) < input.width ? field.text : String(field.text.suffix(input.width - 2))
            let end = grid.write(shown.isEmpty && !focused ? field.hint : shown, x: input.x, y: input.y,
                                 style: Style(shown.isEmpty ? .muted : .text, background: .border), maxX: input.maxX)
            if focused, end < input.maxX { grid.write(ascii ? "_" : "▏", x: end, y: input.y, style: Style(.focus, background: .border, [.bold])) }
            if let error = field.error {
                grid.write(error, in: Rect(x: input.x, y: row.y + 1, width: input.width, height: 1), style: Style(.danger, [.bold]))
            } else if focused, !field.hint.isEmpty, !shown.isEmpty {
                grid.write(field.hint, in: Rect(x: input.x, y: row.y + 1, width: input.width, height: 1), style: Style(.muted))
            }
        }
        let footer = area.row(area.height - 1)
        if let error = form.error {
            grid.write(error, in: footer, style: Style(.danger, [.bold]))
        } else {
            grid.write("Enter: save · Tab: next field · Esc: cancel", in: footer, style: Style(.muted))
        }
    }

    static func draw(_ picker: Picker, in grid: inout CellGrid, ascii: Bool) {
        let visible = min(picker.items.count, max(1, grid.height - 6))
        let area = box(in: &grid, width: min(64, grid.width), height: visible + 4, title: picker.title, ascii: ascii)
        if picker.items.isEmpty {
            grid.write("Nothing to choose.", in: area.row(0), style: Style(.muted))
        }
        let first = max(0, min(picker.selection - visible + 1, picker.items.count - visible))
        // Titles as wide as the widest (up to half the box), details in the rest.
        let titleWidth = min(area.width / 2, 2 + (picker.items.map { DisplayWidth.of($0.title) }.max() ?? 0))
        for (row, index) in (first..<first + visible).enumerated() {
            let item = picker.items[index]
            let line = area.row(row)
            let selected = index == picker.selection
            let style = selected ? Style(.focus, [.bold, .reverse]) : Style(.text)
            if selected { grid.fill(line, with: Cell(" ", style: style)) }
            let mark = item.marked ? (ascii ? "*" : "●") : " "
            grid.write(mark + " " + item.title, in: Rect(x: line.x, y: line.y, width: titleWidth, height: 1), style: style)
            grid.write(item.detail, in: Rect(x: line.x + titleWidth + 2, y: line.y, width: max(0, line.width - titleWidth - 2), height: 1),
                       style: selected ? style : Style(.muted), alignment: .trailing)
        }
        grid.write("Up/Down: move · Enter: choose · Esc: cancel", in: area.row(area.height - 1), style: Style(.muted))
    }

    static func draw(help table: KeyTable, in grid: inout CellGrid, ascii: Bool) {
        let lines = table.helpLines
        let keyWidth = min(24, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let width = min(grid.width, keyWidth + 4 + (lines.map { DisplayWidth.of($0.summary) }.max() ?? 0) + 4)
        let area = box(in: &grid, width: width, height: min(grid.height, lines.count + 4), title: "Keys", ascii: ascii)
        for (index, line) in lines.enumerated() where index < area.height - 1 {
            let row = area.row(index)
            grid.write(line.keys, in: Rect(x: row.x, y: row.y, width: keyWidth, height: 1), style: Style(.accent, [.bold]))
            grid.write(line.summary, in: Rect(x: row.x + keyWidth + 2, y: row.y, width: row.width - keyWidth - 2, height: 1))
        }
        grid.write("Esc or ?: close", in: area.row(area.height - 1), style: Style(.muted))
    }
}
