import HomescreenStore
import HomescreenWidgetCore

/// The pantry's interactive actions as the dashboard shows them: the optimistic state of a
/// consume not yet confirmed by the store, and the status-line confirmations.
extension PantrySummary {
    /// The summary after taking `amount` of the first product `times` times, as the store's
    /// consume does (first in FEFO order, never below zero; an emptied product leaves the list).
    public func consumingFirst(times: Int, amount: Quantity = .one) -> PantrySummary {
        var items = self.items
        var expired = expiredCount, dueSoon = dueSoonCount, inStock = inStockCount
        for _ in 0..<max(0, times) {
            guard let first = items.first else { break }
            var product = first.product
            product.amount = product.amount - min(amount, product.amount)
            if product.isInStock {
                items[0] = ExpiringProduct(product: product, urgency: first.urgency, daysUntilDue: first.daysUntilDue)
            } else {
                items.removeFirst()
                inStock -= 1
                if first.urgency == .expired { expired -= 1 } else if first.urgency == .dueSoon { dueSoon -= 1 }
            }
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
