import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// How urgent a product is, relative to today.
public enum Urgency: String, Sendable, Codable, Comparable {
    /// Due before today.
    case expired
    /// Due today or within the due-soon window.
    case dueSoon
    /// Due later.
    case fresh

    private var rank: Int { self == .expired ? 0 : self == .dueSoon ? 1 : 2 }
    public static func < (lhs: Urgency, rhs: Urgency) -> Bool { lhs.rank < rhs.rank }
}

/// A product with its place in first-expiring-first-out order.
public struct ExpiringProduct: Hashable, Sendable {
    public let product: Product
    public let urgency: Urgency
    /// Days from today to the due date: negative when expired, 0 when due today.
    public let daysUntilDue: Int
}

/// First-expiring-first-out: expired products first, then those due soon, then the rest, each
/// group by due date, then by name (UTF-8 bytes, as SQLite's BINARY collation) and id, so the
/// order is total and identical to the store's `ORDER BY due, name, id`. Products without stock
/// are left out: there is nothing of them to consume.
public enum PantryOrder {
    public static let defaultDueSoonDays = 5
    public static let dueSoonDaysRange = 0...365

    /// Every product in stock, in order.
    public static func ordered(_ products: [Product], today: LocalDate, dueSoonDays: Int) -> [ExpiringProduct] {
        summary(products, today: today, dueSoonDays: dueSoonDays, limit: .max).items
    }

    /// The first `limit` products in order and the counts over all of them. Sorts integer day
    /// keys first and compares names only among the products that reach the cut.
    public static func summary(_ products: [Product], today: LocalDate, dueSoonDays: Int, limit: Int) -> PantrySummary {
        let todayNumber = today.dayNumber
        var keys: [(day: Int, index: Int)] = []
        keys.reserveCapacity(products.count)
        var expired = 0, dueSoon = 0
        for (index, product) in products.enumerated() where product.isInStock {
            let days = product.due.dayNumber - todayNumber
            if days < 0 { expired += 1 } else if days <= dueSoonDays { dueSoon += 1 }
            keys.append((days, index))
        }
        keys.sort { $0.day < $1.day }
        // Keep every product of the day at the cut, so ties are broken over all of them.
        var cut = min(limit, keys.count)
        while cut > 0, cut < keys.count, keys[cut].day == keys[cut - 1].day { cut += 1 }
        var first = keys[..<cut].map { key in
            ExpiringProduct(product: products[key.index], urgency: urgency(days: key.day, dueSoonDays: dueSoonDays), daysUntilDue: key.day)
        }
        first.sort(by: precedes)
        return PantrySummary(items: Array(first.prefix(limit)), expiredCount: expired, dueSoonCount: dueSoon, inStockCount: keys.count)
    }

    public static func urgency(days: Int, dueSoonDays: Int) -> Urgency {
        days < 0 ? .expired : days <= dueSoonDays ? .dueSoon : .fresh
    }

    static func precedes(_ a: ExpiringProduct, _ b: ExpiringProduct) -> Bool {
        if a.daysUntilDue != b.daysUntilDue { return a.daysUntilDue < b.daysUntilDue }
        if a.product.name != b.product.name { return a.product.name.utf8.lexicographicallyPrecedes(b.product.name.utf8) }
        return a.product.id < b.product.id
    }
}

/// The head of the pantry in FEFO order, with counts over the whole pantry.
public struct PantrySummary: Sendable {
    public let items: [ExpiringProduct]
    public let expiredCount: Int
    public let dueSoonCount: Int
    public let inStockCount: Int
}
