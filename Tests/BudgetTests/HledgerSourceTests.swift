import Foundation
import Testing
import HomescreenHosting
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// `[budget] source = "hledger"`: the panes' figures are hledger's own, run for real
/// (Debian's hledger; scripts/test.sh's `need hledger`).
struct HledgerSourceTests {
    let folder = TemporaryFolder()
    typealias F = BudgetFixtures
    static let hledger = "/usr/bin/hledger"

    init() throws { try MissingTool.check(Self.hledger, package: "hledger") }

    /// A year of generated spending: two commodities, an included file, goals that change
    /// in June, a month without a goal (July), refunds.
    func generatedJournal() throws -> String {
        var seed: UInt64 = 53
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var main = """
            include food.journal

            ~ monthly from 2026-01-01 to 2026-07-01
                expenses:rent      1200 CHF
                expenses:food       400.50 CHF
                expenses:travel     100 EUR
                assets:bank

            ~ monthly from 2026-08-01
                expenses:rent      1250 CHF
                expenses:food       380.25 CHF
                assets:bank


            """
        var food = ""
        for month in 1...12 {
            for _ in 0..<(4 + next(6)) {
                let day = 1 + next(28), cents = 100 + next(20_000)
                let refund = next(9) == 0 ? "-" : ""
                let (account, commodity) = [("expenses:food", "CHF"), ("expenses:rent", "CHF"), ("expenses:travel", "EUR")][next(3)]
                let text = String(format: "2026-%02d-%02d Shop %d\n    %@  %@%d.%02d %@\n    assets:bank\n\n", month, day, next(100), account, refund, cents / 100, cents % 100, commodity)
                if account == "expenses:food" { food += text } else { main += text }
            }
        }
        try main.write(toFile: folder.path("main.journal"), atomically: true, encoding: .utf8)
        try food.write(toFile: folder.path("food.journal"), atomically: true, encoding: .utf8)
        return folder.path("main.journal")
    }

    /// hledger's totals for one month, from its own JSON, read here independently of the
    /// program: commodity → (actual, goal) in hundredths.
    func hledgerMonth(_ journal: String, _ month: YearMonth) throws -> [String: (actual: Int64?, goal: Int64?)] {
        let result = try Shell.run("\(Self.hledger) -f \(journal) balance --budget -M -p \(month.iso) --depth 1 -O json expenses", environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let pair = ((json["prTotals"] as! [String: Any])["prrAmounts"] as! [[Any]])[0]
        var figures: [String: (actual: Int64?, goal: Int64?)] = [:]
        for (index, side) in pair.enumerated() {
            for amount in (side as? [[String: Any]]) ?? [] {
                let quantity = amount["aquantity"] as! [String: Any]
                var cents = (quantity["decimalMantissa"] as! NSNumber).int64Value
                for _ in (quantity["decimalPlaces"] as! Int)..<2 { cents *= 10 }
                let commodity = amount["acommodity"] as! String
                var figure = figures[commodity] ?? (nil, nil)
                if index == 0 { figure.actual = cents } else { figure.goal = cents }
                figures[commodity] = figure
            }
        }
        return figures
    }

    @Test func everyMonthsFiguresAreHledgers() throws {
        let journal = try generatedJournal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        var context = F.context(.systemSmall)
        let year = try YearWidget(store: store, source: source).timeline(in: F.context(.systemLarge), at: F.instant("2026-06-15T12:00:00+02:00")).entries[0]
        var monthsWithoutGoal = 0
        for number in 1...12 {
            let month = YearMonth(year: 2026, month: number)!
            let expected = try hledgerMonth(journal, month)["CHF"]
            context.timeZone = F.zurich
            let instant = F.instant(String(format: "2026-%02d-15T12:00:00+01:00", number))
            let entry = try BudgetWidget(store: store, source: source).timeline(in: context, at: instant).entries[0]
            #expect(entry.source == .hledger)
            #expect(entry.spent.cents == expected?.actual ?? 0, "\(month)")
            #expect(entry.limit?.cents == expected?.goal, "\(month)")
            #expect(entry.available?.cents == expected?.goal.map { $0 - (expected?.actual ?? 0) }, "\(month)")
            #expect(year.months[number - 1].total.spent.cents == expected?.actual ?? 0, "\(month)")
            #expect(year.months[number - 1].budget?.limit.cents == expected?.goal, "\(month)")
            if expected?.goal == nil { monthsWithoutGoal += 1; #expect(entry.state == .notConfigured) }
        }
        #expect(monthsWithoutGoal == 1)   // July
        // The other commodity is never added in: EUR's figures are hledger's EUR alone.
        let euro = BudgetSource(origin: .hledger, journal: journal, commodity: "EUR")
        let february = try BudgetWidget(store: store, source: euro).timeline(in: context, at: F.instant("2026-02-15T12:00:00+01:00")).entries[0]
        let expected = try hledgerMonth(journal, YearMonth(year: 2026, month: 2)!)["EUR"]
        #expect(february.spent.cents == expected?.actual ?? 0)
        #expect(february.limit?.cents == 10_000)
        #expect(february.denomination == .currency(Currency(code: "EUR")!))
    }

    @Test func anEditToAnIncludedFileIsANewRun() throws {
        let journal = try generatedJournal()
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        let before = try Hledger.budget(source, year: 2026)
        let march = YearMonth(year: 2026, month: 3)!
        let handle = try #require(FileHandle(forWritingAtPath: folder.path("food.journal")))
        handle.seekToEndOfFile()
        handle.write(Data("2026-03-03 Market\n    expenses:food  10.05 CHF\n    assets:bank\n".utf8))
        try handle.close()
        let after = try Hledger.budget(source, year: 2026)
        #expect((after.months[march]?.actual("CHF")?.money?.cents ?? 0) - (before.months[march]?.actual("CHF")?.money?.cents ?? 0) == 1005)
    }

    @Test func aJournalWithoutGoalsSaysHowToWriteOne() throws {
        let journal = folder.path("plain.journal")
        try "2026-11-02 Lunch\n    expenses:food  12.50 CHF\n    assets:cash\n".write(toFile: journal, atomically: true, encoding: .utf8)
        let entry = try BudgetWidget(store: Store.prepared(at: folder.path("s.sqlite")), source: BudgetSource(origin: .hledger, journal: journal))
            .timeline(in: F.context(.systemSmall), at: F.now).entries[0]
        #expect(entry.state == .notConfigured)
        #expect(entry.spent == F.money("12.50"))
        #expect(entry.problem?.contains("~ monthly") == true)
        let text = PaneSnapshot.text(BudgetWidget.draw(entry, in: F.context(.systemMedium)), F.context(.systemMedium))
        #expect(text.contains("~ monthly"))
    }

    @Test func aSyntaxErrorNamesHledgersFileAndLine() throws {
        let journal = folder.path("broken.journal")
        try "2026-11-02 Lunch\n    expenses:food  12.50 CHF\n    assets:cash\n\n2026-13-45 Bad date\n    expenses:food  1 CHF\n    assets:cash\n"
            .write(toFile: journal, atomically: true, encoding: .utf8)
        let entry = try BudgetWidget(store: Store.prepared(at: folder.path("s.sqlite")), source: BudgetSource(origin: .hledger, journal: journal))
            .timeline(in: F.context(.systemSmall), at: F.now).entries[0]
        #expect(entry.state == .error)
        #expect(entry.problem?.contains("broken.journal:5") == true, "\(entry.problem ?? "")")
    }

    @Test func refusalsAreSentences() throws {
        let missing = BudgetSource(origin: .hledger, journal: folder.path("none.journal"))
        #expect(throws: HledgerError("the journal \(folder.path("none.journal")) does not exist; set [budget] journal = \"PATH\" (or $LEDGER_FILE) to your hledger journal.")) {
            try Hledger.budget(missing, year: 2026)
        }
        let journal = folder.path("j.journal")
        try "".write(toFile: journal, atomically: true, encoding: .utf8)
        #expect(throws: HledgerError("hledger is not installed; `apt-get install hledger` installs it (or set [budget] source = \"store\").")) {
            try Hledger.budget(BudgetSource(origin: .hledger, journal: journal), year: 2026, environment: ["PATH": folder.path("bin"), "HOME": folder.path("")])
        }
        // $LEDGER_FILE, then ~/.hledger.journal.
        #expect(BudgetSource().journalPath(environment: ["HOME": "/h", "LEDGER_FILE": "~/books.journal"]) == "/h/books.journal")
        #expect(BudgetSource().journalPath(environment: ["HOME": "/h"]) == "/h/.hledger.journal")
    }

    @Test func theConfigTableIsRead() throws {
        let source = try BudgetSource.parse(.table(["source": .string("hledger"), "journal": .string("~/j.journal"), "accounts": .list([.string("expenses")]), "commodity": .string("CHF")]))
        #expect(source == BudgetSource(origin: .hledger, journal: "~/j.journal", accounts: ["expenses"], commodity: "CHF"))
        #expect(throws: ConfigError.self) { try BudgetSource.parse(.table(["source": .string("ledger")])) }
        #expect(throws: ConfigError.self) { try BudgetSource.parse(.table(["jornal": .string("x")])) }
        #expect(try BudgetSource.parse(source.configValue) == source)
    }
}

extension HledgerSourceTests {
    @Test func aBrokenEditKeepsTheLastGoodNumbers() throws {
        let journal = folder.path("books.journal")
        let good = "~ monthly\n    expenses:food  400 CHF\n    assets:bank\n\n2026-11-02 Lunch\n    expenses:food  12.50 CHF\n    assets:cash\n"
        try good.write(toFile: journal, atomically: true, encoding: .utf8)
        let widget = try BudgetWidget(store: Store.prepared(at: folder.path("s.sqlite")), source: BudgetSource(origin: .hledger, journal: journal))
        #expect(try widget.timeline(in: F.context(.systemSmall), at: F.now).entries[0].spent == F.money("12.50"))
        try (good + "\n2026-11-0x Typo\n    expenses:food  1 CHF\n    assets:cash\n").write(toFile: journal, atomically: true, encoding: .utf8)
        let broken = try widget.timeline(in: F.context(.systemSmall), at: F.now).entries[0]
        #expect(broken.state == .error)
        #expect(broken.problem?.contains("books.journal:9") == true, "\(broken.problem ?? "")")
        #expect(broken.spent == F.money("12.50"))
        #expect(broken.limit == F.money("400"))
    }
}

extension HledgerSourceTests {
    /// The file changed between reading and writing: refused with a sentence, nothing written.
    @Test func aJournalEditedDuringAWriteIsRefused() throws {
        let journal = folder.path("books.journal")
        try "2026-11-02 Lunch\n    expenses:food  12.50 CHF\n    assets:cash".write(toFile: journal, atomically: true, encoding: .utf8)
        let read = try HledgerJournal.Reading.of(journal)
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n".utf8))
        try handle.close()
        let edited = try #require(FileSnapshot.bytes(journal))
        #expect(throws: HledgerError("the journal \(journal) changed while the expense was being added; nothing was written, add it again.")) {
            try HledgerJournal.append("2026-11-03 X\n    expenses:food  1 CHF\n    assets:cash\n", to: journal, before: read)
        }
        #expect(FileSnapshot.bytes(journal) == edited)
        // Read again, it appends; a last line without a newline gets one first.
        try HledgerJournal.append("2026-11-03 X  ; homescreen:\n    expenses:food  1 CHF\n    assets:cash\n", to: journal, before: HledgerJournal.Reading.of(journal))
        #expect(String(decoding: try #require(FileSnapshot.bytes(journal)), as: UTF8.self).hasSuffix("assets:cash\n\n2026-11-03 X  ; homescreen:\n    expenses:food  1 CHF\n    assets:cash\n"))
        #expect(try Shell.run("\(Self.hledger) -f \(journal) check", environment: ["PATH": "/usr/bin:/bin"]).status == 0)
    }

    /// The 80 % reminder from the journal's figures.
    @Test func remindersReadTheJournal() throws {
        let journal = folder.path("books.journal")
        try "~ monthly\n    expenses:food  100 CHF\n    assets:bank\n\n2026-11-02 Party\n    expenses:food  85 CHF\n    assets:bank\n".write(toFile: journal, atomically: true, encoding: .utf8)
        var settings = WidgetSettings()
        settings[BudgetSource.key] = BudgetSource(origin: .hledger, journal: journal)
        _ = try Hledger.budget(settings[BudgetSource.key], year: 2026)
        var reminders = WidgetSettings()
        reminders[BudgetFeature.remindOn] = true
        let context = ReminderContext(now: F.now, timeZone: F.zurich, language: .english, locale: FormattingLocale(identifier: "en_US_POSIX"), privacy: false,
                                      settings: reminders, widgetSettings: settings)
        let due = try BudgetFeature().reminders(Store.prepared(at: folder.path("s.sqlite")), context).due
        #expect(due.count == 1 && due[0].title.contains("85"), "\(due)")
    }
}

extension HledgerSourceTests {
    /// A journal's other commodity is shown beside the chosen one, with its own spent and goal
    /// as hledger computed them, never added in.
    @Test func otherCommoditiesAreShownSideBySide() throws {
        let journal = try generatedJournal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        var context = F.context(.systemLarge)
        context.timeZone = F.zurich
        let february = YearMonth(year: 2026, month: 2)!
        let entry = try BudgetWidget(store: store, source: BudgetSource(origin: .hledger, journal: journal, commodity: "CHF"))
            .timeline(in: context, at: F.instant("2026-02-15T12:00:00+01:00")).entries[0]
        let expected = try hledgerMonth(journal, february)
        #expect(entry.spent.cents == expected["CHF"]?.actual)
        #expect(entry.others == [BudgetEntry.OtherCommodity(denomination: .currency(Currency(code: "EUR")!), spent: Money(cents: expected["EUR"]?.actual ?? 0),
                                                            limit: expected["EUR"]?.goal.map { Money(cents: $0) })])
        func plain(_ cents: Int64) -> String {
            let grouped = NumberFormatter()
            grouped.numberStyle = .decimal
            grouped.locale = Locale(identifier: "en_US_POSIX")
            grouped.usesGroupingSeparator = true
            grouped.groupingSeparator = ","
            grouped.groupingSize = 3
            return (grouped.string(from: NSNumber(value: cents / 100)) ?? "") + String(format: ".%02lld", cents % 100)
        }
        let text = PaneSnapshot.text(BudgetWidget.draw(entry, in: context), context)
        let line = try #require(text.split(separator: "\n").first { $0.contains("EUR") && $0.contains(" / ") }, "\(text)")
        #expect(line.contains(plain(expected["EUR"]?.actual ?? 0) + " / " + plain(expected["EUR"]?.goal ?? 0)), "\(line)")
    }
}

extension HledgerSourceTests {
    /// The year's full screen on a journal: the selected month per account, spent and goal, as
    /// hledger's own rows for that month say (read here from its JSON).
    @Test func theYearsFullScreenShowsEachAccountAsHledgerComputesIt() throws {
        let journal = try generatedJournal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let result = try Shell.run("\(Self.hledger) -f \(journal) balance --budget -M -p 2026-06 -O json expenses", environment: ["PATH": "/usr/bin:/bin"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        var expected: [String: (spent: Int64, goal: Int64?)] = [:], expectedEUR: [String: (spent: Int64, goal: Int64?)] = [:]
        for row in json["prRows"] as! [[String: Any]] {
            let pair = (row["prrAmounts"] as! [[Any]])[0]
            func chf(_ side: Any, _ commodity: String = "CHF") -> Int64? {
                guard let amount = (side as? [[String: Any]])?.first(where: { $0["acommodity"] as? String == commodity }) else { return nil }
                let quantity = amount["aquantity"] as! [String: Any]
                var cents = (quantity["decimalMantissa"] as! NSNumber).int64Value
                for _ in (quantity["decimalPlaces"] as! Int)..<2 { cents *= 10 }
                return cents
            }
            let spent = chf(pair[0]), goal = pair.count > 1 ? chf(pair[1]) : nil
            if spent != nil || goal != nil { expected[row["prrName"] as! String] = (spent ?? 0, goal) }
            let euros = chf(pair[0], "EUR"), euroGoal = pair.count > 1 ? chf(pair[1], "EUR") : nil
            if euros != nil || euroGoal != nil { expectedEUR[row["prrName"] as! String] = (euros ?? 0, euroGoal) }
        }
        #expect(expected.keys.contains("expenses:food") && expected.keys.contains("expenses:rent"), "\(expected)")
        let context = F.context(.systemLarge, detail: true)
        let entry = try YearWidget(store: store, source: BudgetSource(origin: .hledger, journal: journal, commodity: "CHF"))
            .timeline(in: context, at: F.instant("2026-06-15T12:00:00+02:00")).entries[0]
        let chfRows = entry.accounts.filter { $0.denomination == nil }, eurRows = entry.accounts.filter { $0.denomination != nil }
        #expect(chfRows.map(\.name) == expected.keys.sorted())
        for account in chfRows {
            #expect(account.spent.cents == expected[account.name]?.spent && account.limit?.cents == expected[account.name]?.goal, "\(account)")
        }
        // An account budgeted in EUR has its own row in EUR, as hledger gives it (never added to CHF).
        #expect(!expectedEUR.isEmpty && eurRows.map(\.name) == expectedEUR.keys.sorted(), "\(eurRows) \(expectedEUR)")
        for account in eurRows {
            #expect(account.denomination?.label == "EUR" && account.spent.cents == expectedEUR[account.name]?.spent
                    && account.limit?.cents == expectedEUR[account.name]?.goal, "\(account)")
        }
        let text = PaneSnapshot.text(YearWidget(store: store, source: BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")).render(entry, in: context), context)
        #expect(text.contains("expenses:food") && text.contains("expenses:rent") && text.contains("expenses:travel") && text.contains("EUR"), "\(text)")
    }
}

extension HledgerSourceTests {
    /// `period = 25`: a budget period runs from the 25th to the 24th, named by the month it
    /// starts in; its figures are hledger's for those days.
    @Test func aPeriodStartingOnThe25th() throws {
        let journal = try generatedJournal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let source = try BudgetSource.parse(.table(["source": .string("hledger"), "journal": .string(journal), "commodity": .string("CHF"), "period": .integer(25)]))
        #expect(source.periodStart == 25)
        #expect(try BudgetSource.parse(source.configValue) == source)
        #expect(throws: ConfigError("budget.period = 31 is not a day a budget period can start on; use a day of the month from 1 to 28, such as budget.period = 25.")) {
            try BudgetSource.parse(.table(["period": .integer(31)]))
        }
        var context = F.context(.systemSmall)
        context.timeZone = F.zurich
        // 10 February is in the period that began on 25 January.
        let entry = try BudgetWidget(store: store, source: source).timeline(in: context, at: F.instant("2026-02-10T12:00:00+01:00")).entries[0]
        #expect(entry.month == YearMonth(year: 2026, month: 1)!)
        #expect(entry.daysLeft == 15)
        let result = try Shell.run("\(Self.hledger) -f \(journal) balance --budget -b 2026-01-25 -e 2026-02-25 -O json expenses", environment: ["PATH": "/usr/bin:/bin"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let pair = ((json["prTotals"] as! [String: Any])["prrAmounts"] as! [[Any]])[0]
        func chf(_ side: Any) -> Int64? {
            guard let amount = (side as? [[String: Any]])?.first(where: { $0["acommodity"] as? String == "CHF" }) else { return nil }
            let quantity = amount["aquantity"] as! [String: Any]
            var cents = (quantity["decimalMantissa"] as! NSNumber).int64Value
            for _ in (quantity["decimalPlaces"] as! Int)..<2 { cents *= 10 }
            return cents
        }
        #expect(entry.spent.cents == chf(pair[0]) ?? 0)
        #expect(entry.limit?.cents == chf(pair[1]))
        #expect(entry.spent != (try BudgetWidget(store: store, source: BudgetSource(origin: .hledger, journal: journal, commodity: "CHF"))
            .timeline(in: context, at: F.instant("2026-01-10T12:00:00+01:00")).entries[0].spent))   // not the calendar month's
    }
}

extension HledgerSourceTests {
    /// hledger's rows for one month, read here from its own JSON: account → commodity →
    /// (spent, goal) in hundredths; hledger's total under "total".
    func hledgerRows(_ journal: String, _ month: YearMonth) throws -> [String: [String: (spent: Int64, goal: Int64?)]] {
        let result = try Shell.run("\(Self.hledger) -f \(journal) balance --budget -M -p \(month.iso) -O json expenses", environment: ["PATH": "/usr/bin:/bin"])
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        func figures(_ pair: [Any]) -> [String: (spent: Int64, goal: Int64?)] {
            var found: [String: (spent: Int64, goal: Int64?)] = [:]
            for (index, side) in pair.enumerated() {
                for amount in (side as? [[String: Any]]) ?? [] {
                    let quantity = amount["aquantity"] as! [String: Any]
                    var cents = (quantity["decimalMantissa"] as! NSNumber).int64Value
                    for _ in (quantity["decimalPlaces"] as! Int)..<2 { cents *= 10 }
                    let commodity = amount["acommodity"] as! String
                    var figure = found[commodity] ?? (0, nil)
                    if index == 0 { figure.spent = cents } else { figure.goal = cents }
                    found[commodity] = figure
                }
            }
            return found
        }
        var rows: [String: [String: (spent: Int64, goal: Int64?)]] = [:]
        for row in json["prRows"] as! [[String: Any]] { rows[row["prrName"] as! String] = figures((row["prrAmounts"] as! [[Any]])[0]) }
        rows["total"] = figures(((json["prTotals"] as! [String: Any])["prrAmounts"] as! [[Any]])[0])
        return rows.filter { !$0.value.isEmpty }
    }

    /// The budget's full screen on a journal, moved to June with ←: every account hledger's
    /// rows give, each commodity in its own columns (spent, goal, available; never added), as
    /// hledger's JSON says; drawn whole at 80×24, 120×40 and 200×60 (the screen less its two
    /// bottom rows); the list of what Homescreen wrote below.
    @Test func theBudgetsFullScreenShowsEachAccountAndCommodityAsHledgerComputesIt() throws {
        let journal = try generatedJournal()
        try (String(contentsOfFile: journal, encoding: .utf8) + "\n2026-06-03 Lunch  ; homescreen:\n    expenses:food                 12.50 CHF\n    assets:bank\n"
             + "\n2026-06-04 Train  ; homescreen:\n    expenses:travel               30.00 EUR\n    assets:bank\n")
            .write(toFile: journal, atomically: true, encoding: .utf8)
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let june = YearMonth(year: 2026, month: 6)!
        let expected = try hledgerRows(journal, june)
        #expect(expected.keys.contains("expenses:travel") && expected["total"]?.count == 2, "\(expected)")
        let widget = BudgetWidget(store: store, source: BudgetSource(origin: .hledger, journal: journal, commodity: "CHF"))
        var context = F.context(.systemLarge, detail: true, cursor: -5)
        let entry = try widget.timeline(in: context, at: F.instant("2026-11-15T12:00:00+01:00")).entries[0]
        #expect(entry.month == june && entry.daysLeft == 0)
        #expect(entry.tableCommodities == [.currency(F.chf), .currency(Currency(code: "EUR")!)])
        #expect(entry.accountTable.map(\.name) == expected.keys.filter { $0 != "total" }.sorted() + ["total"])
        for row in entry.accountTable {
            for (index, commodity) in ["CHF", "EUR"].enumerated() {
                let figure = row.figures[index], wanted = expected[row.name]?[commodity]
                #expect(figure?.spent.cents == wanted?.spent && figure?.goal?.cents == wanted?.goal ?? nil, "\(row.name) \(commodity)")
            }
        }
        // What Homescreen wrote, newest first, each in its own commodity (travel's goal is in EUR).
        #expect(entry.recent.map(\.note) == ["Train", "Lunch"] && entry.recent.map(\.currency.code) == ["EUR", "CHF"])
        #expect(entry.recent.map(\.amount.cents) == [3000, 1250])
        func plain(_ cents: Int64) -> String {
            let formatter = NumberFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.numberStyle = .decimal
            formatter.usesGroupingSeparator = true
            formatter.groupingSeparator = ","
            formatter.minimumFractionDigits = 2
            formatter.maximumFractionDigits = 2
            return formatter.string(from: NSNumber(value: Double(cents) / 100)) ?? ""
        }
        for (columns, rows) in [(80, 22), (120, 38), (200, 58)] {
            context.size = CellSize(columns: columns, rows: rows)
            let text = PaneSnapshot.text(BudgetWidget.draw(entry, in: context), context)
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines.count == rows && text.contains("Added by Homescreen") && text.contains("Lunch"), "\(text)")
            let train = try #require(lines.first { $0.contains("Train") }, "\(text)")
            #expect(train.contains("€30.00") && !train.contains("CHF"), "\(train)")
            for (name, figures) in expected {
                let line = try #require(lines.first { $0.contains(name == "total" ? "total (hledger)" : name + " ") }, "\(name) at \(columns)×\(rows):\n\(text)")
                // Each commodity's own spent, goal and available, in its own columns, in order.
                var cells: [String] = []
                for commodity in ["CHF", "EUR"] {
                    guard let figure = figures[commodity] else { continue }
                    cells += [plain(figure.spent)] + (figure.goal.map { [plain($0), plain($0 - figure.spent)] } ?? [])
                }
                let found = line.split(separator: " ").map(String.init).filter { $0.first?.isNumber == true || $0.first == "-" }
                #expect(cells.allSatisfy(found.contains), "\(name) at \(columns)×\(rows): \(line) should hold \(cells)")
            }
        }
    }
}
