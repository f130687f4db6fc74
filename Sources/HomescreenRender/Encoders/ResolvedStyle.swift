import Foundation

/// A style with its roles looked up in a theme and degraded to a color depth: what an encoder
/// or the terminal backend actually emits.
public struct ResolvedStyle: Hashable, Sendable {
    public let foreground: TerminalColor
    public let background: TerminalColor
    public let attributes: TextAttributes

    public static let reset = ResolvedStyle(foreground: .terminalDefault, background: .terminalDefault, attributes: [])

    public init(foreground: TerminalColor, background: TerminalColor, attributes: TextAttributes) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// A blank in this style looks like nothing at all (as on a cleared screen), so trailing
    /// ones can be dropped.
    var isInvisibleOnBlank: Bool { blankLooksTheSame(as: .reset) }

    /// Whether a blank in this style shows the same as one drawn with `pen`: the same background,
    /// and neither underlined nor reversed (a space shows no foreground, weight or slant).
    func blankLooksTheSame(as pen: ResolvedStyle) -> Bool {
        let visibleOnBlank: TextAttributes = [.underline, .reverse]
        return background == pen.background && attributes.isDisjoint(with: visibleOnBlank) && pen.attributes.isDisjoint(with: visibleOnBlank)
    }

    public init(_ style: Style, theme: Theme, depth: ColorDepth) {
        var attributes = style.attributes
        if depth == .monochrome {
            attributes.formUnion(style.foreground.monochromeAttributes)
            if style.background == .qrLight || style.background == .qrDark {
                // A QR code's cell: light cells (with dark glyphs) are the terminal's background
                // only on a light terminal, dark cells only on a dark one; reverse video makes
                // the others so.
                if (style.background == .qrLight) == theme.hasDarkBackground { attributes.insert(.reverse) }
            } else if style.background != .background {
                attributes.insert(.reverse)
            }
        }
        // Eight colors have one gray: muted text is dimmed to stay apart from text.
        if depth == .ansi8, style.foreground == .muted, theme.color(.muted).degraded(to: depth) == theme.color(.text).degraded(to: depth) {
            attributes.insert(.dim)
        }
        var foreground = theme.color(style.foreground).degraded(to: depth)
        // A data's own color, where it shows on the theme's background (the terminal's own
        // background is taken as the theme's text says it is: dark under light text).
        if let tint = style.tint, depth != .monochrome {
            let tinted = ThemeColor.rgb(tint).degraded(to: depth).shown(default: tint)
            let ground: RGB
            if case .rgb(let painted) = theme.color(style.background) { ground = painted } else { ground = theme.hasDarkBackground ? RGB(0, 0, 0) : RGB(255, 255, 255) }
            if Self.contrast(tinted, ground) >= 2 { foreground = ThemeColor.rgb(tint).degraded(to: depth) }
        }
        var background = theme.color(style.background).degraded(to: depth)
        // Text that would not show on its cell's background (a form's input is drawn on the
        // frames' color: eight colors give text and frames one gray, and high-contrast's frames
        // are its text's white, which hid every character typed): the cell keeps the theme's
        // background and is underlined, so the field still shows as one and its text is read.
        if depth != .monochrome, style.background != .background, style.background != .qrLight, style.background != .qrDark,
           foreground != .terminalDefault, background != .terminalDefault,
           Self.contrast(foreground.shown(default: RGB(0, 0, 0)), background.shown(default: RGB(0, 0, 0))) < 2 {
            background = theme.color(.background).degraded(to: depth)
            attributes.insert(.underline)
        }
        self.init(foreground: foreground, background: background, attributes: attributes)
    }

    /// WCAG's contrast ratio of two colors, 1 (the same) to 21 (black on white).
    static func contrast(_ one: RGB, _ other: RGB) -> Double {
        func luminance(_ color: RGB) -> Double {
            func channel(_ value: UInt8) -> Double {
                let v = Double(value) / 255
                return v <= 0.03928 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        let (a, b) = (luminance(one), luminance(other))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

/// Turns a cell grid into text for a destination (plain text, an ANSI terminal, tmux).
public protocol GridEncoder: Sendable {
    func encode(_ grid: CellGrid) -> String
}

/// The encoders the one-shot commands offer.
public enum OutputFormat: String, CaseIterable, Sendable {
    case plain, ansi, tmux

    public func encoder(theme: Theme, depth: ColorDepth) -> any GridEncoder {
        switch self {
        case .plain: return PlainEncoder()
        case .ansi: return AnsiEncoder(theme: theme, depth: depth)
        case .tmux: return TmuxEncoder(theme: theme, depth: depth)
        }
    }
}

extension GridEncoder {
    /// Encodes row by row: one call per run of cells sharing a resolved style; trailing blank
    /// cells in the default style are dropped.
    func encodeRows(_ grid: CellGrid, resolve resolveStyle: (Style) -> ResolvedStyle,
                    styled: (ResolvedStyle, String) -> String, endOfLine: String) -> String {
        // Lines appended in place: `joined` looked up a conformance at a status line's start (issue 36).
        var text = ""
        // A run of cells shares its style: resolved once per change of style, not per cell (a
        // status line resolved its 58 cells' one or two styles through the theme 58 times).
        var last: (style: Style, resolved: ResolvedStyle)?
        func resolve(_ style: Style) -> ResolvedStyle {
            if let last, last.style == style { return last.resolved }
            let resolved = resolveStyle(style)
            last = (style, resolved)
            return resolved
        }
        for y in 0..<grid.height {
            if y > 0 { text += "\n" }
            var lastVisible = grid.width - 1
            while lastVisible >= 0, grid[lastVisible, y].text == " ", resolve(grid[lastVisible, y].style).isInvisibleOnBlank {
                lastVisible -= 1
            }
            var line = "", run = "", runStyle: ResolvedStyle? = nil
            var x = 0
            while x <= lastVisible {
                let cell = grid[x, y]
                x += 1
                if cell.isContinuation { continue }
                let style = resolve(cell.style)
                if style != runStyle, let current = runStyle {
                    line += styled(current, run)
                    run = ""
                }
                runStyle = style
                run += cell.text
            }
            if let current = runStyle { line += styled(current, run) + (current == .reset ? "" : endOfLine) }
            text += line
        }
        return text
    }
}
