import Foundation
import HomescreenWidgetCore
import Testing

/// Plural categories against CLDR (Babel's data, scripts/generate-plural-vectors.py).
struct PluralTests {
    struct Vectors: Decodable {
        struct Vector: Decodable { let language: String, number: Int, category: String }
        let generator: String
        let vectors: [Vector]
    }

    @Test func categoriesMatchCLDR() throws {
        let url = try #require(Bundle.module.url(forResource: "Vectors/plurals", withExtension: "json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        #expect(vectors.vectors.count > 200)
        for vector in vectors.vectors {
            let language = try #require(Language(rawValue: vector.language))
            #expect(language.pluralCategory(vector.number).rawValue == vector.category, "\(vector.language) \(vector.number)")
        }
    }

    @Test func unitsReadAfterTheirQuantity() {
        #expect(UnitName.after(true, "pcs") == "pc" && UnitName.after(false, "pcs") == "pcs")
        #expect(UnitName.after(true, "kg") == "kg" && UnitName.after(true, "l") == "l")
    }
}
