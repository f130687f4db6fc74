/// A semantic color role. Views draw with roles, never with concrete colors, so a theme
/// (and a color depth) can be swapped without drawing again.
public enum ThemeRole: String, CaseIterable, Hashable, Sendable, Codable {
    case background, text, muted, accent, success, warning, danger
    case today, saturday, sunday, focus, border
    /// A QR code's dark and light modules: black and white in every built-in theme, so a code
    /// is dark on light whatever the terminal's own background.
    case qrDark, qrLight

    /// How the role stays distinguishable when there is no color at all (`NO_COLOR`,
    /// monochrome terminals): attributes stand in for hues.
    public var monochromeAttributes: TextAttributes {
        switch self {
        case .danger, .today, .focus: return [.bold, .reverse]
        case .warning, .accent, .sunday: return [.bold]
        case .saturday: return [.underline]
        case .muted: return [.dim]
        case .background, .text, .success, .border, .qrDark, .qrLight: return []
        }
    }
}

/// Text attributes a cell may carry.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// The look of one cell: a foreground role, a background role and attributes.
public struct Style: Hashable, Sendable {
    public var foreground: ThemeRole
    public var background: ThemeRole
    public var attributes: TextAttributes
    /// A color the data itself carries (a vdir calendar's `color` file), drawn instead of the
    /// foreground role's where the terminal has colors, degraded to its depth as a theme's
    /// colors are; without colors, or where it would not show on the theme's background, the
    /// role's look stays.
    public var tint: RGB?

    public init(_ foreground: ThemeRole = .text, background: ThemeRole = .background, _ attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// This style with `color` as its tint (nil: as it is).
    public func tinted(_ color: RGB?) -> Style {
        var style = self
        style.tint = color ?? tint
        return style
    }

    public static let plain = Style()
}
