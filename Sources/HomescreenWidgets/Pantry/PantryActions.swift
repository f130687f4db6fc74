import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The pantry's interactive actions as the dashboard shows them: the optimistic state of a
/// consume not yet confirmed by the store, and the status-line confirmations.
extension PantrySummary {
    /// The summary after taking `amount` of the first product `times` times, as the store's
    /// consume does (first in FEFO order, never below zero; an emptied product leaves the list).
    public func consumingFirst(times: Int, amount: Quantity = .one) -> PantrySummary {
        (0..<max(0, times)).reduce(self) { summary, _ in summary.consuming(at: 0, amount: amount) }
    }

    /// The summary after taking `amount` of the product with this id (when it is listed).
    public func consuming(productID: Int64, amount: Quantity = .one) -> PantrySummary {
        items.firstIndex { $0.product.id == productID }.map { consuming(at: $0, amount: amount) } ?? self
    }

    private func consuming(at index: Int, amount: Quantity) -> PantrySummary {
        guard items.indices.contains(index) else { return self }
        var items = self.items
        var expired = expiredCount, dueSoon = dueSoonCount, inStock = inStockCount
        let item = items[index]
        var product = item.product
        product.amount = product.amount - min(amount, product.amount)
        if product.isInStock {
            items[index] = ExpiringProduct(product: product, urgency: item.urgency, daysUntilDue: item.daysUntilDue)
        } else {
            items.remove(at: index)
            inStock -= 1
            if item.urgency == .expired { expired -= 1 } else if item.urgency == .dueSoon { dueSoon -= 1 }
        }
        return PantrySummary(items: items, expiredCount: expired, dueSoonCount: dueSoon, inStockCount: inStock)
    }
}

extension PantryEntry {
    public var summary: PantrySummary {
        PantrySummary(items: items, expiredCount: expiredCount, dueSoonCount: dueSoonCount, inStockCount: inStockCount)
    }

    /// This entry with `times` consumes applied that the store has not confirmed yet.
    public func consumingFirst(times: Int, amount: Quantity = .one) -> PantryEntry {
        guard times > 0 else { return self }
        return PantryEntry(date: date, today: today, dueSoonDays: dueSoonDays, summary: summary.consumingFirst(times: times, amount: amount), isPlaceholder: isPlaceholder)
    }

    /// This entry with unconfirmed consumes of chosen products applied.
    public func consuming(productIDs: [Int64]) -> PantryEntry {
        guard !productIDs.isEmpty else { return self }
        let summary = productIDs.reduce(self.summary) { $0.consuming(productID: $1) }
        return PantryEntry(date: date, today: today, dueSoonDays: dueSoonDays, summary: summary, isPlaceholder: isPlaceholder)
    }
}

/// Status-line sentences for pantry writes, in the interface language.
public enum PantryMessages {
    public static func consumed(_ consumption: Consumption, _ environment: FeatureEnvironment) -> String {
        consumed(consumption.amount, unit: consumption.unit, of: consumption.productName, environment)
    }

    public static func consumed(_ quantity: Quantity, unit: String, of name: String, _ environment: FeatureEnvironment) -> String {
        PantryStrings.of(environment.language).consumed(environment.amount(amount(quantity, unit: unit, language: environment.language)), environment.name(name))
    }

    public static func putBack(_ consumption: Consumption, _ environment: FeatureEnvironment) -> String {
        PantryStrings.of(environment.language).putBack(environment.amount(amount(consumption.amount, unit: consumption.unit, language: environment.language)),
                                                        environment.name(consumption.productName))
    }

    static func amount(_ quantity: Quantity, unit: String, language: Language) -> String {
        let number = quantity.formatted(decimalSeparator: language == .english ? "." : ",")
        let unit = UnitName.after(quantity == .one, unit)
        return unit.isEmpty ? number : number + " " + unit
    }
}
