import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore

/// The budget's values as the command line gives them (`budget set`, `expense add`,
/// `expense list --month`), checked. Each refusal is one sentence naming the value and what is
/// accepted (`InputProblem`: the command line exits with status 2).
public enum BudgetInput {
    public static let maximumNoteLength = 200
    public static let maximumCategoryLength = 40

    /// A month as YYYY-MM, given as `option` ("--month", "the month").
    public static func month(_ text: String, option: String) throws(InputProblem) -> YearMonth {
        guard let month = YearMonth(iso: text) else {
            throw InputProblem("\(option) '\(text)' is not a month; use a month as YYYY-MM, such as \(YearMonth(Date(), in: Zone.current(environment: ProcessInfo.processInfo.environment)).iso).")
        }
        guard LocalDate.supported.contains(month.firstDay) else {
            throw InputProblem("\(option) '\(text)' is outside the months Homescreen works with; use a month from 1800-01 to 2199-12.")
        }
        return month
    }

    /// `--currency`: an ISO 4217 code the budget knows.
    public static func currency(_ text: String) throws(InputProblem) -> Currency {
        guard let currency = Currency(code: text) else {
            throw InputProblem("--currency '\(text)' is not a supported currency; use \(Currency.accepted).")
        }
        return currency
    }

    /// An amount in `currency` ("12.50" or "12,50"), given as `option`: decimals beyond the
    /// currency's are refused, never dropped.
    public static func money(_ text: String, currency: Currency, option: String) throws(InputProblem) -> Money {
        switch Money.parse(text, currency: currency) {
        case .success(let money): return money
        case .failure(let error): throw InputProblem("\(option) '\(text)' \(error.problem(in: currency)); use \(Money.accepted(currency)).")
        }
    }

    /// An expense's note, trimmed.
    public static func note(_ text: String) throws(InputProblem) -> String {
        let note = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard note.count <= maximumNoteLength else { throw InputProblem("the note is \(note.count) characters long; use at most \(maximumNoteLength).") }
        return note
    }

    /// An expense's category, trimmed; nil for none (or an empty one).
    public static func category(_ text: String?) throws(InputProblem) -> String? {
        guard let category = text?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        guard category.count <= maximumCategoryLength else {
            throw InputProblem("the category '\(category)' is too long; use at most \(maximumCategoryLength) characters.")
        }
        return category.isEmpty ? nil : category
    }
}
