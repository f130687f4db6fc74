import Foundation
import HomescreenStore
import HomescreenWidgetCore

extension WidgetKind { public static let budget = WidgetKind("budget") }
extension Action {
    public static let addExpense = Action("add-expense", summary: "add an expense", translations: [
        .french: "ajouter une dépense", .italian: "aggiungi una spesa", .vietnamese: "thêm một khoản chi"])
}

/// The budget as a dashboard kind: `a` (or `+`) adds an expense through a form, in the
/// currency the budget pane shows.
public struct BudgetFeature: WidgetFeature {
    public struct State: Sendable, Equatable {
        /// The add-expense form until the store saves it (a failed save reopens it).
        var form = SubmittedForm(tag: BudgetFeature.addTag)
    }

    public init() {}

    public var kind: WidgetKind { .budget }
    public var title: String { BudgetStrings.of(.english).title }
    public var families: [WidgetFamily] { WidgetFamily.allCases }
    public var tables: Set<StoreTable> { [.budget, .expense, .publishedSnapshot] }
    public var bindings: [KeyTable.Binding] { [KeyTable.Binding(action: .addExpense, keys: [.character("a"), .character("+")])] }

    public func provider(store: any HomeStore, settings: WidgetSettings) -> BudgetWidget { BudgetWidget(store: store) }
    public func initialState() -> State { State() }
    public func detail(_ entry: BudgetEntry, scroll: Int) -> DetailNavigation { .list(entry.recent.count) }

    public func update(_ state: inout State, _ event: FeatureEvent, _ environment: FeatureEnvironment) -> [FeatureEffect] {
        let currency = Self.currency(environment)
        switch event {
        case .action(.addExpense):
            let language = environment.language
            func text(_ english: String, _ values: String...) -> String { language.text(english, in: Self.words, values: values) }
            return [.form(Form(title: text("Add an expense"), fields: [
                Form.Field(text("Amount (%1)", currency.code), hint: currency.fractionDigits == 0 ? "50000" : text("12.50 or 12,50"), maxLength: 16),
                Form.Field(text("Note"), hint: text("Lunch (optional)"), maxLength: 80),
                Form.Field(text("Date"), text: LocalDate(environment.now, in: environment.timeZone).iso,
                           hint: language.text("YYYY-MM-DD", in: .dashboard), maxLength: 10),
            ]), tag: Self.addTag)]
        case .submitted(let form, _):
            let language = environment.language
            var check = FormCheck(form, language: language)
            var amount: Money?
            switch Money.parse(check[0], currency: currency) {
            case .success(let value): amount = value
            case .failure(let error):
                let english = "'\(check[0])' \(error.problem(in: currency)); use \(Money.accepted(currency))."
                check.fail(0, language == .english ? english : language.text("'%1' is not an amount this form takes; %2", in: Self.words, check[0],
                                                                             language.text(Money.accepted(currency), in: Self.words)))
            }
            let day = check.day(2)
            if let rejected = check.rejected(form) { return [.form(rejected, tag: Self.addTag)] }
            guard let amount, let day else { return [] }
            state.form.submitted(form)
            let note = check[1]
            return [.message(.info(language.text("Saving %1…", in: Self.words, environment.amount("\(amount.plain(currency)) \(currency.code)")))),
                    .write(FeatureJob(.budget, "add-expense \(amount.cents) \(day.iso) \(note)") { store, _ in
                        try store.addExpense(amount: amount, day: day, note: note, category: nil, at: Date())
                    })]
        case .finished(_, let expense as Expense):
            state.form.saved()
            let note = expense.note.isEmpty ? "" : " (\(environment.name(expense.note)))"
            return [.message(.success(environment.language.text("Added an expense of %1%2 on %3.", in: Self.words, environment.amount(expense.amount.plain(currency)), note,
                                                                 expense.day.iso))), .reload([.expense])]
        case .failed(_, let reason):
            return state.form.failed(reason, reload: [.expense])
        default:
            return []
        }
    }

    static let addTag = "add-expense"

    /// The budget's dashboard words (its panes' are in `BudgetStrings`).
    static let words = Translations([
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
        ("Added an expense of %1%2 on %3.", "Dépense de %1%2 ajoutée le %3.", "Aggiunta una spesa di %1%2 il %3.", "Đã thêm khoản chi %1%2 ngày %3."),
    ])

    /// The currency new expenses are typed in: the budget pane's (when it shows the store's
    /// data), else the year pane's, else the euro.
    static func currency(_ environment: FeatureEnvironment) -> Currency {
        for budget in environment.entries(BudgetEntry.self) where budget.source == .local {
            if case .currency(let currency) = budget.denomination { return currency }
        }
        return environment.entries(YearEntry.self).lazy.compactMap(\.currency).first ?? .euro
    }

    public func fillDemo(_ store: any HomeStore, today: LocalDate, at date: Date) throws {
        for budget in BudgetDemo.budgets(today: today) { try store.setBudget(budget, at: date) }
        _ = try store.addExpenses(BudgetDemo.expenses(today: today), at: date)
    }

    public func doctor(_ store: any HomeStore) throws -> String? {
        let published = try store.publishedSnapshot(kind: .budget)
        let counts = try store.budgetCounts()
        return "\(counts.budgets) " + Language.english.plural(counts.budgets, one: "monthly budget", other: "monthly budgets")
            + ", \(counts.expenses) " + Language.english.plural(counts.expenses, one: "expense", other: "expenses")
            + (published.map { "; a published snapshot (from \(ISO8601DateFormatter().string(from: $0.publishedAt))) is shown instead, `homescreen publish budget --clear` removes it" } ?? "")
    }
}
