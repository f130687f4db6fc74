import Foundation

/// A day as people type it, relative to today: `2026-11-24`, `today`, `tomorrow`, `yesterday`,
/// a weekday (`friday`: the next Friday, today when today is one, as GNU `date -d` reads it),
/// or an offset `+3d`, `-1w`, `+2m`, `+1y`. The words of the four interface languages are
/// accepted whatever the language (`demain`, `domani`, `ngày mai`, `vendredi`, `thứ sáu`, `T6`),
/// with or without accents, as are their unit letters (`+3j`, `+3g` days; `+1s` a week; `+1a` a year).
public enum FriendlyDate {
    /// The day `text` names, or nil when it names none. Months and years keep the day of the
    /// month where they can (January 31 + 1 month is the last day of February).
    public static func parse(_ text: String, today: LocalDate) -> LocalDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let day = LocalDate(iso: trimmed) { return day }
        let word = fold(trimmed)
        if let offset = dayWords[word] { return today.adding(days: offset) }
        if let weekday = weekdayWords[word] { return today.adding(days: (weekday - today.weekday + 7) % 7) }
        return offset(word, from: today)
    }

    /// What a date option or field accepts, with examples relative to `today`.
    public static func accepted(today: LocalDate) -> String {
        "a day as YYYY-MM-DD such as \(today.adding(days: 3).iso), or today, tomorrow, yesterday, a weekday (friday: the next one), +3d, -1w, +2m"
    }

    /// What the shell completions offer for a date.
    public static let completions = ["today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday",
                                     "saturday", "sunday", "+1d", "+3d", "+1w", "+1m", "-1d", "-1w"]

    // MARK: - Words

    private static let dayWords: [String: Int] = folded([
        0: ["today", "aujourd'hui", "aujourd’hui", "oggi", "hôm nay"],
        1: ["tomorrow", "demain", "domani", "ngày mai"],
        -1: ["yesterday", "hier", "ieri", "hôm qua"],
    ])

    /// 0 = Sunday, as `LocalDate.weekday`.
    private static let weekdayWords: [String: Int] = folded([
        0: ["sunday", "sun", "dimanche", "dim", "domenica", "dom", "chủ nhật", "cn"],
        1: ["monday", "mon", "lundi", "lun", "lunedì", "thứ hai", "t2"],
        2: ["tuesday", "tue", "mardi", "mar", "martedì", "thứ ba", "t3"],
        3: ["wednesday", "wed", "mercredi", "mer", "mercoledì", "thứ tư", "t4"],
        4: ["thursday", "thu", "jeudi", "jeu", "giovedì", "gio", "thứ năm", "t5"],
        5: ["friday", "fri", "vendredi", "ven", "venerdì", "thứ sáu", "t6"],
        6: ["saturday", "sat", "samedi", "sam", "sabato", "sab", "thứ bảy", "thứ bẩy", "t7"],
    ])

    private enum Unit { case days, weeks, months, years }

    /// d, j (jour), g (giorno), n (ngày); w, s (semaine, settimana), t (tuần); m; y, a (an, anno).
    private static let units: [Character: Unit] = ["d": .days, "j": .days, "g": .days, "n": .days, "w": .weeks, "s": .weeks, "t": .weeks,
                                                   "m": .months, "y": .years, "a": .years]

    /// `+3d`, `-1w`, `+2m`, `+1y`: a sign, up to five digits, a unit letter.
    private static func offset(_ word: String, from today: LocalDate) -> LocalDate? {
        guard let sign = word.first, sign == "+" || sign == "-", let letter = word.last, let unit = units[letter] else { return nil }
        let digits = word.dropFirst().dropLast()
        guard (1...5).contains(digits.count), digits.allSatisfy(\.isASCII), let count = Int(digits) else { return nil }
        let amount = sign == "-" ? -count : count
        switch unit {
        case .days: return today.adding(days: amount)
        case .weeks: return today.adding(days: 7 * amount)
        case .months, .years:
            let month = YearMonth(today).adding(months: unit == .months ? amount : 12 * amount)
            return LocalDate(year: month.year, month: month.month, day: min(today.day, month.dayCount))
        }
    }

    /// Lowercased, accents and spaces folded, so `Thứ Sáu`, `thu sau` and `thứ  sáu` are one word.
    private static func fold(_ text: String) -> String {
        text.lowercased().replacingOccurrences(of: "đ", with: "d")
            .folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil)
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private static func folded(_ table: [Int: [String]]) -> [String: Int] {
        var words: [String: Int] = [:]
        for (value, names) in table { for name in names { words[fold(name)] = value } }
        return words
    }
}
