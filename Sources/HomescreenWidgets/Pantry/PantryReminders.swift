import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The pantry's reminder: a product in stock expires within `pantry-days` (default 1: today or
/// tomorrow), then once more when it has expired. Each fires once per product, due date and
/// threshold: a new due date is a new reminder.
extension PantryFeature {
    public static let remindOn = ReminderSetting.flag("pantry")
    public static let remindDays = ReminderSetting.days("pantry-days", default: 1)
    /// How far back an expired product is still told: a product that went off weeks before
    /// reminders were set up is on the pane, not in a notification.
    static let expiredLookBack = 7
    /// At most this many products are read for reminders at once (the first-expiring ones).
    static let reminderLimit = 100

    public var reminderSettings: [SettingSpec] { [Self.remindOn.spec, Self.remindDays.spec] }

    public func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck {
        guard context.settings[Self.remindOn] else { return ReminderCheck() }
        let today = context.today, days = context.settings[Self.remindDays]
        let products = try PantryRepository(store).inStock(due: today.adding(days: -Self.expiredLookBack)...today.adding(days: days), limit: Self.reminderLimit)
        let strings = PantryStrings.of(context.language), title = strings.title
        return ReminderCheck(due: products.map { product in
            let away = today.days(until: product.due)
            let amount = context.amount(PantryMessages.amount(product.amount, unit: product.unit, language: context.language))
            // The threshold by name, not by the days setting: changing it sends nothing again.
            let threshold = away < 0 ? "expired" : "soon"
            return Reminder(kind: .pantry, key: "product \(product.id) due \(product.due.iso) \(threshold)",
                            title: strings.reminder(context.name(product.name), away, amount), body: title)
        })
    }
}

extension PantryRepository {
    /// The products in stock due in `days`, first-expiring first, through the index the pane's
    /// list reads (`productInStockByDue`): at most `limit` rows, whatever the pantry holds.
    public func inStock(due days: ClosedRange<LocalDate>, limit: Int) throws -> [Product] {
        try store.reading { sql in
            try sql.rows("SELECT * FROM product WHERE amountMilli > 0 AND due >= ? AND due <= ? ORDER BY \(Self.firstExpiringOrder(sql.dialect)) LIMIT ?",
                         [StoreValue(days.lowerBound), StoreValue(days.upperBound), .integer(Int64(limit))]).map(Product.init(row:))
        }
    }
}

extension PantryStrings {
    /// "Milk expires tomorrow (1 l)", "Milk expired yesterday (1 l)".
    func reminder(_ name: String, _ days: Int, _ amount: String) -> String {
        let due = days > 1 ? expiresInDays(days) : self.due(days)
        return "\(name) \(due) (\(amount))"
    }
}
