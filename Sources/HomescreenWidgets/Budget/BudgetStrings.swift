import HomescreenHosting
import HomescreenWidgetCore

/// The budget and year widgets' words in each interface language. Seed 001's Italian and seed
/// 002's French strings are used as the seeds wrote them.
struct BudgetStrings: Sendable {
    let title: String
    let yearTitle: String
    let available: String
    let availableShort: String
    let spent: String
    let limit: String
    let left: String
    let overBy: @Sendable (String) -> String
    let expenses: @Sendable (Int) -> String
    let addHint: String
    let perDay: @Sendable (String, Int) -> String
    let recent: String
    let noExpenses: String
    let notConfigured: String
    let notConfiguredHint: String
    let loadError: String
    let stale: String
    let updatedNow: String
    let updatedMinutes: @Sendable (Int) -> String
    let updatedHours: @Sendable (Int) -> String
    /// "Agg. 17/01 14:30": the date of stale data (day/month and time already formatted).
    let updatedOn: @Sendable (String) -> String
    let noBudget: String
    let monthHint: String
    /// The journal's full screen: its account table, and the list of what Homescreen wrote.
    var accounts = "Accounts"
    var written = "Added by Homescreen"
    let monthNames: [String]
    let shortMonthNames: [String]
    /// "56 %" with the language's spacing.
    let percent: @Sendable (Int64) -> String

    static func of(_ language: Language) -> BudgetStrings {
        switch language {
        case .english: return english
        case .french: return french.with(accounts: "Comptes", written: "Ajoutées par Homescreen")
        case .italian: return italian.with(accounts: "Conti", written: "Aggiunte da Homescreen")
        case .vietnamese: return vietnamese.with(accounts: "Tài khoản", written: "Do Homescreen thêm")
        }
    }

    private func with(accounts: String, written: String) -> BudgetStrings {
        var strings = self
        strings.accounts = accounts
        strings.written = written
        return strings
    }

    func monthName(_ month: YearMonth) -> String { monthNames[month.month - 1] + " \(month.year)" }
    func shortMonthName(_ month: Int) -> String { shortMonthNames[month - 1] }

    static let english = BudgetStrings(
        title: "Budget", yearTitle: "Year overview", available: "Available to spend", availableShort: "Available",
        spent: "Spent", limit: "Limit", left: "left", overBy: { "Over budget by \($0)" },
        expenses: { Language.english.plural($0, one: "\($0) expense", other: "\($0) expenses") }, addHint: "add an expense",
        perDay: { "\($0) a day for \(Language.english.plural($1, one: "1 day", other: "\($1) days"))" }, recent: "Recent expenses", noExpenses: "No expenses yet",
        notConfigured: "No budget set", notConfiguredHint: "homescreen budget set YYYY-MM --limit 800",
        loadError: "Could not load the data", stale: "Data not up to date",
        updatedNow: "Updated now", updatedMinutes: { "Updated \($0) min ago" },
        updatedHours: { $0 == 1 ? "Updated 1 hour ago" : "Updated \($0) hours ago" }, updatedOn: { "Updated \($0)" },
        noBudget: "—", monthHint: "←/→ month · Esc back",
        monthNames: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
        shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        percent: { "\($0)%" })

    static let french = BudgetStrings(
        title: "Budget du mois", yearTitle: "Vue annuelle", available: "Disponible à dépenser", availableShort: "Disponible",
        spent: "Dépensé", limit: "Budget", left: "restant", overBy: { "Dépassement de \($0)" },
        expenses: { Language.french.plural($0, one: "\($0) dépense", other: "\($0) dépenses") }, addHint: "Ajouter une dépense",
        perDay: { "\($0) par jour pendant \($1 <= 1 ? "1 jour" : "\($1) jours")" }, recent: "Dépenses récentes", noExpenses: "Aucune dépense",
        notConfigured: "Budget non configuré", notConfiguredHint: "homescreen budget set AAAA-MM --limit 800",
        loadError: "Erreur de chargement", stale: "Données pas à jour",
        updatedNow: "Mis à jour à l’instant", updatedMinutes: { "Mis à jour il y a \($0) min" },
        updatedHours: { "Mis à jour il y a \($0) h" }, updatedOn: { "Mis à jour le \($0)" },
        noBudget: "—", monthHint: "←/→ mois · Échap retour",
        monthNames: ["Janvier", "Février", "Mars", "Avril", "Mai", "Juin", "Juillet", "Août", "Septembre", "Octobre", "Novembre", "Décembre"],
        shortMonthNames: ["Jan", "Fév", "Mar", "Avr", "Mai", "Juin", "Juil", "Août", "Sep", "Oct", "Nov", "Déc"],
        percent: { "\($0)\u{202F}%" })

    static let italian = BudgetStrings(
        title: "Budget", yearTitle: "Anno", available: "Disponibile da spendere", availableShort: "Disponibile",
        spent: "Speso", limit: "Limite", left: "rimasti", overBy: { "Budget superato di \($0)" },
        expenses: { Language.italian.plural($0, one: "\($0) spesa", other: "\($0) spese") }, addHint: "aggiungi una spesa",
        perDay: { "\($0) al giorno per \($1 == 1 ? "1 giorno" : "\($1) giorni")" }, recent: "Spese recenti", noExpenses: "Nessuna spesa",
        notConfigured: "Budget non configurato", notConfiguredHint: "homescreen budget set AAAA-MM --limit 800",
        loadError: "Errore di caricamento", stale: "Dati non aggiornati",
        updatedNow: "Aggiornato ora", updatedMinutes: { "Aggiornato \($0) min fa" },
        updatedHours: { $0 == 1 ? "Aggiornato 1 ora fa" : "Aggiornato \($0) ore fa" }, updatedOn: { "Agg. \($0)" },
        noBudget: "—", monthHint: "←/→ mese · Esc indietro",
        monthNames: ["Gennaio", "Febbraio", "Marzo", "Aprile", "Maggio", "Giugno", "Luglio", "Agosto", "Settembre", "Ottobre", "Novembre", "Dicembre"],
        shortMonthNames: ["Gen", "Feb", "Mar", "Apr", "Mag", "Giu", "Lug", "Ago", "Set", "Ott", "Nov", "Dic"],
        percent: { "\($0)%" })

    static let vietnamese = BudgetStrings(
        title: "Ngân sách", yearTitle: "Cả năm", available: "Có thể chi tiêu", availableShort: "Còn lại",
        spent: "Đã chi", limit: "Hạn mức", left: "còn lại", overBy: { "Vượt ngân sách \($0)" },
        expenses: { "\($0) khoản chi" }, addHint: "thêm khoản chi",
        perDay: { "\($0) mỗi ngày trong \($1) ngày" }, recent: "Khoản chi gần đây", noExpenses: "Chưa có khoản chi",
        notConfigured: "Chưa đặt ngân sách", notConfiguredHint: "homescreen budget set YYYY-MM --limit 800",
        loadError: "Lỗi tải dữ liệu", stale: "Dữ liệu chưa cập nhật",
        updatedNow: "Vừa cập nhật", updatedMinutes: { "Cập nhật \($0) phút trước" },
        updatedHours: { "Cập nhật \($0) giờ trước" }, updatedOn: { "Cập nhật \($0)" },
        noBudget: "—", monthHint: "←/→ tháng · Esc quay lại",
        monthNames: (1...12).map { "Tháng \($0)" },
        shortMonthNames: (1...12).map { "Th\($0)" },
        percent: { "\($0)%" })
}
