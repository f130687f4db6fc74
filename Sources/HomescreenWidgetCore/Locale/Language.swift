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
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            return Language(localeTag: value) ?? .english
        }
        return .english
    }
}
