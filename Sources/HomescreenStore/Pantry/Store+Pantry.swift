import Foundation
import GRDB
import HomescreenWidgetCore

/// Why a pantry action could not be done. `unknownProduct` is bad input (exit 2); the others
/// are the state of the pantry (exit 1).
public enum PantryError: StoreRefusal, Equatable {
    case nothingInStock
    case productEmpty(id: Int64, name: String)
    case unknownProduct(id: Int64)
    case nothingToUndo

    public var sentence: String {
        switch self {
        case .nothingInStock: return "nothing to consume: no product has stock left (add one with `homescreen pantry add`)."
        case .productEmpty: return "product %1 (%2) has no stock left to consume."
        case .unknownProduct: return "there is no product with id %1; `homescreen pantry list` shows the ids."
        case .nothingToUndo: return "there is no consume to undo."
        }
    }

    public var values: [String] {
        switch self {
        case .productEmpty(let id, let name): return [String(id), name]
        case .unknownProduct(let id): return [String(id)]
        case .nothingInStock, .nothingToUndo: return []
        }
    }
}

/// How many products in stock are expired, due soon, and in stock at all.
public struct PantryCounts: Hashable, Sendable {
    public let inStock: Int
    public let expired: Int
    public let dueSoon: Int

    public init(inStock: Int, expired: Int, dueSoon: Int) {
        self.inStock = inStock
        self.expired = expired
        self.dueSoon = dueSoon
    }
}

extension Store {
    /// First-expiring-first-out as SQL: due date (ISO text sorts by day), then the name's UTF-8
    /// bytes (SQLite's BINARY collation), then id. `PantryOrder` sorts the same way in Swift.
    static let firstExpiringOrder = "due, name, id"

    // MARK: - Pantry reads

    /// Every product, in stock or not, by id.
    public func products() throws -> [Product] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM product ORDER BY id").map(Product.init(row:)) }
    }

    /// What the pantry pane needs, read in one transaction: the first `limit` products in stock
    /// in first-expiring order, and the counts over all of them. Reading only what a pane can
    /// show keeps a pantry of 10,000 products as fast as one of ten.
    /// - Parameter dueSoonDays: products due from today to today + this many days are due soon.
    public func pantrySnapshot(today: LocalDate, dueSoonDays: Int, limit: Int) throws -> (first: [Product], counts: PantryCounts) {
        try read { db in
            let soon = today.adding(days: dueSoonDays).iso
            let row = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS inStock, COALESCE(SUM(due < :today), 0) AS expired,
                       COALESCE(SUM(due >= :today AND due <= :soon), 0) AS dueSoon
                FROM product INDEXED BY productInStockByDue WHERE amountMilli > 0
                """, arguments: ["today": today.iso, "soon": soon])!
            let first = try Row.fetchAll(db, sql: """
                SELECT * FROM product WHERE amountMilli > 0 ORDER BY \(Self.firstExpiringOrder) LIMIT ?
                """, arguments: [limit]).map(Product.init(row:))
            return (first, PantryCounts(inStock: row["inStock"], expired: row["expired"], dueSoon: row["dueSoon"]))
        }
    }

    // MARK: - Pantry writes (each one transaction)

    @discardableResult
    public func addProduct(name: String, amount: Quantity, unit: String, due: LocalDate, at date: Date = Date()) throws -> Product {
        try write { db in
            try db.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [name, amount.thousandths, unit, due.iso, date])
            return Product(id: db.lastInsertedRowID, name: name, amount: amount, unit: unit, due: due)
        }
    }

    /// Adds many products in one transaction (demo data, imports).
    public func addProducts(_ products: [(name: String, amount: Quantity, unit: String, due: LocalDate)], at date: Date = Date()) throws {
        try write { db in
            let statement = try db.makeStatement(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, ?, ?, ?)")
            for product in products {
                try statement.execute(arguments: [product.name, product.amount.thousandths, product.unit, product.due.iso, date])
            }
        }
    }

    /// Consumes up to `amount` of one product, never going below zero, in one transaction.
    /// - Parameters:
    ///   - productID: the product, or nil for the first in first-expiring order, chosen inside
    ///     the same transaction (so two processes never both take "the first").
    /// - Returns: what was consumed, for confirmation and undo.
    @discardableResult
    public func consume(productID: Int64?, amount: Quantity, at date: Date = Date()) throws -> Consumption {
        try write { db in
            let product: Product
            if let productID {
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM product WHERE id = ?", arguments: [productID]) else {
                    throw PantryError.unknownProduct(id: productID)
                }
                product = Product(row: row)
                guard product.isInStock else { throw PantryError.productEmpty(id: product.id, name: product.name) }
            } else {
                guard let row = try Row.fetchOne(db, sql: """
                    SELECT * FROM product WHERE amountMilli > 0 ORDER BY \(Self.firstExpiringOrder) LIMIT 1
                    """) else { throw PantryError.nothingInStock }
                product = Product(row: row)
            }
            let taken = min(amount, product.amount)
            let remaining = product.amount - taken
            try db.execute(sql: "UPDATE product SET amountMilli = ? WHERE id = ?", arguments: [remaining.thousandths, product.id])
            try db.execute(sql: "INSERT INTO consumption (productID, amountMilli, at) VALUES (?, ?, ?)",
                           arguments: [product.id, taken.thousandths, date])
            return Consumption(id: db.lastInsertedRowID, productID: product.id, productName: product.name, unit: product.unit, amount: taken, remaining: remaining)
        }
    }

    /// Puts back the most recent consumption, in one transaction.
    @discardableResult
    public func undoLastConsume() throws -> Consumption {
        try undoConsumption(where: "1")
    }

    /// Puts back one consumption (the dashboard undoes its own, whatever others did since).
    @discardableResult
    public func undoConsumption(id: Int64) throws -> Consumption {
        try undoConsumption(where: "consumption.id = \(id)")
    }

    private func undoConsumption(where condition: String) throws -> Consumption {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT consumption.id, consumption.productID, consumption.amountMilli, product.name, product.unit,
                       product.amountMilli AS left
                FROM consumption JOIN product ON product.id = consumption.productID
                WHERE \(condition) ORDER BY consumption.id DESC LIMIT 1
                """) else { throw PantryError.nothingToUndo }
            let amount = Quantity(thousandths: row["amountMilli"])
            let restored = Quantity(thousandths: row["left"]) + amount
            try db.execute(sql: "UPDATE product SET amountMilli = ? WHERE id = ?", arguments: [restored.thousandths, row["productID"] as Int64])
            try db.execute(sql: "DELETE FROM consumption WHERE id = ?", arguments: [row["id"] as Int64])
            return Consumption(id: row["id"], productID: row["productID"], productName: row["name"], unit: row["unit"],
                               amount: amount, remaining: restored)
        }
    }

    /// Changes a product's name, amount in stock, unit and due day, in one transaction.
    @discardableResult
    public func updateProduct(id: Int64, name: String, amount: Quantity, unit: String, due: LocalDate) throws -> Product {
        try write { db in
            try db.execute(sql: "UPDATE product SET name = ?, amountMilli = ?, unit = ?, due = ? WHERE id = ?",
                           arguments: [name, amount.thousandths, unit, due.iso, id])
            guard db.changesCount == 1, let row = try Row.fetchOne(db, sql: "SELECT * FROM product WHERE id = ?", arguments: [id]) else {
                throw PantryError.unknownProduct(id: id)
            }
            return Product(row: row)
        }
    }

    /// Removes a product and its consumption history.
    @discardableResult
    public func removeProduct(id: Int64) throws -> Product {
        Product(row: try deleteRow(from: "product", id: id, missing: PantryError.unknownProduct(id: id)))
    }
}
