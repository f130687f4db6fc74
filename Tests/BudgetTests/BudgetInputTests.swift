import Foundation
import Testing
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

/// The budget checks its own command-line values (months, currencies, amounts, an expense's
/// note and category), without the argument parser, in one sentence each.
struct BudgetInputTests {
    static let chf = Currency(code: "CHF")!

    @Test func monthsAreYYYYMMWithinTheSupportedDays() throws {
        #expect(try BudgetInput.month("2026-11", option: "--month") == YearMonth(iso: "2026-11"))
        let example = YearMonth(Date(), in: Zone.current(environment: ProcessInfo.processInfo.environment)).iso
        #expect(throws: InputProblem("--month '11-2026' is not a month; use a month as YYYY-MM, such as \(example).")) { try BudgetInput.month("11-2026", option: "--month") }
        #expect(throws: InputProblem("the month '1799-12' is outside the months Homescreen works with; use a month from 1800-01 to 2199-12.")) {
            try BudgetInput.month("1799-12", option: "the month")
        }
    }

    @Test func amountsTakeEitherSeparatorAndNeverDropADigit() throws {
        #expect(try BudgetInput.money("12,50", currency: Self.chf, option: "--limit") == Money(cents: 1250))
        #expect(try BudgetInput.money("12.50", currency: Self.chf, option: "--limit") == Money(cents: 1250))
        let problem = #expect(throws: InputProblem.self) { try BudgetInput.money("12.345", currency: Self.chf, option: "the amount") }
        #expect(problem?.description.hasPrefix("the amount '12.345' ") == true && problem?.description.hasSuffix("; use \(Money.accepted(Self.chf)).") == true)
        #expect(throws: InputProblem("--currency 'XYZ' is not a supported currency; use \(Currency.accepted).")) { try BudgetInput.currency("XYZ") }
        #expect(try BudgetInput.currency("chf") == Self.chf)
    }

    @Test func anExpensesNoteAndCategoryAreTrimmedAndBounded() throws {
        #expect(try BudgetInput.note("  Lunch \n") == "Lunch")
        #expect(throws: InputProblem("the note is 201 characters long; use at most 200.")) { try BudgetInput.note(String(repeating: "x", count: 201)) }
        #expect(try BudgetInput.category(" Food ") == "Food" && BudgetInput.category("  ") == nil && BudgetInput.category(nil) == nil)
        #expect(throws: InputProblem("the category '\(String(repeating: "c", count: 41))' is too long; use at most 40 characters.")) {
            try BudgetInput.category(String(repeating: "c", count: 41))
        }
    }
}
