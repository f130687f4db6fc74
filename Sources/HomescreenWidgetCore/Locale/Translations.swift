/// English text and its French, Italian and Vietnamese: the dashboard's own words (help,
/// forms, messages, marks) and each kind's, in the interface language of `--locale`. A text
/// keeps `%1`, `%2`… where values go; a text missing from a table stays English.
public typealias Translations = [String: [Language: String]]

extension Language {
    /// `english` in this language, with `%1`, `%2`… replaced by `values`.
    public func text(_ english: String, in table: Translations, _ values: String...) -> String {
        text(english, in: table, values: values)
    }

    public func text(_ english: String, in table: Translations, values: [String]) -> String {
        var result = self == .english ? english : table[english]?[self] ?? english
        for (index, value) in values.enumerated().reversed() { result = result.replacingOccurrences(of: "%\(index + 1)", with: value) }
        return result
    }
}

extension Translations {
    /// Builds a table from rows of (English, French, Italian, Vietnamese).
    public init(_ rows: [(String, String, String, String)]) {
        self.init(uniqueKeysWithValues: rows.map { ($0.0, [Language.french: $0.1, .italian: $0.2, .vietnamese: $0.3]) })
    }

    /// The dashboard's own words, and the form checks every kind shares.
    public static let dashboard = Translations([
        ("? help", "? aide", "? aiuto", "? trợ giúp"),
        ("Esc back", "Échap retour", "Esc indietro", "Esc quay lại"),
        ("privacy", "confidentiel", "privacy", "riêng tư"),
        ("simulated", "simulé", "simulato", "mô phỏng"),
        ("%1: no action. Press ? for the keys.", "%1 : aucune action. Appuyez sur ? pour les touches.", "%1: nessuna azione. Premi ? per i tasti.",
         "%1: không có thao tác. Nhấn ? để xem các phím."),
        ("Reloaded every widget.", "Tous les widgets sont rechargés.", "Tutti i widget ricaricati.", "Đã tải lại mọi widget."),
        ("Theme: %1", "Thème : %1", "Tema: %1", "Giao diện: %1"),
        ("Theme", "Thème", "Tema", "Giao diện"),
        ("e.g. %1", "ex. %1", "es. %1", "vd. %1"),
        ("The remembered theme '%1' is for %2 backgrounds and this terminal's is %3 (%4), so '%5' is used.",
         "Le thème mémorisé « %1 » est fait pour les fonds %2 et celui de ce terminal est %3 (%4) : « %5 » est utilisé.",
         "Il tema ricordato '%1' è per sfondi %2 e quello di questo terminale è %3 (%4): si usa '%5'.",
         "Giao diện đã nhớ '%1' dành cho nền %2, còn nền của terminal này là %3 (%4), nên dùng '%5'."),
        ("The remembered theme '%1' is for %2 backgrounds and this terminal does not say its own, so '%3' is used; background = \"%2\" in the config file says it is.",
         "Le thème mémorisé « %1 » est fait pour les fonds %2 et ce terminal ne dit pas le sien : « %3 » est utilisé ; background = \"%2\" dans le fichier de configuration le dit.",
         "Il tema ricordato '%1' è per sfondi %2 e questo terminale non dice il suo: si usa '%3'; background = \"%2\" nel file di configurazione lo dice.",
         "Giao diện đã nhớ '%1' dành cho nền %2, còn terminal này không cho biết nền của nó, nên dùng '%3'; background = \"%2\" trong tệp cấu hình cho biết điều đó."),
        ("Privacy on: names and amounts are masked.", "Mode confidentiel : noms et montants masqués.", "Privacy attiva: nomi e importi nascosti.",
         "Bật riêng tư: tên và số tiền được che."),
        ("Privacy off.", "Mode confidentiel désactivé.", "Privacy disattivata.", "Đã tắt riêng tư."),
        ("Cancelled; nothing was saved.", "Annulé ; rien n'a été enregistré.", "Annullato; non è stato salvato nulla.", "Đã hủy; không lưu gì."),
        ("Cancelled.", "Annulé.", "Annullato.", "Đã hủy."),
        ("%1: nothing to do in this pane.", "%1 : rien à faire dans ce panneau.", "%1: niente da fare in questo riquadro.", "%1: không có gì để làm ở ô này."),
        ("%1 now: %2", "%1 sert maintenant à : %2", "%1 ora: %2", "%1 giờ dùng để: %2"),
        ("Cancelled; nothing was changed.", "Annulé ; rien n'a été modifié.", "Annullato; non è stato modificato nulla.", "Đã hủy; không thay đổi gì."),
        ("Confirm", "Confirmer", "Conferma", "Xác nhận"),
        ("edit", "modifier", "modifica", "sửa"), ("remove", "supprimer", "elimina", "xóa"),
        ("y: yes · n or Esc: no", "y : oui · n ou Échap : non", "y: sì · n o Esc: no", "y: có · n hoặc Esc: không"),
        ("Store offline (%1): showing the last data, reconnecting by itself.", "Stockage hors ligne (%1) : dernières données affichées, reconnexion automatique.",
         "Archivio non raggiungibile (%1): ultimi dati mostrati, riconnessione automatica.", "Kho dữ liệu mất kết nối (%1): hiện dữ liệu cuối, tự kết nối lại."),
        ("Store offline: showing the last data, reconnecting by itself.", "Stockage hors ligne : dernières données affichées, reconnexion automatique.",
         "Archivio non raggiungibile: ultimi dati mostrati, riconnessione automatica.", "Kho dữ liệu mất kết nối: hiện dữ liệu cuối, tự kết nối lại."),
        ("Connected to the store again; every widget was reloaded.", "De nouveau connecté au stockage ; tous les widgets ont été rechargés.",
         "Di nuovo connesso all'archivio; ogni widget è stato ricaricato.", "Đã kết nối lại kho dữ liệu; mọi widget đã được tải lại."),
        ("The %1 widget could not read the store: %2", "Le widget %1 n'a pas pu lire le stockage : %2", "Il widget %1 non ha potuto leggere l'archivio: %2",
         "Widget %1 không đọc được kho dữ liệu: %2"),
        ("The store refused the change (%1); nothing was lost, try again.", "Le stockage a refusé la modification (%1) ; rien n'est perdu, réessayez.",
         "L'archivio ha rifiutato la modifica (%1); non si è perso nulla, riprova.", "Kho dữ liệu từ chối thay đổi (%1); không mất gì, hãy thử lại."),
        ("At most %1 characters.", "%1 caractères au plus.", "Al massimo %1 caratteri.", "Tối đa %1 ký tự."),
        ("Enter: save · Tab: next field · Esc: cancel", "Entrée : enregistrer · Tab : champ suivant · Échap : annuler",
         "Invio: salva · Tab: campo successivo · Esc: annulla", "Enter: lưu · Tab: ô tiếp theo · Esc: hủy"),
        ("Nothing to choose.", "Rien à choisir.", "Niente da scegliere.", "Không có gì để chọn."),
        ("Up/Down: move · Enter: choose · Esc: cancel", "Haut/Bas : déplacer · Entrée : choisir · Échap : annuler",
         "Su/Giù: sposta · Invio: scegli · Esc: annulla", "Lên/Xuống: di chuyển · Enter: chọn · Esc: hủy"),
        ("Keys", "Touches", "Tasti", "Phím"),
        ("Guest %1: your own copy of the demo data, gone when you leave; ends in %2",
         "Invité %1 : votre propre copie des données de démo, effacée à votre départ ; fin dans %2",
         "Ospite %1: la tua copia dei dati demo, cancellata quando esci; finisce tra %2",
         "Khách %1: bản sao dữ liệu demo của riêng bạn, bị xóa khi bạn rời đi; kết thúc sau %2"),
        ("Esc or ?: close", "Échap ou ? : fermer", "Esc o ?: chiudi", "Esc hoặc ?: đóng"),
        ("Up/Down: more", "Haut/Bas : la suite", "Su/Giù: altro", "Lên/Xuống: xem thêm"),
        ("more", "suite", "altro", "thêm"),
        ("terminal too small (needs %1)", "terminal trop petit (il faut %1)", "terminale troppo piccolo (serve %1)", "cửa sổ quá nhỏ (cần %1)"),
        ("loading…", "chargement…", "caricamento…", "đang tải…"),
        ("unavailable: %1", "indisponible : %1", "non disponibile: %1", "không dùng được: %1"),
        ("stale", "périmé", "non aggiornato", "cũ"),
        ("Reminder: %1", "Rappel : %1", "Promemoria: %1", "Nhắc: %1"),
        ("(+%1 more)", "(+%1 autres)", "(+%1 altri)", "(+%1 nữa)"),
        ("%1 reminders", "%1 rappels", "%1 promemoria", "%1 lời nhắc"),
        ("1 reminder", "1 rappel", "1 promemoria", "1 lời nhắc"),
        ("'%1' is not a date; use YYYY-MM-DD such as %2, or tomorrow, +3d, friday.",
         "« %1 » n'est pas une date ; écrivez AAAA-MM-JJ comme %2, ou demain, +3j, vendredi.",
         "'%1' non è una data; scrivi AAAA-MM-GG come %2, o domani, +3g, venerdì.",
         "'%1' không phải là ngày; hãy nhập YYYY-MM-DD như %2, hoặc ngày mai, +3d, thứ sáu."),
        ("'%1' is outside the days Homescreen works with; use a day from 1800-01-01 to 2199-12-31.",
         "« %1 » est hors des jours que Homescreen connaît ; choisissez un jour du 1800-01-01 au 2199-12-31.",
         "'%1' è fuori dai giorni che Homescreen conosce; scegli un giorno dal 1800-01-01 al 2199-12-31.",
         "'%1' nằm ngoài khoảng ngày Homescreen hỗ trợ; hãy chọn ngày từ 1800-01-01 đến 2199-12-31."),
        ("YYYY-MM-DD, tomorrow, +3d", "AAAA-MM-JJ, demain, +3d", "AAAA-MM-GG, domani, +3d", "YYYY-MM-DD, ngày mai, +3d"),
        // The key bar's words.
        ("save", "enregistrer", "salva", "lưu"), ("next field", "champ suivant", "campo successivo", "ô tiếp theo"),
        ("cancel", "annuler", "annulla", "hủy"), ("choose", "choisir", "scegli", "chọn"), ("move", "déplacer", "sposta", "di chuyển"),
        ("yes", "oui", "sì", "có"), ("no", "non", "no", "không"), ("close", "fermer", "chiudi", "đóng"), ("scroll", "défiler", "scorri", "cuộn"),
    ])

    /// The dashboard's actions, as the help overlay says them.
    public static let actions = Translations([
        ("focus the next pane", "panneau suivant", "riquadro successivo", "ô kế tiếp"),
        ("focus the previous pane", "panneau précédent", "riquadro precedente", "ô trước"),
        ("focus the pane to the left", "panneau à gauche", "riquadro a sinistra", "ô bên trái"),
        ("focus the pane to the right", "panneau à droite", "riquadro a destra", "ô bên phải"),
        ("focus the pane above", "panneau au-dessus", "riquadro sopra", "ô phía trên"),
        ("focus the pane below", "panneau en dessous", "riquadro sotto", "ô phía dưới"),
        ("next page", "page suivante", "pagina successiva", "trang sau"),
        ("add an item to the focused pane (a product, an expense, a card)", "ajouter au panneau choisi (un produit, une dépense, une carte)",
         "aggiungi al riquadro scelto (un prodotto, una spesa, un biglietto)", "thêm vào ô đang chọn (một món, một khoản chi, một danh thiếp)"),
        ("full screen: edit the selected row", "plein écran : modifier la ligne choisie", "schermo intero: modifica la riga scelta",
         "toàn màn hình: sửa dòng đang chọn"),
        ("full screen: remove the selected row (asks first)", "plein écran : supprimer la ligne choisie (demande d'abord)",
         "schermo intero: elimina la riga scelta (chiede prima)", "toàn màn hình: xóa dòng đang chọn (hỏi trước)"),
        ("run the focused script widget now (its on-key command first)", "lancer le widget script choisi (sa commande on-key d'abord)",
         "esegui ora il widget script scelto (prima il suo comando on-key)", "chạy ngay widget script đang chọn (lệnh on-key trước)"),
        ("full screen: the first row", "plein écran : la première ligne", "schermo intero: la prima riga", "toàn màn hình: dòng đầu"),
        ("full screen: the last row", "plein écran : la dernière ligne", "schermo intero: l'ultima riga", "toàn màn hình: dòng cuối"),
        ("previous page", "page précédente", "pagina precedente", "trang trước"),
        ("open the focused pane full screen", "ouvrir le panneau en plein écran", "apri il riquadro a schermo intero", "mở ô đang chọn toàn màn hình"),
        ("back (close a view, a form, this help)", "retour (fermer une vue, un formulaire, cette aide)", "indietro (chiude una vista, un modulo, questo aiuto)",
         "quay lại (đóng màn hình, biểu mẫu, trợ giúp này)"),
        ("reload every widget", "recharger tous les widgets", "ricarica tutti i widget", "tải lại mọi widget"),
        ("next theme", "thème suivant", "tema successivo", "giao diện kế tiếp"),
        ("choose a theme from a list", "choisir un thème dans une liste", "scegli un tema da un elenco", "chọn giao diện từ danh sách"),
        ("privacy: mask names and amounts", "confidentialité : masquer noms et montants", "privacy: nascondi nomi e importi", "riêng tư: che tên và số tiền"),
        ("this help", "cette aide", "questo aiuto", "trợ giúp này"),
        ("quit", "quitter", "esci", "thoát"),
    ])
}

extension Action {
    /// The help overlay's line for this action in a language.
    public func summary(in language: Language) -> String { translations[language] ?? language.text(summary, in: .actions) }
}

extension KeyTable {
    /// The help overlay's lines in a language.
    public func helpLines(in language: Language) -> [(keys: String, summary: String)] {
        bindings.compactMap { binding in
            let note = moved[binding.action].map { moved in
                " (" + language.text("%1 now: %2", in: .dashboard, moved.keys.map(\.name).joined(separator: " "), moved.to.summary(in: language)) + ")"
            } ?? ""
            return binding.keys.isEmpty && note.isEmpty ? nil
                : (binding.keys.isEmpty ? "—" : binding.keys.map(\.name).joined(separator: " "), binding.action.summary(in: language) + note)
        }
    }
}
