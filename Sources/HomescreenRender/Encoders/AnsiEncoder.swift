/// ANSI (ECMA-48 SGR) text for a terminal, at the given color depth. Each line ends reset, so
/// output can be cut, piped or concatenated safely.
public struct AnsiEncoder: GridEncoder {
    public let theme: Theme
    public let depth: ColorDepth

    public init(theme: Theme, depth: ColorDepth) {
        self.theme = theme
        self.depth = depth
    }

    public func encode(_ grid: CellGrid) -> String {
        encodeRows(grid, resolve: { ResolvedStyle($0, theme: theme, depth: depth) },
                   styled: { style, text in style == .reset ? "\u{1B}[0m" + text : Self.sgr(style) + text },
                   endOfLine: "\u{1B}[0m")
    }

    /// The SGR sequence that sets exactly this style (starting from a reset).
    public static func sgr(_ style: ResolvedStyle) -> String {
        var parameters = ["0"]
        let attributes = style.attributes
        if attributes.contains(.bold) { parameters.append("1") }
        if attributes.contains(.dim) { parameters.append("2") }
        if attributes.contains(.italic) { parameters.append("3") }
        if attributes.contains(.underline) { parameters.append("4") }
        if attributes.contains(.reverse) { parameters.append("7") }
        parameters += color(style.foreground, base: 30)
        parameters += color(style.background, base: 40)
        return "\u{1B}[" + parameters.joined(separator: ";") + "m"
    }

    private static func color(_ color: TerminalColor, base: Int) -> [String] {
        switch color {
        case .terminalDefault: return []
        case .palette(let index) where index < 8: return [String(base + Int(index))]
        case .palette(let index) where index < 16: return [String(base + 60 + Int(index) - 8)]
        case .palette(let index): return [String(base + 8), "5", String(index)]
        case .rgb(let rgb): return [String(base + 8), "2", String(rgb.red), String(rgb.green), String(rgb.blue)]
        }
    }
}
