import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// Realistic pantry contents relative to a day: two expired, some due soon, the rest fresh,
/// with names in the seeds' languages to show off widths.
public enum PantryDemo {
    public static func products(today: LocalDate) -> [(name: String, amount: Quantity, unit: String, due: LocalDate)] {
        let rows: [(String, String, String, Int)] = [
            ("Milk", "1", "l", -2),
            ("Yogurt", "4", "pcs", -1),
            ("Spinach", "0.3", "kg", 0),
            ("Chicken breast", "2", "pcs", 1),
            ("Crème fraîche", "1", "cup", 3),
            ("Mozzarella di bufala", "2", "pcs", 5),
            ("Eggs", "10", "pcs", 9),
            ("Nước mắm", "0.5", "l", 240),
            ("Tomatoes", "6", "pcs", 7),
            ("Bread", "1", "loaf", 4),
            ("Cheddar", "0.25", "kg", 21),
            ("Rice", "2", "kg", 300),
            ("Pasta", "3", "packs", 420),
            ("Coffee beans", "1", "kg", 90),
        ]
        return rows.map { name, amount, unit, offset in
            (name: name, amount: Quantity(argument: amount)!, unit: unit, due: today.adding(days: offset))
        }
    }
}
