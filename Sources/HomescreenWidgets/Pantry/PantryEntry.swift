import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// Everything the pantry views need at one instant.
public struct PantryEntry: TimelineEntry, Encodable {
    public enum State: String, Sendable, Encodable {
        /// No product has stock: "Nothing in stock".
        case empty
        /// Products in stock, none expired or due soon: "All fresh".
        case allFresh
        /// Something is expired or due soon.
        case attention
        /// The store's counts hold a value no products can give (`problem` says which table).
        case error
    }

    public let date: Date
    public let today: LocalDate
    public let dueSoonDays: Int
    /// The first products in stock in FEFO order: as many as the tallest pane can list.
    public let items: [ExpiringProduct]
    public let expiredCount: Int
    public let dueSoonCount: Int
    /// All products in stock (more than `items` holds when the pantry is big).
    public let inStockCount: Int
    public let isPlaceholder: Bool
    /// Why the counts cannot be shown (a summary table another program damaged), or nil.
    public let problem: SummaryDamaged?

    /// The seed shares the top five with its widget.
    public static let topCount = 5
    /// How many products an entry carries: more rows than any pane at the largest size.
    public static let itemLimit = 250

    public init(date: Date, today: LocalDate, dueSoonDays: Int, summary: PantrySummary, isPlaceholder: Bool = false,
                problem: SummaryDamaged? = nil) {
        self.date = date
        self.today = today
        self.dueSoonDays = dueSoonDays
        self.items = summary.items
        self.expiredCount = summary.expiredCount
        self.dueSoonCount = summary.dueSoonCount
        self.inStockCount = summary.inStockCount
        self.isPlaceholder = isPlaceholder
        self.problem = problem
    }

    public var top: ArraySlice<ExpiringProduct> { items.prefix(Self.topCount) }
    public var urgentCount: Int { expiredCount + dueSoonCount }
    public var state: State { problem != nil ? .error : inStockCount == 0 ? .empty : urgentCount == 0 ? .allFresh : .attention }

    // MARK: - JSON (documented in the README)

    enum CodingKeys: String, CodingKey {
        case date, today, state, dueSoonDays, expiredCount, dueSoonCount, inStockCount, products, problem
    }

    struct JSONProduct: Encodable {
        let id: Int64, name: String, amount: String, unit: String, due: String, urgency: Urgency, daysUntilDue: Int
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(today.iso, forKey: .today)
        try container.encode(state, forKey: .state)
        try container.encode(dueSoonDays, forKey: .dueSoonDays)
        try container.encode(expiredCount, forKey: .expiredCount)
        try container.encode(dueSoonCount, forKey: .dueSoonCount)
        try container.encode(inStockCount, forKey: .inStockCount)
        try container.encode(top.map {
            JSONProduct(id: $0.product.id, name: $0.product.name, amount: $0.product.amount.description, unit: $0.product.unit,
                        due: $0.product.due.iso, urgency: $0.urgency, daysUntilDue: $0.daysUntilDue)
        }, forKey: .products)
        try container.encodeIfPresent(problem?.description, forKey: .problem)
    }
}
