import Foundation
import HomescreenWidgets
import GRDB
import Testing
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenStore

struct StoreChangeWatcherTests {
    let folder = TemporaryFolder()

    @Test func aWriteByAnotherConnectionIsSeenWithItsTable() throws {
        let path = folder.path("s.sqlite")
        let writer = try Store.prepared(at: path)
        let watcher = try StoreChangeWatcher(storePath: path)
        // Another store object is another connection, as another process would be.
        let started = Date()
        try PantryRepository(Store.prepared(at: path)).addProduct(name: "Milk", amount: .one, unit: "l", due: LocalDateFixture.day)
        #expect(try watcher.waitForChange(timeout: 5) == [.product])
        #expect(Date().timeIntervalSince(started) < 5)
        _ = writer
    }

    @Test func readsAndSilenceAreNotChanges() throws {
        let path = folder.path("s.sqlite")
        let store = try Store.prepared(at: path)
        try PantryRepository(store).addProduct(name: "Milk", amount: .one, unit: "l", due: LocalDateFixture.day)
        let watcher = try StoreChangeWatcher(storePath: path)
        _ = try PantryRepository(Store.openReadOnly(at: path)).products()
        _ = try PantryRepository(store).products()
        #expect(try watcher.waitForChange(timeout: 0.5).isEmpty)
    }

    @Test func eachCommitIsReportedOnceAndTheDescriptorPolls() throws {
        let path = folder.path("s.sqlite")
        let store = try Store.prepared(at: path)
        let watcher = try StoreChangeWatcher(storePath: path)
        let product = try PantryRepository(store).addProduct(name: "Milk", amount: Quantity(units: 3), unit: "l", due: LocalDateFixture.day)
        #expect(try watcher.waitForChange(timeout: 5) == [.product])
        #expect(try watcher.changedTables().isEmpty)
        try PantryRepository(store).consume(productID: product.id, amount: .one)
        var descriptor = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 5000) == 1)
        #expect(watcher.drainEvents())
        #expect(try watcher.changedTables() == [.product, .consumption])
    }
}
