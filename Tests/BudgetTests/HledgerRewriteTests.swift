import Foundation
import Testing
import HomescreenHosting
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// Editing and removing what Homescreen wrote to a journal, and only that: the rewrite keeps
/// every other byte, hledger still reads the file, and a journal changed since it was read is
/// refused with nothing written.
struct HledgerRewriteTests {
    let folder = TemporaryFolder()
    static let hledger = HledgerSourceTests.hledger

    init() throws { try MissingTool.check(Self.hledger, package: "hledger") }

    /// A person's journal (a transaction of their own that mentions the tag in another shape,
    /// a last line without a newline), then two expenses Homescreen appended.
    func journal() throws -> (path: String, own: String, source: BudgetSource) {
        let path = folder.path("books.journal")
        let own = """
            ; My books
            ~ monthly
                expenses:food  400 CHF
                assets:bank

            2026-11-02 Market  ; homescreen:
                expenses:food     10 CHF
                expenses:drinks    5 CHF
                assets:bank
            """
        try own.write(toFile: path, atomically: true, encoding: .utf8)
        let source = BudgetSource(origin: .hledger, journal: path, commodity: "CHF", paying: "assets:bank")
        _ = try HledgerJournal.addExpense(source, text: "12.50", day: LocalDate(year: 2026, month: 11, day: 20)!, note: "Lunch", account: "food")
        _ = try HledgerJournal.addExpense(source, text: "7,20", day: LocalDate(year: 2026, month: 11, day: 21)!, note: "Bus", account: "transport")
        return (path, own, source)
    }

    func text(_ path: String) throws -> String { String(decoding: try #require(FileSnapshot.bytes(path)), as: UTF8.self) }

    func check(_ path: String) throws {
        let result = try Shell.run("\(Self.hledger) -f '\(path)' check", environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func onlyWhatHomescreenWroteIsOffered() throws {
        let (path, _, _) = try journal()
        let written = try HledgerJournal.written(in: path)
        #expect(written.map(\.note) == ["Lunch", "Bus"])   // the person's "Market" has three postings: not ours
        #expect(written.map(\.account) == ["expenses:food", "expenses:transport"])
        #expect(written.map(\.amount) == ["12.50 CHF", "7.20 CHF"])
        #expect(HledgerJournal.money(written[1], commodity: "CHF", currency: Currency(code: "CHF")!)?.cents == 720)
        #expect(HledgerJournal.money(written[1], commodity: "EUR", currency: Currency(code: "EUR")!) == nil)
    }

    @Test func removingKeepsEveryOtherByte() throws {
        let (path, own, _) = try journal()
        let before = try text(path)
        let lunch = try #require(HledgerJournal.written(in: path).first)
        try HledgerJournal.remove(lunch, from: path)
        let after = try text(path)
        // The file as it was, without the transaction and the blank line written before it.
        #expect(after == before.replacingOccurrences(of: "\n" + lunch.text, with: ""))
        #expect(after.hasPrefix(own) && !after.contains("Lunch") && after.contains("Bus"))
        try check(path)
        // The other one too: the person's file is back, byte for byte, with the newline its
        // last line lacked (the first append wrote it).
        try HledgerJournal.remove(try #require(HledgerJournal.written(in: path).first), from: path)
        #expect(try text(path) == own + "\n")
        try check(path)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).sorted() == ["books.journal"])
    }

    @Test func editingRewritesOnlyItsLines() throws {
        let (path, _, source) = try journal()
        let before = try text(path)
        let bus = try #require(HledgerJournal.written(in: path).last)
        let edited = try HledgerJournal.editExpense(source, bus, text: "8.40", day: LocalDate(year: 2026, month: 11, day: 22)!, note: "Tram", account: "transport:city")
        #expect(edited.amount == "8.40 CHF" && edited.account == "expenses:transport:city")
        let after = try text(path)
        let replacement = "2026-11-22 Tram  ; homescreen:\n    expenses:transport:city     8.40 CHF\n    assets:bank\n"
        #expect(after == before.replacingOccurrences(of: bus.text, with: replacement), "\(after)")
        try check(path)
        let register = try Shell.run("\(Self.hledger) -f '\(path)' register transport", environment: ["PATH": "/usr/bin:/bin"])
        #expect(register.stdout.contains("Tram") && register.stdout.contains("8.40 CHF") && !register.stdout.contains("Bus"), "\(register.stdout)")
        // It is still Homescreen's: offered again.
        #expect(try HledgerJournal.written(in: path).map(\.note) == ["Lunch", "Tram"])
    }

    @Test func aJournalChangedSinceItWasReadIsRefused() throws {
        let (path, _, source) = try journal()
        let lunch = try #require(HledgerJournal.written(in: path).first)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data("\n2026-11-23 Cinema\n    expenses:fun  15 CHF\n    assets:bank\n".utf8))
        try handle.close()
        let edited = try #require(FileSnapshot.bytes(path))
        let sentence = HledgerError("the journal \(path) changed since it was read; nothing was written, look at the expense again and retry.")
        #expect(throws: sentence) { try HledgerJournal.remove(lunch, from: path) }
        #expect(throws: sentence) {
            try HledgerJournal.editExpense(source, lunch, text: "1", day: lunch.day, note: "X", account: nil)
        }
        #expect(FileSnapshot.bytes(path) == edited)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("")).sorted() == ["books.journal"])
        // An amount in another form than the commodity's is refused before anything is written.
        let fresh = try #require(HledgerJournal.written(in: path).first)
        #expect(throws: HledgerError.self) { try HledgerJournal.editExpense(source, fresh, text: "12.505", day: fresh.day, note: "X", account: nil) }
        #expect(FileSnapshot.bytes(path) == edited)
    }
}
