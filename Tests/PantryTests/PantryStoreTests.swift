import Foundation
import HomescreenWidgets
import GRDB
import Testing
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenStore

struct PantryStoreTests {
    let folder = TemporaryFolder()

    @Test func consumeNeverGoesBelowZeroAndUndoPutsItBack() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let product = try PantryRepository(store).addProduct(name: "Spinach", amount: Quantity(argument: "0.3")!, unit: "kg", due: LocalDateFixture.day)
        let consumed = try PantryRepository(store).consume(productID: nil, amount: .one)
        #expect(consumed.amount == Quantity(argument: "0.3")! && consumed.remaining == .zero)
        #expect(throws: PantryError.nothingInStock) { try PantryRepository(store).consume(productID: nil, amount: .one) }
        #expect(throws: PantryError.productEmpty(id: product.id, name: "Spinach")) { try PantryRepository(store).consume(productID: product.id, amount: .one) }
        #expect(try PantryRepository(store).products().first?.amount == .zero)
        let undone = try PantryRepository(store).undoLastConsume()
        #expect(undone.remaining == Quantity(argument: "0.3")!)
        #expect(try PantryRepository(store).products().first?.amount == Quantity(argument: "0.3")!)
        #expect(throws: PantryError.nothingToUndo) { try PantryRepository(store).undoLastConsume() }
        #expect(throws: PantryError.unknownProduct(id: 999)) { try PantryRepository(store).consume(productID: 999, amount: .one) }
        #expect(throws: PantryError.unknownProduct(id: 999)) { try PantryRepository(store).removeProduct(id: 999) }
    }

    @Test func everyWriteBumpsTheRevisionOfTheTablesItTouches() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        #expect(try store.revisions()[.product] == nil)
        let product = try PantryRepository(store).addProduct(name: "Milk", amount: Quantity(units: 2), unit: "l", due: LocalDateFixture.day)
        try PantryRepository(store).consume(productID: product.id, amount: .one)
        try PantryRepository(store).undoLastConsume()
        try PantryRepository(store).removeProduct(id: product.id)
        #expect(try store.revisions()[.product] == 4)
        #expect(try store.revisions()[.consumption] == 2, "the consume and its undo")
    }

    @Test func aFailedWriteLeavesNothingBehind() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        #expect(throws: (any Error).self) {
            try store.write { db in
                try db.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('Milk', 1000, '', '2026-01-01', 0)")
                try db.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('   ', 1000, '', '2026-01-01', 0)")
            }
        }
        #expect(try PantryRepository(store).products().isEmpty)
        #expect(try store.revisions().isEmpty)
    }

    @Test func anotherProgramCannotWriteImpossibleRows() throws {
        let path = folder.path("s.sqlite")
        _ = try Store.prepared(at: path)
        let raw = try DatabaseQueue(path: path)
        for values in ["('Odd', 500, 'g', 'someday', '2026-01-01 00:00:00')", "('Odd', 500, 'g', '2026-02-30', '2026-01-01 00:00:00')", "('Odd', -5, 'g', '2026-02-01', '2026-01-01 00:00:00')",
                       "(' ', 500, 'g', '2026-02-01', '2026-01-01 00:00:00')", "(NULL, 500, 'g', '2026-02-01', '2026-01-01 00:00:00')"] {
            #expect(throws: DatabaseError.self, "\(values)") {
                try raw.write { try $0.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES \(values)") }
            }
        }
        try raw.write { try $0.execute(sql: "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('Fine', 500, 'g', '2028-02-29', '2026-01-01 00:00:00')") }
        #expect(try PantryRepository(Store.openReadOnly(at: path)).products().map(\.name) == ["Fine"])
    }

    @Test func consumeTakesTheFirstInTheStoresOrder() throws {
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        try PantryRepository(store).addProduct(name: "b", amount: .one, unit: "", due: LocalDateFixture.day)
        try PantryRepository(store).addProduct(name: "a", amount: .one, unit: "", due: LocalDateFixture.day.adding(days: 1))
        try PantryRepository(store).addProduct(name: "a", amount: .one, unit: "", due: LocalDateFixture.day)
        #expect(try PantryRepository(store).consume(productID: nil, amount: .one).productID == 3)   // earliest day, then name
        #expect(try PantryRepository(store).consume(productID: nil, amount: .one).productID == 1)
        #expect(try PantryRepository(store).consume(productID: nil, amount: .one).productID == 2)
    }

    @Test func quantitiesParseExactlyOrNotAtAll() {
        #expect(Quantity(argument: "2")?.thousandths == 2000)
        #expect(Quantity(argument: "0.5")?.thousandths == 500)
        #expect(Quantity(argument: "1,25")?.thousandths == 1250)
        #expect(Quantity(argument: "12.125")?.description == "12.125")
        #expect(Quantity(argument: "1000000")?.description == "1000000")
        for bad in ["", "abc", "-1", "0", "0.000", "1e3", "NaN", "12.3.4", "1.2345", "1.", ".5", "+2", "1 000", "1000001", "٣"] {
            #expect(Quantity(argument: bad) == nil, "\(bad)")
        }
        #expect((Quantity(argument: "0.1")! + Quantity(argument: "0.2")!) == Quantity(argument: "0.3")!)
    }
}
