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
