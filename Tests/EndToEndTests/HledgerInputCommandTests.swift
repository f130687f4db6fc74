import Foundation
import Testing
import HomescreenTestSupport

/// `expense add` on a journal: what the person types is refused with a sentence naming it
/// (exit 2, the journal's bytes unchanged) unless hledger reads it as it was meant.
struct HledgerInputCommandTests {
    @Test func anAccountHledgerWouldMisreadIsRefusedAndTheJournalKept() throws {
        let books = try HledgerCommandTests()
        let before = try #require(FileSnapshot.bytes(books.journal))
        for name in ["food  5 CHF", "food\n    assets:bank  5 CHF", "food\tx", "food; x"] {
            let refused = try books.run(["expense", "add", "2", "--date", "2026-11-20", "--category", name])
            #expect(refused.status == 2, "\(name): \(refused.stdout) \(refused.stderr)")
            #expect(refused.stderr.contains("the account '") && refused.stderr.contains("use an account such as expenses:food"), "\(refused.stderr)")
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(FileSnapshot.bytes(books.journal) == before)
        }
        #expect(try books.hledger("check").status == 0)
    }

    @Test func anAmountIsNamedAsTypedAndItsCommodityMayBeASecondWord() throws {
        let books = try HledgerCommandTests()
        let before = try #require(FileSnapshot.bytes(books.journal))
        let refused = try books.run(["expense", "add", "abc", "--date", "2026-11-20"])
        #expect(refused.status == 2 && refused.stderr.contains("'abc' is not an amount"), "\(refused.stderr)")
        #expect(FileSnapshot.bytes(books.journal) == before)
        let added = try books.run(["expense", "add", "12.50", "CHF", "--date", "2026-11-20", "--category", "food"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("12.50 CHF to expenses:food on 2026-11-20"), "\(added.stdout)")
        // Two numbers are still two amounts.
        let two = try books.run(["expense", "add", "12", "13", "--date", "2026-11-20"])
        #expect(two.status == 2 && two.stderr.contains("takes one amount"), "\(two.stderr)")
    }
}

/// With the journal as the source, the store's budget and expense commands speak of the journal:
/// `budget set` and `expense remove` say where the goals and expenses are (exit 2, nothing
/// written), `expense list` is hledger's register of the month.
struct HledgerStoreCommandsTests {
    @Test func budgetSetAndExpenseRemoveSayTheJournalAndWriteNothing() throws {
        let books = try HledgerCommandTests()
        let before = try #require(FileSnapshot.bytes(books.journal))
        let set = try books.run(["budget", "set", "2026-11", "--limit", "800"])
        #expect(set.status == 2 && set.stderr.contains("the budget's goals are in the journal \(books.journal)"), "\(set.stderr)")
        let remove = try books.run(["expense", "remove", "1"])
        #expect(remove.status == 2 && remove.stderr.contains("the expenses are in the journal \(books.journal)"), "\(remove.stderr)")
        #expect(FileSnapshot.bytes(books.journal) == before && !FileManager.default.fileExists(atPath: books.store))
    }

    /// A month without a limit says why: here, the journal's goals are in another commodity (named).
    @Test func aMonthWithoutALimitSaysWhy() throws {
        let books = try HledgerCommandTests()
        let config = books.folder.path("config/homescreen/config.toml")
        try (try String(contentsOfFile: config, encoding: .utf8)).replacingOccurrences(of: "commodity = \"CHF\"", with: "commodity = \"USD\"")
            .write(toFile: config, atomically: true, encoding: .utf8)
        let usd = try books.run(["budget", "show", "2026-11"])
        #expect(usd.status == 0 && usd.stdout.contains("the journal's goals are in CHF, not USD; set [budget] commodity to \"CHF\""), "\(usd.stdout)\(usd.stderr)")
        let pane = try books.run(["render", "budget", "--family", "large", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"])
        #expect(pane.status == 0 && pane.stdout.contains("the journal's goals are in CHF"), "\(pane.stdout)\(pane.stderr)")
    }

    /// A journal's report counts no expenses: the panes show its other commodities, not "0 expenses".
    @Test func thePanesShowNoExpenseCountButTheOtherCommodities() throws {
        let books = try HledgerCommandTests()
        for kind in ["budget", "year"] {
            let panes = try books.run(["render", kind, "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"])
            #expect(panes.status == 0, "\(panes.stderr)")
            #expect(!panes.stdout.contains("expenses"), "\(panes.stdout)")
        }
        let small = try books.run(["render", "budget", "--family", "small", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"])
        #expect(small.stdout.contains("EUR 50.00") || small.stdout.contains("€50.00"), "\(small.stdout)")
    }

    /// A journal that no longer reads: hledger's file:line and reason, over the last good figures.
    @Test func aBrokenJournalKeepsTheLastGoodFiguresUnderItsError() throws {
        let books = try HledgerCommandTests()
        #expect(try books.run(["pantry", "add", "Milk", "--due", "tomorrow"]).status == 0)   // a store, where the result is kept
        let render = ["render", "budget", "--family", "medium", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"]
        #expect(try books.run(render).status == 0)   // read once: the result is kept
        let handle = try #require(FileHandle(forWritingAtPath: books.journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n\n2026-13-45 Bad\n    expenses:food  5 CHF\n    assets:bank\n".utf8))
        try handle.close()
        let broken = try books.run(render)
        #expect(broken.status == 0, "\(broken.stderr)")
        let text = broken.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(separator: " ")
        #expect(text.contains("books.journal:") && text.contains("invalid date"), "\(broken.stdout)")
        #expect(text.contains("1,479.95") && text.contains("120.05"), "\(broken.stdout)")
        // The status line too: the last figures, marked (the reason follows where the line has room).
        let status = try books.run(["status", "budget", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"])
        #expect(status.status == 0 && status.stdout.replacingOccurrences(of: "\u{A0}", with: " ").contains("Budget: ⚠ CHF 1,479.95 left"), "\(status.stdout)\(status.stderr)")
    }

    @Test func expenseListIsHledgersRegisterOfTheMonth() throws {
        let books = try HledgerCommandTests()
        let list = try books.run(["expense", "list", "--month", "2026-11"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == (try books.hledger("register expenses -p 2026-11")).stdout, "\(list.stdout)")
        #expect(list.stdout.contains("Migros") && list.stdout.contains("123.45 CHF") && list.stdout.contains("50 EUR"), "\(list.stdout)")
    }
}
