import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// A product in the pantry: what it is, how much is left, and when it is due.
public struct Product: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    public var amount: Quantity
    public var unit: String
    public var due: LocalDate

    public init(id: Int64, name: String, amount: Quantity, unit: String = "", due: LocalDate) {
        self.id = id
        self.name = name
        self.amount = amount
        self.unit = unit
        self.due = due
    }

    public var isInStock: Bool { amount > .zero }

    /// Reads a row defensively: data written by another program never crashes a view. A due
    /// date that is not a real day sorts as expired long ago, so it is seen and fixed.
    init(row: StoreRow) {
        id = row.int("id") ?? 0
        name = row.text("name") ?? ""
        amount = Quantity(thousandths: max(0, row.int("amountMilli") ?? 0))
        unit = row.text("unit") ?? ""
        due = row.day("due") ?? LocalDate(year: 1, month: 1, day: 1)!
    }
}

/// One consumption of a product: what undo puts back.
public struct Consumption: Hashable, Sendable {
    public let id: Int64
    public let productID: Int64
    public let productName: String
    public let unit: String
    public let amount: Quantity
    public let remaining: Quantity

    public init(id: Int64, productID: Int64, productName: String, unit: String, amount: Quantity, remaining: Quantity) {
        self.id = id
        self.productID = productID
        self.productName = productName
        self.unit = unit
        self.amount = amount
        self.remaining = remaining
    }
}
