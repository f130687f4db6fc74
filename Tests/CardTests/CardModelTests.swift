import Foundation
import Testing
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

struct CardStoreTests {
    let folder = TemporaryFolder()

    @Test func selectionFallsBackToTheFirstActiveCardAndKeepsARemovedChoice() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        #expect(try CardRepository(store).cardSelection() == .noCards)
        let inactive = try CardRepository(store).addCard(CardDraft(firstName: "Marco", lastName: "Rossi", isActive: false))
        #expect(try CardRepository(store).cardSelection() == .noCards, "an inactive card is not shown by default")
        let lan = try CardRepository(store).addCard(CardDraft(serverCardID: "4821", firstName: "Lan", lastName: "Nguyen"))
        let ada = try CardRepository(store).addCard(CardDraft(firstName: "Ada", lastName: "Lovelace"))
        guard case .card(let first, chosen: false) = try CardRepository(store).cardSelection() else { Issue.record("no default card"); return }
        #expect(first.id == lan.id)
        try CardRepository(store).selectCard(id: ada.id)
        guard case .card(let chosen, chosen: true) = try CardRepository(store).cardSelection() else { Issue.record("no chosen card"); return }
        #expect(chosen.id == ada.id)
        try CardRepository(store).selectCard(id: inactive.id)
        guard case .card(let picked, chosen: true) = try CardRepository(store).cardSelection() else { Issue.record("no chosen card"); return }
        #expect(picked.id == inactive.id && !picked.isActive)
        try CardRepository(store).removeCard(id: inactive.id)
        #expect(try CardRepository(store).cardSelection() == .unavailable(id: inactive.id))
        #expect(throws: CardError.unknownCard(id: inactive.id)) { try CardRepository(store).selectCard(id: inactive.id) }
        #expect(throws: CardError.unknownCard(id: 99)) { try CardRepository(store).removeCard(id: 99) }
        #expect(try CardRepository(store).cards().map(\.id) == [lan.id, ada.id])
        let revisions = try store.revisions()
        #expect(revisions[.card] == 4 && revisions[.selectedCard] == 2, "every write bumps the tables it touches: 3 adds and a removal, 2 choices")
    }

    @Test func draftsAreCheckedFieldByField() {
        #expect(CardDraft(firstName: "Lan", lastName: "Nguyen").problem == nil)
        #expect(CardDraft(firstName: " ", lastName: "Nguyen").problem?.contains("--first ' ' is empty") == true)
        #expect(CardDraft(firstName: "Lan", lastName: "").problem?.contains("a first and a last name") == true)
        #expect(CardDraft(firstName: "Lan", lastName: "Nguyen", company: "").problem?.contains("--company '' is empty") == true)
        #expect(CardDraft(firstName: "Lan\u{7}", lastName: "Nguyen").problem?.contains("control characters") == true)
        #expect(CardDraft(serverCardID: "a b", firstName: "Lan", lastName: "Nguyen").problem?.contains("spaces") == true)
        #expect(CardDraft(serverCardID: String(repeating: "x", count: 201), firstName: "L", lastName: "N").problem?.contains("at most 200") == true)
        // Phones: digits, spaces, +, -, (); e-mail: one name@domain with a dot in the domain, no spaces.
        for phone in ["+84 28 3822 1234", "(028) 3822-1234", "0123456789"] { #expect(CardDraft(firstName: "L", lastName: "N", phone: phone).problem == nil) }
        for phone in ["abc", "+84 28 3822 1234 ext. 5", "+-()", "12/34"] {
            #expect(CardDraft(firstName: "L", lastName: "N", phone: phone).problem?.hasPrefix("--phone '\(phone)' is not a phone number") == true, "\(phone)")
        }
        for email in ["lan@example.com", "lan.nguyen+cards@mail.example.vn"] { #expect(CardDraft(firstName: "L", lastName: "N", email: email).problem == nil) }
        for email in ["lan.example.com", "@example.com", "lan@example", "lan@@example.com", "lan@example..com", "lan @example.com", "lan@.com"] {
            #expect(CardDraft(firstName: "L", lastName: "N", email: email).problem?.hasPrefix("--email '\(email)' is not an e-mail address") == true, "\(email)")
        }
        // The longest card there can be still fits one QR code, as a vCard.
        let longest = Card(id: 1, firstName: String(repeating: "Ữ", count: 100), lastName: String(repeating: "Ữ", count: 100),
                           company: String(repeating: ";", count: 100), title: String(repeating: ",", count: 100),
                           email: String(repeating: "e", count: 253) + "@", phone: String(repeating: "9", count: 40), updatedAt: Date())
        #expect(QRCodeCache.shared.code(for: CardPayload(longest, template: .standard).text, correction: .low) != nil)
    }

    /// Rows another program wrote: empty optional text reads as absent, nothing crashes.
    @Test func rowsFromOtherProgramsReadDefensively() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        try store.write { db in
            try db.execute(sql: "INSERT INTO card (firstName, lastName, company, title, active, updatedAt) VALUES ('A\u{1B}[2J', 'B', '', '  ', 1, datetime('now'))")
        }
        #expect(throws: (any Error).self, "a date that is not one is refused by the schema") {
            try store.write { try $0.execute(sql: "INSERT INTO card (firstName, lastName, updatedAt) VALUES ('A', 'B', 'not a date')") }
        }
        let card = try #require(try CardRepository(store).cards().first)
        #expect(card.company == nil && card.title == nil && card.firstName == "A\u{1B}[2J")
        let grid = CardWidget.draw(CardEntry(date: Date(), state: .card(card, chosen: false), template: .standard),
                                   in: WidgetContext(family: .systemMedium))
        #expect(!PlainEncoder().encode(grid).contains("\u{1B}"))
    }
}

struct CardPayloadTests {
    let date = Date(timeIntervalSince1970: 0)

    @Test func theSeedURLWithTheIDPercentEncoded() throws {
        let card = Card(id: 1, serverCardID: "ab-12_x.~", firstName: "L", lastName: "N", updatedAt: date)
        #expect(CardPayload(card, template: .standard) == .url("https://sharemycard.app/card.php?id=ab-12_x.~&src=qr-app"))
        let odd = Card(id: 1, serverCardID: "a/b&c=d#é", firstName: "L", lastName: "N", updatedAt: date)
        #expect(CardPayload(odd, template: .standard).text == "https://sharemycard.app/card.php?id=a%2Fb%26c%3Dd%23%C3%A9&src=qr-app")
        let custom = try CardURLTemplate("https://cards.example.org/{serverCardId}")
        #expect(custom.url(serverCardID: "42") == "https://cards.example.org/42")
        for bad in ["ftp://x/{serverCardId}", "https://x/", "https://x/{serverCardId} ", "https://x/{serverCardId}\u{7}"] {
            #expect(throws: CardTemplateError.self) { try CardURLTemplate(bad) }
        }
    }

    @Test func aVCardEscapesItsSpecialCharacters() {
        let card = Card(id: 1, firstName: "Thu Hương", lastName: "Nguyễn", company: "Đông Á; Co, Ltd\\", title: "Giám đốc\nHà Nội",
                        email: "huong@example.vn", phone: "+84 24 1234", updatedAt: date)
        #expect(CardPayload(card, template: .standard) == .vCard(
            "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Nguyễn;Thu Hương;;;\r\nFN:Thu Hương Nguyễn\r\nORG:Đông Á\\; Co\\, Ltd\\\\\r\n"
            + "TITLE:Giám đốc\\nHà Nội\r\nEMAIL;TYPE=INTERNET:huong@example.vn\r\nTEL;TYPE=CELL:+84 24 1234\r\nEND:VCARD"))
    }
}

struct QRPictureTests {
    static let payload = "https://sharemycard.app/card.php?id=4821&src=qr-app"

    @Test func halfBlocksWhereTheyFitQuadrantsWhereOnlyTheyDoNothingOtherwise() throws {
        // 51 bytes: version 3 at L (29 modules, 33 with the quiet zone), version 4 at M (37).
        let roomy = try #require(QRPicture.fitting(Self.payload, in: CellSize(columns: 40, rows: 20), ascii: false))
        #expect(roomy.mode == .halfBlocks && roomy.code.errorCorrection == .medium && roomy.size == CellSize(columns: 37, rows: 19))
        let short = try #require(QRPicture.fitting(Self.payload, in: CellSize(columns: 40, rows: 18), ascii: false))
        #expect(short.mode == .halfBlocks && short.code.errorCorrection == .low && short.size == CellSize(columns: 33, rows: 17))
        let narrow = try #require(QRPicture.fitting(Self.payload, in: CellSize(columns: 20, rows: 20), ascii: false))
        #expect(narrow.mode == .quadrants && narrow.code.errorCorrection == .medium && narrow.size == CellSize(columns: 19, rows: 19))
        #expect(QRPicture.fitting(Self.payload, in: CellSize(columns: 20, rows: 10), ascii: false) == nil)
        #expect(QRPicture.fitting(Self.payload, in: CellSize(columns: 60, rows: 30), ascii: true) == nil)
        let ascii = try #require(QRPicture.fitting(Self.payload, in: CellSize(columns: 80, rows: 40), ascii: true))
        #expect(ascii.mode == .ascii && ascii.size == CellSize(columns: 74, rows: 37))
        let big = try #require(QRPicture.fitting(Self.payload, in: CellSize(columns: 160, rows: 47), ascii: false, maxScale: 8))
        #expect(big.scale == 2 && big.size == CellSize(columns: 74, rows: 37))
        #expect(QRPicture.fitting(String(repeating: "x", count: 3000), in: CellSize(columns: 500, rows: 500), ascii: false) == nil)
    }

    @Test func theQuietZoneIsLightOnEverySide() throws {
        let picture = try #require(QRPicture.fitting(Self.payload, in: CellSize(columns: 37, rows: 19), ascii: false))
        var grid = CellGrid(width: 37, height: 19)
        picture.draw(into: &grid, centeredIn: grid.bounds)
        let rows = PlainEncoder().encode(grid).components(separatedBy: "\n").map { $0.padding(toLength: 37, withPad: " ", startingAt: 0) }
        #expect(rows[0].trimmingCharacters(in: .whitespaces).isEmpty)
        #expect(rows.allSatisfy { $0.hasPrefix("  ") && $0.hasSuffix("  ") })
        #expect(rows[1].hasPrefix("  █▀▀▀▀▀█") || rows[1].hasPrefix("  ▄▄▄▄▄▄▄"))
        #expect(grid[0, 0].style == Style(.qrDark, background: .qrLight), "the quiet zone is drawn light, not left to the terminal")
    }

    @Test func aPayloadIsEncodedOnceAndOnlyAtTheLevelsTried() {
        let cache = QRCodeCache()
        let space = CellSize(columns: 40, rows: 20)
        _ = QRPicture.fitting(Self.payload, in: space, ascii: false, cache: cache)
        #expect(cache.encodings == 1, "M fits: L is not encoded")
        for _ in 0..<3 { _ = QRPicture.fitting(Self.payload, in: space, ascii: false, cache: cache) }
        #expect(cache.encodings == 1, "redraws encode nothing")
        _ = QRPicture.fitting(Self.payload, in: CellSize(columns: 40, rows: 18), ascii: false, cache: cache)
        #expect(cache.encodings == 2 && cache.count == 2)
    }

    @Test func symbolsAreEncodedOncePerPayload() {
        let payload = "cache test \(UUID())"
        _ = QRPicture.fitting(payload, in: CellSize(columns: 40, rows: 20), ascii: false)
        let first = QRCodeCache.shared.code(for: payload, correction: .medium)
        #expect(first != nil && QRCodeCache.shared.code(for: payload, correction: .medium) == first)
        #expect(QRCodeCache.shared.count <= QRCodeCache.limit)
    }
}

struct CardViewTests {
    @Test func aLongCompanyWrapsAndTheHintStaysInThePane() {
        let company = String(repeating: "Saigon Coffee Roasters ", count: 4).trimmingCharacters(in: .whitespaces)
        let card = Card(id: 1, serverCardID: "4821", firstName: "Lan", lastName: "Nguyen", company: company, title: "Founder",
                        email: "lan@example.com", updatedAt: Date())
        let grid = CardWidget.draw(CardEntry(date: Date(), state: .card(card, chosen: true), template: .standard),
                                   in: WidgetContext(family: .systemLarge))
        let text = PlainEncoder().encode(grid)
        #expect(text.contains("Scan to open my card") && text.contains("Founder") && text.contains("▀"))
        #expect(text.components(separatedBy: "\n").count == 44)
    }
}
