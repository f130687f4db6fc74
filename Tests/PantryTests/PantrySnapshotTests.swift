import Foundation
import SnapshotTesting
import Testing
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// Every family at both densities, rendered to text and held as snapshot files
/// (`__Snapshots__/PantrySnapshotTests/`). Re-record with SNAPSHOT_TESTING_RECORD=all.
struct PantrySnapshotTests {
    typealias F = PantryFixtures

    static let cases: [(WidgetFamily, Density)] = WidgetFamily.allCases.flatMap { family in Density.allCases.map { (family, $0) } }


    static func render(_ entry: PantryEntry, _ context: WidgetContext) -> String {
        PaneSnapshot.text(PantryWidget.draw(entry, in: context), context)
    }

    @Test(arguments: cases)
    func demoPantry(_ family: WidgetFamily, _ density: Density) {
        let context = F.context(family, density)
        assertSnapshot(of: Self.render(F.entry(F.demo), context), as: .lines, named: "\(family.rawValue)-\(density.rawValue)")
    }

    @Test(arguments: cases)
    func nothingInStock(_ family: WidgetFamily, _ density: Density) {
        let text = Self.render(F.entry([]), F.context(family, density))
        if family == .accessoryCircular { #expect(text.contains("–")) } else { #expect(text.contains("Nothing in stock")) }
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline])
    func allFresh(_ family: WidgetFamily) {
        let entry = F.entry([F.product(1, "Rice", "2", "kg", due: 300), F.product(2, "Pasta", due: 420)])
        assertSnapshot(of: Self.render(entry, F.context(family)), as: .lines, named: family.rawValue)
    }

    @Test(arguments: [Language.french, .italian, .vietnamese])
    func otherLanguages(_ language: Language) {
        for family in [WidgetFamily.systemMedium, .accessoryRectangular, .accessoryInline] {
            assertSnapshot(of: Self.render(F.entry(F.demo), F.context(family, .regular, language)), as: .lines, named: "\(language.rawValue)-\(family.rawValue)")
        }
    }

    @Test func privacyMasksNamesAndAmounts() {
        let text = Self.render(F.entry(F.demo), F.context(.systemMedium, privacy: true))
        #expect(!text.contains("Milk") && !text.contains("1 l"))
        #expect(text.contains("•••••") && text.contains("expired 2 days ago"))
    }

    @Test func asciiModeDrawsOnlyASCII() {
        for family in WidgetFamily.allCases {
            let context = F.context(family, ascii: true)
            let grid = PantryWidget.draw(F.entry(F.demo), in: context).foldedToASCII()
            #expect(PlainEncoder().encode(grid).unicodeScalars.allSatisfy { $0.isASCII }, "\(family)")
        }
        let medium = PlainEncoder().encode(PantryWidget.draw(F.entry(F.demo), in: F.context(.systemMedium, ascii: true)))
        #expect(medium.hasPrefix("+- Pantry --"))
    }

    @Test func urgencyColorsLandOnTheRightCells() {
        let grid = PantryWidget.draw(F.entry(F.demo), in: F.context(.accessoryRectangular))
        let rows = grid.rowTexts()
        let dueRow = try! #require(rows.firstIndex { $0.hasPrefix("expired 2 days ago") })
        #expect(grid[0, dueRow].style.foreground == .danger)
        let fresh = PantryWidget.draw(F.entry([F.product(1, "Bread", due: 3)]), in: F.context(.accessoryRectangular))
        let freshRow = try! #require(fresh.rowTexts().firstIndex { $0.hasPrefix("in 3 days") })
        #expect(fresh[0, freshRow].style.foreground == .warning)
    }

    @Test func hostileNamesStayInTheirCells() {
        let hostile = F.product(1, "Milk\u{1B}[2J\u{1B}]0;owned\u{07}\n#(touch /tmp/x)", due: -1)
        for family in WidgetFamily.allCases {
            let context = F.context(family)
            let grid = PantryWidget.draw(F.entry([hostile]), in: context)
            _ = PaneSnapshot.text(grid, context)
            for format in OutputFormat.allCases {
                let output = format.encoder(theme: .builtInDark, depth: .truecolor).encode(grid)
                #expect(!output.unicodeScalars.contains { $0.value == 0x1B && format != .ansi }, "\(family) \(format)")
                #expect(!output.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                    .unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) }, "\(family) \(format)")
            }
        }
    }
}
