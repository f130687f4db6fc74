import HomescreenStore
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
/// group by due date (then name and id, so the order is total and stable). Products without
/// stock are left out: there is nothing of them to consume.
public enum PantryOrder {
    public static let defaultDueSoonDays = 5
    public static let dueSoonDaysRange = 0...365

    public static func ordered(_ products: [Product], today: LocalDate, dueSoonDays: Int) -> [ExpiringProduct] {
        let todayNumber = today.dayNumber
        var items: [ExpiringProduct] = []
        items.reserveCapacity(products.count)
        for product in products where product.isInStock {
            let days = product.due.dayNumber - todayNumber
            let urgency: Urgency = days < 0 ? .expired : days <= dueSoonDays ? .dueSoon : .fresh
            items.append(ExpiringProduct(product: product, urgency: urgency, daysUntilDue: days))
        }
        items.sort { a, b in
            if a.urgency != b.urgency { return a.urgency < b.urgency }
            if a.daysUntilDue != b.daysUntilDue { return a.daysUntilDue < b.daysUntilDue }
            if a.product.name != b.product.name { return a.product.name < b.product.name }
            return a.product.id < b.product.id
        }
        return items
    }

    /// The product a consume takes from: the first in FEFO order.
    public static func next(_ products: [Product], today: LocalDate, dueSoonDays: Int) -> Product? {
        ordered(products, today: today, dueSoonDays: dueSoonDays).first?.product
    }
}
