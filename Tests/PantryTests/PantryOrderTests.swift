import Foundation
import Testing
import HomescreenTestSupport
import HomescreenStore
import HomescreenWidgetCore
@testable import HomescreenWidgets

struct PantryOrderTests {
    typealias F = PantryFixtures

    @Test func firstExpiringFirstOutOnAMix() {
        let products = [
            F.product(1, "Rice", due: 300), F.product(2, "Bread", due: 4), F.product(3, "Milk", due: -2),
            F.product(4, "Spinach", due: 0), F.product(5, "Yogurt", due: -1), F.product(6, "Eggs", due: 9),
            F.product(7, "Butter", due: 5), F.product(8, "Apples", due: 6), F.product(9, "Empty jar", "1", due: -30),
            F.product(10, "Cream", due: 0),
        ]
        var withEmpty = products
        withEmpty[8].amount = .zero
        let ordered = PantryOrder.ordered(withEmpty, today: F.today, dueSoonDays: 5)
        #expect(ordered.map(\.product.name) == ["Milk", "Yogurt", "Cream", "Spinach", "Bread", "Butter", "Apples", "Eggs", "Rice"])
        #expect(PantryOrder.summary(withEmpty, today: F.today, dueSoonDays: 5, limit: 3).items.map(\.product.name) == ["Milk", "Yogurt", "Cream"])
        #expect(ordered.map(\.urgency) == [.expired, .expired, .dueSoon, .dueSoon, .dueSoon, .dueSoon, .fresh, .fresh, .fresh])
        #expect(ordered.map(\.daysUntilDue) == [-2, -1, 0, 0, 4, 5, 6, 9, 300])
        let entry = F.entry(withEmpty)
        #expect(entry.expiredCount == 2 && entry.dueSoonCount == 4 && entry.inStockCount == 9)
        #expect(entry.top.map(\.product.name) == ["Milk", "Yogurt", "Cream", "Spinach", "Bread"])
    }

    /// The store sorts in SQL, the widget in Swift: on random pantries, with ties on the day and
    /// names that differ only by accents, both give the same order and the same counts.
    @Test(arguments: 0..<5)
    func swiftAndTheStoreAgreeOnTheOrder(_ round: Int) throws {
        let folder = TemporaryFolder()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        var generator = SplitMix(seed: UInt64(round) &+ 0x9E37_79B9_7F4A_7C15)
        let names = ["Milk", "milk", "Mílk", "Ắt", "Ất", "豆腐", "Zucchini", "apple", "Äpfel", "🥛", "Milk 2", "Milk"]
        var rows: [(name: String, amount: Quantity, unit: String, due: LocalDate)] = []
        for _ in 0..<300 {
            rows.append((names[Int(generator.next() % UInt64(names.count))], Quantity(units: Int64(generator.next() % 3)).thousandths == 0 ? .zero : .one,
                         "", F.today.adding(days: Int(generator.next() % 20) - 8)))
        }
        try store.write { db in
            for row in rows {
                try db.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES (?, ?, '', ?, '2026-01-01 00:00:00')",
                               arguments: [row.name, row.amount.thousandths, row.due.iso])
            }
        }
        let swift = PantryOrder.summary(try PantryRepository(store).products(), today: F.today, dueSoonDays: 5, limit: 40)
        let (first, counts) = try PantryRepository(store).pantrySnapshot(today: F.today, dueSoonDays: 5, limit: 40)
        #expect(first.map(\.id) == swift.items.map(\.product.id))
        #expect(counts == PantryCounts(inStock: swift.inStockCount, expired: swift.expiredCount, dueSoon: swift.dueSoonCount))
        let widget = PantryWidget(store: store)
        let entry = try widget.timeline(in: F.context(.systemLarge), at: F.now).entries[0]
        #expect(entry.items.map(\.product.id) == PantryOrder.ordered(try PantryRepository(store).products(), today: F.today, dueSoonDays: 5).prefix(PantryEntry.itemLimit).map(\.product.id))
        // The accessories show the first product and the counts: a status line reads the top
        // five (what `timeline --json` lists), not 250 rows.
        for family in [WidgetFamily.accessoryInline, .accessoryCircular, .accessoryRectangular] {
            let accessory = try widget.timeline(in: F.context(family), at: F.now).entries[0]
            #expect(accessory.items.map(\.product.id) == entry.items.prefix(PantryEntry.topCount).map(\.product.id), "\(family)")
            #expect(accessory.inStockCount == entry.inStockCount && accessory.expiredCount == entry.expiredCount && accessory.dueSoonCount == entry.dueSoonCount)
        }
    }

    @Test func theDueSoonWindowIsConfigurable() {
        let products = [F.product(1, "Eggs", due: 9), F.product(2, "Bread", due: 4)]
        #expect(F.entry(products, dueSoonDays: 5).dueSoonCount == 1)
        #expect(F.entry(products, dueSoonDays: 10).dueSoonCount == 2)
        #expect(F.entry(products, dueSoonDays: 0).dueSoonCount == 0)
        #expect(F.entry(products, dueSoonDays: 0).state == .allFresh)
    }

    @Test func statesForEmptyAndAllFresh() {
        #expect(F.entry([]).state == .empty)
        var gone = F.product(1, "Milk", due: -2)
        gone.amount = .zero
        #expect(F.entry([gone]).state == .empty)
        #expect(F.entry([F.product(1, "Rice", due: 100)]).state == .allFresh)
        #expect(F.entry([F.product(1, "Milk", due: 1)]).state == .attention)
    }

    @Test func theTimelineReloadsAtTheNextLocalMidnight() {
        let timeline = PantryWidget.timeline(products: F.demo, at: F.now, timeZone: F.zurich, dueSoonDays: 5)
        #expect(timeline.entries.count == 1)
        #expect(timeline.policy == .after(ISO8601DateFormatter().date(from: "2026-11-23T00:00:00+01:00")!))
        let saigon = Zone(identifier: "Asia/Ho_Chi_Minh")!
        let late = PantryWidget.timeline(products: F.demo, at: F.now, timeZone: saigon, dueSoonDays: 5)
        // 10:00 in Zurich is 16:00 in Saigon: the same day there, midnight 8 hours on.
        #expect(late.policy == .after(ISO8601DateFormatter().date(from: "2026-11-23T00:00:00+07:00")!))
    }

    @Test(arguments: [
        (Language.english, ["expired 3 days ago", "expired yesterday", "expires today", "expires tomorrow", "in 3 days"]),
        (Language.french, ["périmé depuis 3 jours", "périmé hier", "expire aujourd’hui", "expire demain", "dans 3 jours"]),
        (Language.italian, ["scaduto da 3 giorni", "scaduto ieri", "scade oggi", "scade domani", "tra 3 giorni"]),
        (Language.vietnamese, ["hết hạn 3 ngày trước", "hết hạn hôm qua", "hết hạn hôm nay", "hết hạn ngày mai", "còn 3 ngày"]),
    ])
    func dueTextsInEveryLanguage(_ language: Language, _ expected: [String]) {
        let strings = PantryStrings.of(language)
        #expect([-3, -1, 0, 1, 3].map(strings.due) == expected)
    }
}
