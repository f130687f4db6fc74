import Foundation
import HomescreenWidgetCore
import Testing

/// The status bar's date against Babel's formatter on CLDR 47 (scripts/generate-date-vectors.py).
struct ShortDateTests {
    struct Vectors: Decodable {
        struct Vector: Decodable { let locale, day, text: String }
        let vectors: [Vector]
    }

    @Test func datesMatchCLDR() throws {
        let url = try #require(Bundle.module.url(forResource: "Vectors/short-dates", withExtension: "json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url)).vectors
        #expect(vectors.count > 500)
        for vector in vectors {
            let day = try #require(LocalDate(iso: vector.day))
            #expect(ShortDate.of(FormattingLocale(identifier: vector.locale)).text(day) == vector.text, "\(vector.locale) \(vector.day)")
        }
    }

    @Test func theDayIsTheZonesAndAnUnknownLocaleWritesEnglish() throws {
        let zurich = try #require(Zone(identifier: "Europe/Zurich"))
        // 23:30 UTC on Wednesday 25 November is Thursday 26 November in Zurich.
        let late = Date(timeIntervalSince1970: 1_795_649_400)
        #expect(ShortDate.text(late, locale: FormattingLocale(identifier: "en_US"), timeZone: .utc) == "Wed, Nov 25")
        #expect(ShortDate.text(late, locale: FormattingLocale(identifier: "en_US"), timeZone: zurich) == "Thu, Nov 26")
        #expect(ShortDate.text(late, locale: FormattingLocale(identifier: "de_DE"), timeZone: zurich) == "Thu, Nov 26")
        #expect(ShortDate.text(late, locale: FormattingLocale(identifier: "fr_AQ"), timeZone: zurich) == "jeu. 26 nov.")
    }
}
