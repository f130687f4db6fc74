import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// The pantry on PostgreSQL, with the SQLite store's order (due, then the name's bytes, then
/// id) and its rules. A consume locks the product's row (`FOR UPDATE`): consumes from several
/// machines wait for each other, so none goes below zero and none is lost.
extension PostgresStore: PantryStore {
    static let firstExpiringOrder = "due, name COLLATE \"C\", id"

    static func product(_ row: PostgresRows.Row) -> Product {
        Product(id: row.int("id") ?? 0, name: row["name"] ?? "", amount: Quantity(thousandths: max(0, row.int("amountMilli") ?? 0)),
                unit: row["unit"] ?? "", due: row["due"].flatMap(LocalDate.init(iso:)) ?? LocalDate(year: 1, month: 1, day: 1)!)
    }

    public func products() throws -> [Product] {
        try execute("SELECT * FROM product ORDER BY id").map(Self.product)
    }

    public func pantrySnapshot(today: LocalDate, dueSoonDays: Int, limit: Int) throws -> (first: [Product], counts: PantryCounts) {
        try transaction {
            let counts = try execute("""
                SELECT count(*) AS inStock, count(*) FILTER (WHERE due < $1::date) AS expired,
                       count(*) FILTER (WHERE due >= $1::date AND due <= $2::date) AS dueSoon
                FROM product WHERE amountMilli > 0
                """, [today.iso, today.adding(days: dueSoonDays).iso]).first
            let first = try execute("SELECT * FROM product WHERE amountMilli > 0 ORDER BY \(Self.firstExpiringOrder) LIMIT $1", [String(limit)]).map(Self.product)
            return (first, PantryCounts(inStock: Int(counts?.int("inStock") ?? 0), expired: Int(counts?.int("expired") ?? 0),
                                        dueSoon: Int(counts?.int("dueSoon") ?? 0)))
        }
    }

    @discardableResult
    public func addProduct(name: String, amount: Quantity, unit: String, due: LocalDate, at date: Date = Date()) throws -> Product {
        try transaction {
            let id = try execute("""
                INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ($1, $2, $3, $4, to_timestamp($5)) RETURNING id
                """, [name, String(amount.thousandths), unit, due.iso, Self.timestamp(date)]).first?.int("id") ?? 0
            return Product(id: id, name: name, amount: amount, unit: unit, due: due)
        }
    }

    public func addProducts(_ products: [(name: String, amount: Quantity, unit: String, due: LocalDate)], at date: Date = Date()) throws {
        try transaction {
            for product in products {
                try execute("INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ($1, $2, $3, $4, to_timestamp($5))",
                            [product.name, String(product.amount.thousandths), product.unit, product.due.iso, Self.timestamp(date)])
            }
        }
    }

    @discardableResult
    public func consume(productID: Int64?, amount: Quantity, at date: Date = Date()) throws -> Consumption {
        try transaction {
            let product: Product
            if let productID {
                guard let row = try execute("SELECT * FROM product WHERE id = $1 FOR UPDATE", [String(productID)]).first else {
                    throw PantryError.unknownProduct(id: productID)
                }
                product = Self.product(row)
                guard product.isInStock else { throw PantryError.productEmpty(id: product.id, name: product.name) }
            } else {
                // The first in stock, then its row locked; if another machine emptied it while
                // this one waited for the lock, the next first is taken.
                var locked: Product?
                while locked == nil {
                    guard let candidate = try execute("SELECT id FROM product WHERE amountMilli > 0 ORDER BY \(Self.firstExpiringOrder) LIMIT 1").first?.int("id") else {
                        throw PantryError.nothingInStock
                    }
                    locked = try execute("SELECT * FROM product WHERE id = $1 AND amountMilli > 0 FOR UPDATE", [String(candidate)]).first.map(Self.product)
                }
                product = locked!
            }
            let taken = min(amount, product.amount)
            let remaining = product.amount - taken
            try execute("UPDATE product SET amountMilli = $1 WHERE id = $2", [String(remaining.thousandths), String(product.id)])
            let id = try execute("INSERT INTO consumption (productID, amountMilli, at) VALUES ($1, $2, to_timestamp($3)) RETURNING id",
                                 [String(product.id), String(taken.thousandths), Self.timestamp(date)]).first?.int("id") ?? 0
            return Consumption(id: id, productID: product.id, productName: product.name, unit: product.unit, amount: taken, remaining: remaining)
        }
    }

    @discardableResult
    public func undoLastConsume() throws -> Consumption { try undoConsumption(id: nil) }

    @discardableResult
    public func undoConsumption(id: Int64) throws -> Consumption { try undoConsumption(id: Optional(id)) }

    private func undoConsumption(id: Int64?) throws -> Consumption {
        try transaction {
            guard let row = try execute("""
                SELECT consumption.id, consumption.productID, consumption.amountMilli, product.name, product.unit, product.amountMilli AS left
                FROM consumption JOIN product ON product.id = consumption.productID
                WHERE $1::bigint IS NULL OR consumption.id = $1::bigint ORDER BY consumption.id DESC LIMIT 1
                FOR UPDATE OF product, consumption
                """, [id.map(String.init)]).first, let consumptionID = row.int("id"), let productID = row.int("productID") else {
                throw PantryError.nothingToUndo
            }
            let amount = Quantity(thousandths: row.int("amountMilli") ?? 0)
            try execute("UPDATE product SET amountMilli = amountMilli + $1 WHERE id = $2", [String(amount.thousandths), String(productID)])
            try execute("DELETE FROM consumption WHERE id = $1", [String(consumptionID)])
            return Consumption(id: consumptionID, productID: productID, productName: row["name"] ?? "", unit: row["unit"] ?? "",
                               amount: amount, remaining: Quantity(thousandths: row.int("left") ?? 0) + amount)
        }
    }

    @discardableResult
    public func updateProduct(id: Int64, name: String, amount: Quantity, unit: String, due: LocalDate) throws -> Product {
        try transaction {
            guard let row = try execute("UPDATE product SET name = $1, amountMilli = $2, unit = $3, due = $4 WHERE id = $5 RETURNING *",
                                        [name, String(amount.thousandths), unit, due.iso, String(id)]).first else {
                throw PantryError.unknownProduct(id: id)
            }
            return Self.product(row)
        }
    }

    @discardableResult
    public func removeProduct(id: Int64) throws -> Product {
        try transaction {
            guard let row = try execute("DELETE FROM product WHERE id = $1 RETURNING *", [String(id)]).first else {
                throw PantryError.unknownProduct(id: id)
            }
            return Self.product(row)
        }
    }
}
