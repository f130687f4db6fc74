import Testing
@testable import HomescreenWidgetCore

/// `LocaleEnvironment.isPlausible` reads locale names by hand (a Regex cost every command a
/// millisecond to build); it must accept exactly what the pattern it replaced accepts.
struct LocaleEnvironmentTests {
    static func pattern(_ value: String) -> Bool {
        value.isEmpty || value.wholeMatch(of: /(C|POSIX|[A-Za-z]{2,3}([_-][A-Za-z0-9]{2,8})?)(\.[A-Za-z0-9_-]{1,20})?(@[A-Za-z0-9_=-]{1,20})?/) != nil
    }

    @Test func acceptsWhatThePatternAccepts() {
        let samples = ["", "C", "POSIX", "C.UTF-8", "C.utf8", "en", "en_US", "en_US.UTF-8", "fr_CH.UTF-8@euro", "vi-VN", "sr_RS@latin",
                       "de_DE@euro", "it_IT.ISO-8859-1", "zh_Hant_TW", "en_001", "abcdefghijkl", "e", "engl", "en_", "en_U", "en_USABCDEFG",
                       "en_US.", "en_US@", "en_US.UTF-8.x", "en@a@b", "en@a.b", "C@x", "Cx", "CC", "POSIXX", "../../etc", "en US", "ün_DE",
                       "en_US.UTF-8@" + String(repeating: "m", count: 21), "en_US." + String(repeating: "c", count: 21), "e1", "fr_12", "fr_é1",
                       "\u{1B}[31m", "en_US.UTF-8\n", "C.", "@euro", ".UTF-8", "ab-CD.x_y-z@a=b"]
        for sample in samples {
            #expect(LocaleEnvironment.isPlausible(sample) == Self.pattern(sample), "\(sample.debugDescription)")
        }
        #expect(LocaleEnvironment.isPlausible("en_US.UTF-8:fr_CH", variable: "LANGUAGE"))
        #expect(!LocaleEnvironment.isPlausible("en_US:abcdefghijkl", variable: "LANGUAGE"))
    }
}
