import Foundation
import Testing
import HomescreenTestSupport
@testable import HomescreenRender

/// Issue 28 point 7: the terminal's background from its OSC 11 reply or COLORFGBG, and which
/// backgrounds a theme is readable on.
struct BackgroundTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test(arguments: [
        // xterm, VTE, kitty: four hex digits per channel, ended by BEL or ST (ESC \).
        ("\u{1B}]11;rgb:0000/0000/0000\u{07}", TerminalBackground.dark),
        ("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", .light),
        ("\u{1B}]11;rgb:1e1e/1e1e/2e2e\u{1B}\\", .dark),
        ("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{07}", .light),          // Solarized light
        // Fewer digits (XParseColor's forms), capitals, and rgba with its alpha.
        ("\u{1B}]11;rgb:ff/ff/ff\u{07}", .light),
        ("\u{1B}]11;rgb:0/0/0\u{07}", .dark),
        ("\u{1B}]11;rgb:FFF/FFF/EEE\u{07}", .light),
        ("\u{1B}]11;rgba:0000/0000/0000/ffff\u{1B}\\", .dark),
        // The device attributes reply after it, and bytes before it (a key typed meanwhile).
        ("x\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\\u{1B}[?1;2c", .light),
        // Mid-grey: 0x80 is light by the BT.601 luma's middle, 0x7f dark.
        ("\u{1B}]11;rgb:8080/8080/8080\u{07}", .light),
        ("\u{1B}]11;rgb:7f7f/7f7f/7f7f\u{07}", .dark),
    ])
    func anOSC11ReplyNamesTheBackground(_ reply: String, _ expected: TerminalBackground) {
        #expect(TerminalBackground.fromOSC11(Self.bytes(reply)) == expected, "\(reply.debugDescription)")
    }

    @Test(arguments: [
        "",                                             // no reply at all
        "\u{1B}[?1;2c",                                 // only device attributes: OSC 11 ignored (tmux without a window style)
        "\u{1B}]11;rgb:ffff/ffff",                      // cut short, no terminator
        "\u{1B}]11;rgb:ffff/ffff/ffff",                 // no terminator
        "\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}",           // ESC without the backslash of ST
        "\u{1B}]11;?\u{07}",                            // the query echoed back
        "\u{1B}]11;rgb:fffff/0/0\u{07}",                // five digits
        "\u{1B}]11;rgb:gg/00/00\u{07}",                 // not hex
        "\u{1B}]11;#ffffff\u{07}",                      // another color syntax
        "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}",           // the foreground's reply, not the background's
    ])
    func anythingElseIsNoAnswer(_ reply: String) {
        #expect(TerminalBackground.fromOSC11(Self.bytes(reply)) == nil, "\(reply.debugDescription)")
    }

    @Test(arguments: [
        ("15;0", TerminalBackground?.some(.dark)), ("0;15", .light), ("7;0", .dark), ("0;7", .light), ("15;8", .dark), ("0;9", .light),
        ("12;6", .dark), ("0;default;15", .light), ("15;default;0", .dark), ("0", .dark), (" 0; 15 ", .light),
        ("default;default", nil), ("15;", nil), ("", nil), ("15;16", nil), ("15;-1", nil), ("abc", nil),
    ])
    func colorfgbgNamesTheBackgroundByItsLastField(_ value: String, _ expected: TerminalBackground?) {
        #expect(TerminalBackground.fromCOLORFGBG(value) == expected, "COLORFGBG=\(value)")
    }

    @Test func theShippedThemesSayWhichBackgroundTheyAreFor() throws {
        let library = ShippedThemes.library
        #expect(try library.theme(named: "dark").fit == .dark)
        #expect(try library.theme(named: "light").fit == .light)
        // It paints its own black background behind every cell: readable on either.
        #expect(try library.theme(named: "high-contrast").fit == .any)
        #expect(Theme.builtInDark.fit == .dark)
    }

    @Test func aThemeWithoutTheKeyIsInferredFromItsColors() throws {
        func fit(_ colors: String) throws -> ThemeFit { try Theme.parse(toml: "name = \"t\"\n[colors]\n" + colors, fallbackName: "t").fit }
        #expect(try fit("text = \"#1f2328\"\n") == .light, "dark text on the terminal's background: for light ones")
        #expect(try fit("text = \"#f0f0f0\"\n") == .dark)
        #expect(try fit("danger = \"#ff0000\"\n") == .dark, "the dark theme's text it falls back to")
        #expect(try fit("background = \"#fdf6e3\"\ntext = \"#657b83\"\n") == .any, "it paints its own background")
        #expect(try Theme.parse(toml: "name = \"t\"\nbackground = \"light\"\n[colors]\ntext = \"#f0f0f0\"\n", fallbackName: "t").fit == .light, "the key wins")
    }

    @Test func aBadBackgroundKeyNamesTheThemeAndWhatIsAccepted() {
        #expect(throws: ThemeError(description: "theme 't': background is \"dim\"; expected \"dark\", \"light\" or \"any\" (the terminal backgrounds it is readable on)")) {
            try Theme.parse(toml: "name = \"t\"\nbackground = \"dim\"\n", fallbackName: "t")
        }
    }

    @Test func fitsSaysWhetherAThemeIsReadableOnABackground() {
        #expect(ThemeFit.dark.fits(.dark) && !ThemeFit.dark.fits(.light))
        #expect(ThemeFit.light.fits(.light) && !ThemeFit.light.fits(.dark))
        #expect(ThemeFit.any.fits(.dark) && ThemeFit.any.fits(.light))
        #expect(ThemeFit.allCases.allSatisfy { $0.fits(nil) }, "unknown: every theme")
    }
}
