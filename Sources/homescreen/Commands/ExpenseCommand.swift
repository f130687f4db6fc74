import ArgumentParser
import Foundation
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

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
