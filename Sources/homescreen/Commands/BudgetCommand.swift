import ArgumentParser
import Foundation
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

struct BudgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget",
        abstract: "Set and show monthly budgets.",
        subcommands: [Set.self, Show.self]
    )

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set (or replace) a month's spending limit.",
            discussion: "The currency defaults to the latest budget's, else the locale's (fr_CH: CHF), else EUR. Expenses of a month are in its budget's currency.")

        @Argument(help: ArgumentHelp("The month, YYYY-MM.", valueName: "month")) var month: String
        @Option(parsing: .unconditional, help: ArgumentHelp("The limit: a positive amount, such as 800 or 1500,50.", valueName: "amount")) var limit: String
        @Option(help: ArgumentHelp("The currency: \(Currency.accepted).", valueName: "code")) var currency: String?
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let month = try Arguments.month(month, option: "the month")
            let explicit = try currency.map(Arguments.currency)
            // Checked before the store is created: bad input writes nothing.
            _ = try Arguments.money(limit, currency: explicit ?? .euro, option: "--limit")
            let store = try storeOptions.openForWriting()
            let currency = try explicit ?? store.currency(near: month) ?? storeOptions.localeCurrency
            let amount = try Arguments.money(limit, currency: currency, option: "--limit")
            try store.setBudget(MonthlyBudget(month: month, limit: amount, currency: currency))
            Output.line("budget for \(month.iso): \(amount.plain(currency)) \(currency.code)")
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a month's budget: limit, spent, available, percentage and expense count.",
            discussion: """
                --json prints {"month", "currency", "limit", "spent", "available", "percentage", "expenseCount"}:
                amounts as decimal strings ("1343.75"), percentage spent / limit × 100 rounded half up to
                2 decimals; limit, available and percentage are null for a month without a budget.
                """)

        @Argument(help: ArgumentHelp("The month, YYYY-MM (default: this month).", valueName: "month")) var month: String?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Document: Encodable {
            let month: String, currency: String, limit: String?, spent: String, available: String?, percentage: Decimal?, expenseCount: Int
        }

        func run() throws {
            let month = try month.map { try Arguments.month($0, option: "the month") } ?? YearMonth(Date(), in: storeOptions.timeZone)
            let store = try storeOptions.openForReading()
            let summary = try store.monthSummary(month, recent: 0)
            let currency = try store.currency(near: month) ?? storeOptions.localeCurrency
            let limit = summary.budget?.limit, spent = summary.total.spent
            let document = Document(month: month.iso, currency: currency.code, limit: limit?.plain(currency), spent: spent.plain(currency),
                                    available: limit.map { ($0 - spent).plain(currency) },
                                    percentage: limit.map { Decimal(spent.basisPoints(of: $0)) / 100 }, expenseCount: summary.total.expenseCount)
            if json { return Output.line(try Output.json(document, timeZone: storeOptions.timeZone)) }
            let locale = storeOptions.locale
            func money(_ value: Money) -> String { MoneyFormat.full(value, .currency(currency), locale: locale) }
            guard let limit else {
                return Output.line("\(month.iso): no budget (set one with `homescreen budget set \(month.iso) --limit AMOUNT`); spent \(money(spent)) in \(summary.total.expenseCount) expenses")
            }
            Output.line("\(month.iso): limit \(money(limit)), spent \(money(spent)) (\(spent.percent(of: limit))%), available \(money(limit - spent)), \(summary.total.expenseCount) expenses")
        }
    }
}

struct ExpenseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expense",
        abstract: "Add, list and remove expenses.",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an expense (in the currency of its month's budget).",
            discussion: "AMOUNT accepts a dot or a comma as decimal separator (12.50 or 12,50); decimals beyond the currency's are refused, never dropped.")

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The amount, such as 12.50 or 12,50.", valueName: "amount")) var amount: [String] = []
        @Option(help: ArgumentHelp("What it was for (up to 200 characters).", valueName: "text")) var note: String = ""
        @Option(help: ArgumentHelp("The day, YYYY-MM-DD (default: today).", valueName: "date")) var date: String?
        @Option(help: ArgumentHelp("A category (up to 40 characters).", valueName: "name")) var category: String?
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            guard amount.count == 1, let text = amount.first else {
                throw CLIError.usage(amount.isEmpty ? "expense add needs an amount, such as 12.50." : "expense add takes one amount; got \(amount.joined(separator: " ")).")
            }
            let day = try storeOptions.day(date, option: "--date")
            let note = note.trimmingCharacters(in: .whitespacesAndNewlines)
            guard note.count <= 200 else { throw CLIError.usage("the note is \(note.count) characters long; use at most 200.") }
            let category = category?.trimmingCharacters(in: .whitespacesAndNewlines)
            guard (category?.count ?? 0) <= 40 else { throw CLIError.usage("the category '\(category!)' is too long; use at most 40 characters.") }
            // Checked before the store is created: bad input writes nothing.
            _ = try Arguments.money(text, currency: .euro, option: "the amount")
            let store = try storeOptions.openForWriting()
            let currency = try store.currency(near: YearMonth(day)) ?? storeOptions.localeCurrency
            let money = try Arguments.money(text, currency: currency, option: "the amount")
            let expense = try store.addExpense(amount: money, day: day, note: note, category: category?.isEmpty == true ? nil : category)
            Output.line("added expense \(expense.id): \(money.plain(currency)) \(currency.code) on \(day.iso)" + (note.isEmpty ? "" : " (\(Display.safe(note)))"))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List expenses by day (this month by default).",
            discussion: "--json prints [{\"id\", \"date\", \"amount\", \"currency\", \"note\", \"category\"}]; amounts as decimal strings.")

        @Option(help: ArgumentHelp("The month, YYYY-MM, or all (default: this month).", valueName: "month")) var month: String?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Row: Encodable {
            let id: Int64, date: String, amount: String, currency: String, note: String, category: String?
        }

        func run() throws {
            let month: YearMonth? = try month == "all" ? nil : month.map { try Arguments.month($0, option: "--month") } ?? YearMonth(Date(), in: storeOptions.timeZone)
            let store = try storeOptions.openForReading()
            let fallback = storeOptions.localeCurrency
            var currencies: [YearMonth: Currency] = [:]
            let rows = try store.expenses(in: month).map { expense -> Row in
                let month = YearMonth(expense.day)
                let currency = try currencies[month] ?? store.currency(near: month) ?? fallback
                currencies[month] = currency
                return Row(id: expense.id, date: expense.day.iso, amount: expense.amount.plain(currency), currency: currency.code,
                           note: expense.note, category: expense.category)
            }
            if json { return Output.line(try Output.json(rows, timeZone: storeOptions.timeZone)) }
            if rows.isEmpty { return Output.line("no expenses\(month.map { " in \($0.iso)" } ?? ""); add one with `homescreen expense add AMOUNT`") }
            for row in rows {
                Output.line("\(Display.column(String(row.id), 6))  \(row.date)  \(Display.column(row.amount + " " + row.currency, 16))  \(Display.safe(row.note))")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an expense.")
        @Argument(help: "The expense id (see `expense list`).") var id: Int64
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let expense = try storeOptions.openExistingForWriting(otherwise: BudgetError.unknownExpense(id: id)).removeExpense(id: id)
            Output.line("removed expense \(expense.id) of \(expense.day.iso)")
        }
    }
}

struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a widget snapshot from another program (JSON), the way an app writes its widget's App Group.",
        discussion: """
            budget takes seed 001's format: {"totalAmount", "expenseCount", "hasError", "lastUpdated",
            "spent", "limit", "month", "currency", "percentage", "isDarkMode", "groupId", "groupName"}.
            It is validated (malformed JSON or impossible values exit 2 naming the position or the field)
            and stored in one transaction. While a snapshot is published the budget widget shows it,
            with its freshness ("Updated 5 min ago"), stale after 24 hours, and its error state;
            --clear removes it and the widget shows the store's own budgets and expenses again.
            """)

    @Argument(help: "The kind (budget).") var kind: String
    @Argument(help: "A JSON file, or - for standard input (the default).") var file: String = "-"
    @Flag(help: "Remove the published snapshot instead.") var clear = false
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        guard WidgetCatalog.standard.kind(named: kind) == .budget else {
            throw CLIError.usage("'\(kind)' cannot be published; publish budget (seed 001's snapshot).")
        }
        if clear {
            let removed = try storeOptions.openExistingForWriting(otherwise: CLIError.usage("there is no published budget snapshot to clear.")).clearPublished(kind: .budget)
            guard removed else { throw CLIError.usage("there is no published budget snapshot to clear.") }
            return Output.line("cleared the published budget snapshot; the widget shows the store's budgets again")
        }
        let data = try Arguments.contents(of: file)
        let snapshot = try PublishedBudget.parse(data, timeZone: storeOptions.timeZone)
        try storeOptions.openForWriting().publish(kind: .budget, json: String(decoding: data, as: UTF8.self))
        Output.line("published the budget snapshot of \(snapshot.month.isEmpty ? "no month" : Display.safe(snapshot.month)), updated \(ISO8601DateFormatter().string(from: snapshot.lastUpdated))")
    }
}
