import Foundation
import Testing
@testable import HomescreenRender

struct DisplayWidthTests {
    struct Vector: Decodable { let text: String; let width: Int }
    struct Vectors: Decodable { let generator: String; let vectors: [Vector] }

    @Test func matchesTheWcwidthReference() throws {
        let url = try #require(Bundle.module.url(forResource: "Vectors/display-width", withExtension: "json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        #expect(vectors.vectors.count > 40)
        for vector in vectors.vectors {
            #expect(DisplayWidth.of(vector.text) == vector.width, "\(vector.text) \(vector.text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func vietnameseIsOneColumnPerLetterPrecomposedOrDecomposed() {
        let precomposed = "Tháng Giêng Ất Tỵ"
        let decomposed = precomposed.decomposedStringWithCanonicalMapping
        #expect(precomposed.unicodeScalars.count != decomposed.unicodeScalars.count)
        #expect(DisplayWidth.of(precomposed) == 17)
        #expect(DisplayWidth.of(decomposed) == 17)
    }

    @Test func truncationKeepsWithinWidthAndNeverSplitsAWideCharacter() {
        #expect(DisplayWidth.truncate("Mozzarella di bufala", to: 10) == "Mozzarell…")
        #expect(DisplayWidth.truncate("味噌汁です", to: 6) == "味噌…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("味噌汁です", to: 6)) <= 6)
        #expect(DisplayWidth.truncate("Milk", to: 4) == "Milk")
        #expect(DisplayWidth.truncate("Milk", to: 0) == "")
        #expect(DisplayWidth.pad("ế", to: 3) == "ế  ")
    }
}

/// The shortcuts that keep a status line's start out of the Unicode property tables answer as
/// the tables do.
struct UnicodeShortcutTests {
    @Test func belowTheCombiningMarksOnlyTheSoftHyphenHasNoWidth() {
        for value in UInt32(0)..<0x300 {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            let byTable = [.nonspacingMark, .enclosingMark, .format].contains(category)
            #expect(DisplayWidth.isZeroWidth(scalar) == byTable, "U+\(String(value, radix: 16))")
        }
    }

    @Test func theASCIIClassesAreCharactersLettersAndDigitsInASCII() {
        for value in UInt8(0)...0x7F {
            let character = Character(Unicode.Scalar(value))
            #expect(character.isASCIILetter == character.isLetter, "\(value)")
            #expect(character.isASCIIDigit == character.isNumber, "\(value)")
        }
        #expect(!Character("é").isASCIILetter && !Character("٣").isASCIIDigit && !Character("\r\n").isASCIILetter)
    }
}
