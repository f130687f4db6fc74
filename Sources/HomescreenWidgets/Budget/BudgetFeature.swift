import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

extension WidgetKind { public static let budget = WidgetKind("budget") }
extension Action {
    public static let addExpense = Action("add-expense", summary: "add an expense", translations: [
        .french: "ajouter une dépense", .italian: "aggiungi una spesa", .vietnamese: "thêm một khoản chi"], label: ("expense", "dépense", "spesa", "khoản chi"))
    public static let setBudget = Action("set-budget", summary: "set this month's budget (the year's full screen: the selected month's)", translations: [
        .french: "fixer le budget du mois (plein écran de l'année : du mois choisi)",
        .italian: "imposta il budget del mese (schermo intero dell'anno: del mese scelto)",
        .vietnamese: "đặt ngân sách tháng này (toàn màn hình năm: của tháng đang chọn)"], label: ("budget", "budget", "budget", "ngân sách"))
}

/// The budget as a dashboard kind: `a` (or `+`) adds an expense through a form, in the
/// currency the budget pane shows.
public struct BudgetFeature: WidgetFeature {
    public struct State: Sendable, Equatable {
        /// The form in flight (add an expense, set a budget, edit an expense) until the store
        /// saves it: a failed save reopens it with everything typed and the reason.
        var form = SubmittedForm()
        /// The month of the budget form in flight, and the expense (and its currency) of the edit
        /// form in flight: what their reopened forms submit for.
        var budgetMonth: YearMonth?
        var editing: EditedExpense?
    }

    struct EditedExpense: Sendable, Equatable { let id: Int64, currency: Currency }

    /// What comes back to the budget: its forms, its question, its jobs' results.
    public enum Message: Sendable {
        case addSubmitted(Form)
        case added(Result<Expense, JobFailure>)
        case budgetSubmitted(YearMonth, Form)
        case budgetSet(Result<MonthlyBudget, JobFailure>)
        case editSubmitted(id: Int64, Currency, Form)
        case edited(Result<Expense, JobFailure>)
        case remove(id: Int64)
        case removed(Result<Expense, JobFailure>)
        /// The add-expense form of the hledger source, and what the journal said.
        case journalSubmitted(BudgetSource, Form)
        case journalAdded(Result<JournalAddition, JobFailure>)
        /// Editing and removing a transaction Homescreen wrote to the journal.
        case journalEditSubmitted(BudgetSource, HledgerJournal.Written, Form)
        case journalEdited(Result<JournalAddition, JobFailure>)
        case journalRemove(BudgetSource, HledgerJournal.Written)
        case journalRemoved(Result<HledgerJournal.Written, JobFailure>)
    }

    public init() {}

    public var kind: WidgetKind { .budget }
    public var title: String { BudgetStrings.of(.english).title }
    public var summary: String { "this month's spending against its limit, and what is left" }
    public var families: [WidgetFamily] { WidgetFamily.allCases }
    public var routedActions: Set<Action> { [.addItem, .edit, .remove] }
    public var tables: Set<StoreTable> { [.budget, .expense, .publishedSnapshot, .hledgerRun, .hledgerJournal] }
    public var bindings: [KeyTable.Binding] {
        [KeyTable.Binding(action: .addExpense, keys: [.character("a"), .character("+")]), KeyTable.Binding(action: .setBudget, keys: [.character("b")])]
    }

    public var settings: [SettingSpec] { [BudgetSource.key.spec] }

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> BudgetWidget { BudgetWidget(store: store, source: settings[BudgetSource.key]) }
    public func initialState() -> State { State() }
    public func detail(_ entry: BudgetEntry, scroll: Int) -> DetailNavigation {
        let keys = entry.recent.map { String($0.id) }
        // A journal's full screen moves by months (←/→), as the year's does.
        guard entry.source == .hledger else { return .list(keys: keys) }
        return DetailNavigation(scroll: 0...max(0, keys.count - 1), movesByMonth: true, rowKeys: keys)
    }

    public func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, NoMemory>] {
        let currency = Self.currency(environment)
        if let journal = Self.journal(environment), let effects = Self.journalUpdate(&state, event, environment, journal: journal) { return effects }
        switch event {
        case .action(.addExpense), .action(.addItem):
            let language = environment.language
            func text(_ english: String, _ values: String...) -> String { language.text(english, in: Self.words, values: values) }
            // The title says the currency and why: amounts never change currency, and a month keeps one.
            return [.form(Form(title: text("Add an expense") + " " + text("in %1, the month's currency", currency.code), fields: [
                Form.Field(text("Amount (%1)", currency.code), placeholder: currency.fractionDigits == 0 ? "50000" : "12.50",
                           hint: currency.fractionDigits == 0 ? "" : text("12.50 or 12,50"), maxLength: 16),
                Form.Field(text("Note"), placeholder: text("Lunch (optional)"), maxLength: 80),
                Form.Field(text("Date"), text: LocalDate(environment.now, in: environment.timeZone).iso,
                           hint: language.text("YYYY-MM-DD, tomorrow, +3d", in: .dashboard), maxLength: 20),
            ]), submitted: Message.addSubmitted)]
        case .action(.setBudget):
            let month = Self.month(environment)
            let language = environment.language
            func text(_ english: String, _ values: String...) -> String { language.text(english, in: Self.words, values: values) }
            // The month's own budget when it has one (its limit and currency), else the pane's currency.
            let budget = environment.entries(YearEntry.self).first?.months.first { $0.month == month }?.budget
            let shown = budget?.currency ?? currency
            return [.form(Form(title: text("Budget for %1", month.iso), fields: [
                Form.Field(text("Limit"), text: budget.map { $0.limit.plain(shown) } ?? "", placeholder: shown.fractionDigits == 0 ? "5000000" : "800",
                           hint: shown.fractionDigits == 0 ? "" : text("12.50 or 12,50"), maxLength: 16),
                Form.Field(text("Currency"), text: shown.code, placeholder: "EUR", hint: "EUR, CHF, USD, VND…", maxLength: 3),
            ]), submitted: { .budgetSubmitted(month, $0) })]
        case .message(.budgetSubmitted(let month, let form)):
            let language = environment.language
            var check = FormCheck(form, language: language)
            let chosen = Currency(code: check[1].uppercased())
            if chosen == nil { check.fail(1, language.text("'%1' is not a currency Homescreen knows; use %2.", in: Self.words, check[1], Currency.accepted)) }
            let limit = Self.amount(&check, field: 0, currency: chosen ?? currency, language: language)
            if let rejected = check.rejected(form) { return [.form(rejected, submitted: { .budgetSubmitted(month, $0) })] }
            guard let chosen, let limit else { return [] }
            state.form.submitted(form)
            state.budgetMonth = month
            return [.write(FeatureJob(.budget, "set-budget \(month.iso) \(limit.cents) \(chosen.code)", { store, _, now in
                let budget = MonthlyBudget(month: month, limit: limit, currency: chosen)
                try BudgetRepository(store).setBudget(budget, at: now)
                return budget
            }, then: Message.budgetSet))]
        case .message(.budgetSet(.success(let budget))):
            state.form.saved()
            return [.message(.success(environment.language.text("The budget for %1 is %2.", in: Self.words, budget.month.iso,
                                                                 Self.money(budget.limit, budget.currency, environment))))]
        case .action(.edit):
            guard let expense = Self.selected(environment) else {
                return [.message(.info(environment.language.text("Open the budget full screen (Enter) and choose an expense to edit.", in: Self.words)))]
            }
            let language = environment.language
            func text(_ english: String, _ values: String...) -> String { language.text(english, in: Self.words, values: values) }
            return [.form(Form(title: text("Edit the expense of %1", expense.day.iso), fields: [
                Form.Field(text("Amount (%1)", expense.currency.code), text: expense.amount.plain(expense.currency),
                           hint: expense.currency.fractionDigits == 0 ? "" : text("12.50 or 12,50"), maxLength: 16),
                Form.Field(text("Note"), text: expense.note, placeholder: text("Lunch (optional)"), maxLength: 80),
                Form.Field(text("Date"), text: expense.day.iso, hint: language.text("YYYY-MM-DD, tomorrow, +3d", in: .dashboard), maxLength: 20),
            ]), submitted: { [id = expense.id, currency = expense.currency] in .editSubmitted(id: id, currency, $0) })]
        case .message(.editSubmitted(let id, let expenseCurrency, let form)):
            var check = FormCheck(form, language: environment.language)
            let amount = Self.amount(&check, field: 0, currency: expenseCurrency, language: environment.language)
            let day = check.day(2, today: environment.today)
            if let rejected = check.rejected(form) { return [.form(rejected, submitted: { .editSubmitted(id: id, expenseCurrency, $0) })] }
            guard let amount, let day else { return [] }
            state.form.submitted(form)
            state.editing = EditedExpense(id: id, currency: expenseCurrency)
            let note = check[1]
            return [.write(FeatureJob(.budget, "edit \(id) \(expenseCurrency.code)", { store, _, _ in
                try BudgetRepository(store).updateExpense(id: id, amount: amount, day: day, note: note)
            }, then: Message.edited))]
        case .message(.edited(.success(let expense))):
            state.form.saved()
            return [.message(.success(environment.language.text("Saved the expense of %1 on %2.", in: Self.words,
                                                                 Self.money(expense.amount, expense.currency, environment), expense.day.iso)))]
        case .action(.remove):
            guard let expense = Self.selected(environment) else {
                return [.message(.info(environment.language.text("Open the budget full screen (Enter) and choose an expense to remove.", in: Self.words)))]
            }
            let what = Self.money(expense.amount, expense.currency, environment) + (expense.note.isEmpty ? "" : " (\(environment.name(expense.note)))")
            return [.confirm(environment.language.text("Remove the expense of %1 on %2?", in: Self.words, what, expense.day.iso), yes: .remove(id: expense.id))]
        case .message(.remove(let id)):
            return [.write(FeatureJob(.budget, "remove \(id)", { store, _, _ in try BudgetRepository(store).removeExpense(id: id) }, then: Message.removed))]
        case .message(.journalSubmitted), .message(.journalAdded), .message(.journalEditSubmitted), .message(.journalEdited),
             .message(.journalRemove), .message(.journalRemoved):
            return []   // the journal's, above
        case .message(.removed(.success(let expense))):
            return [.message(.success(environment.language.text("Removed the expense of %1 on %2.", in: Self.words,
                                                                 Self.money(expense.amount, expense.currency, environment), expense.day.iso)))]
        case .message(.addSubmitted(let form)):
            let language = environment.language
            var check = FormCheck(form, language: language)
            let amount = Self.amount(&check, field: 0, currency: currency, language: language)
            let day = check.day(2, today: environment.today)
            if let rejected = check.rejected(form) { return [.form(rejected, submitted: Message.addSubmitted)] }
            guard let amount, let day else { return [] }
            state.form.submitted(form)
            let note = check[1]
            return [.message(.info(language.text("Saving %1…", in: Self.words, Self.money(amount, currency, environment)))),
                    .write(FeatureJob(.budget, "add-expense \(amount.cents) \(day.iso) \(note)", { store, _, now in
                        try BudgetRepository(store).addExpense(amount: amount, currency: currency, day: day, note: note, category: nil, at: now)
                    }, then: Message.added))]
        case .message(.added(.success(let expense))):
            state.form.saved()
            let note = expense.note.isEmpty ? "" : " (\(environment.name(expense.note)))"
            var said = environment.language.text("Added an expense of %1%2 on %3.", in: Self.words, Self.money(expense.amount, expense.currency, environment),
                                                 note, expense.day.iso)
            if environment.entries(BudgetEntry.self).contains(where: { $0.source == .published }) {
                said += " " + environment.language.text("The pane shows the published figures.", in: Self.words)
            }
            return [.message(.success(said))]
        case .message(.added(.failure(let failure))):
            return state.form.failed(failure.text(environment), submitted: Message.addSubmitted)
        case .message(.budgetSet(.failure(let failure))):
            // A budget the store refused (a month whose expenses are in another currency): the
            // form again, with what was typed and why, never lost.
            guard let month = state.budgetMonth else { return [.message(.failure(failure.text(environment)))] }
            return state.form.failed(failure.text(environment), submitted: { .budgetSubmitted(month, $0) })
        case .message(.edited(.failure(let failure))):
            guard let expense = state.editing else { return [.message(.failure(failure.text(environment)))] }
            return state.form.failed(failure.text(environment), submitted: { .editSubmitted(id: expense.id, expense.currency, $0) })
        case .message(.removed(.failure(let failure))):
            // A removal the store refused: said, nothing half-done.
            return [.message(.failure(failure.text(environment)))]
        case .action:
            return []
        }
    }

    /// The error state's line when another program made a month total impossible: the table
    /// and the repair, in the interface's language (the budget and year panes, `budget show`).
    public static func damaged(_ problem: SummaryDamaged, in language: Language) -> String {
        language.text("%1 holds an impossible total: run homescreen doctor --repair", in: words, problem.table.rawValue)
    }

    /// The budget's dashboard words (its panes' are in `BudgetStrings`).
    static let words = Translations([
        ("%1 holds an impossible total: run homescreen doctor --repair", "%1 contient un total impossible : lancez homescreen doctor --repair",
         "%1 contiene un totale impossibile: esegui homescreen doctor --repair", "%1 chứa tổng không thể có: chạy homescreen doctor --repair"),
        ("Add an expense", "Ajouter une dépense", "Aggiungi una spesa", "Thêm khoản chi"),
        ("Amount (%1)", "Montant (%1)", "Importo (%1)", "Số tiền (%1)"), ("Note", "Note", "Nota", "Ghi chú"), ("Date", "Date", "Data", "Ngày"),
        ("12.50 or 12,50", "12,50 ou 12.50", "12,50 o 12.50", "12,50 hoặc 12.50"),
        ("Lunch (optional)", "Déjeuner (facultatif)", "Pranzo (facoltativo)", "Bữa trưa (không bắt buộc)"),
        ("'%1' is not an amount this form takes; %2", "« %1 » n'est pas un montant accepté ; %2", "'%1' non è un importo accettato; %2",
         "'%1' không phải là số tiền hợp lệ; %2"),
        ("a positive amount with up to 2 decimals, such as 12.50 or 12,50 (at most 1000000000)",
         "écrivez un montant positif avec au plus 2 décimales, comme 12,50 ou 12.50 (1000000000 au plus).",
         "scrivi un importo positivo con al massimo 2 decimali, come 12,50 o 12.50 (al massimo 1000000000).",
         "hãy nhập số tiền dương có tối đa 2 chữ số thập phân, như 12,50 hoặc 12.50 (tối đa 1000000000)."),
        ("a positive whole number, such as 50000 (at most 1000000000)", "écrivez un nombre entier positif, comme 50000 (1000000000 au plus).",
         "scrivi un numero intero positivo, come 50000 (al massimo 1000000000).", "hãy nhập số nguyên dương, như 50000 (tối đa 1000000000)."),
        ("Saving %1…", "Enregistrement de %1…", "Salvataggio di %1…", "Đang lưu %1…"),
        ("in %1, the month's currency", "en %1, la devise du mois", "in %1, la valuta del mese", "bằng %1, tiền tệ của tháng"),
        ("The pane shows the published figures.", "Le panneau montre les chiffres publiés.", "Il riquadro mostra le cifre pubblicate.",
         "Ô đang hiện số liệu đã công bố."),
        ("Edit the expense of %1", "Modifier la dépense du %1", "Modifica la spesa del %1", "Sửa khoản chi ngày %1"),
        ("Saved the expense of %1 on %2.", "Dépense de %1 du %2 enregistrée.", "Salvata la spesa di %1 del %2.", "Đã lưu khoản chi %1 ngày %2."),
        ("Open the budget full screen (Enter) and choose an expense to edit.", "Ouvrez le budget en plein écran (Entrée) et choisissez la dépense à modifier.",
         "Apri il budget a schermo intero (Invio) e scegli la spesa da modificare.", "Mở ngân sách toàn màn hình (Enter) rồi chọn khoản chi cần sửa."),
        ("set this month's budget", "fixer le budget du mois", "imposta il budget del mese", "đặt ngân sách tháng này"),
        ("Budget for %1", "Budget de %1", "Budget di %1", "Ngân sách %1"), ("Limit", "Plafond", "Limite", "Hạn mức"),
        ("Currency", "Devise", "Valuta", "Tiền tệ"),
        ("'%1' is not a currency Homescreen knows; use %2.", "« %1 » n'est pas une devise connue ; utilisez %2.",
         "'%1' non è una valuta conosciuta; usa %2.", "'%1' không phải là loại tiền được hỗ trợ; hãy dùng %2."),
        ("The budget for %1 is %2.", "Le budget de %1 est de %2.", "Il budget di %1 è %2.", "Ngân sách %1 là %2."),
        ("Open the budget full screen (Enter) and choose an expense to remove.",
         "Ouvrez le budget en plein écran (Entrée) et choisissez la dépense à supprimer.",
         "Apri il budget a schermo intero (Invio) e scegli la spesa da eliminare.", "Mở ngân sách toàn màn hình (Enter) rồi chọn khoản chi cần xóa."),
        ("Remove the expense of %1 on %2?", "Supprimer la dépense de %1 du %2 ?", "Eliminare la spesa di %1 del %2?", "Xóa khoản chi %1 ngày %2?"),
        ("Removed the expense of %1 on %2.", "Dépense de %1 du %2 supprimée.", "Eliminata la spesa di %1 del %2.", "Đã xóa khoản chi %1 ngày %2."),
        ("Added an expense of %1%2 on %3.", "Dépense de %1%2 ajoutée le %3.", "Aggiunta una spesa di %1%2 il %3.", "Đã thêm khoản chi %1%2 ngày %3."),
        // Its refusals (`BudgetError`).
        ("there is no expense with id %1; `homescreen expense list` shows the ids.", "il n'y a pas de dépense d'id %1 ; `homescreen expense list` montre les id.", "non esiste una spesa con id %1; `homescreen expense list` mostra gli id.", "không có khoản chi nào có id %1; `homescreen expense list` cho xem các id."),
    ])

    /// Money in a message or a question: the locale's format, as the panes write it ("CHF 12.50",
    /// "12,50 €"); masked in privacy mode.
    static func money(_ money: Money, _ currency: Currency, _ environment: FeatureEnvironment) -> String {
        environment.amount(MoneyFormat.full(money, .currency(currency), locale: environment.locale))
    }

    /// The expense on the selected row of the full-screen view.
    static func selected(_ environment: FeatureEnvironment) -> Expense? {
        guard let selection = environment.selection, let entry = environment.entries(BudgetEntry.self).first, !entry.recent.isEmpty else { return nil }
        return entry.recent[min(max(0, selection), entry.recent.count - 1)]
    }

    /// A form field's amount in `currency`, or the field marked with what is accepted.
    static func amount(_ check: inout FormCheck, field: Int, currency: Currency, language: Language) -> Money? {
        switch Money.parse(check[field], currency: currency) {
        case .success(let value): return value
        case .failure(let error):
            let english = "'\(check[field])' \(error.problem(in: currency)); use \(Money.accepted(currency))."
            check.fail(field, language == .english ? english : language.text("'%1' is not an amount this form takes; %2", in: words, check[field],
                                                                                 language.text(Money.accepted(currency), in: words)))
            return nil
        }
    }

    /// The month `b` sets: the year's selected month when its full screen is open, else this one.
    static func month(_ environment: FeatureEnvironment) -> YearMonth {
        environment.entries(YearEntry.self).first?.selected ?? YearMonth(LocalDate(environment.now, in: environment.timeZone))
    }

    /// The currency new expenses are typed in: the budget pane's (when it shows the store's
    /// data), else the year pane's, else the euro.
    static func currency(_ environment: FeatureEnvironment) -> Currency {
        for budget in environment.entries(BudgetEntry.self) where budget.source == .local {
            if case .currency(let currency) = budget.denomination { return currency }
        }
        return environment.entries(YearEntry.self).lazy.compactMap(\.currency).first ?? .euro
    }

    public func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        for budget in BudgetDemo.budgets(today: today) { try BudgetRepository(store).setBudget(budget, at: date) }
        _ = try BudgetRepository(store).addExpenses(BudgetDemo.expenses(today: today), currency: BudgetDemo.budgets(today: today).first?.currency ?? .euro, at: date)
    }

    public func contents(_ store: any StoreBackend) throws -> String? {
        let counts = try BudgetRepository(store).budgetCounts()
        return counts.budgets == 0 && counts.expenses == 0 ? nil : Self.counted(counts)
    }

    private static func counted(_ counts: (budgets: Int, expenses: Int)) -> String {
        "\(counts.budgets) " + Language.english.plural(counts.budgets, one: "monthly budget", other: "monthly budgets")
            + ", \(counts.expenses) " + Language.english.plural(counts.expenses, one: "expense", other: "expenses")
    }

    public func doctor(_ store: any StoreBackend) throws -> String? {
        let published = try PublishedSnapshots(store).snapshot(kind: .budget)
        return Self.counted(try BudgetRepository(store).budgetCounts())
            + (published.map { "; a published snapshot (from \(InstantParser.internet($0.publishedAt))) is shown instead, `homescreen publish budget --clear` removes it" } ?? "")
    }
}
