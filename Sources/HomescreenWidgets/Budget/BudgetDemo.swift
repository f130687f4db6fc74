import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// A realistic year of budgets and expenses relative to a day: no budget for the first two
/// months of the year (the year grid shows "—"), then a monthly limit in CHF, about two
/// expenses a day up to today, and one month over budget. Deterministic: the same day gives
/// the same data.
public enum BudgetDemo {
    public static let currency = Currency(code: "CHF")!

    public static func budgets(today: LocalDate) -> [MonthlyBudget] {
        (3...12).map { month in
            MonthlyBudget(month: YearMonth(year: today.year, month: month)!, limit: Money(cents: month == 12 ? 350_000 : 300_000), currency: currency)
        }
    }

    public static func expenses(today: LocalDate) -> [(amount: Money, day: LocalDate, note: String, category: String?)] {
        let kinds: [(String, String, ClosedRange<Int64>)] = [
            ("Groceries", "food", 2_000...12_000), ("Coffee", "food", 350...650), ("Train ticket", "transport", 800...6_400),
            ("Pharmacy", "health", 900...4_500), ("Restaurant", "food", 3_500...14_000), ("Books", "leisure", 1_200...4_800),
            ("Cinema", "leisure", 1_600...3_600), ("Phone bill", "home", 2_900...2_900), ("Migros", "food", 1_500...9_000),
            ("Bánh mì", "food", 800...1_400),
        ]
        var random = SplitMix(seed: UInt64(today.year))
        var result: [(amount: Money, day: LocalDate, note: String, category: String?)] = []
        var day = YearMonth(year: today.year, month: 3)!.firstDay
        while day <= today {
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let kind = kinds[Int(random.next() % UInt64(kinds.count))]
                let span = UInt64(kind.2.upperBound - kind.2.lowerBound + 1)
                let cents = (kind.2.lowerBound + Int64(random.next() % span)) / 5 * 5
                result.append((Money(cents: cents), day, kind.0, kind.1))
            }
            if day.month == 7, day.day == 14 { result.append((Money(cents: 189_000), day, "Car repair", "transport")) }
            day = day.adding(days: 1)
        }
        return result
    }
}
