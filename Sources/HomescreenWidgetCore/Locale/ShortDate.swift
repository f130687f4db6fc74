import Foundation

/// The status bar's date, "Thu, Nov 26" / "jeu. 26 nov." / "Th 5, 26 thg 11": CLDR's pattern
/// for the skeleton MMMEd with its abbreviated names, from the program's own table
/// (`ShortDate+CLDR.swift`, scripts/generate-date-vectors.py), as money is
/// (`MoneyConventions`). Foundation's `DateFormatter` is ICU's on Linux, and its data stayed
/// resident in every dashboard (BENCHMARKS.md, issue 36).
public struct ShortDate: Sendable {
    /// CLDR's pattern: E the weekday, d the day, MMM the month, 'text' a literal.
    let pattern: String
    /// Sunday first.
    let weekdays: [String]
    let months: [String]

    /// The locale's own entry, else its language's, else English's (as `MoneyConventions`).
    public static func of(_ locale: FormattingLocale) -> ShortDate { locale.entry(in: table)! }

    /// The day an instant falls on in a zone, written with the locale's pattern.
    public static func text(_ date: Date, locale: FormattingLocale, timeZone: Zone) -> String {
        of(locale).text(LocalDate(date, in: timeZone))
    }

    public func text(_ day: LocalDate) -> String {
        var result = ""
        var characters = Substring(pattern)
        while let first = characters.first {
            if first == "'" {
                // A quoted literal; '' is an apostrophe.
                characters.removeFirst()
                if characters.first == "'" { result.append("'"); characters.removeFirst(); continue }
                let literal = characters.prefix { $0 != "'" }
                result += literal
                characters = characters.dropFirst(literal.count + 1)
                continue
            }
            let run = characters.prefix { $0 == first }
            characters = characters.dropFirst(run.count)
            switch first {
            case "E": result += weekdays[day.weekday]
            case "d": result += run.count == 2 ? day.day.zeroPadded(2) : String(day.day)
            case "M", "L": result += run.count >= 3 ? months[day.month - 1] : run.count == 2 ? day.month.zeroPadded(2) : String(day.month)
            default: result += run
            }
        }
        return result
    }
}
