import HomescreenRender
import HomescreenWidgetCore

/// Boxes drawn over the screen: modals and the help overlay.
enum Overlay {
    /// A framed box centered in `grid`, cleared inside. - Returns: the content area.
    static func box(in grid: inout CellGrid, width: Int, height: Int, title: String, ascii: Bool) -> Rect {
        // One column or row short of the screen would leave a strip of what is under it (the
        // status line's last letter beside the frame): the box takes it.
        let width = grid.width - width == 1 ? grid.width : width, height = grid.height - height == 1 ? grid.height : height
        let rect = Rect(x: max(0, (grid.width - width) / 2), y: max(0, (grid.height - height) / 2),
                        width: min(width, grid.width), height: min(height, grid.height))
        grid.fill(rect)
        grid.frame(rect, style: Style(.focus), box: ascii ? .ascii : .rounded, title: title, titleStyle: Style(.focus, [.bold]))
        return rect.inset(dx: 2, dy: 1)
    }

    /// A form as wide as the terminal allows (up to 100 columns): each field a label, an input
    /// with its cursor (an empty one shows its example after the cursor, "e.g. Milk", dim and
    /// italic, or in brackets on a `monochrome` screen; a selected value is drawn reversed as a
    /// whole, with no cursor in it), and under it its error
    /// wrapped in full, or its limit when full, or, focused, what it accepts. When the fields do
    /// not all fit, the form scrolls to keep the focused one whole, with a mark where more is
    /// above or below.
    static func draw(_ form: Form, in grid: inout CellGrid, ascii: Bool, monochrome: Bool = false, language: Language = .english) {
        func text(_ english: String, _ values: String...) -> String { language.text(english, in: .dashboard, values: values) }
        let width = min(grid.width, max(44, min(100, grid.width - 8)))
        let labelWidth = min(14, (form.fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1)
        let inputWidth = max(4, width - 4 - labelWidth - 1)
        // Each field's lines under its input: the error wrapped whole, else one note line.
        let notes: [[(String, Style)]] = form.fields.enumerated().map { index, field in
            if let error = field.error { return DisplayWidth.wrap(error, to: inputWidth).map { ($0, Style(.danger, [.bold])) } }
            if field.isFull { return [(text("At most %1 characters.", String(field.maxLength)), Style(.warning))] }
            // (not twice: a hint that is also the placeholder shows in the input while it is empty)
            if index == form.focus, !field.hint.isEmpty, !field.text.isEmpty || field.hint != field.placeholder { return [(field.hint, Style(.muted))] }
            return [("", Style(.muted))]
        }
        let blocks = notes.map { 1 + $0.count + 1 }   // input, notes, a blank row
        let footer = form.error.map { DisplayWidth.wrap($0, to: width - 4).map { ($0, Style(.danger, [.bold])) } }
            ?? [(text("Enter: save · Tab: next field · Esc: cancel"), Style(.muted))]
        let wanted = 2 + blocks.reduce(0, +) + footer.count
        let height = min(grid.height, wanted)
        let area = box(in: &grid, width: width, height: height, title: form.title, ascii: ascii)
        let listHeight = max(1, area.height - footer.count)
        // The first field shown: the focused one must fit whole.
        var first = 0
        while first < form.focus, blocks[first...form.focus].reduce(0, +) > listHeight { first += 1 }
        var y = area.y
        for index in first..<form.fields.count where y < area.y + listHeight {
            let field = form.fields[index], focused = index == form.focus
            grid.write(field.label, in: Rect(x: area.x, y: y, width: labelWidth, height: 1).intersection(area), style: Style(focused ? .accent : .muted, focused ? [.bold] : []))
            let input = Rect(x: area.x + labelWidth + 1, y: y, width: inputWidth, height: 1).intersection(area)
            grid.fill(input, with: Cell(" ", style: Style(.text, background: .border)))
            if field.text.isEmpty, !field.placeholder.isEmpty {
                // The cursor on an empty cell, the example one cell after it: dim and italic,
                // worded as one ("e.g. Milk"), and bracketed where nothing shows the style.
                let shown = example(field, language: language)
                let placeholder = monochrome ? placeholderInBrackets(shown) : shown
                grid.write(placeholder, x: input.x + 1, y: y, style: Style(.muted, background: .border, [.dim, .italic]), maxX: input.maxX)
                if focused { grid.write(ascii ? "_" : " ", x: input.x, y: y, style: Style(.focus, [.bold, .reverse]), maxX: input.maxX) }
            } else if focused, field.isSelected {
                // Selected as a whole (a value the person did not type): typing replaces it.
                let shown = String(Array(field.text).prefix(input.width))
                grid.write(shown, x: input.x, y: y, style: Style(.focus, [.reverse]), maxX: input.maxX)
            } else {
                // The text scrolled so the cursor stays in view.
                let characters = Array(field.text), cursor = min(field.cursor, characters.count)
                let start = max(0, cursor - max(1, input.width - 1))
                let shown = String(characters[start...].prefix(input.width))
                grid.write(shown, x: input.x, y: y, style: Style(.text, background: .border), maxX: input.maxX)
                if focused {
                    let x = input.x + DisplayWidth.of(String(characters[start..<cursor]))
                    let under = cursor < characters.count ? String(characters[cursor]) : " "
                    if x < input.maxX { grid.write(ascii && under == " " ? "_" : under, x: x, y: y, style: Style(.focus, [.bold, .reverse])) }
                }
            }
            for (offset, note) in notes[index].enumerated() where y + 1 + offset < area.y + listHeight {
                grid.write(note.0, in: Rect(x: input.x, y: y + 1 + offset, width: input.width, height: 1), style: note.1)
            }
            y += blocks[index]
        }
        // Marks where fields are cut off.
        let more = text("more"), markWidth = DisplayWidth.of(more) + 2
        if first > 0 { grid.write((ascii ? "^ " : "▲ ") + more, in: Rect(x: area.maxX - markWidth, y: area.y, width: markWidth, height: 1), style: Style(.muted)) }
        if y > area.y + listHeight || blocks[first...].reduce(0, +) > listHeight {
            grid.write((ascii ? "v " : "▼ ") + more, in: Rect(x: area.maxX - markWidth, y: area.y + listHeight - 1, width: markWidth, height: 1), style: Style(.muted))
        }
        for (offset, line) in footer.enumerated() where area.y + listHeight + offset < area.maxY {
            grid.write(line.0, in: area.row(listHeight + offset), style: line.1)
        }
    }

    /// What an empty field shows: its example worded as one ("e.g. Milk"), or as it is when it
    /// is a note ("(optional)") or says what the field accepts (its hint).
    static func example(_ field: Form.Field, language: Language) -> String {
        if field.placeholder.hasPrefix("(") || field.placeholder == field.hint { return field.placeholder }
        return language.text("e.g. %1", in: .dashboard, field.placeholder)
    }

    /// "(optional)" → "[optional]", "e.g. Milk" → "[e.g. Milk]": an example that cannot pass for input.
    static func placeholderInBrackets(_ text: String) -> String {
        let inner = text.hasPrefix("(") && text.hasSuffix(")") ? String(text.dropFirst().dropLast()) : text
        return "[" + inner + "]"
    }

    /// Where a picker's box and rows go on a screen: its inside, the first item shown, how many.
    static func pickerGeometry(_ picker: Picker, screen: CellSize) -> (area: Rect, first: Int, visible: Int) {
        let visible = min(picker.items.count, max(1, screen.rows - 6))
        let width = min(64, screen.columns), height = min(visible + 4, screen.rows)
        let rect = Rect(x: max(0, (screen.columns - width) / 2), y: max(0, (screen.rows - height) / 2), width: width, height: height)
        let first = max(0, min(picker.selection - visible + 1, picker.items.count - visible))
        return (rect.inset(dx: 2, dy: 1), first, visible)
    }

    /// The item under a screen cell, if any (a click on a picker's row).
    static func pickerItem(_ picker: Picker, screen: CellSize, column: Int, row: Int) -> Int? {
        let (area, first, visible) = pickerGeometry(picker, screen: screen)
        guard column >= area.x, column < area.maxX, row >= area.y, row < area.y + visible else { return nil }
        let index = first + row - area.y
        return picker.items.indices.contains(index) ? index : nil
    }

    static func draw(_ picker: Picker, in grid: inout CellGrid, ascii: Bool, language: Language = .english) {
        let (_, first, visible) = pickerGeometry(picker, screen: CellSize(columns: grid.width, rows: grid.height))
        let area = box(in: &grid, width: min(64, grid.width), height: visible + 4, title: picker.title, ascii: ascii)
        if picker.items.isEmpty {
            grid.write(language.text("Nothing to choose.", in: .dashboard), in: area.row(0), style: Style(.muted))
        }
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
        let keys = language.text("Up/Down: move · Enter: choose · Esc: cancel", in: .dashboard)
        grid.write(picker.keyHint.isEmpty ? keys : picker.keyHint + " · " + keys, in: area.row(area.height - 1), style: Style(.muted))
    }

    /// A yes/no question in a box, wrapped whole, with its keys under it.
    static func draw(confirm question: String, in grid: inout CellGrid, ascii: Bool, language: Language = .english) {
        let width = min(grid.width, max(40, min(70, DisplayWidth.of(question) + 4)))
        let lines = DisplayWidth.wrap(question, to: max(1, width - 4))
        let area = box(in: &grid, width: width, height: min(grid.height, lines.count + 4), title: language.text("Confirm", in: .dashboard), ascii: ascii)
        for (row, line) in lines.prefix(max(0, area.height - 2)).enumerated() { grid.write(line, in: area.row(row), style: Style(.text, [.bold])) }
        grid.write(language.text("y: yes · n or Esc: no", in: .dashboard), in: area.row(area.height - 1), style: Style(.muted))
    }

    /// The key table in a box; when it is taller than the terminal it scrolls (↑/↓, PgUp/PgDn)
    /// with marks, so every line, `q` too, can be reached.
    static func draw(help table: KeyTable, scroll: Int, in grid: inout CellGrid, ascii: Bool, language: Language = .english) {
        let lines = table.helpLines(in: language)
        let keyWidth = min(24, lines.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let width = min(grid.width, keyWidth + 4 + (lines.map { DisplayWidth.of($0.summary) }.max() ?? 0) + 4)
        let area = box(in: &grid, width: width, height: min(grid.height, lines.count + 3), title: language.text("Keys", in: .dashboard), ascii: ascii)
        let visible = helpVisibleLines(lines: lines.count, screenRows: grid.height)
        let first = helpFirstLine(scroll: scroll, lines: lines.count, visible: visible)
        for (row, line) in lines.dropFirst(first).prefix(visible).enumerated() {
            let rect = area.row(row)
            grid.write(line.keys, in: Rect(x: rect.x, y: rect.y, width: keyWidth, height: 1).intersection(rect), style: Style(.accent, [.bold]))
            grid.write(line.summary, in: Rect(x: rect.x + keyWidth + 2, y: rect.y, width: rect.width - keyWidth - 2, height: 1).intersection(rect))
        }
        let more = first + visible < lines.count
        let marks = (first > 0 ? (ascii ? "^" : "▲") : "") + (more ? (ascii ? "v" : "▼") : "")
        let close = language.text("Esc or ?: close", in: .dashboard), scrolls = language.text("Up/Down: more", in: .dashboard)
        grid.write(close + (marks.isEmpty ? "" : " · \(marks) \(scrolls)"), in: area.row(area.height - 1), style: Style(.muted))
    }

    /// How many help lines the box shows on a screen (its frame and footer take three rows).
    static func helpVisibleLines(lines: Int, screenRows: Int) -> Int { max(1, min(screenRows, lines + 3) - 3) }

    /// The first help line shown for a scroll position, clamped to what can be shown.
    static func helpFirstLine(scroll: Int, lines: Int, visible: Int) -> Int { max(0, min(scroll, lines - visible)) }
}
