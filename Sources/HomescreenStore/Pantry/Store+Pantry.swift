import Foundation
import GRDB
import HomescreenWidgetCore

/// Why a pantry action could not be done. `unknownProduct` is bad input (exit 2); the others
/// are the state of the pantry (exit 1).
public enum PantryError: Error, Equatable, CustomStringConvertible {
    case nothingInStock
    case productEmpty(id: Int64, name: String)
    case unknownProduct(id: Int64)
    case nothingToUndo

    public var description: String {
        switch self {
        case .nothingInStock: return "nothing to consume: no product has stock left (add one with `homescreen pantry add`)."
        case .productEmpty(let id, let name): return "product \(id) (\(SafeName.of(name))) has no stock left to consume."
        case .unknownProduct(let id): return "there is no product with id \(id); `homescreen pantry list` shows the ids."
        case .nothingToUndo: return "there is no consume to undo."
        }
    }
}

/// A product name safe to print in an error message on a terminal.
enum SafeName {
    static func of(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "\u{FFFD}" : Character($0) })
    }
}

extension Store {
    // MARK: - Pantry reads

    /// Every product, in stock or not, by id.
    public func products() throws -> [Product] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM product ORDER BY id").map(Product.init(row:)) }
    }

    /// The products with stock left.
    public func productsInStock() throws -> [Product] {
        try read(Self.productsInStock)
    }

    static func productsInStock(_ db: Database) throws -> [Product] {
        try Row.fetchAll(db, sql: "SELECT * FROM product WHERE amountMilli > 0").map(Product.init(row:))
    }

    // MARK: - Pantry writes (each one transaction)

    @discardableResult
    public func addProduct(name: String, amount: Quantity, unit: String, due: LocalDate, at date: Date = Date()) throws -> Product {
        try write(affecting: [.pantry]) { db in
            try db.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [name, amount.thousandths, unit, due.iso, date])
            return Product(id: db.lastInsertedRowID, name: name, amount: amount, unit: unit, due: due)
        }
    }

    /// Adds many products in one transaction (demo data, imports).
    public func addProducts(_ products: [(name: String, amount: Quantity, unit: String, due: LocalDate)], at date: Date = Date()) throws {
        try write(affecting: [.pantry]) { db in
            let statement = try db.makeStatement(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, ?, ?, ?)")
            for product in products {
                try statement.execute(arguments: [product.name, product.amount.thousandths, product.unit, product.due.iso, date])
            }
        }
    }

    /// Consumes up to `amount` of one product, never going below zero, in one transaction.
    /// - Parameters:
    ///   - productID: the product, or nil to let `choose` pick among the products in stock
    ///     (the pantry's first-expiring order), inside the same transaction.
    /// - Returns: what was consumed, for confirmation and undo.
    @discardableResult
    public func consume(productID: Int64?, amount: Quantity, at date: Date = Date(),
                        choose: ([Product]) -> Product?) throws -> Consumption {
        try write(affecting: [.pantry]) { db in
            let product: Product
            if let productID {
                guard let row = try Row.fetchOne(db, sql: "SELECT * FROM product WHERE id = ?", arguments: [productID]) else {
                    throw PantryError.unknownProduct(id: productID)
                }
                product = Product(row: row)
                guard product.isInStock else { throw PantryError.productEmpty(id: product.id, name: product.name) }
            } else {
                guard let chosen = choose(try Self.productsInStock(db)) else { throw PantryError.nothingInStock }
                product = chosen
            }
            let taken = min(amount, product.amount)
            let remaining = product.amount - taken
            try db.execute(sql: "UPDATE product SET amountMilli = ? WHERE id = ?", arguments: [remaining.thousandths, product.id])
            try db.execute(sql: "INSERT INTO consumption (productID, amountMilli, at) VALUES (?, ?, ?)",
                           arguments: [product.id, taken.thousandths, date])
            return Consumption(id: db.lastInsertedRowID, productID: product.id, productName: product.name, amount: taken, remaining: remaining)
        }
    }

    /// Puts back the most recent consumption, in one transaction.
    @discardableResult
    public func undoLastConsume() throws -> Consumption {
        try write(affecting: [.pantry]) { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT consumption.id, consumption.productID, consumption.amountMilli, product.name, product.amountMilli AS left
                FROM consumption JOIN product ON product.id = consumption.productID
                ORDER BY consumption.id DESC LIMIT 1
                """) else { throw PantryError.nothingToUndo }
            let amount = Quantity(thousandths: row["amountMilli"])
            let restored = Quantity(thousandths: row["left"]) + amount
            try db.execute(sql: "UPDATE product SET amountMilli = ? WHERE id = ?", arguments: [restored.thousandths, row["productID"] as Int64])
            try db.execute(sql: "DELETE FROM consumption WHERE id = ?", arguments: [row["id"] as Int64])
            return Consumption(id: row["id"], productID: row["productID"], productName: row["name"], amount: amount, remaining: restored)
        }
    }

    /// Removes a product and its consumption history.
    @discardableResult
    public func removeProduct(id: Int64) throws -> Product {
        try write(affecting: [.pantry]) { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM product WHERE id = ?", arguments: [id]) else {
                throw PantryError.unknownProduct(id: id)
            }
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [id])
            return Product(row: row)
        }
    }
}
