import Foundation
import HomescreenStore
import HomescreenWidgetCore

extension WidgetKind { public static let budget = WidgetKind("budget") }
extension Action { public static let addExpense = Action("add-expense", summary: "add an expense") }

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
            return [.form(Form(title: "Add an expense", fields: [
                Form.Field("Amount (\(currency.code))", hint: currency.fractionDigits == 0 ? "50000" : "12.50 or 12,50", maxLength: 16),
                Form.Field("Note", hint: "Lunch (optional)", maxLength: 80),
                Form.Field("Date", text: LocalDate(environment.now, in: environment.timeZone).iso, hint: "YYYY-MM-DD", maxLength: 10),
            ]), tag: Self.addTag)]
        case .submitted(let form, _):
            var check = FormCheck(form)
            var amount: Money?
            switch Money.parse(check[0], currency: currency) {
            case .success(let value): amount = value
            case .failure(let error): check.fail(0, "'\(check[0])' \(error.problem(in: currency)); use \(Money.accepted(currency)).")
            }
            let day = check.day(2)
            if let rejected = check.rejected(form) { return [.form(rejected, tag: Self.addTag)] }
            guard let amount, let day else { return [] }
            state.form.submitted(form)
            let note = check[1]
            return [.message(.info("Saving \(amount.plain(currency)) \(currency.code)…")),
                    .write(FeatureJob(.budget, "add-expense \(amount.cents) \(day.iso) \(note)") { store, _ in
                        try store.addExpense(amount: amount, day: day, note: note, category: nil, at: Date())
                    })]
        case .finished(_, let expense as Expense):
            state.form.saved()
            let note = expense.note.isEmpty ? "" : " (\(expense.note))"
            return [.message(.success("Added an expense of \(expense.amount.plain(currency))\(note) on \(expense.day.iso).")), .reload([.expense])]
        case .failed(_, let reason):
            return state.form.failed(reason, reload: [.expense])
        default:
            return []
        }
    }

    static let addTag = "add-expense"

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
        return "\(counts.budgets) monthly budgets, \(counts.expenses) expenses"
            + (published.map { "; a published snapshot (from \(ISO8601DateFormatter().string(from: $0.publishedAt))) is shown instead, `homescreen publish budget --clear` removes it" } ?? "")
    }
}
