/// tmux format text for `status-left` / `status-right` (`#(homescreen status)`): styles as
/// `#[fg=…,bg=…]`, and every `#` of content doubled so data can never become a tmux format,
/// style or `#(command)`.
public struct TmuxEncoder: GridEncoder {
    public let theme: Theme
    public let depth: ColorDepth

    public init(theme: Theme, depth: ColorDepth) {
        self.theme = theme
        self.depth = depth
    }

    public func encode(_ grid: CellGrid) -> String {
        encodeRows(grid, resolve: { ResolvedStyle($0, theme: theme, depth: depth) },
                   styled: { style, text in Self.style(style) + Self.escape(text) },
                   endOfLine: "#[default]")
    }

    /// Every `#` doubled, character by character as Foundation's `replacingOccurrences` did
    /// (a `#` that a combining mark joins is another character, and tmux reads no format in
    /// it): in Swift, without the bridge through `NSString` that was a tenth of a status line's
    /// start (BENCHMARKS.md, issue 36).
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "#")) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for character in text {
            if character == "#" { escaped.append("#") }
            escaped.append(character)
        }
        return escaped
    }

    static func style(_ style: ResolvedStyle) -> String {
        // Appended in place: `joined` looked up a conformance at a status line's start (issue 36).
        var text = "#[fg=" + color(style.foreground) + ",bg=" + color(style.background)
        let attributes = style.attributes
        text += attributes.contains(.bold) ? ",bold" : ",nobold"
        if attributes.contains(.dim) { text += ",dim" }
        if attributes.contains(.italic) { text += ",italics" }
        if attributes.contains(.underline) { text += ",underscore" }
        text += attributes.contains(.reverse) ? ",reverse]" : ",noreverse]"
        return text
    }

    private static func color(_ color: TerminalColor) -> String {
        switch color {
        case .terminalDefault: return "default"
        case .palette(let index): return "colour\(index)"
        case .rgb(let rgb): return rgb.description
        }
    }
}
