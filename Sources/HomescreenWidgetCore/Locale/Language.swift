import Foundation
import HomescreenRender

/// The languages of the interface (the seeds' languages).
public enum Language: String, CaseIterable, Sendable, Codable {
    case english = "en", french = "fr", italian = "it", vietnamese = "vi"

    public static let accepted = "en, fr, it, vi (optionally with a region, e.g. fr_CH)"

    /// Parses a locale tag such as `fr`, `fr_CH`, `vi-VN`, `it_IT.UTF-8`.
    /// - Returns: nil for a language the interface does not speak.
    public init?(localeTag: String) {
        let code = localeTag.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" }).first.map { $0.lowercased() } ?? ""
        guard let language = Language(rawValue: code) else { return nil }
        self = language
    }

    /// The language from the environment, as POSIX orders it: `LC_ALL`, then `LC_MESSAGES`,
    /// then `LANG`; English when none is set, is `C`/`POSIX`, or names another language.
    public static func fromEnvironment(_ environment: [String: String]) -> Language {
        environmentTag(environment).flatMap(Language.init(localeTag:)) ?? .english
    }

    /// The locale for formatting when only the language is known.
    public var defaultLocale: FormattingLocale { FormattingLocale(identifier: rawValue) }

    /// The formatting locale a tag names ("fr_CH.UTF-8" → fr_CH), when its language is one
    /// the interface speaks; English otherwise (also without a tag).
    public static func formattingLocale(tag: String?) -> FormattingLocale {
        guard let tag, Language(localeTag: tag) != nil else { return Language.english.defaultLocale }
        let identifier = tag.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? tag
        return FormattingLocale(identifier: identifier.replacingOccurrences(of: "-", with: "_"))
    }

    /// The tag the environment names, as `fromEnvironment` reads it.
    public static func environmentTag(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
}

/// The locale amounts and dates are written for: a language of the interface and a region
/// (`fr_CH`, `en_150`, `vi`), read from the identifier. The program's own CLDR tables
/// (`MoneyConventions`, `ShortDate`) answer for it; Foundation's `Locale` is ICU's on Linux,
/// and making one woke ICU's locale data in every dashboard (BENCHMARKS.md, issue 36).
public struct FormattingLocale: Hashable, Sendable, CustomStringConvertible {
    public let identifier: String
    /// Lowercased: "fr".
    public let language: String
    /// Uppercased, two letters or three digits: "CH", "150"; nil without one.
    public let region: String?

    public init(identifier: String) {
        self.identifier = identifier
        let parts = identifier.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == "." || $0 == "@" })
        language = parts.first.map { $0.lowercased() } ?? ""
        // The region follows the language, or a four-letter script (zh_Hant_TW).
        region = parts.dropFirst().prefix(2).first { part in
            (part.count == 2 && part.allSatisfy { $0.isASCII && $0.isLetter }) || (part.count == 3 && part.allSatisfy { $0.isASCII && $0.isNumber })
        }.map { $0.uppercased() }
    }

    public var description: String { identifier }

    /// A CLDR table's entry for the locale (its keys `fr_CH`, `fr`): its own, else its
    /// language's, else English's (the language the interface falls back to).
    public func entry<Entry>(in table: [String: Entry]) -> Entry? {
        region.flatMap { table[language + "_" + $0] } ?? table[language] ?? table["en"]
    }
}

/// Locale variables ICU cannot take. ICU reads the default locale from the environment the
/// first time anything asks for it, and a name such as `LC_ALL=abcdefghijkl` crashes it inside
/// Foundation (a segmentation fault in `Calendar`). So before anything else runs, every locale
/// variable that is not shaped like a locale name is replaced by `C.UTF-8`, and the replaced
/// ones are remembered for `doctor`.
public enum LocaleEnvironment {
    public static let variables = ["LC_ALL", "LC_MESSAGES", "LC_CTYPE", "LC_NUMERIC", "LC_TIME", "LC_COLLATE", "LC_MONETARY", "LANG", "LANGUAGE"]

    /// `language[_TERRITORY][.codeset][@modifier]`, `C`, `POSIX`, `C.UTF-8`; LANGUAGE is a
    /// colon-separated list of such names.
    public static func isPlausible(_ value: String, variable: String = "") -> Bool {
        if value.isEmpty { return true }
        if variable == "LANGUAGE" { return value.split(separator: ":").allSatisfy { isPlausible(String($0)) } }
        // By hand, not with a Regex: building one cost every command (and `status`, run by tmux
        // every few seconds) about a millisecond at start-up.
        func all(_ text: Substring, _ lengths: ClosedRange<Int>, _ allowed: (Character) -> Bool) -> Bool {
            lengths.contains(text.count) && text.allSatisfy { $0.isASCII && allowed($0) }
        }
        // Only ASCII reaches these (`all`), where they are the ASCII classes.
        let word: (Character) -> Bool = { $0.isASCIILetter || $0.isASCIIDigit || $0 == "_" || $0 == "-" }
        var rest = Substring(value)
        if let at = rest.firstIndex(of: "@") {
            guard all(rest[rest.index(after: at)...], 1...20, { word($0) || $0 == "=" }) else { return false }
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") {
            guard all(rest[rest.index(after: dot)...], 1...20, word) else { return false }
            rest = rest[..<dot]
        }
        if rest == "C" || rest == "POSIX" { return true }
        let language = rest.prefix { $0 != "_" && $0 != "-" }
        guard all(language, 2...3, \.isASCIILetter) else { return false }
        let territory = rest.dropFirst(language.count)
        return territory.isEmpty || all(territory.dropFirst(), 2...8, { $0.isASCIILetter || $0.isASCIIDigit })
    }

    /// The variables replaced at start-up, as `NAME=value` (the value cleaned for display).
    nonisolated(unsafe) public private(set) static var replaced: [String] = []

    /// Replaces implausible locale variables in the process's environment. Call first.
    public static func sanitize() {
        for name in variables {
            // withCString: a String passed to getenv as it is is copied into a new array first.
            guard let raw = name.withCString({ getenv($0) }) else { continue }
            let value = String(cString: raw)
            guard !isPlausible(value, variable: name) else { continue }
            replaced.append("\(name)=\(String(value.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(40)))")
            setenv(name, name == "LANGUAGE" ? "" : "C.UTF-8", 1)
        }
    }
}
