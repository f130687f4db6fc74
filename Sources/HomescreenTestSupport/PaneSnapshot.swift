import HomescreenRender
import HomescreenWidgetCore
import Testing

/// What every kind's view tests check and snapshot: a pane as text, exactly its family's size,
/// and a pane's roles, one letter a cell.
public enum PaneSnapshot {
    /// The pane as plain text, after checking the grid is exactly the context's size and every
    /// row exactly that wide.
    public static func text(_ grid: CellGrid, _ context: WidgetContext, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        #expect(grid.width == context.size.columns && grid.height == context.size.rows, sourceLocation: sourceLocation)
        for line in grid.rowTexts() { #expect(DisplayWidth.of(line) == context.size.columns, "\(line)", sourceLocation: sourceLocation) }
        return PlainEncoder().encode(grid) + "\n"
    }

    /// The letters `roles` uses: T today, S Saturday, U Sunday, M muted, A accent, x text,
    /// F focus, B border.
    public static let letters: [ThemeRole: Character] = [.today: "T", .saturday: "S", .sunday: "U", .muted: "M", .accent: "A", .text: "x",
                                                         .focus: "F", .border: "B"]

    /// One letter per cell for its foreground role, a space where the cell is blank (and not
    /// in reverse video), `?` for a role without a letter.
    public static func roles(_ grid: CellGrid, letters: [ThemeRole: Character] = letters) -> String {
        (0..<grid.height).map { y in
            String((0..<grid.width).map { x in
                grid[x, y].text == " " && !grid[x, y].style.attributes.contains(.reverse) ? " " : letters[grid[x, y].style.foreground] ?? "?"
            })
        }.joined(separator: "\n") + "\n"
    }
}
