import ArgumentParser
import HomescreenCommandLine
import Foundation
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

struct ExpenseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expense",
        abstract: "Add, list and remove expenses.",
        subcommands: [Add.self, List.self, Remove.self]
    )

    struct Add: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an expense, in its month's currency (its budget's or its other expenses'; else the nearest budget's, else the locale's).",
            discussion: """
                AMOUNT accepts a dot or a comma as decimal separator (12.50 or 12,50); decimals beyond the currency's are refused, never dropped.

                With [budget] source = "hledger", the expense is appended to the journal as one transaction tagged ; homescreen: (nothing else in the file changes). AMOUNT may then name its commodity (12.50 EUR, or "12.50 EUR" as one word), and --category is the expense account (food means expenses:food).
                """)

        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The amount, such as 12.50 or 12,50.", valueName: "amount")) var amount: [String] = []
        @Option(help: ArgumentHelp("What it was for (up to 200 characters).", valueName: "text")) var note: String = ""
        @Option(parsing: .unconditional, help: ArgumentHelp("The day: YYYY-MM-DD, yesterday, a weekday, -3d... (default: today).", valueName: "date"), completion: Completions.dates) var date: String?
        @Option(help: ArgumentHelp("A category (up to 40 characters).", valueName: "name")) var category: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            // The amount takes every word the parser does not know (so that -5 is refused as an
            // amount, not as an option): a mistyped option among them is handed back to the
            // parser's refusal, which names it with the nearest option.
            let several = "expense add takes one amount; got \(amount.joined(separator: " "))."
            if amount.contains(where: { $0.hasPrefix("--") && $0.count > 2 }) { throw ValidationError(several) }
            let source = try context.settings()[BudgetSource.key]
            // A journal's amount may name its commodity as a second word: `12.50 EUR`, `EUR 12.50`.
            let words = source.origin == .hledger && amount.count == 2 && HledgerJournal.split(amount.joined(separator: " ")).commodity != nil
                ? [amount.joined(separator: " ")] : amount
            guard words.count == 1, let text = words.first else {
                throw CLIError.usage(amount.isEmpty ? "expense add needs an amount, such as 12.50." : several)
            }
            let day = try context.day(date, option: "--date")
            let note = try BudgetInput.note(note)
            let category = try BudgetInput.category(category)
            // Checked before the store is created: bad input writes nothing.
            if source.origin == .hledger {
                let number = HledgerJournal.split(text).number
                guard !number.isEmpty else {
                    throw CLIError.usage("the amount '\(text)' is not an amount; use a number such as 12.50, with its commodity if you like (12.50 EUR).")
                }
                _ = try BudgetInput.money(number, currency: .euro, option: "the amount")
                do { _ = try HledgerJournal.account(category, root: source.accounts.first ?? "expenses") } catch let error as HledgerError {
                    throw CLIError.usage(error.description)
                }
            } else {
                _ = try BudgetInput.money(text, currency: .euro, option: "the amount")
            }
            if source.origin == .hledger {
                // The journal is the person's: one transaction appended, tagged, nothing else touched.
                do {
                    let added = try HledgerJournal.addExpense(source, text: text, day: day, note: note, account: category, store: try? context.openForReading(),
                                                              environment: context.environment)
                    return Output.line("added to \(source.journalPath(environment: context.environment)): \(added.amount) to \(added.account) on \(day.iso)"
                                       + (note.isEmpty ? "" : " (\(Display.safe(note)))"))
                } catch let error as HledgerError { throw error.isBadInput ? CLIError.usage(error.description) : CLIError.runtime(error.description) }
            }
            let store = try context.openForWriting()
            // The month's own currency (its budget's or its expenses'), else the nearest budget's.
            let currency = try BudgetRepository(store).currency(of: YearMonth(day)) ?? BudgetRepository(store).currency(near: YearMonth(day)) ?? Currency.preferred(by: context.locale)
            let money = try BudgetInput.money(text, currency: currency, option: "the amount")
            let expense = try BudgetRepository(store).addExpense(amount: money, currency: currency, day: day, note: note, category: category)
            Output.line("added expense \(expense.id): \(Display.money(money, currency, locale: context.locale)) on \(day.iso)" + (note.isEmpty ? "" : " (\(Display.safe(note)))"))
        }
    }

    struct List: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List expenses by day (this month by default).",
            discussion: """
                --json prints [{"id", "date", "amount", "currency", "note", "category" (null for none)}]; amounts as decimal strings.

                With [budget] source = "hledger", the month's postings to the spending accounts as `hledger register` prints them (with --json, its -O json).
                """)

        @Option(help: ArgumentHelp("The month, YYYY-MM, or all (default: this month).", valueName: "month")) var month: String?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Row: Encodable {
            let id: Int64, date: String, amount: String, currency: String, note: String
            @NullWhenAbsent var category: String?

            /// As `Output.json` would print it inside the array (pretty, sorted keys), written
            /// by hand so that a million rows stream at the speed of the disk.
            var json: String {
                // A nil category is null, as `NullWhenAbsent` writes it: every key is always there.
                let fields = [("amount", Output.jsonString(amount)), ("category", category.map(Output.jsonString) ?? "null"),
                    ("currency", Output.jsonString(currency)), ("date", Output.jsonString(date)), ("id", String(id)), ("note", Output.jsonString(note))]
                return "  {\n" + fields.map { "    \"\($0.0)\" : \($0.1)" }.joined(separator: ",\n") + "\n  }"
            }
        }

        func run(_ context: any CommandContext) throws {
            let month: YearMonth? = try month == "all" ? nil : month.map { try BudgetInput.month($0, option: "--month") } ?? YearMonth(Date(), in: context.timeZone)
            let source = try context.settings()[BudgetSource.key]
            if source.origin == .hledger {
                // The journal's own register, as hledger prints it: Homescreen keeps no expenses of its own then.
                let arguments = ["-f", source.journalPath(environment: context.environment), "register"] + source.accounts
                    + (month.map { ["-p", $0.iso] } ?? []) + (json ? ["-O", "json"] : [])
                do {
                    let printed = String(decoding: try Hledger.run(arguments, environment: context.environment), as: UTF8.self)
                    for line in printed.split(separator: "\n", omittingEmptySubsequences: false).dropLast() { Output.line(Display.safe(String(line))) }
                }
                catch let error as HledgerError { throw CLIError.runtime(error.description) }
                return
            }
            let store = try context.openForReading()
            let output = Output.Stream()
            let locale = context.locale
            var count = 0
            if json { output.write("[") }
            try BudgetRepository(store).forEachExpense(in: month) { expense in
                let currency = expense.currency
                let row = Row(id: expense.id, date: expense.day.iso, amount: expense.amount.plain(currency), currency: currency.code,
                              note: expense.note, category: expense.category)
                if json {
                    output.write((count == 0 ? "\n" : ",\n") + row.json)
                } else {
                    output.write("\(Display.column(String(row.id), 6))  \(row.date)  \(Display.column(Display.money(expense.amount, currency, locale: locale), 16))  \(Display.safe(row.note))\n")
                }
                count += 1
            }
            if json { output.write(count == 0 ? "\n\n]\n" : "\n]\n") }
            output.flush()
            if !json, count == 0 { Output.line("no expenses\(month.map { " in \($0.iso)" } ?? ""); add one with `homescreen expense add AMOUNT`") }
        }
    }

    struct Remove: KindCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an expense.")
        @Argument(help: "The expense id (see `expense list`).", completion: Completions.expenseIDs) var id: Int64
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let source = try context.settings()[BudgetSource.key]
            guard source.origin != .hledger else {
                throw CLIError.usage("the expenses are in the journal \(source.journalPath(environment: context.environment)) ([budget] source = \"hledger\"), not numbered here; remove one Homescreen added with x on the budget's full screen, or edit the journal.")
            }
            let expense = try BudgetRepository(context.openExistingForWriting(otherwise: BudgetError.unknownExpense(id: id))).removeExpense(id: id)
            Output.line("removed expense \(expense.id): \(Display.money(expense.amount, expense.currency, locale: context.locale)) on \(expense.day.iso)"
                + (expense.note.isEmpty ? "" : " (\(Display.safe(expense.note)))"))
        }
    }
}
