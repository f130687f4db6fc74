import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// The dashboard in the user's language.
struct LanguageTests {
    let folder = TemporaryFolder()

    @Test func theDashboardSpeaksFrench() throws {
        let runtime = DemoDashboard.runtime(try DemoDashboard.store(in: folder), size: CellSize(columns: 120, rows: 40), language: .french)
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

    /// The store's refusals reach the status line in the user's language: here the selected
    /// product ran out in another process before `c` reached the store.
    @Test(arguments: [(Language.french, "Le produit 1 (Milk) n'a plus de stock à consommer.", "Rien à annuler : u remet"),
                      (.vietnamese, "Sản phẩm 1 (Milk) đã hết hàng để dùng.", "Không có gì để hoàn tác: u trả lại")])
    func refusalsAreTranslated(language: Language, consume: String, undo: String) throws {
        let store = try DemoDashboard.store(in: folder)
        let runtime = DemoDashboard.runtime(store, size: CellSize(columns: 120, rows: 40), language: language)
        func text() -> String { runtime.frame().rowTexts().joined(separator: "\n") }
        runtime.send(.key(.enter))
        _ = try PantryRepository(store).consume(productID: 1, amount: .one, at: DemoDashboard.start)   // Milk: 1 l, now none
        runtime.send(.key(.character("c")))
        #expect(text().contains(consume), "\(text())")
        runtime.send(.key(.escape))
        runtime.send(.key(.character("u")))
        #expect(text().contains(undo), "\(text())")
    }

    /// On an empty pantry `c` names the key that fills it, not a shell command.
    @Test func anEmptyPantrySaysTheKeyThatFillsIt() throws {
        let runtime = DemoDashboard.runtime(try DemoDashboard.store(in: folder, empty: true), size: CellSize(columns: 120, rows: 40))
        runtime.send(.key(.character("c")))
        let text = runtime.frame().rowTexts().joined(separator: "\n")
        #expect(text.contains("Nothing to consume yet: n on the pantry adds a product.") && !text.contains("homescreen pantry add"), "\(text)")
        #expect(text.contains("b: set this month's") && text.contains("n: add a card") && text.contains("n: add a product"), "the empty panes name their keys: \(text)")
    }
}
