import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// The dashboard in the user's language.
struct LanguageTests {
    let folder = TemporaryFolder()
    let zone = TimeZone(identifier: "Europe/Zurich")!
    let start = Date(timeIntervalSince1970: 1_795_000_000)

    func demoStore() throws -> Store {
        let store = try Store.open(at: folder.path("store.sqlite"))
        try store.batch { for feature in WidgetCatalog.standard.features { try feature.fillDemo(store, today: LocalDate(start, in: zone), at: start) } }
        return store
    }

    @Test func theDashboardSpeaksFrench() throws {
        let store = try demoStore()
        let settings = DashboardSettings(config: .standard, language: .french, timeZone: zone)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 120, rows: 40)), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        func text() -> String { runtime.frame().rowTexts().joined(separator: "\n") }
        #expect(text().contains("? aide"))
        runtime.send(.key(.character("?")))
        #expect(text().contains("Touches") && text().contains("consommer une unité") && text().contains("Échap ou ? : fermer"), "\(text())")
        runtime.send(.key(.escape))
        runtime.send(.key(.character("a")))
        #expect(text().contains("Ajouter une dépense") && text().contains("Montant (CHF)") && text().contains("Entrée : enregistrer"), "\(text())")
        for character in "1,234" { runtime.send(.key(.character(character))) }
        runtime.send(.key(.enter))
        #expect(text().contains("n'est pas un montant accepté"), "\(text())")
        runtime.send(.key(.escape))
        #expect(text().contains("Annulé ; rien n'a été enregistré."))
    }
}
