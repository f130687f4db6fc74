import Foundation
import Testing
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

/// The pantry checks its own command-line and import values, without the argument parser: each
/// refusal is one sentence naming where the value came from, the value and what is accepted.
struct PantryInputTests {
    let today = LocalDate(year: 2026, month: 11, day: 22)!

    @Test func aProductIsTrimmedAndItsDayAndAmountAreRead() throws {
        let product = try PantryInput.product(name: "  Milk \n", due: "tomorrow", amount: "0,5", unit: " l ", place: "", today: today)
        #expect(product.name == "Milk" && product.due == today.adding(days: 1) && product.amount == Quantity(argument: "0.5") && product.unit == "l")
    }

    @Test func anOptionsRefusalNamesTheOptionAndAFilesNamesTheEntry() {
        #expect(throws: InputProblem("--amount 'lots' is not an amount; use \(Quantity.accepted).")) {
            try PantryInput.product(name: "Milk", due: "today", amount: "lots", unit: "", place: "", today: today)
        }
        #expect(throws: InputProblem("product 3: the amount 'lots' is not an amount; use \(Quantity.accepted).")) {
            try PantryInput.product(name: "Milk", due: "today", amount: "lots", unit: "", place: "product 3: ", today: today)
        }
        #expect(throws: InputProblem("product 3: the due date 'someday' is not a date; use \(FriendlyDate.accepted(today: today)).")) {
            try PantryInput.product(name: "Milk", due: "someday", amount: "1", unit: "", place: "product 3: ", today: today)
        }
        #expect(throws: InputProblem("--due '2250-01-01' is outside the days Homescreen works with; use a day from 1800-01-01 to 2199-12-31.")) {
            try PantryInput.product(name: "Milk", due: "2250-01-01", amount: "1", unit: "", place: "", today: today)
        }
        #expect(throws: InputProblem("the product name ' ' is empty; give a name such as \"Milk\".")) {
            try PantryInput.product(name: " ", due: "today", amount: "1", unit: "", place: "", today: today)
        }
        #expect(throws: InputProblem("the unit 'kilogrammes of flour!' is too long; use at most 20 characters.")) {
            try PantryInput.product(name: "Flour", due: "today", amount: "1", unit: "kilogrammes of flour!", place: "", today: today)
        }
    }

    @Test func dueSoonDaysRunFromZeroTo365() throws {
        #expect(try PantryInput.dueSoonDays(0) == 0 && PantryInput.dueSoonDays(365) == 365)
        #expect(throws: InputProblem("--due-soon-days 366 is out of range; use a whole number from 0 to 365.")) { try PantryInput.dueSoonDays(366) }
        #expect(throws: InputProblem("--due-soon-days -1 is out of range; use a whole number from 0 to 365.")) { try PantryInput.dueSoonDays(-1) }
    }
}
