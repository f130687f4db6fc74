import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore

/// The pantry's values as the command line and `pantry import` files give them, checked. Each
/// refusal is one sentence naming the value and what is accepted (`InputProblem`: the command
/// line exits with status 2). The dashboard's add-product form checks the same limits in the
/// interface's language (`PantryFeature`).
public enum PantryInput {
    /// A product to add, as the store takes it: a name of 1…200 characters, a positive amount,
    /// a unit of at most 20 characters and a due day (`FriendlyDate`).
    public typealias NewProduct = (name: String, amount: Quantity, unit: String, due: LocalDate)

    public static let maximumNameLength = 200
    public static let maximumUnitLength = 20

    /// A product to add, checked.
    ///
    /// - Parameter place: where the values came from, put before each sentence ("product 3: ");
    ///   empty for command-line options, whose sentences name the option.
    public static func product(name rawName: String, due rawDue: String, amount rawAmount: String, unit rawUnit: String, place: String,
                               today: LocalDate) throws(InputProblem) -> NewProduct {
        let name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw InputProblem(place + "the product name '\(rawName)' is empty; give a name such as \"Milk\".") }
        guard name.count <= maximumNameLength else {
            throw InputProblem(place + "the product name is \(name.count) characters long; use at most \(maximumNameLength).")
        }
        let due = try LocalDate(argument: rawDue, option: place.isEmpty ? "--due" : place + "the due date", today: today)
        let amount = try quantity(rawAmount, option: place.isEmpty ? "--amount" : place + "the amount")
        let unit = rawUnit.trimmingCharacters(in: .whitespaces)
        guard unit.count <= maximumUnitLength else { throw InputProblem(place + "the unit '\(unit)' is too long; use at most \(maximumUnitLength) characters.") }
        return (name, amount, unit, due)
    }

    /// An amount of a product (`--amount 0,5`), given as `option`.
    public static func quantity(_ text: String, option: String) throws(InputProblem) -> Quantity {
        guard let quantity = Quantity(argument: text) else { throw InputProblem("\(option) '\(text)' is not an amount; use \(Quantity.accepted).") }
        return quantity
    }

    /// `--due-soon-days`: products due within this many days count as due soon.
    public static func dueSoonDays(_ days: Int) throws(InputProblem) -> Int {
        guard PantryOrder.dueSoonDaysRange.contains(days) else {
            throw InputProblem("--due-soon-days \(days) is out of range; use a whole number from \(PantryOrder.dueSoonDaysRange.lowerBound) to \(PantryOrder.dueSoonDaysRange.upperBound).")
        }
        return days
    }
}
