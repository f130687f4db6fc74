import Foundation
import HomescreenStore
import HomescreenCommandLine
import HomescreenWidgetCore

/// Writing to the person's journal: Homescreen only ever appends a transaction, marked with
/// the `homescreen:` tag; every byte already there stays as it was.
public enum HledgerJournal {
    /// The tag on every transaction Homescreen wrote.
    public static let tag = "homescreen:"

    /// One transaction in hledger's syntax: the date, the description with the tag, the
    /// expense account with the amount, the paying account taking the balance.
    static func transaction(day: LocalDate, description: String, account: String, amount: String, paying: String) -> String {
        let said = description.isEmpty ? "Expense" : description
        let width = max(account.count + 4, 36)
        let padding = String(repeating: " ", count: max(2, width - account.count - amount.count))
        return "\(day.iso) \(said)  ; \(tag)\n    \(account)\(padding)\(amount)\n    \(paying)\n"
    }

    /// The amount as the journal writes this commodity (hledger's style: side, space, decimal
    /// mark), with the currency's digits.
    static func amount(_ money: Money, currency: Currency, style: HledgerAmount.Style?, commodity: String) -> String {
        var number = money.plain(currency)
        if let mark = style?.decimalPoint, mark != "." { number = number.replacingOccurrences(of: ".", with: String(mark)) }
        let quoted = commodity.contains { $0.isNumber || $0.isWhitespace || "-+.,;\"@*=".contains($0) } ? "\"\(commodity)\"" : commodity
        let spaced = style?.spaced ?? (quoted.count > 1)
        let space = spaced ? " " : ""
        let left = style?.left ?? (quoted.count == 1)
        return left ? quoted + space + number : number + space + quoted
    }

    /// The commodities `account`'s budget goal is in, as hledger's report gives them: the goals
    /// of the nearest budgeted account at or above it (hledger's rows roll an account without a
    /// goal into that one), in the month of `day` when it has one, else in any month of the
    /// year; with the row's name. Empty when no goal covers it.
    static func goalCommodities(_ account: String, day: LocalDate, report: HledgerBudgetReport) -> (row: String, commodities: [String]) {
        let rows = report.accounts.keys.filter { account == $0 || account.hasPrefix($0 + ":") }
        guard let row = rows.max(by: { $0.count < $1.count }), let months = report.accounts[row] else { return ("", []) }
        var found: [String] = []
        let chosen = months[YearMonth(day)]?.goal.map { [$0] } ?? months.keys.sorted().compactMap { months[$0]?.goal }
        for goal in chosen { for amount in goal where !found.contains(amount.commodity) { found.append(amount.commodity) } }
        return (row, found)
    }

    /// Whether two commodity names are the same (a symbol and its code: `€` and `EUR`).
    static func same(_ one: String, _ other: String) -> Bool {
        one == other || HledgerSummary.symbols[one] == other || HledgerSummary.symbols[other] == one
    }

    /// `text` (the form's or the command's amount) as the journal writes it for `account`: in
    /// that account's goal commodity (hledger's budget report), else the budget's. An amount in
    /// another commodity than the account's goal is refused (commodities are never added).
    static func amount(_ text: String, source: BudgetSource, report: HledgerBudgetReport, account: String, day: LocalDate) throws -> String {
        guard let budgetCommodity = source.commodity ?? report.commodities.first else {
            throw HledgerError("the journal has no commodity to write the expense in; set [budget] commodity = \"CHF\" (or the one you use).")
        }
        let (number, given) = split(text)
        let goal = goalCommodities(account, day: day, report: report)
        let root = source.accounts.first ?? "expenses"
        // Whose commodities these are, in the sentence: the account's own goal, or the budget's.
        let own = !goal.commodities.isEmpty && goal.row != root
        let accepted = goal.commodities.isEmpty ? [budgetCommodity] : goal.commodities
        let commodity: String
        if let given {
            guard let match = accepted.first(where: { same($0, given) }) else {
                let list = accepted.count == 1 ? accepted[0] : accepted.dropLast().joined(separator: ", ") + " or " + accepted.last!
                let whose = own ? "\(account)'s budget goal is in \(list)" : "the budget's amounts are in \(list)"
                throw HledgerError("'\(text)' is in \(given), but \(whose); write it in \(accepted[0]), such as 12.50 (Homescreen never adds one commodity to another).",
                                   badInput: true)
            }
            commodity = match
        } else {
            commodity = accepted.first(where: { same($0, budgetCommodity) }) ?? accepted[0]
        }
        let currency = Currency(code: commodity) ?? HledgerSummary.symbols[commodity].flatMap(Currency.init(code:)) ?? .euro
        switch Money.parse(number, currency: currency) {
        case .success(let money): return amount(money, currency: currency, style: report.styles[commodity], commodity: commodity)
        case .failure(let error): throw HledgerError("'\(text)' \(error.problem(in: currency)); use \(Money.accepted(currency)).", badInput: true)
        }
    }

    /// An amount as typed, and the commodity written before or after it, if any (`12 EUR`, `€12`).
    public static func split(_ text: String) -> (number: String, commodity: String?) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let numeric = { (character: Character) in character.isNumber || ".,-+".contains(character) }
        let leading = trimmed.prefix { !numeric($0) }, rest = trimmed.dropFirst(leading.count)
        let trailing = String(rest.reversed().prefix { !numeric($0) }.reversed())
        let number = rest.dropLast(trailing.count).trimmingCharacters(in: .whitespaces)
        let written = (leading + trailing).trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\"")))
        return (number, written.isEmpty ? nil : written)
    }

    /// A description the journal takes on one line: no control characters, no `;` (it would
    /// start a comment).
    static func description(_ note: String) -> String {
        String(note.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }.map { $0 == ";" ? "," : Character($0) })
            .trimmingCharacters(in: .whitespaces)
    }

    /// The expense account `chosen` names under `root` (`food` and `expenses:food` are both
    /// `expenses:food`); nil when nothing was chosen. Refused (bad input) when hledger would read
    /// the name as something else: two spaces or a tab end an account name and start its amount,
    /// a line break starts another line, `;` a comment.
    public static func account(_ chosen: String?, root: String) throws -> String? {
        guard let chosen = chosen?.trimmingCharacters(in: CharacterSet(charactersIn: " ")), !chosen.isEmpty, chosen != root + ":" else { return nil }
        let name = chosen == root || chosen.hasPrefix(root + ":") ? chosen : root + ":" + chosen
        let problem: String? =
            name.unicodeScalars.contains(where: { CharacterSet.controlCharacters.contains($0) || $0.properties.isWhitespace && $0 != " " })
                ? "holds a tab, a line break or another control character"
            : name.contains("  ") ? "holds two spaces in a row, where hledger would end the account name and read the rest as its amount"
            : name.contains(";") ? "holds ';', which starts a comment in a journal"
            : name.split(separator: ":", omittingEmptySubsequences: false).contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty })
                ? "has an empty part between its colons" : nil
        guard let problem else { return name }
        throw HledgerError("the account '\(chosen)' \(problem); use an account such as \(root):food or \(root):eating out (single spaces only).",
                           badInput: true)
    }

    /// The file as it was read: its bytes' count and its identity (inode, size, time).
    public struct Reading: Equatable, Sendable {
        let inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        static func of(_ path: String) throws -> Reading {
            var info = stat()
            guard stat(path, &info) == 0 else {
                throw HledgerError("the journal \(path) cannot be read (\(String(cString: strerror(errno)))); set [budget] journal to your hledger journal.")
            }
            return Reading(inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec))
        }
    }

    /// Appends `text` in one `write` with O_APPEND, after checking that the file is the one
    /// read (`before`): a journal changed since is refused, and nothing is written.
    static func append(_ text: String, to path: String, before: Reading) throws {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw HledgerError("the journal \(path) cannot be written (\(String(cString: strerror(errno)))); check its permissions.")
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0,
              Reading(inode: UInt64(info.st_ino), size: Int64(info.st_size), seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec)) == before else {
            throw HledgerError("the journal \(path) changed while the expense was being added; nothing was written, add it again.")
        }
        // A blank line first; a journal whose last line has no newline gets one too, in the same write.
        var prefix = ""
        if before.size > 0 {
            let reader = open(path, O_RDONLY | O_CLOEXEC)
            var last: UInt8 = 0
            if reader >= 0 { _ = pread(reader, &last, 1, off_t(before.size - 1)); close(reader) }
            prefix = last == UInt8(ascii: "\n") ? "\n" : "\n\n"
        }
        let bytes = Array((prefix + text).utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw HledgerError("the journal \(path) could not be written whole (\(String(cString: strerror(errno)))); check the disk and `hledger check`.")
        }
        fsync(descriptor)
    }

    /// Adds an expense to the journal the source names: refused with a sentence (nothing
    /// written) when the journal cannot be read, has no commodity to write in, or changed.
    public static func addExpense(_ source: BudgetSource, text: String, day: LocalDate, note: String, account chosen: String?,
                                  store: (any StoreBackend)? = nil, environment: [String: String] = processEnvironment) throws -> (amount: String, account: String) {
        let root = source.accounts.first ?? "expenses"
        let account = try account(chosen, root: root) ?? root
        let path = source.journalPath(environment: environment)
        let before = try Reading.of(path)
        let report = try Hledger.budget(source, year: day.year, store: store, environment: environment)
        let written = try amount(text, source: source, report: report, account: account, day: day)
        let entry = transaction(day: day, description: description(note), account: account, amount: written, paying: source.paying)
        try append(entry, to: path, before: before)
        return (written, account)
    }
}
