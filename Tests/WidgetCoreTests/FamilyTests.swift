import Testing
@testable import HomescreenWidgetCore

struct FamilyTests {
    @Test func sizesFollowTheDesignTable() {
        let expected: [(WidgetFamily, CellSize, CellSize)] = [
            (.systemSmall, CellSize(columns: 40, rows: 20), CellSize(columns: 20, rows: 10)),
            (.systemMedium, CellSize(columns: 84, rows: 20), CellSize(columns: 42, rows: 10)),
            (.systemLarge, CellSize(columns: 84, rows: 44), CellSize(columns: 42, rows: 22)),
            (.accessoryRectangular, CellSize(columns: 40, rows: 9), CellSize(columns: 20, rows: 5)),
            (.accessoryCircular, CellSize(columns: 18, rows: 9), CellSize(columns: 9, rows: 5)),
            (.accessoryInline, CellSize(columns: 58, rows: 1), CellSize(columns: 29, rows: 1)),
        ]
        for (family, regular, compact) in expected {
            #expect(family.size(.regular) == regular, "\(family)")
            #expect(family.size(.compact) == compact, "\(family)")
        }
    }

    @Test func familiesParseFromBothNames() {
        #expect(WidgetFamily(argument: "systemSmall") == .systemSmall)
        #expect(WidgetFamily(argument: "small") == .systemSmall)
        #expect(WidgetFamily(argument: "RECTANGULAR") == .accessoryRectangular)
        #expect(WidgetFamily(argument: "accessoryinline") == .accessoryInline)
        #expect(WidgetFamily(argument: "huge") == nil)
    }

    @Test func sizesParse() {
        #expect(CellSize(argument: "60x12") == CellSize(columns: 60, rows: 12))
        #expect(CellSize(argument: "60×12") == CellSize(columns: 60, rows: 12))
        for bad in ["60", "x12", "0x5", "-3x4", "60x12x1", "abc", "2000x10"] { #expect(CellSize(argument: bad) == nil, "\(bad)") }
    }

    @Test func languageComesFromTheEnvironmentInPosixOrder() {
        #expect(Language.fromEnvironment(["LANG": "fr_CH.UTF-8"]) == .french)
        #expect(Language.fromEnvironment(["LANG": "fr_CH.UTF-8", "LC_MESSAGES": "it_IT"]) == .italian)
        #expect(Language.fromEnvironment(["LANG": "fr_CH.UTF-8", "LC_ALL": "vi_VN.UTF-8"]) == .vietnamese)
        #expect(Language.fromEnvironment(["LANG": "C.UTF-8"]) == .english)
        #expect(Language.fromEnvironment(["LANG": "de_DE.UTF-8"]) == .english)
        #expect(Language.fromEnvironment([:]) == .english)
        #expect(Language(localeTag: "vi-VN") == .vietnamese)
        #expect(Language(localeTag: "klingon") == nil)
    }
}
