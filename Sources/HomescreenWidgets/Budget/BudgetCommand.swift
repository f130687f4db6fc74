import ArgumentParser
import HomescreenCommandLine
import Foundation
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

struct BudgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget",
        abstract: "Set and show monthly budgets.",
        subcommands: [Set.self, Show.self]
    )

    struct Set: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "set", abstract: "Set (or replace) a month's spending limit.",
            discussion: "The currency defaults to the latest budget's, else the locale's (fr_CH: CHF), else EUR. Expenses of a month are in its budget's currency.")

        @Argument(help: ArgumentHelp("The month, YYYY-MM (default: this month, as the dashboard's b).", valueName: "month")) var month: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("The limit: a positive amount, such as 800 or 1500,50.", valueName: "amount")) var limit: String
        @Option(help: ArgumentHelp("The currency: \(Currency.accepted).", valueName: "code"), completion: Completions.currencies) var currency: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let month = try month.map { try BudgetInput.month($0, option: "the month") } ?? YearMonth(context.today)
            let explicit = try currency.map(BudgetInput.currency)
            let source = try context.settings()[BudgetSource.key]
            guard source.origin != .hledger else {
                throw CLIError.usage("the budget's goals are in the journal \(source.journalPath(environment: context.environment)) ([budget] source = \"hledger\"); write them there as a periodic transaction, such as `~ monthly` with `    expenses:food  400 CHF` under it (nothing was written).")
            }
            // Checked before the store is created: bad input writes nothing.
            _ = try BudgetInput.money(limit, currency: explicit ?? .euro, option: "--limit")
            let store = try context.openForWriting()
            let currency = try explicit ?? BudgetRepository(store).currency(near: month) ?? Currency.preferred(by: context.locale)
            let amount = try BudgetInput.money(limit, currency: currency, option: "--limit")
            try BudgetRepository(store).setBudget(MonthlyBudget(month: month, limit: amount, currency: currency))
            Output.line("budget for \(month.iso): \(Display.money(amount, currency, locale: context.locale))")
        }
    }

    struct Show: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a month's budget: limit, spent, available, percentage and expense count.",
            discussion: """
                --json prints {"month", "currency", "limit", "spent", "available", "percentage", "expenseCount", "problem"}:
                amounts as decimal strings ("1343.75"), percentage spent / limit x 100 rounded half up to
                2 decimals; limit, available and percentage are null for a month without a budget. When
                another program made the month's total impossible, spent, available, percentage and
                expenseCount are null and problem names the table and the repair (exit 0, as the pane's
                error state); problem is null otherwise.
                """)

        @Argument(help: ArgumentHelp("The month, YYYY-MM (default: this month).", valueName: "month")) var month: String?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Document: Encodable {
            let month: String, currency: String
            @NullWhenAbsent var limit: String?
            @NullWhenAbsent var spent: String?
            @NullWhenAbsent var available: String?
            @NullWhenAbsent var percentage: Decimal?
            @NullWhenAbsent var expenseCount: Int?
            @NullWhenAbsent var problem: String?
        }

        func run(_ context: any CommandContext) throws {
            let month = try month.map { try BudgetInput.month($0, option: "the month") } ?? YearMonth(Date(), in: context.timeZone)
            let source = try context.settings()[BudgetSource.key]
            let summary: (budget: MonthlyBudget?, total: MonthTotal, recent: [Expense]), currency: Currency
            var noLimit: String?
            // Another process is running hledger on the changed journal: its last figures, said so.
            var updating = false
            if source.origin == .hledger {
                // hledger's own figures for the month; its refusal is the command's.
                let journal: HledgerSummary
                do { (journal, updating) = try HledgerSummary.of(source, year: month.year, store: try? context.openForReading()) } catch let error as HledgerError { throw CLIError.runtime(error.description) }
                summary = (journal.budgets[month], journal.totals[month] ?? .none, [])
                noLimit = journal.noLimit(month)
                currency = journal.currency
            } else {
                let store = try context.openForReading()
                // The month's own currency (its budget's, else its expenses'), else the nearest budget's.
                currency = try BudgetRepository(store).currency(of: month) ?? BudgetRepository(store).currency(near: month) ?? Currency.preferred(by: context.locale)
                do {
                    summary = try BudgetRepository(store).monthSummary(month, recent: 0)
                } catch let damaged as SummaryDamaged {
                    return try showDamaged(damaged, month: month, budget: BudgetRepository(store).budgets().first { $0.month == month },
                                           currency: currency, context: context)
                }
            }
            let limit = summary.budget?.limit, spent = summary.total.spent
            guard spent.fitsAsTotal else {
                throw CLIError.runtime("the total of \(month.iso) (\(summary.total.expenseCount) expenses) is too large to show; totals go up to "
                    + "\(Display.money(Money.maximumTotal, currency, locale: context.locale)). `homescreen expense list --month \(month.iso)` shows the expenses, `homescreen expense remove ID` removes one.")
            }
            let document = Document(month: month.iso, currency: currency.code, limit: limit?.plain(currency), spent: spent.plain(currency),
                                    available: limit.map { ($0 - spent).plain(currency) },
                                    percentage: limit.map { Decimal(spent.basisPoints(of: $0)) / 100 }, expenseCount: summary.total.expenseCount,
                                    problem: updating ? "updating: another process is running hledger on the changed journal; these are the last figures" : nil)
            if json { return Output.line(try Output.json(document, timeZone: context.timeZone)) }
            let locale = context.locale
            func money(_ value: Money) -> String { Display.money(value, currency, locale: locale) }
            guard let limit else {
                if let noLimit {
                    return Output.line("\(month.iso): \(noLimit.hasSuffix(".") ? String(noLimit.dropLast()) : noLimit); spent \(money(spent))")
                }
                return Output.line("\(month.iso): no budget (set one with `homescreen budget set \(month.iso) --limit AMOUNT`); spent \(money(spent)) in \(summary.total.expenseCount) " + Language.english.plural(summary.total.expenseCount, one: "expense", other: "expenses"))
            }
            // hledger's budget report counts no transactions: the journal's line says where it is from.
            let counted = source.origin == .hledger ? "from \(source.journalPath(environment: context.environment))"
                + (updating ? " (updating: another process is running hledger on the changed journal; these are the last figures)" : "")
                : "\(summary.total.expenseCount) " + Language.english.plural(summary.total.expenseCount, one: "expense", other: "expenses")
            Output.line("\(month.iso): limit \(money(limit)), spent \(money(spent)) (\(spent.percent(of: limit))%), available \(money(limit - spent)), " + counted)
        }

        /// The month's error state: its limit (read from its own table), no figure from the
        /// damaged totals, and the line naming the table and the repair; exit 0, as the panes.
        private func showDamaged(_ damaged: SummaryDamaged, month: YearMonth, budget: MonthlyBudget?, currency: Currency, context: any CommandContext) throws {
            let problem = BudgetFeature.damaged(damaged, in: .english)
            if json {
                let document = Document(month: month.iso, currency: currency.code, limit: budget?.limit.plain(currency), spent: nil, available: nil,
                                        percentage: nil, expenseCount: nil, problem: problem)
                return Output.line(try Output.json(document, timeZone: context.timeZone))
            }
            let limit = budget.map { "limit \(Display.money($0.limit, currency, locale: context.locale)); " } ?? "no budget; "
            Output.line("\(month.iso): " + limit + "spent unknown: " + problem)
        }
    }
}

extension BudgetFeature: CommandsOfAKind {
    public var commands: [any ParsableCommand.Type] { [BudgetCommand.self, ExpenseCommand.self] }
}

extension Completions {
    static let currencies = CompletionKind.list(Currency.known.map(\.code))
    /// This month's expenses (those `expense list` shows by default).
    static let expenseIDs = Completions.ids { store in
        try BudgetRepository(store).expenses(in: YearMonth(Date(), in: Zone.current(environment: processEnvironment))).map(\.id)
    }
}

extension Display {
    /// Money in a message or a listing, the one way the widgets write it: the locale's CLDR
    /// format ("CHF 1,416.80" in English, "CHF 1 416,80" in fr_CH, "12,50 €" in it_IT).
    static func money(_ money: Money, _ currency: Currency, locale: FormattingLocale) -> String {
        MoneyFormat.full(money, .currency(currency), locale: locale)
    }
}
