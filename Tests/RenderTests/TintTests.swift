import Testing
@testable import HomescreenRender

/// A color the data carries (a vdir calendar's `color` file): drawn at each depth as the
/// nearest color the terminal has, never without colors, never where it would not show.
struct TintTests {
    let orange = RGB(0xFF, 0x88, 0x00)

    @Test func aTintIsTheNearestColorOfEachDepthAndNothingWithoutColors() throws {
        let style = Style(.accent, [.bold]).tinted(orange)
        let dark = Theme.builtInDark
        #expect(ResolvedStyle(style, theme: dark, depth: .truecolor).foreground == .rgb(orange))
        #expect(ResolvedStyle(style, theme: dark, depth: .indexed256).foreground == .palette(208))
        // Sixteen and eight colors: its hue family's ANSI color (orange reads as yellow).
        #expect(ResolvedStyle(style, theme: dark, depth: .ansi16).foreground == .palette(11))
        #expect(ResolvedStyle(style, theme: dark, depth: .ansi8).foreground == .palette(3))
        // Without colors: the role's look, exactly as untinted.
        #expect(ResolvedStyle(style, theme: dark, depth: .monochrome) == ResolvedStyle(Style(.accent, [.bold]), theme: dark, depth: .monochrome))
        // No tint: the role's color.
        #expect(ResolvedStyle(Style(.accent, [.bold]), theme: dark, depth: .indexed256).foreground == dark.color(.accent).degraded(to: .indexed256))
    }

    /// A calendar colored black on a dark terminal, white on a light theme: the role's color stays.
    @Test func aTintThatWouldNotShowOnTheBackgroundKeepsTheRole() throws {
        let dark = Theme.builtInDark
        let black = Style(.accent).tinted(RGB(0x10, 0x10, 0x10))
        #expect(ResolvedStyle(black, theme: dark, depth: .truecolor).foreground == dark.color(.accent).degraded(to: .truecolor))
        let light = Theme(name: "light", colors: [.background: .rgb(RGB(0xFF, 0xFF, 0xFF)), .text: .rgb(RGB(0x20, 0x20, 0x20))])
        let white = Style(.accent).tinted(RGB(0xF8, 0xF8, 0xF0))
        #expect(ResolvedStyle(white, theme: light, depth: .indexed256).foreground == light.color(.accent).degraded(to: .indexed256))
        #expect(ResolvedStyle(Style(.accent).tinted(orange), theme: light, depth: .truecolor).foreground == .rgb(orange))
    }
}
