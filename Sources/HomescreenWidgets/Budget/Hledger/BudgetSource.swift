import Foundation
import HomescreenStore
import HomescreenCommandLine
import HomescreenHosting
import HomescreenWidgetCore

/// Where the budget's figures come from (config `[budget]`): the store's own `budget` and
/// `expense` tables (the default), or an hledger journal read through hledger itself.
///
/// ```toml
/// [budget]
/// source = "hledger"
/// journal = "~/finance/2026.journal"   # default: $LEDGER_FILE, then ~/.hledger.journal
/// accounts = ["expenses"]              # the accounts that count as spending
/// commodity = "CHF"                    # the commodity shown (default: the first with a goal)
/// paying-account = "assets:bank"       # what an added expense is paid from (default assets:cash)
/// ```
public struct BudgetSource: Sendable, Equatable, ConfigWritten {
    public enum Origin: String, Sendable { case store, hledger }

    public var origin: Origin = .store
    /// The journal as written in the config (nil: `$LEDGER_FILE`, then `~/.hledger.journal`).
    public var journal: String?
    public var accounts: [String] = ["expenses"]
    public var commodity: String?
    /// The account an added expense is paid from (`paying-account`).
    public var paying = "assets:cash"
    /// The day each budget period starts (`period`, 1–28; 1: calendar months). A period is
    /// named by the month it starts in: with 25, "November" runs from Nov 25 to Dec 24.
    public var periodStart = 1

    public init(origin: Origin = .store, journal: String? = nil, accounts: [String] = ["expenses"], commodity: String? = nil, paying: String = "assets:cash") {
        self.paying = paying
        self.origin = origin
        self.journal = journal
        self.accounts = accounts
        self.commodity = commodity
    }

    public static let key = SettingKey<BudgetSource>("budget", default: BudgetSource()) { try parse($0) }

    static func parse(_ value: ConfigValue) throws -> BudgetSource {
        guard case .table(let table) = value else {
            throw ConfigError("budget must be a table such as [budget] source = \"hledger\".")
        }
        var source = BudgetSource()
        for (name, value) in table.sorted(by: { $0.key < $1.key }) {
            switch (name, value) {
            case ("source", .string(let text)):
                guard let origin = Origin(rawValue: text) else {
                    throw ConfigError("budget.source = \"\(text)\" is not a source; use \"store\" (the default) or \"hledger\".")
                }
                source.origin = origin
                if origin == .hledger { HledgerChangeFeed.configured = true }
            case ("journal", .string(let text)) where !text.isEmpty: source.journal = text
            case ("accounts", .string(let text)) where !text.isEmpty: source.accounts = [text]
            case ("accounts", .list(let items)) where !items.isEmpty:
                source.accounts = try items.map { item in
                    guard case .string(let text) = item, !text.isEmpty else { throw ConfigError("budget.accounts = \(value) is not a list of account names, such as [\"expenses\"].") }
                    return text
                }
            case ("commodity", .string(let text)) where !text.isEmpty: source.commodity = text
            case ("paying-account", .string(let text)) where !text.isEmpty && !text.contains(where: \.isNewline): source.paying = text
            case ("period", .integer(let day)) where (1...28).contains(day): source.periodStart = day
            case ("period", _):
                throw ConfigError("budget.period = \(value) is not a day a budget period can start on; use a day of the month from 1 to 28, such as budget.period = 25.")
            case ("source", _), ("journal", _), ("accounts", _), ("commodity", _), ("paying-account", _):
                throw ConfigError("budget.\(name) = \(value) is not a name; write it in quotes, such as budget.\(name) = \"\(name == "source" ? "hledger" : name == "commodity" ? "CHF" : name == "accounts" ? "expenses" : "~/.hledger.journal")\".")
            default:
                throw ConfigError("budget.\(name) is not a budget setting; they are source, journal, accounts, commodity, paying-account and period.")
            }
        }
        return source
    }

    public var configValue: ConfigValue {
        var table: [String: ConfigValue] = ["source": .string(origin.rawValue), "accounts": .list(accounts.map(ConfigValue.string))]
        if let journal { table["journal"] = .string(journal) }
        if let commodity { table["commodity"] = .string(commodity) }
        table["paying-account"] = .string(paying)
        if periodStart != 1 { table["period"] = .integer(periodStart) }
        return .table(table)
    }

    /// The budget period `day` falls in: the month it is named by, and the days left in it
    /// (`day` included).
    public func period(containing day: LocalDate) -> (month: YearMonth, daysLeft: Int) {
        let month = YearMonth(day)
        guard periodStart > 1 else { return (month, month.dayCount - day.day + 1) }
        let named = day.day >= periodStart ? month : month.adding(months: -1)
        let next = named.adding(months: 1)
        let end = LocalDate(year: next.year, month: next.month, day: periodStart)!
        return (named, end.dayNumber - day.dayNumber)
    }

    /// The number of days of the period named by `month`.
    public func days(of month: YearMonth) -> Int {
        guard periodStart > 1 else { return month.dayCount }
        let next = month.adding(months: 1)
        return LocalDate(year: next.year, month: next.month, day: periodStart)!.dayNumber - LocalDate(year: month.year, month: month.month, day: periodStart)!.dayNumber
    }

    /// The journal's path: the configured one (`~` expanded), else `$LEDGER_FILE`, else
    /// `~/.hledger.journal`, as hledger itself chooses.
    /// The journal by its file's name, for the status line (`doctor` says the whole path).
    public var journalName: String { (journalPath() as NSString).lastPathComponent }

    public func journalPath(environment: [String: String] = processEnvironment) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func expanded(_ path: String) -> String {
            path == "~" ? home : path.hasPrefix("~/") ? home + path.dropFirst() : path
        }
        if let journal { return expanded(journal) }
        if let file = environment["LEDGER_FILE"], !file.isEmpty { return expanded(file) }
        return home + "/.hledger.journal"
    }
}

extension BudgetSource {
    /// `doctor`'s lines on the budget's source: the journal and its includes, hledger's
    /// version, the last run's time and duration.
    public static func doctor(_ settings: WidgetSettings, store: @autoclosure () -> (any StoreBackend)?, environment: [String: String] = processEnvironment,
                              now: Date = Date()) -> [(String, String)] {
        let source = settings[key]
        guard source.origin == .hledger else { return [("budget source", "the store (set [budget] source = \"hledger\" to read an hledger journal)")] }
        let journal = source.journalPath(environment: environment)
        let year = Calendar(identifier: .gregorian).component(.year, from: now)
        let last = Hledger.lastRun(source, year: year, store: store(), environment: environment)
        let included = (last?.files ?? []).filter { $0 != journal }
        var lines = [("budget source", "hledger, journal \(journal)" + (FileManager.default.fileExists(atPath: journal) ? "" : " (does not exist)")
                      + (included.isEmpty ? "" : ", including " + included.joined(separator: ", ")))]
        let version = (try? Hledger.run(["--version"], environment: environment)).map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) }
        lines.append(("hledger", version ?? "not installed; `apt-get install hledger` installs it"))
        if let last {
            lines.append(("last run", "\(InstantParser.internet(last.at)), \(String(format: "%.2f", last.seconds)) s" + (last.error.map { "; refused: \($0)" } ?? "")))
        } else {
            lines.append(("last run", "none yet (the dashboard, status and budget show run hledger when the journal changes)"))
        }
        return lines
    }
}
