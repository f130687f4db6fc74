import ArgumentParser
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// A product to add, validated: a name of 1…200 characters, a real due date (`FriendlyDate`), a positive amount
/// and a unit of at most 20 characters.
struct NewProduct {
    let name: String
    let due: LocalDate
    let amount: Quantity
    let unit: String

    /// - Parameter place: where the values came from, prefixed to error messages ("product 3: ");
    ///   empty for command-line options, whose messages name the option.
    init(name rawName: String, due rawDue: String, amount rawAmount: String, unit rawUnit: String, place: String, today: LocalDate) throws {
        name = rawName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw CLIError.usage(place + "the product name '\(rawName)' is empty; give a name such as \"Milk\".") }
        guard name.count <= 200 else { throw CLIError.usage(place + "the product name is \(name.count) characters long; use at most 200.") }
        due = try Arguments.date(rawDue, option: place.isEmpty ? "--due" : place + "the due date", today: today)
        amount = try Arguments.quantity(rawAmount, option: place.isEmpty ? "--amount" : place + "the amount")
        unit = rawUnit.trimmingCharacters(in: .whitespaces)
        guard unit.count <= 20 else { throw CLIError.usage(place + "the unit '\(unit)' is too long; use at most 20 characters.") }
    }
}
