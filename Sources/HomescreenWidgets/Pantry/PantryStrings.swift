import HomescreenHosting
import HomescreenWidgetCore

/// The pantry's words in each interface language.
struct PantryStrings: Sendable {
    let title: String
    let nothingInStock: String
    let allFresh: String
    let expiresToday: String
    let expiresTomorrow: String
    let expiredYesterday: String
    let expiredDaysAgo: @Sendable (Int) -> String
    let inDays: @Sendable (Int) -> String
    /// A reminder's "expires in 3 days".
    let expiresInDays: @Sendable (Int) -> String
    /// Short due text for narrow panes: "today", and the unit for "-2d" / "+3d".
    let todayShort: String
    let dayLetter: String
    let expiredCount: @Sendable (Int) -> String
    let dueSoonCount: @Sendable (Int) -> String
    let inStockCount: @Sendable (Int) -> String
    let urgent: String
    let consumeHint: String
    let more: @Sendable (Int) -> String
    let next: String
    /// "1 l left", in the language's word order.
    let left: @Sendable (String) -> String
    let columns: (product: String, amount: String, due: String)
    let detailHint: String
    let scrollHint: String
    /// Status-line confirmations: (amount with unit, name).
    let consumed: @Sendable (String, String) -> String
    let putBack: @Sendable (String, String) -> String
    /// A product's state in a listing: expired, due soon, fresh, and out of stock.
    let states: (expired: String, dueSoon: String, fresh: String, outOfStock: String)

    static func of(_ language: Language) -> PantryStrings {
        switch language {
        case .english: return english
        case .french: return french
        case .italian: return italian
        case .vietnamese: return vietnamese
        }
    }

    static let english = PantryStrings(
        title: "Pantry", nothingInStock: "Nothing in stock", allFresh: "All fresh",
        expiresToday: "expires today", expiresTomorrow: "expires tomorrow", expiredYesterday: "expired yesterday",
        expiredDaysAgo: { "expired \($0) days ago" }, inDays: { "in \($0) days" }, expiresInDays: { "expires in \($0) days" },
        todayShort: "today", dayLetter: "d",
        expiredCount: { "\($0) expired" }, dueSoonCount: { "\($0) due soon" }, inStockCount: { "\($0) in stock" },
        urgent: "urgent", consumeHint: "consume 1", more: { "+\($0) more" }, next: "next", left: { "\($0) left" },
        columns: ("Product", "Amount", "Due"), detailHint: "Enter: all products",
        scrollHint: "Up/Down PgUp/PgDn: scroll · Esc: back",
        consumed: { "Consumed \($0) of \($1) · u: undo" }, putBack: { "Put back \($0) of \($1)" },
        states: ("expired", "due soon", "fresh", "out of stock"))

    static let french = PantryStrings(
        title: "Garde-manger", nothingInStock: "Rien en stock", allFresh: "Tout est frais",
        expiresToday: "expire aujourd’hui", expiresTomorrow: "expire demain", expiredYesterday: "périmé hier",
        expiredDaysAgo: { "périmé depuis \($0) jours" }, inDays: { "dans \($0) jours" }, expiresInDays: { "expire dans \($0) jours" },
        todayShort: "auj.", dayLetter: "j",
        expiredCount: { $0 > 1 ? "\($0) périmés" : "\($0) périmé" },
        dueSoonCount: { $0 > 1 ? "\($0) bientôt périmés" : "\($0) bientôt périmé" },
        inStockCount: { "\($0) en stock" },
        urgent: "urgent", consumeHint: "consommer 1", more: { "+\($0) autres" }, next: "prochain", left: { "reste \($0)" },
        columns: ("Produit", "Quantité", "Échéance"), detailHint: "Entrée : tous les produits",
        scrollHint: "Haut/Bas PgUp/PgDn : défiler · Échap : retour",
        consumed: { "Consommé \($0) de \($1) · u : annuler" }, putBack: { "Remis \($0) de \($1)" },
        states: ("périmé", "bientôt périmé", "frais", "épuisé"))

    static let italian = PantryStrings(
        title: "Dispensa", nothingInStock: "Niente in dispensa", allFresh: "Tutto fresco",
        expiresToday: "scade oggi", expiresTomorrow: "scade domani", expiredYesterday: "scaduto ieri",
        expiredDaysAgo: { "scaduto da \($0) giorni" }, inDays: { "tra \($0) giorni" }, expiresInDays: { "scade tra \($0) giorni" },
        todayShort: "oggi", dayLetter: "g",
        expiredCount: { $0 == 1 ? "1 scaduto" : "\($0) scaduti" }, dueSoonCount: { "\($0) in scadenza" },
        inStockCount: { $0 == 1 ? "1 prodotto" : "\($0) prodotti" },
        urgent: "urgenti", consumeHint: "consuma 1", more: { "+\($0) altri" }, next: "prossimo", left: { "restano \($0)" },
        columns: ("Prodotto", "Quantità", "Scadenza"), detailHint: "Invio: tutti i prodotti",
        scrollHint: "Su/Giù PgUp/PgDn: scorri · Esc: indietro",
        consumed: { "Consumato \($0) di \($1) · u: annulla" }, putBack: { "Rimesso \($0) di \($1)" },
        states: ("scaduto", "in scadenza", "fresco", "esaurito"))

    static let vietnamese = PantryStrings(
        title: "Tủ thực phẩm", nothingInStock: "Không còn gì trong kho", allFresh: "Tất cả còn tươi",
        expiresToday: "hết hạn hôm nay", expiresTomorrow: "hết hạn ngày mai", expiredYesterday: "hết hạn hôm qua",
        expiredDaysAgo: { "hết hạn \($0) ngày trước" }, inDays: { "còn \($0) ngày" }, expiresInDays: { "hết hạn sau \($0) ngày" },
        todayShort: "h.nay", dayLetter: "ng",
        expiredCount: { "\($0) hết hạn" }, dueSoonCount: { "\($0) sắp hết hạn" }, inStockCount: { "\($0) mặt hàng" },
        urgent: "cần dùng", consumeHint: "dùng 1", more: { "+\($0) mục khác" }, next: "tiếp", left: { "còn \($0)" },
        columns: ("Sản phẩm", "Số lượng", "Hạn dùng"), detailHint: "Enter: mọi sản phẩm",
        scrollHint: "Lên/Xuống PgUp/PgDn: cuộn · Esc: quay lại",
        consumed: { "Đã dùng \($0) \($1) · u: hoàn tác" }, putBack: { "Đã trả lại \($0) \($1)" },
        states: ("hết hạn", "sắp hết hạn", "còn tươi", "hết hàng"))

    /// "expired 2 days ago", "expires today", "expires tomorrow", "in 3 days".
    func due(_ days: Int) -> String {
        switch days {
        case ..<(-1): return expiredDaysAgo(-days)
        case -1: return expiredYesterday
        case 0: return expiresToday
        case 1: return expiresTomorrow
        default: return inDays(days)
        }
    }

    /// "-2d", "today", "+3d" for narrow panes.
    func shortDue(_ days: Int) -> String {
        days == 0 ? todayShort : (days < 0 ? "-" : "+") + "\(abs(days))" + dayLetter
    }
}

extension Urgency {
    /// The state in words for a person reading a listing (`pantry list` on a terminal):
    /// "due soon", "bientôt périmé"; nil, out of stock.
    public static func words(_ urgency: Urgency?, in language: Language) -> String {
        let states = PantryStrings.of(language).states
        switch urgency {
        case .expired: return states.expired
        case .dueSoon: return states.dueSoon
        case .fresh: return states.fresh
        case nil: return states.outOfStock
        }
    }
}
