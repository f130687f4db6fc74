import Foundation
import Testing
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// What the card widget draws, turned into a picture of the terminal (cells twice as tall as
/// wide, colors through the theme, the frame and the text around the code included), is read
/// back by zbar to the exact payload.
struct CardPictureDecodeTests {
    static let date = Date(timeIntervalSince1970: 1_795_000_000)

    static func entry(_ card: Card) -> CardEntry {
        CardEntry(date: date, state: .card(card, chosen: true), template: .standard)
    }

    static let url = Card(id: 1, serverCardID: "4821", firstName: "Lan", lastName: "Nguyen", company: "Saigon Coffee Roasters",
                          title: "Founder", email: "lan@example.com", phone: "+84 28 3822 1234", updatedAt: date)
    static let longID = Card(id: 2, serverCardID: String(repeating: "k7Q2x", count: 24), firstName: "Ada", lastName: "Lovelace",
                             company: "Analytical Engines", updatedAt: date)
    static let vietnamese = Card(id: 3, firstName: "Thu Hương", lastName: "Nguyễn", company: "Công ty Đông Á", title: "Giám đốc",
                                 email: "huong@example.vn", updatedAt: date)

    /// Draws, checks a code is there, and decodes a picture of it.
    static func decoded(_ card: Card, _ context: WidgetContext, theme: Theme = .builtInDark, depth: ColorDepth = .truecolor,
                        terminal: TerminalPicture.Colors = .darkTerminal) throws -> String? {
        let grid = CardWidget.draw(entry(card), in: context)
        #expect(grid.width == context.size.columns && grid.height == context.size.rows)
        return try ZBar.decode(TerminalPicture(grid, theme: theme, depth: depth, terminal: terminal))
    }

    static func payload(_ card: Card) -> String { CardPayload(card, template: .standard).text }

    static func lightTheme() throws -> Theme { try ShippedThemes.library.theme(named: "light") }


    /// Every family and density whose pane shows the seed's URL with a short id.
    @Test(arguments: [(WidgetFamily.systemSmall, Density.regular), (.systemMedium, .regular), (.systemLarge, .regular), (.systemLarge, .compact)])
    func paneCodesScan(_ family: WidgetFamily, _ density: Density) throws {
        #expect(Self.payload(Self.url) == "https://sharemycard.app/card.php?id=4821&src=qr-app")
        #expect(try Self.decoded(Self.url, WidgetContext(family: family, density: density)) == Self.payload(Self.url))
    }

    /// Panes too small for a code that scans say so instead of drawing one.
    @Test(arguments: [(WidgetFamily.systemSmall, Density.compact), (.systemMedium, .compact)])
    func tooSmallPanesPromptInstead(_ family: WidgetFamily, _ density: Density) throws {
        let grid = CardWidget.draw(Self.entry(Self.url), in: WidgetContext(family: family, density: density))
        let text = grid.plainText
        #expect(text.contains("Enter: show QR"))
        #expect(!text.contains("▀") && !text.contains("▄") && !text.contains("█"))
        #expect(try ZBar.decode(TerminalPicture(grid, theme: .builtInDark, depth: .truecolor, terminal: .darkTerminal)) == nil)
    }

    @Test func everyThemeAndColorDepth() throws {
        let library = ShippedThemes.library
        let themes = try library.names().map { try library.theme(named: $0) }
        #expect(themes.count >= 3)
        let context = WidgetContext(family: .systemSmall)
        for theme in themes {
            for depth in ColorDepth.allCases {
                // Without colors the terminal's own are what the theme is made for.
                let terminal: TerminalPicture.Colors = theme.hasDarkBackground ? .darkTerminal : .lightTerminal
                #expect(try Self.decoded(Self.url, context, theme: theme, depth: depth, terminal: terminal) == Self.payload(Self.url),
                        "\(theme.name) at \(depth)")
            }
        }
    }

    @Test func asciiMode() throws {
        let context = WidgetContext(family: .systemLarge, ascii: true)
        let grid = CardWidget.draw(Self.entry(Self.url), in: context)
        #expect(grid.plainText.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(grid.plainText.contains("##"))
        // With colors a dark module's cell is dark: the code is as sharp as in half blocks.
        for depth in [ColorDepth.truecolor, .ansi8] {
            #expect(try Self.decoded(Self.url, context, depth: depth) == Self.payload(Self.url), "\(depth)")
        }
        // Without colors, reverse video: the "#" strokes cross the dark modules, which a camera
        // at a short distance blurs (half the resolution here); dark and light terminals.
        for (theme, terminal) in [(Theme.builtInDark, TerminalPicture.Colors.darkTerminal), (try Self.lightTheme(), .lightTerminal)] {
            let picture = TerminalPicture(grid, theme: theme, depth: .monochrome, terminal: terminal)
            #expect(try ZBar.decode(picture.downsampled(by: 2)) == Self.payload(Self.url), "\(theme.name)")
        }
    }

    @Test func aHundredAndTwentyCharacterID() throws {
        #expect(Self.longID.serverCardID?.count == 120)
        #expect(try Self.decoded(Self.longID, WidgetContext(family: .systemLarge)) == Self.payload(Self.longID))
        let small = CardWidget.draw(Self.entry(Self.longID), in: WidgetContext(family: .systemSmall))
        #expect(small.plainText.contains("Enter: show QR"))
        let detail = WidgetContext(family: .systemLarge, size: CellSize(columns: 100, rows: 40), detail: true)
        #expect(try Self.decoded(Self.longID, detail) == Self.payload(Self.longID))
    }

    @Test func vietnameseNamesInAVCard() throws {
        let payload = Self.payload(Self.vietnamese)
        #expect(payload.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Nguyễn;Thu Hương;;;\r\nFN:Thu Hương Nguyễn\r\nORG:Công ty Đông Á\r\n"))
        #expect(try Self.decoded(Self.vietnamese, WidgetContext(family: .systemLarge)) == payload)
        #expect(try Self.decoded(Self.vietnamese, WidgetContext(family: .systemLarge, size: CellSize(columns: 80, rows: 40), detail: true)) == payload)
    }

    /// Enter: the largest code that fits, scaled up when there is room, and it still scans.
    @Test(arguments: [CellSize(columns: 80, rows: 23), CellSize(columns: 160, rows: 47), CellSize(columns: 40, rows: 60)])
    func fullScreen(_ size: CellSize) throws {
        let context = WidgetContext(family: .systemLarge, size: size, detail: true)
        #expect(try Self.decoded(Self.url, context) == Self.payload(Self.url))
    }
}

extension CellGrid {
    var plainText: String { PlainEncoder().encode(self) }
}
