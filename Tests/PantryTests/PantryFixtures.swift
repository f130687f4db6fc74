import Foundation
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

enum PantryFixtures {
    static let zurich = Zone(identifier: "Europe/Zurich")!
    static let today = LocalDate(year: 2026, month: 11, day: 22)!
    /// 10:00 in Zurich on `today`.
    static let now = ISO8601DateFormatter().date(from: "2026-11-22T10:00:00+01:00")!

    static func product(_ id: Int64, _ name: String, _ amount: String = "1", _ unit: String = "", due offset: Int) -> Product {
        Product(id: id, name: name, amount: Quantity(argument: amount)!, unit: unit, due: today.adding(days: offset))
    }

    /// The demo pantry, as the `demo` command writes it.
    static var demo: [Product] {
        PantryDemo.products(today: today).enumerated().map { index, row in
            Product(id: Int64(index + 1), name: row.name, amount: row.amount, unit: row.unit, due: row.due)
        }
    }

    static func entry(_ products: [Product], dueSoonDays: Int = 5) -> PantryEntry {
        PantryWidget.timeline(products: products, at: now, timeZone: zurich, dueSoonDays: dueSoonDays).entries[0]
    }

    static func context(_ family: WidgetFamily, _ density: Density = .regular, _ language: Language = .english,
                        ascii: Bool = false, privacy: Bool = false) -> WidgetContext {
        WidgetContext(family: family, density: density, language: language, timeZone: zurich, ascii: ascii, privacy: privacy)
    }
}
