import Foundation

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
    public var defaultLocale: Locale { Locale(identifier: rawValue) }

    /// The formatting locale a tag names ("fr_CH.UTF-8" → fr_CH), when its language is one
    /// the interface speaks; English otherwise (also without a tag).
    public static func formattingLocale(tag: String?) -> Locale {
        guard let tag, Language(localeTag: tag) != nil else { return Language.english.defaultLocale }
        let identifier = tag.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? tag
        return Locale(identifier: identifier.replacingOccurrences(of: "-", with: "_"))
    }

    /// The tag the environment names, as `fromEnvironment` reads it.
    public static func environmentTag(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }
}
