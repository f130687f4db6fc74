import Foundation
import HomescreenHosting
import HomescreenTestSupport
import HomescreenWidgets
import Testing
@testable import homescreen

/// The root help and `demo`'s summary name the catalog's kinds, each with its summary: a kind
/// added to the catalog is in them without a line of the command line changing.
struct CatalogHelpTests {
    /// The help with its wrapping undone (the parser wraps at 80 columns).
    static func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    @Test func theRootHelpListsEveryKindOfTheCatalogWithItsSummary() throws {
        let help = try Homescreen.run(["--help"], store: nil)
        #expect(help.status == 0)
        let text = Self.words(help.stdout)
        let kinds = Display.list(WidgetCatalog.standard.kinds.map(\.rawValue))
        #expect(text.contains("Home-screen widgets in the terminal: \(kinds)."))
        for feature in WidgetCatalog.standard.features {
            #expect(text.contains("\(feature.kind.rawValue) \(Self.words(feature.summary))"), "\(feature.kind)")
        }
        let demo = try Homescreen.run(["demo", "--help"], store: nil)
        #expect(Self.words(demo.stdout).contains("Fill an empty store with realistic demo data for \(kinds)."))
    }

    /// A kind's own commands (`pantry`, `expense`…) are declared in its folder and listed by the
    /// root command from the catalog.
    @Test func theRootCommandListsTheKindsOwnCommands() throws {
        let names = Set(HomescreenCommand.configuration.subcommands.map { $0.configuration.commandName })
        let kinds = WidgetCatalog.standard.commands.compactMap { $0.configuration.commandName }
        #expect(Set(kinds).isSuperset(of: ["pantry", "budget", "expense", "card", "event"]) && names.isSuperset(of: kinds))
        let help = Self.words(try Homescreen.run(["--help"], store: nil).stdout)
        for name in kinds { #expect(help.contains("\(name) "), "\(name)") }
    }

    @Test func theTextsAreMadeFromTheCatalogTheyAreGiven() {
        let catalog = WidgetCatalog().register(CardFeature(), home: .at(0, .systemSmall)).register(PantryFeature(), home: .at(1, .systemMedium))
        #expect(HomescreenCommand.abstract(catalog) == "Home-screen widgets in the terminal: card and pantry.")
        #expect(DemoCommand.abstract(catalog) == "Fill an empty store with realistic demo data for card and pantry.")
        // The list of kinds is exactly the catalog's (the examples below it stay as written).
        let discussion = HomescreenCommand.discussion(catalog)
        #expect(discussion.contains("Widget kinds (the KIND of render, status and timeline):\n  card    \(CardFeature().summary)\n  pantry  \(PantryFeature().summary)\n\n"))
    }

    /// `config show` writes every kind's own key, as the kind writes its value.
    @Test func configShowListsEveryKindsSettings() throws {
        let folder = TemporaryFolder()
        let shown = try Homescreen.run(["config", "show"], store: nil, environment: ["XDG_CONFIG_HOME": folder.path("config")]).stdout
        for setting in WidgetCatalog.standard.settings { #expect(shown.contains("\n\(setting.name) = "), "\(setting.name)") }
        #expect(shown.contains(#"card-url = "https://sharemycard.app/card.php?id={serverCardId}&src=qr-app""#), "\(shown)")
    }

    @Test func everySummaryFitsALineOfTheManPage() {
        for feature in WidgetCatalog.standard.features {
            #expect(!feature.summary.isEmpty && feature.summary.count <= 60 && feature.summary.allSatisfy(\.isASCII), "\(feature.kind): \(feature.summary)")
        }
    }

    @Test func listsReadAsEnglish() {
        #expect(Display.list([]) == "" && Display.list(["card"]) == "card" && Display.list(["card", "year"]) == "card and year")
        #expect(Display.list(["pantry", "budget", "year"]) == "pantry, budget and year")
    }
}
