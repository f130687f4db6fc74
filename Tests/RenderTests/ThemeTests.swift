import Foundation
import Testing
import HomescreenTestSupport
@testable import HomescreenRender

struct ThemeTests {
    let library = ShippedThemes.library

    @Test func shippedDarkThemeIsTheBuiltInDefault() throws {
        #expect(try library.theme(named: "dark") == Theme.builtInDark)
    }

    /// The shipped dark theme is not read (it is the built-in one); a user's own dark.toml,
    /// in a folder before the shipped one, still wins.
    @Test func theShippedDarkThemeIsNotReadButAUsersOneWins() throws {
        let user = TemporaryFolder(), shipped = TemporaryFolder()
        try "this is not TOML [".write(toFile: shipped.path("dark.toml"), atomically: true, encoding: .utf8)
        let library = ThemeLibrary(folders: [user.url.path, shipped.url.path], shipped: shipped.url.path)
        #expect(try library.theme(named: "dark") == Theme.builtInDark)
        try "name = \"dark\"\n[colors]\ndanger = \"#123456\"\n".write(toFile: user.path("dark.toml"), atomically: true, encoding: .utf8)
        #expect(try library.theme(named: "dark").color(.danger) == .rgb(RGB(0x12, 0x34, 0x56)))
    }

    @Test(arguments: ["light", "high-contrast"])
    func shippedThemesSetEveryRole(_ name: String) throws {
        let text = try String(contentsOf: ShippedThemes.folder.appendingPathComponent(name + ".toml"), encoding: .utf8)
        let theme = try Theme.parse(toml: text, fallbackName: name)
        #expect(theme.name == name)
        // A QR code is black on white in every theme, on purpose.
        for role in ThemeRole.allCases where ![.background, .qrDark, .qrLight].contains(role) {
            #expect(theme.color(role) != Theme.builtInDark.color(role), "\(name) leaves \(role) at the dark value")
        }
        #expect(theme.color(.qrDark) == .rgb(RGB(0, 0, 0)) && theme.color(.qrLight) == .rgb(RGB(255, 255, 255)))
    }

    @Test func missingKeysFallBackAndUnknownKeysAreIgnored() throws {
        let theme = try Theme.parse(toml: """
            name = "mine"
            future = 1
            [colors]
            danger = "#123456"
            sparkle = "#ffffff"
            """, fallbackName: "x")
        #expect(theme.color(.danger) == .rgb(RGB(0x12, 0x34, 0x56)))
        #expect(theme.color(.text) == Theme.builtInDark.color(.text))
        #expect(theme.colors.count == ThemeRole.allCases.count)
    }

    @Test func malformedColorNamesTheKey() {
        #expect(throws: ThemeError.self) { try Theme.parse(toml: "[colors]\ntext = \"red\"", fallbackName: "bad") }
        do { _ = try Theme.parse(toml: "[colors]\ntext = \"red\"", fallbackName: "bad") } catch {
            #expect("\(error)".contains("colors.text"))
        }
        #expect(throws: ThemeError.self) { try library.theme(named: "nope") }
    }

    @Test func colorsDegradeToTheNearestPaletteEntry() {
        let red = ThemeColor.rgb(RGB(255, 0, 0))
        #expect(red.degraded(to: .truecolor) == .rgb(RGB(255, 0, 0)))
        #expect(red.degraded(to: .indexed256) == .palette(196))
        #expect(red.degraded(to: .ansi16) == .palette(9))
        #expect(red.degraded(to: .ansi8) == .palette(1))
        #expect(red.degraded(to: .monochrome) == .terminalDefault)
        #expect(ThemeColor.rgb(RGB(128, 128, 128)).degraded(to: .indexed256) == .palette(244))
        #expect(ThemeColor.rgb(RGB(0x5f, 0x87, 0xaf)).degraded(to: .indexed256) == .palette(67))
        #expect(ThemeColor.terminalDefault.degraded(to: .truecolor) == .terminalDefault)
    }

    @Test func depthComesFromTheEnvironment() {
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .monochrome)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .truecolor)
        #expect(ColorDepth.detect(environment: ["TERM": "tmux-256color"]) == .indexed256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm"]) == .ansi16)
        #expect(ColorDepth.detect(environment: ["TERM": "linux"]) == .ansi8)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == .monochrome)
        #expect(ColorDepth.detect(environment: [:]) == .monochrome)
    }

    @Test func monochromeKeepsRolesApartWithAttributes() {
        let danger = ResolvedStyle(Style(.danger), theme: .builtInDark, depth: .monochrome)
        let muted = ResolvedStyle(Style(.muted), theme: .builtInDark, depth: .monochrome)
        #expect(danger.foreground == .terminalDefault && danger.attributes.contains(.reverse))
        #expect(muted.attributes == [.dim])
        var grid = CellGrid(width: 4, height: 1)
        grid.write("x", x: 0, y: 0, style: Style(.danger))
        #expect(AnsiEncoder(theme: .builtInDark, depth: .monochrome).encode(grid) == "\u{1B}[0;1;7mx\u{1B}[0m")
        #expect(AnsiEncoder(theme: .builtInDark, depth: .indexed256).encode(grid) == "\u{1B}[0;38;5;203mx\u{1B}[0m")
    }
}

/// Degrading a theme keeps each role's meaning: the hue family of every colored role (a red
/// stays a red) at 256, 16 and 8 colors, grays stay grays, and muted stays apart from text.
struct ThemeDepthTests {
    @Test(arguments: ["dark", "light", "high-contrast"], [ColorDepth.indexed256, .ansi16, .ansi8])
    func everyRoleKeepsItsHueFamily(_ name: String, depth: ColorDepth) throws {
        let theme = try ShippedThemes.library.theme(named: name)
        for role in ThemeRole.allCases {
            guard case .rgb(let color) = theme.color(role) else { continue }
            let shown = theme.color(role).degraded(to: depth).shown(default: RGB(0, 0, 0))
            #expect(HueFamily(shown) == HueFamily(color), "\(name) \(role) \(color) → \(shown) at \(depth)")
        }
        let text = ResolvedStyle(Style(.text), theme: theme, depth: depth), muted = ResolvedStyle(Style(.muted), theme: theme, depth: depth)
        #expect(text != muted, "\(name): muted looks like text at \(depth)")
    }

    /// A form's input is drawn on the frames' color: what is typed in it, and its placeholder,
    /// must show on it at every depth. Eight colors gave the dark theme's text and frames one
    /// gray, and high-contrast's frames are its text's white: every character typed was
    /// invisible. Such a cell keeps the theme's background and is underlined instead.
    @Test(arguments: ["dark", "light", "high-contrast"], [ColorDepth.truecolor, .indexed256, .ansi16, .ansi8])
    func whatIsTypedInAFormShows(_ name: String, depth: ColorDepth) throws {
        let theme = try ShippedThemes.library.theme(named: name)
        for role in [ThemeRole.text, .muted] {
            let cell = ResolvedStyle(Style(role, background: .border), theme: theme, depth: depth)
            #expect(cell.foreground != cell.background, "\(name) \(role) at \(depth): \(cell)")
            guard cell.foreground != .terminalDefault, cell.background != .terminalDefault else { continue }
            let ratio = ResolvedStyle.contrast(cell.foreground.shown(default: RGB(0, 0, 0)), cell.background.shown(default: RGB(0, 0, 0)))
            #expect(ratio >= 2, "\(name) \(role) at \(depth): \(cell), contrast \(ratio)")
        }
    }

    @Test func lightRedIsRedAt16Colors() {
        #expect(ThemeColor.rgb(RGB(0xff, 0x5c, 0x5c)).degraded(to: .ansi16) == .palette(9), "the dark theme's danger: bright red, SGR 91")
        #expect(ThemeColor.rgb(RGB(0xff, 0x5c, 0x5c)).degraded(to: .ansi8) == .palette(1))
    }
}
