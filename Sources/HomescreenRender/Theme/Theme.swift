import TOMLKit

/// A named set of colors for the semantic roles. Themes are files (`Themes/*.toml`); the
/// built-in dark theme is the schema, and any key a file leaves out falls back to it.
public struct Theme: Hashable, Sendable {
    public let name: String
    public let colors: [ThemeRole: ThemeColor]
    /// The terminal backgrounds it is readable on: its file's `background` key, else inferred.
    public let fit: ThemeFit

    /// A theme with the given colors; roles it leaves out take the built-in dark theme's. `fit`
    /// nil: inferred from the colors (`inferredFit`).
    public init(name: String, colors: [ThemeRole: ThemeColor], fit: ThemeFit? = nil) {
        self.name = name
        self.colors = colors.merging(Theme.builtInDarkColors) { own, _ in own }
        self.fit = fit ?? Self.inferredFit(self.colors)
    }

    /// Whether the theme is readable on a terminal of that background (unknown: yes).
    public func fits(_ background: TerminalBackground?) -> Bool { fit.fits(background) }

    /// A theme that paints its own background (`background = "#000000"`) is readable on any
    /// terminal; one on the terminal's background ("default") is for the side its text is not
    /// on: light text for dark terminals, dark text for light ones.
    static func inferredFit(_ colors: [ThemeRole: ThemeColor]) -> ThemeFit {
        if case .rgb = colors[.background] ?? .terminalDefault { return .any }
        guard case .rgb(let text) = colors[.text] ?? .terminalDefault else { return .any }
        return TerminalBackground(text) == .light ? .dark : .light
    }

    public func color(_ role: ThemeRole) -> ThemeColor { colors[role] ?? .terminalDefault }

    /// The default theme, compiled in so a missing `Themes/` folder still draws. It is kept
    /// identical to `Themes/dark.toml` (a test holds them together).
    public static let builtInDark = Theme(name: "dark", colors: builtInDarkColors)

    static let builtInDarkColors: [ThemeRole: ThemeColor] = [
        .background: .terminalDefault,
        .text: .rgb(RGB(0xE6, 0xE6, 0xE6)),
        .muted: .rgb(RGB(0x8A, 0x8F, 0x98)),
        .accent: .rgb(RGB(0x5A, 0xB0, 0xFF)),
        .success: .rgb(RGB(0x4C, 0xC3, 0x8A)),
        .warning: .rgb(RGB(0xF2, 0xB1, 0x3C)),
        .danger: .rgb(RGB(0xFF, 0x5C, 0x5C)),
        .today: .rgb(RGB(0xFF, 0x45, 0x45)),
        .saturday: .rgb(RGB(0x4D, 0x9D, 0xFF)),
        .sunday: .rgb(RGB(0xFF, 0x6B, 0x6B)),
        .focus: .rgb(RGB(0xFF, 0xD8, 0x66)),
        .border: .rgb(RGB(0x4A, 0x50, 0x5A)),
        .qrDark: .rgb(RGB(0x00, 0x00, 0x00)),
        .qrLight: .rgb(RGB(0xFF, 0xFF, 0xFF)),
    ]

    /// Whether the terminal's background is dark under this theme: its background color when
    /// it sets one, else the opposite of its text color. Without colors, a QR code is drawn in
    /// reverse video on a dark background, so its dark modules stay dark.
    public var hasDarkBackground: Bool {
        func luminance(_ color: ThemeColor) -> Int? {
            guard case .rgb(let rgb) = color else { return nil }
            return (299 * Int(rgb.red) + 587 * Int(rgb.green) + 114 * Int(rgb.blue)) / 1000
        }
        if let background = luminance(color(.background)) { return background < 128 }
        if let text = luminance(color(.text)) { return text >= 128 }
        return true
    }
}

/// Why a theme file could not be used.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

extension Theme {
    /// Reads a theme from TOML text: `name = "…"`, `background = "dark"|"light"|"any"` (the
    /// terminals it is for; inferred from its colors when left out) and a `[colors]` table of
    /// role = "#rrggbb" or "default". Unknown keys are ignored (newer files stay readable);
    /// missing roles fall back to the built-in dark theme; a malformed color or background is
    /// an error naming the key.
    public static func parse(toml text: String, fallbackName: String) throws -> Theme {
        let table: TOMLTable
        do { table = try TOMLTable(string: text) } catch {
            throw ThemeError(description: "theme '\(fallbackName)' is not valid TOML (\(error))")
        }
        let name = table["name"]?.string ?? fallbackName
        var colors: [ThemeRole: ThemeColor] = [:]
        if let colorTable = table["colors"]?.table {
            for role in ThemeRole.allCases {
                guard let value = colorTable[role.rawValue] else { continue }
                guard let string = value.string else {
                    throw ThemeError(description: "theme '\(name)': colors.\(role.rawValue) must be a string like \"#1e90ff\" or \"default\"")
                }
                if string == "default" {
                    colors[role] = .terminalDefault
                } else if let rgb = RGB(hex: string) {
                    colors[role] = .rgb(rgb)
                } else {
                    throw ThemeError(description: "theme '\(name)': colors.\(role.rawValue) is \"\(string)\"; expected \"#rrggbb\" or \"default\"")
                }
            }
        }
        var fit: ThemeFit?
        if let value = table["background"] {
            guard let text = value.string, let declared = ThemeFit(rawValue: text) else {
                throw ThemeError(description: "theme '\(name)': background is \(value.debugDescription); expected \"dark\", \"light\" or \"any\" (the terminal backgrounds it is readable on)")
            }
            fit = declared
        }
        return Theme(name: name, colors: colors, fit: fit)
    }
}
