import Foundation
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

enum BudgetFixtures {
    static let zurich = Zone(identifier: "Europe/Zurich")!
    static let saigon = Zone(identifier: "Asia/Ho_Chi_Minh")!
    static let newYork = Zone(identifier: "America/New_York")!
    static let chf = Currency(code: "CHF")!
    static let today = LocalDate(year: 2026, month: 11, day: 22)!
    static let november = YearMonth(year: 2026, month: 11)!
    /// 10:00 in Zurich on `today`.
    static let now = instant("2026-11-22T10:00:00+01:00")

    static func instant(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    static func money(_ text: String) -> Money { try! Money.parse(text, currency: chf).get() }

    static func context(_ family: WidgetFamily, _ density: Density = .regular, _ language: Language = .english, locale: String? = nil,
                        ascii: Bool = false, privacy: Bool = false, detail: Bool = false, cursor: Int = 0) -> WidgetContext {
        WidgetContext(family: family, density: density, language: language, locale: locale.map(FormattingLocale.init(identifier:)), timeZone: zurich,
                      ascii: ascii, privacy: privacy, detail: detail, cursor: cursor)
    }

    /// The demo month as the budget pane sees it on `today`.
    static func demoEntry(language: Language = .english) -> BudgetEntry {
        let expenses = BudgetDemo.expenses(today: today).enumerated()
            .map { Expense(id: Int64($0.offset + 1), amount: $0.element.amount, day: $0.element.day, note: $0.element.note, category: $0.element.category) }
            .filter { november.contains($0.day) }
        return BudgetEntry(date: now, source: .local, month: november, monthLabel: BudgetStrings.of(language).monthName(november),
                           denomination: .currency(chf), spent: expenses.reduce(.zero) { $0 + $1.amount }, limit: money("3000"),
                           expenseCount: expenses.count, recent: Array(expenses.reversed().prefix(BudgetEntry.recentLimit)), daysLeft: 9)
    }

    /// The demo year as the year pane sees it on `today`.
    static func demoYear(selected: YearMonth = november, withExpenses: Bool = false) -> YearEntry {
        let budgets = Dictionary(uniqueKeysWithValues: BudgetDemo.budgets(today: today).map { ($0.month, $0) })
        let expenses = BudgetDemo.expenses(today: today)
        let months = (1...12).map { number -> YearEntry.Month in
            let month = YearMonth(year: 2026, month: number)!
            let own = expenses.filter { month.contains($0.day) }
            return YearEntry.Month(month: month, budget: budgets[month],
                                   total: MonthTotal(spent: own.reduce(.zero) { $0 + $1.amount }, expenseCount: own.count))
        }
        let listed = withExpenses ? expenses.enumerated().filter { selected.contains($0.element.day) }
            .map { Expense(id: Int64($0.offset + 1), amount: $0.element.amount, day: $0.element.day, note: $0.element.note) } : []
        return YearEntry(date: now, current: november, selected: selected, months: months, expenses: listed)
    }

    /// Seed 001's example, published `age` seconds before `now`.
    static func published(age: TimeInterval, hasError: Bool = false, at date: Date = now) -> BudgetEntry {
        let json = """
            {"totalAmount": 450.50, "expenseCount": 23, "hasError": \(hasError), "lastUpdated": "\(ISO8601DateFormatter().string(from: date.addingTimeInterval(-age)))",
             "spent": 450.50, "limit": 800.00, "month": "Gennaio 2026", "currency": "€", "percentage": 56.31, "isDarkMode": false,
             "groupId": "123e4567-e89b-12d3-a456-426614174000", "groupName": "Famiglia Rossi"}
            """
        return BudgetWidget.entry(published: PublishedSnapshot(json: json, publishedAt: date), at: date, context: context(.systemSmall, .regular, .italian))
    }
}
