import HomescreenHosting
import HomescreenWidgetCore

/// The card widget's words in each interface language.
struct CardStrings: Sendable {
    let title: String
    /// The title where a small ring has seven columns for it.
    let shortTitle: String
    let noCards: String
    let noCardsHint: String
    let unavailable: String
    let unavailableHint: String
    let showCode: String
    let scanURL: String
    let scanVCard: String
    let hidden: String
    let tooLong: String
    /// "This code needs W×H cells; enlarge the window."
    let needs: @Sendable (Int, Int) -> String

    static func of(_ language: Language) -> CardStrings {
        switch language {
        case .english: return english
        case .french: return french
        case .italian: return italian
        case .vietnamese: return vietnamese
        }
    }

    static let english = CardStrings(
        title: "Card", shortTitle: "Card", noCards: "No cards", noCardsHint: "Add one: homescreen card add",
        unavailable: "Card unavailable", unavailableHint: "It was removed; press s to choose another.",
        showCode: "Enter: show QR", scanURL: "Scan to open my card", scanVCard: "Scan to save my contact",
        hidden: "QR hidden (privacy)", tooLong: "Too long for a QR code",
        needs: { "This code needs \($0)×\($1) cells; enlarge the window." })

    static let french = CardStrings(
        title: "Carte", shortTitle: "Carte", noCards: "Aucune carte", noCardsHint: "Ajoutez-en une : homescreen card add",
        unavailable: "Carte indisponible", unavailableHint: "Elle a été supprimée ; s pour en choisir une autre.",
        showCode: "Entrée : afficher le QR", scanURL: "Scannez pour ouvrir ma carte", scanVCard: "Scannez pour enregistrer mon contact",
        hidden: "QR masqué (confidentialité)", tooLong: "Trop long pour un code QR",
        needs: { "Ce code demande \($0)×\($1) cellules ; agrandissez la fenêtre." })

    static let italian = CardStrings(
        title: "Biglietto", shortTitle: "Bigl.", noCards: "Nessun biglietto", noCardsHint: "Aggiungine uno: homescreen card add",
        unavailable: "Biglietto non disponibile", unavailableHint: "È stato rimosso; premi s per sceglierne un altro.",
        showCode: "Invio: mostra il QR", scanURL: "Inquadra per aprire il mio biglietto", scanVCard: "Inquadra per salvare il mio contatto",
        hidden: "QR nascosto (privacy)", tooLong: "Troppo lungo per un codice QR",
        needs: { "Questo codice richiede \($0)×\($1) celle; allarga la finestra." })

    static let vietnamese = CardStrings(
        title: "Danh thiếp", shortTitle: "Thẻ", noCards: "Chưa có danh thiếp", noCardsHint: "Thêm: homescreen card add",
        unavailable: "Danh thiếp không còn", unavailableHint: "Đã bị xóa; nhấn s để chọn danh thiếp khác.",
        showCode: "Enter: hiện mã QR", scanURL: "Quét để mở danh thiếp", scanVCard: "Quét để lưu liên hệ",
        hidden: "Ẩn mã QR (riêng tư)", tooLong: "Quá dài cho mã QR",
        needs: { "Mã này cần \($0)×\($1) ô; hãy mở rộng cửa sổ." })
}
