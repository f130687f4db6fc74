import Foundation
import Testing
import HomescreenHosting
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// What a person types for a journal never becomes a line hledger reads otherwise: an account
/// name hledger would misread is refused with nothing written. In the dashboard a refusal is
/// the journal's own sentence, and a refused edit comes back with what was typed.
@Suite(.serialized) struct HledgerJournalInputTests {
    let folder = TemporaryFolder()
    let day = LocalDate(year: 2026, month: 11, day: 20)!
    static let hledger = HledgerSourceTests.hledger

    init() throws { try MissingTool.check(Self.hledger, package: "hledger") }

    func journal() throws -> (path: String, source: BudgetSource) {
        let path = folder.path("books.journal")
        try "~ monthly\n    expenses:food  400 CHF\n    assets:bank\n".write(toFile: path, atomically: true, encoding: .utf8)
        return (path, BudgetSource(origin: .hledger, journal: path, commodity: "CHF", paying: "assets:bank"))
    }

    func hledger(_ path: String, _ arguments: String) throws -> CommandResult {
        try Shell.run("\(Self.hledger) -f '\(path)' \(arguments)", environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    /// Two spaces or a tab end an account name in a posting (the rest is read as its amount), a
    /// line break starts a new line, `;` a comment: each of these once broke the journal.
    @Test(arguments: ["food  5 CHF", "food\tx", "food\n    assets:bank  5 CHF", "food; note", "food::x", "food:"])
    func aNameHledgerWouldMisreadIsRefusedAndNothingIsWritten(name: String) throws {
        let (path, source) = try journal()
        let before = try #require(FileSnapshot.bytes(path))
        #expect {
            try HledgerJournal.addExpense(source, text: "2", day: day, note: "", account: name)
        } throws: { error in
            guard let error = error as? HledgerError else { return false }
            return error.isBadInput && error.description.hasPrefix("the account '")
        }
        #expect(FileSnapshot.bytes(path) == before)
        #expect(try hledger(path, "check").status == 0)
    }

    @Test func anAccountWithSingleSpacesIsWrittenAndStaysHomescreens() throws {
        let (path, source) = try journal()
        #expect(try HledgerJournal.addExpense(source, text: "2", day: day, note: "Dinner", account: "eating out").account == "expenses:eating out")
        // Only `expenses` itself or a name under `expenses:` is already under the root.
        #expect(try HledgerJournal.addExpense(source, text: "3", day: day, note: "", account: "expensesx").account == "expenses:expensesx")
        #expect(try HledgerJournal.written(in: path).map(\.account) == ["expenses:eating out", "expenses:expensesx"])
        #expect(try hledger(path, "check").status == 0)
        let register = try hledger(path, "register 'eating out'")
        #expect(register.stdout.contains("expenses:eating out") && register.stdout.contains("2.00 CHF"), "\(register.stdout)")
    }

    /// An edit that moves an expense to an account budgeted in another commodity keeps its own
    /// commodity: a number alone is refused there, never turned into the other commodity.
    @Test func anEditToAnAccountOfAnotherCommodityIsRefused() throws {
        let path = folder.path("books.journal")
        try "~ monthly\n    expenses:food  400 CHF\n    expenses:travel  100 EUR\n    assets:bank\n".write(toFile: path, atomically: true, encoding: .utf8)
        let source = BudgetSource(origin: .hledger, journal: path, commodity: "CHF", paying: "assets:bank")
        _ = try HledgerJournal.addExpense(source, text: "3", day: day, note: "Tea", account: "food")
        let before = try #require(FileSnapshot.bytes(path))
        let tea = try #require(HledgerJournal.written(in: path).first)
        #expect {
            try HledgerJournal.editExpense(source, tea, text: "3.00", day: day, note: "Tea", account: "travel")
        } throws: { error in
            (error as? HledgerError).map { $0.isBadInput && $0.description.contains("but expenses:travel's budget goal is in EUR") } ?? false
        }
        #expect(FileSnapshot.bytes(path) == before)
        // Written in EUR, it goes there as EUR.
        #expect(try HledgerJournal.editExpense(source, tea, text: "3.00 EUR", day: day, note: "Tea", account: "travel").amount.contains("EUR"))
    }

    /// The environment of a key press on the budget's full screen, the first row selected.
    func environment(_ path: String, _ source: BudgetSource) throws -> FeatureEnvironment {
        let written = try HledgerJournal.written(in: path)
        let expenses = written.map { Expense(id: Int64($0.offset), amount: try! Money.parse("12.50", currency: Currency(code: "CHF")!).get(), day: $0.day,
                                             note: $0.note, category: nil) }
        var entry = BudgetEntry(date: Date(timeIntervalSince1970: 1_795_600_000), source: .hledger, month: YearMonth(day), monthLabel: "November 2026",
                                denomination: .currency(Currency(code: "CHF")!), spent: .zero, limit: nil, expenseCount: expenses.count, recent: expenses,
                                daysLeft: 10, journal: source)
        entry.written = written
        return FeatureEnvironment(now: Date(timeIntervalSince1970: 1_795_600_000), timeZone: Zone(identifier: "Europe/Zurich")!, language: .english,
                                  locale: FormattingLocale(identifier: "en_US"), privacy: false, selection: 0,
                                  entries: [AnyEntry(entry, widget: BudgetWidget(store: try Store.prepared(at: folder.path("store.sqlite")), source: source))])
    }

    func run(_ effects: [FeatureEffect<BudgetFeature.Message, NoMemory>]) throws -> BudgetFeature.Message {
        guard case .write(let job) = try #require(effects.first) else { Issue.record("not a write: \(effects)"); throw CancellationError() }
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        var memory: (any Sendable)?
        return KindJob(job).run(store, memory: &memory, now: Date(), reading: false).open(BudgetFeature.Message.self)
    }

    @Test func aRefusedEditSaysTheJournalsSentenceAndComesBackWithWhatWasTyped() throws {
        let (path, source) = try journal()
        _ = try HledgerJournal.addExpense(source, text: "12.50", day: day, note: "Lunch", account: "food")
        let feature = BudgetFeature()
        var state = feature.initialState()
        let read = try environment(path, source)
        guard case .form(var form, let submitted) = try #require(feature.update(&state, .action(.edit), read).first) else {
            Issue.record("no form"); return
        }
        form.focus = 0
        form.fields[0].enter()
        for _ in 0..<8 { _ = form.handle(.backspace) }
        for character in "8.40" { _ = form.handle(.character(character)) }
        // Another program appends to the journal after the dashboard read it, and the form is
        // saved before the dashboard has read it again.
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("\n2026-11-23 Cinema\n    expenses:fun  15 CHF\n    assets:bank\n".utf8))
        try handle.close()
        let changed = try #require(FileSnapshot.bytes(path))
        let refusal = try run(feature.update(&state, .message(submitted(form)), read))
        #expect(FileSnapshot.bytes(path) == changed)
        // The journal as it is now (the dashboard has reloaded it): the form is back, typed.
        let answer = feature.update(&state, .message(refusal), try environment(path, source))
        guard case .message(let said) = try #require(answer.first) else { Issue.record("no message: \(answer)"); return }
        #expect(said.text.hasPrefix("The journal \(path) changed since it was read"), "\(said.text)")
        #expect(!said.text.contains("store"), "\(said.text)")
        guard case .form(let again, let resubmitted) = try #require(answer.last) else { Issue.record("the form is not back: \(answer)"); return }
        #expect(again.values.first == "8.40", "\(again.values)")
        // Sent again, it edits the transaction as the journal now has it.
        let saved = try run(feature.update(&state, .message(resubmitted(again)), try environment(path, source)))
        // Said on the status line with the journal's file name (80 columns hold it; doctor has the path).
        guard case .message(let done) = try #require(feature.update(&state, .message(saved), try environment(path, source)).first) else {
            Issue.record("no message"); return
        }
        #expect(done.text.hasSuffix(" in books.journal.") && !done.text.contains("/"), "\(done.text)")
        let text = String(decoding: try #require(FileSnapshot.bytes(path)), as: UTF8.self)
        #expect(text.contains("8.40 CHF") && !text.contains("12.50 CHF") && text.contains("Cinema"), "\(text)")
        #expect(try hledger(path, "check").status == 0)
    }
}

/// hledger's error, said in one sentence: the file and line where it is (an included file's own)
/// and what is wrong, from hledger 1.25's own messages.
struct HledgerErrorSentenceTests {
    let folder = TemporaryFolder()

    init() throws { try MissingTool.check(HledgerSourceTests.hledger, package: "hledger") }

    func said(_ files: [String: String]) throws -> String {
        for (name, text) in files { try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8) }
        let result = try Shell.run("\(HledgerSourceTests.hledger) -f '\(folder.path("main.journal"))' balance --budget -M -O json",
                                   environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(result.status != 0)
        return Hledger.firstErrorLine(Data(result.stderr.utf8))
    }

    @Test func anIncludedFilesErrorNamesThatFileItsLineAndWhat() throws {
        let sentence = try said(["main.journal": "include extra.journal\n~ monthly\n    expenses:food  400 CHF\n    assets:bank\n",
                                 "extra.journal": "2026-11-01 ok\n    expenses:food  5 CHF\n    assets:bank\n\n2026-13-45 Bad\n    expenses:food  5 CHF\n    assets:bank\n"])
        #expect(sentence == "extra.journal:5:1: well-formed but invalid date: 2026-13-45", "\(sentence)")
    }

    @Test func anUnbalancedTransactionSaysWhy() throws {
        let sentence = try said(["main.journal": "2026-11-02 unbalanced\n    expenses:food  5 CHF\n    assets:bank  3 CHF\n"])
        #expect(sentence == "main.journal (lines 1-3): could not balance this transaction: real postings all have the same sign", "\(sentence)")
    }

    @Test func aSyntaxErrorSaysWhatWasUnexpected() throws {
        let sentence = try said(["main.journal": "2026-11-02 x\n    expenses:food  5 CHF abc\n    assets:bank\n"])
        #expect(sentence == "main.journal:2:26: unexpected 'a'", "\(sentence)")
    }
}

/// A sentence on the status line is capitalized, unless it starts with a file's name or a path
/// (hledger's `extra.journal:9:1: …` stays as the file is named).
struct StatusSentenceTests {
    @Test func aFileNameKeepsItsCase() {
        #expect(StatusMessage.sentence("extra.journal:9:1: well-formed but invalid date: 2026-13-45") == "extra.journal:9:1: well-formed but invalid date: 2026-13-45")
        #expect(StatusMessage.sentence("/home/lan/main.journal cannot be read") == "/home/lan/main.journal cannot be read")
        #expect(StatusMessage.sentence("the journal changed") == "The journal changed")
    }
}

/// The year's full screen never scrolls its account list past the end: scrolled far down, the
/// last rows fill the list to its bottom.
struct YearListScrollTests {
    @Test func aListScrolledPastItsEndShowsItsLastRowsWhole() {
        var entry = BudgetFixtures.demoYear()
        entry.accounts = ["expenses", "expenses:food", "expenses:rent", "expenses:travel"].map {
            YearEntry.Account(name: $0, spent: BudgetFixtures.money("10"), limit: nil)
        }
        var context = BudgetFixtures.context(.systemLarge, detail: true)
        context.scroll = 40
        let text = PaneSnapshot.text(YearWidget(store: try! Store.openReadOnly(at: "/nonexistent/x.sqlite")).render(entry, in: context), context)
        for name in ["expenses:food", "expenses:rent", "expenses:travel"] { #expect(text.contains(name), "\(text)") }
    }
}
