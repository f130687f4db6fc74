import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The budget's reminder: this month's spending passes a share of its limit (`budget-percent`,
/// default 80 and 100). Each share fires once per month and limit: a limit raised and crossed
/// again fires again. Shares passed together say the highest once.
extension BudgetFeature {
    public static let remindOn = ReminderSetting.flag("budget")
    public static let remindPercents = SettingKey<[Int]>("budget-percent", default: [80, 100]) { value in
        let problem = ConfigError("reminders.budget-percent = \(value) is not a list of shares; use whole percents from 1 to 1000, such as [80, 100].")
        guard case .list(let items) = value else { throw problem }
        let percents = try items.map { item -> Int in
            guard case .integer(let percent) = item, (1...1000).contains(percent) else { throw problem }
            return percent
        }
        return Array(Set(percents)).sorted()
    }

    public var reminderSettings: [SettingSpec] { [Self.remindOn.spec, Self.remindPercents.spec] }

    public func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck {
        guard context.settings[Self.remindOn] else { return ReminderCheck() }
        let today = context.today, source = context.widgetSettings[BudgetSource.key]
        // A journal's budget period may start on another day than the 1st (`period`).
        let month = source.origin == .hledger ? source.period(containing: today).month : YearMonth(today)
        let budget: MonthlyBudget?, total: MonthTotal
        if source.origin == .hledger {
            // From the last run where a loop runs hledger (a run under way reminds at the next
            // check), else from a run now; a journal hledger refuses reminds of nothing (the
            // panes say why).
            guard let summary = HledgerSummary.shown(source, year: month.year, store: store).summary else { return ReminderCheck() }
            (budget, total) = (summary.budgets[month], summary.totals[month] ?? .none)
        } else {
            do {
                (budget, total, _) = try BudgetRepository(store).monthSummary(month, recent: 0)
            } catch is SummaryDamaged {
                // A month total another program made impossible says nothing true about the
                // limit (the panes show the error state); the other kinds still remind.
                return ReminderCheck()
            }
        }
        guard let budget, budget.limit.cents > 0 else { return ReminderCheck() }
        let passed = context.settings[Self.remindPercents].filter { Int64($0) * budget.limit.cents <= total.spent.capped.cents * 100 }
        guard let highest = passed.last else { return ReminderCheck() }
        let key = { (percent: Int) in "budget \(month.iso) limit \(budget.limit.cents) \(budget.currency.code) at \(percent)" }
        let strings = BudgetStrings.of(context.language)
        let left = budget.limit - total.spent
        let money = { (amount: Money) in context.amount(MoneyFormat.full(amount, .currency(budget.currency), locale: context.locale)) }
        let title = BudgetStrings.reminder(in: context.language, month: month.month, percent: context.amount(strings.percent(total.spent.percent(of: budget.limit))),
                                           left: left < .zero ? nil : money(left), over: money(.zero - left), days: today.days(until: month.lastDay) + 1)
        return ReminderCheck(due: [Reminder(kind: .budget, key: key(highest), title: title, body: strings.title, also: passed.dropLast().map(key))])
    }
}

extension BudgetStrings {
    /// "Budget November: 82 % spent — CHF 540 left for 7 days"; past the limit, "… — CHF 20 over".
    static func reminder(in language: Language, month: Int, percent: String, left: String?, over: String, days: Int) -> String {
        // Lower case inside a sentence, as French, Italian and Vietnamese write months.
        let name = language == .english ? of(language).monthNames[month - 1] : of(language).monthNames[month - 1].lowercased()
        switch (language, left) {
        case (.french, let left?): return "Budget \(name) : \(percent) dépensé — reste \(left) pour \(language.plural(days, one: "1 jour", other: "\(days) jours"))"
        case (.french, nil): return "Budget \(name) : \(percent) dépensé — \(over) de dépassement"
        case (.italian, let left?): return "Budget \(name): \(percent) speso — restano \(left) per \(language.plural(days, one: "1 giorno", other: "\(days) giorni"))"
        case (.italian, nil): return "Budget \(name): \(percent) speso — \(over) oltre il limite"
        case (.vietnamese, let left?): return "Ngân sách \(name): đã chi \(percent) — còn \(left) cho \(days) ngày"
        case (.vietnamese, nil): return "Ngân sách \(name): đã chi \(percent) — vượt \(over)"
        case (_, let left?): return "Budget \(name): \(percent) spent — \(left) left for \(language.plural(days, one: "1 day", other: "\(days) days"))"
        case (_, nil): return "Budget \(name): \(percent) spent — \(over) over"
        }
    }
}
