import Foundation
import HomescreenStore
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

    /// Its sentences in French, Italian and Vietnamese: the kind's own words.
    public var words: Translations { PantryFeature.words }
    /// An unknown id is the user's; an empty pantry is the store's.
    public var refusesInput: Bool { if case .unknownProduct = self { true } else { false } }
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

/// The pantry's own access to whichever store is open (SQLite or PostgreSQL): its statements,
/// written once. A consume reads and changes its product in one transaction; on PostgreSQL it
/// locks the product's row (`FOR UPDATE`), so consumes from several machines wait for each
/// other and none goes below zero.
public struct PantryRepository: Sendable {
    public let store: any StoreBackend

    public init(_ store: any StoreBackend) { self.store = store }

    /// First-expiring-first-out as SQL: due date, then the name's UTF-8 bytes, then id.
    /// `PantryOrder` sorts the same way in Swift.
    static func firstExpiringOrder(_ dialect: SQLDialect) -> String { "due, \(dialect.bytes("name")), id" }

    // MARK: - Reads

    /// The counts a pane and a status line show, from the products in stock per due day that
    /// the rule `productDueCount` keeps: one row per day, however many products (`?`: today,
    /// today, the last day due soon).
    static let countsStatement = """
        SELECT COALESCE(SUM(inStock), 0) AS inStock, COALESCE(SUM(CASE WHEN due < ? THEN inStock ELSE 0 END), 0) AS expired,
               COALESCE(SUM(CASE WHEN due >= ? AND due <= ? THEN inStock ELSE 0 END), 0) AS dueSoon
        FROM productDue
        """

    /// What the counts would be summed from: their least and greatest, how many days, how many
    /// hold a count, and how many have a count with a fraction or a due that is no day. A count another program wrote below zero, beyond
    /// `largestCount`, NULL or not a whole number (SQLite orders text above numbers, so `MAX`
    /// returns it) is no count at all; summed, it crashed the pane (issue 51).
    static let countsCheck = """
        SELECT MIN(inStock) AS least, MAX(inStock) AS most, COUNT(*) AS days, COUNT(inStock) AS counted,
               COALESCE(SUM(CASE WHEN length(due) = 10 AND inStock = round(inStock) THEN 0 ELSE 1 END), 0) AS odd
        FROM productDue
        """

    /// More products on one due day than any pantry holds; with one row per day (at most
    /// 146,097 days) the sums stay far inside 64 bits.
    static let largestCount: Int64 = 1_000_000_000

    /// - Throws: `SummaryDamaged` when `productDue` holds a value its products cannot give.
    static func checkCounts(_ sql: any StoreSQL) throws {
        guard let row = try sql.row(countsCheck) else { return }
        let days = row.int("days") ?? 0
        guard days > 0 else { return }
        guard let least = row.int("least"), let most = row.int("most"), least >= 0, most <= largestCount,
              row.int("counted") == days, row.int("odd") == 0 else { throw SummaryDamaged(.productDue) }
    }

    /// The first `?` products in stock in first-expiring order, read through the index
    /// `productInStockByDue`: the rows a pane draws and no others.
    static func firstInStock(_ dialect: SQLDialect) -> String {
        "SELECT * FROM product WHERE amountMilli > 0 ORDER BY \(firstExpiringOrder(dialect)) LIMIT ?"
    }

    /// Every product, in stock or not, by id.
    public func products() throws -> [Product] {
        try store.reading { try $0.rows("SELECT * FROM product ORDER BY id").map(Product.init(row:)) }
    }

    /// What the pantry pane needs, read in one transaction: the first `limit` products in stock
    /// in first-expiring order, and the counts over all of them. Reading only what a pane can
    /// show keeps a pantry of 10,000 products as fast as one of ten.
    /// - Throws: `SummaryDamaged` when the counts' table holds an impossible value.
    /// - Parameter dueSoonDays: products due from today to today + this many days are due soon.
    public func pantrySnapshot(today: LocalDate, dueSoonDays: Int, limit: Int) throws -> (first: [Product], counts: PantryCounts) {
        try store.reading { sql in
            let (day, soon) = (StoreValue(today), StoreValue(today.adding(days: dueSoonDays)))
            try Self.checkCounts(sql)
            let row = try sql.row(Self.countsStatement, [day, day, soon])
            let first = try sql.rows(Self.firstInStock(sql.dialect), [.integer(Int64(limit))]).map(Product.init(row:))
            return (first, PantryCounts(inStock: Int(row?.int("inStock") ?? 0), expired: Int(row?.int("expired") ?? 0),
                                        dueSoon: Int(row?.int("dueSoon") ?? 0)))
        }
    }

    // MARK: - Writes (each one transaction)

    @discardableResult
    public func addProduct(name: String, amount: Quantity, unit: String, due: LocalDate, at date: Date = Date()) throws -> Product {
        try store.writing { sql in
            let id = try sql.row("INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, ?, ?, ?) RETURNING id",
                                 [.text(name), .integer(amount.thousandths), .text(unit), StoreValue(due), StoreValue(date)])?.int("id") ?? 0
            return Product(id: id, name: name, amount: amount, unit: unit, due: due)
        }
    }

    /// Adds many products in one transaction (demo data, imports).
    public func addProducts(_ products: [(name: String, amount: Quantity, unit: String, due: LocalDate)], at date: Date = Date()) throws {
        try store.writing { sql in
            for product in products {
                try sql.execute("INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, ?, ?, ?)",
                                [.text(product.name), .integer(product.amount.thousandths), .text(product.unit), StoreValue(product.due), StoreValue(date)])
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
        try store.writing { sql in
            let product: Product
            if let productID {
                guard let row = try sql.row("SELECT * FROM product WHERE id = ?\(sql.dialect.forUpdate)", [.integer(productID)]) else {
                    throw PantryError.unknownProduct(id: productID)
                }
                product = Product(row: row)
                guard product.isInStock else { throw PantryError.productEmpty(id: product.id, name: product.name) }
            } else {
                // The first in stock, then its row locked; if another machine emptied it while
                // this one waited for the lock, the next first is taken.
                var locked: Product?
                while locked == nil {
                    guard let candidate = try sql.row("SELECT id FROM product WHERE amountMilli > 0 ORDER BY \(Self.firstExpiringOrder(sql.dialect)) LIMIT 1")?
                        .int("id") else { throw PantryError.nothingInStock }
                    locked = try sql.row("SELECT * FROM product WHERE id = ? AND amountMilli > 0\(sql.dialect.forUpdate)", [.integer(candidate)])
                        .map(Product.init(row:))
                }
                product = locked!
            }
            let taken = min(amount, product.amount)
            let remaining = product.amount - taken
            try sql.execute("UPDATE product SET amountMilli = ? WHERE id = ?", [.integer(remaining.thousandths), .integer(product.id)])
            let id = try sql.row("INSERT INTO consumption (productID, amountMilli, at) VALUES (?, ?, ?) RETURNING id",
                                 [.integer(product.id), .integer(taken.thousandths), StoreValue(date)])?.int("id") ?? 0
            return Consumption(id: id, productID: product.id, productName: product.name, unit: product.unit, amount: taken, remaining: remaining)
        }
    }

    /// Puts back the most recent consumption, in one transaction.
    @discardableResult
    public func undoLastConsume() throws -> Consumption { try undoConsumption(id: nil) }

    /// Puts back one consumption (the dashboard undoes its own, whatever others did since).
    @discardableResult
    public func undoConsumption(id: Int64) throws -> Consumption { try undoConsumption(id: Optional(id)) }

    private func undoConsumption(id: Int64?) throws -> Consumption {
        try store.writing { sql in
            guard let row = try sql.row("""
                SELECT consumption.id, consumption.productID, consumption.amountMilli, product.name, product.unit, product.amountMilli AS left
                FROM consumption JOIN product ON product.id = consumption.productID
                \(id == nil ? "" : "WHERE consumption.id = ?") ORDER BY consumption.id DESC LIMIT 1
                \(sql.dialect == .postgres ? "FOR UPDATE OF product, consumption" : "")
                """, id.map { [.integer($0)] } ?? []), let consumptionID = row.int("id"), let productID = row.int("productID") else {
                throw PantryError.nothingToUndo
            }
            let amount = Quantity(thousandths: row.int("amountMilli") ?? 0)
            try sql.execute("UPDATE product SET amountMilli = amountMilli + ? WHERE id = ?", [.integer(amount.thousandths), .integer(productID)])
            try sql.execute("DELETE FROM consumption WHERE id = ?", [.integer(consumptionID)])
            return Consumption(id: consumptionID, productID: productID, productName: row.text("name") ?? "", unit: row.text("unit") ?? "",
                               amount: amount, remaining: Quantity(thousandths: row.int("left") ?? 0) + amount)
        }
    }

    /// Changes a product's name, amount in stock, unit and due day, in one transaction.
    @discardableResult
    public func updateProduct(id: Int64, name: String, amount: Quantity, unit: String, due: LocalDate) throws -> Product {
        try store.writing { sql in
            guard let row = try sql.row("UPDATE product SET name = ?, amountMilli = ?, unit = ?, due = ? WHERE id = ? RETURNING *",
                                        [.text(name), .integer(amount.thousandths), .text(unit), StoreValue(due), .integer(id)]) else {
                throw PantryError.unknownProduct(id: id)
            }
            return Product(row: row)
        }
    }

    /// Removes a product and its consumption history.
    @discardableResult
    public func removeProduct(id: Int64) throws -> Product {
        try store.writing { Product(row: try $0.deleteRow(from: .product, id: id, missing: PantryError.unknownProduct(id: id))) }
    }
}
