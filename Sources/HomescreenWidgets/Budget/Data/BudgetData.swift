import HomescreenStore

extension StoreTable {
    public static let budget = StoreTable(rawValue: "budget")
    public static let expense = StoreTable(rawValue: "expense")
    public static let monthTotal = StoreTable(rawValue: "monthTotal")
    /// The last run of hledger for each journal and year (`[budget] source = "hledger"`),
    /// shared by every process: a reader that finds its journal's files unchanged does not run it.
    public static let hledgerRun = StoreTable(rawValue: "hledgerRun")
    /// Not a table: what a change feed reports when the journal, or a file it includes, changed.
    public static let hledgerJournal = StoreTable(rawValue: "hledgerJournal")
}

extension BudgetFeature {
    /// The first and last day an expense of the month in `month` (an expression giving
    /// YYYY-MM) can have: a range the expenses' day index answers.
    private static func inMonth(_ month: String) -> String { "day >= \(month) || '-01' AND day <= \(month) || '-31'" }

    /// The month of an expense's day: the first key of the index `expenseByMonth`, which answers
    /// a query only when it writes this same expression.
    static func month(of day: String) -> String { "substr(\(day), 1, 7)" }

    /// A currency other than `currency`, as the two ranges either side of it: with the month,
    /// two seeks in `expenseByMonth` (`<>` would read every expense of the month).
    static func otherCurrency(than currency: String) -> String { "(currency < \(currency) OR currency > \(currency))" }

    /// The budget's tables, on both backends: one limit per month, expenses in hundredths of
    /// their currency, and the month totals kept by a rule so a pane never sums 100,000 rows.
    /// One currency per month, whoever writes: a missing one is the month's, a mix is refused.
    /// Its first steps make what the store's shared schema 7 held; a store from then has those
    /// tables rebuilt as described, rows kept.
    public static let data: KindData? = KindData(owner: "budget", steps: [
        .create(DataTable(.budget, columns: [
            DataColumn.month("month").identifying(.primary), .integer("limitCents", 1...100_000_000_000),
            .capitals("currency", 3), .timestamp("updatedAt"),
        ])),
        .create(DataTable(.expense, columns: [
            .id, .integer("amountCents", 1...100_000_000_000), .day("day"), .text("note", max: 200).defaulting(""),
            DataColumn.text("category", max: 80).orNull(), .timestamp("createdAt"), DataColumn.capitals("currency", 3).orNull(),
        ], indexes: [DataIndex("expenseByDay", on: ["day", "id"])])),
        .create(DataTable(.monthTotal, columns: [
            DataColumn.text("month", max: 7).identifying(.primary), .integer("spentCents", Int64.min...Int64.max),
            .integer("expenseCount", Int64.min...Int64.max),
        ], tracked: false)),
        .rule("expenseMonthTotal", .total(.init(of: .expense, summing: "amountCents", byFirst: 7, of: "day",
                                                into: .monthTotal, key: "month", sum: "spentCents", count: "expenseCount"))),
        .rule("expenseCurrencyFill", .fill(.expense, column: "currency", value: """
            COALESCE((SELECT currency FROM budget WHERE month = substr(NEW.day, 1, 7)),
                     (SELECT currency FROM expense WHERE id <> NEW.id AND \(inMonth("substr(NEW.day, 1, 7)")) AND currency IS NOT NULL LIMIT 1),
                     (SELECT currency FROM budget WHERE month <= substr(NEW.day, 1, 7) ORDER BY month DESC LIMIT 1),
                     (SELECT currency FROM budget ORDER BY month LIMIT 1), 'EUR')
            """)),
        .rule("expenseCurrencyMix", .refuse(.expense, updating: ["currency", "day"], when: """
            NEW.currency IS NOT NULL AND (
                EXISTS (SELECT 1 FROM budget WHERE month = substr(NEW.day, 1, 7) AND currency <> NEW.currency)
                OR EXISTS (SELECT 1 FROM expense WHERE (NEW.id IS NULL OR id <> NEW.id) AND \(inMonth("substr(NEW.day, 1, 7)")) AND currency <> NEW.currency))
            """, message: "an expense must be in the currency of its month (its budget and its other expenses)")),
        .rule("budgetCurrencyMix", .refuse(.budget, updating: ["currency", "month"], when: """
            EXISTS (SELECT 1 FROM expense WHERE \(inMonth("NEW.month")) AND currency <> NEW.currency)
            """, message: "a budget must be in the currency of its month's expenses")),
        // The functions PostgreSQL's shared schema 7 kept these rules with.
        .sql(sqlite: "", postgres: "DROP FUNCTION IF EXISTS keepMonthTotal, keepExpenseCurrency, keepBudgetCurrency CASCADE"),
        // Issue 36: the currency rules find a month's expenses by their month and currency, so a
        // write checks two or three index entries however many expenses the month holds (the
        // range of days above read them all: quadratic for a writer inserting a month's rows in
        // one transaction). Same rules, same sentences.
        .addIndex(.expense, DataIndex("expenseByMonth", on: ["(\(month(of: "day")))", "currency"])),
        .replaceRule("expenseCurrencyFill", .fill(.expense, column: "currency", value: """
            COALESCE((SELECT currency FROM budget WHERE month = \(month(of: "NEW.day"))),
                     (SELECT currency FROM expense WHERE \(month(of: "day")) = \(month(of: "NEW.day")) AND currency IS NOT NULL AND id <> NEW.id LIMIT 1),
                     (SELECT currency FROM budget WHERE month <= \(month(of: "NEW.day")) ORDER BY month DESC LIMIT 1),
                     (SELECT currency FROM budget ORDER BY month LIMIT 1), 'EUR')
            """)),
        .replaceRule("expenseCurrencyMix", .refuse(.expense, updating: ["currency", "day"], when: """
            NEW.currency IS NOT NULL AND (
                EXISTS (SELECT 1 FROM budget WHERE month = \(month(of: "NEW.day")) AND currency <> NEW.currency)
                OR EXISTS (SELECT 1 FROM expense WHERE \(month(of: "day")) = \(month(of: "NEW.day")) AND \(otherCurrency(than: "NEW.currency"))
                                                   AND (NEW.id IS NULL OR id <> NEW.id)))
            """, message: "an expense must be in the currency of its month (its budget and its other expenses)")),
        .replaceRule("budgetCurrencyMix", .refuse(.budget, updating: ["currency", "month"], when: """
            EXISTS (SELECT 1 FROM expense WHERE \(month(of: "day")) = NEW.month AND \(otherCurrency(than: "NEW.currency")))
            """, message: "a budget must be in the currency of its month's expenses")),
        // Issue 53: hledger's result for each set of arguments (journal, year, accounts), keyed
        // by the journal's files as they were read (`signature`), and the run under way, if any
        // (`running`: the signature a process is reading since `runningSince`).
        .create(DataTable(.hledgerRun, columns: [
            DataColumn.text("arguments", max: 8_000).identifying(.primary), .text("signature", max: 200_000),
            DataColumn.text("output", max: 50_000_000).orNull(), DataColumn.text("error", max: 4_000).orNull(),
            DataColumn.text("accounts", max: 1_000_000).orNull(), .timestamp("ranAt"), .integer("milliseconds", 0...864_000_000),
            DataColumn.text("running", max: 200_000).orNull(), DataColumn.timestamp("runningSince").orNull(),
        ])),
        // Who runs it (`HledgerClaimant`: machine, boot, pid, start time): a claim whose process
        // has ended is taken over at once, not after the claim's lapse.
        .addColumn(.hledgerRun, DataColumn.text("claimant", max: 400).orNull()),
    ])
}
