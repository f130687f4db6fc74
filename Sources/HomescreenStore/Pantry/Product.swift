import Foundation
import GRDB
import HomescreenWidgetCore

/// A product in the pantry: what it is, how much is left, and when it is due.
public struct Product: Hashable, Sendable, Codable, Identifiable {
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

    enum CodingKeys: String, CodingKey { case id, name, amount, unit, due }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(amount.description, forKey: .amount)
        try container.encode(unit, forKey: .unit)
        try container.encode(due.iso, forKey: .due)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int64.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        let amountText = try container.decode(String.self, forKey: .amount)
        amount = Quantity(argument: amountText) ?? .zero
        unit = try container.decode(String.self, forKey: .unit)
        let dueText = try container.decode(String.self, forKey: .due)
        guard let due = LocalDate(iso: dueText) else {
            throw DecodingError.dataCorruptedError(forKey: .due, in: container, debugDescription: "not a YYYY-MM-DD date")
        }
        self.due = due
    }

    /// Reads a row defensively: data written by another program never crashes a view. A due
    /// date that is not a real day sorts as expired long ago, so it is seen and fixed.
    init(row: Row) {
        id = row["id"]
        name = (row["name"] as String?) ?? ""
        amount = Quantity(thousandths: max(0, (row["amountMilli"] as Int64?) ?? 0))
        unit = (row["unit"] as String?) ?? ""
        due = ((row["due"] as String?).flatMap(LocalDate.init(iso:))) ?? LocalDate(year: 1, month: 1, day: 1)!
    }
}

/// One consumption of a product: what undo puts back.
public struct Consumption: Hashable, Sendable {
    public let id: Int64
    public let productID: Int64
    public let productName: String
    public let amount: Quantity
    public let remaining: Quantity
}
