import Foundation
import GRDB
import Testing
import HomescreenTestSupport

/// Several processes writing at once, and processes killed in the middle of writing.
struct ConcurrencyTests {
    @Test func fourProcessesConsumingFiftyEachLeaveExactlyZero() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["pantry", "add", "Rice", "--due", "2027-01-01", "--amount", "200"], store: store).status == 0)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<50 {
                do {
                    let result = try Homescreen.run(["pantry", "consume"], store: store)
                    if result.status != 0 || result.stderr.contains("locked") { failures.add("\(result.status): \(result.stderr)") }
                } catch { failures.add("\(error)") }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")
        let database = try DatabaseQueue(path: store)
        #expect(try database.read { try Int.fetchOne($0, sql: "SELECT amountMilli FROM product") } == 0)
        #expect(try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM consumption") } == 200)
        try database.close()
        let empty = try Homescreen.run(["pantry", "consume"], store: store)
        #expect(empty.status == 1 && empty.stderr.contains("nothing to consume"))
        #expect(try Homescreen.run(["pantry", "list", "--json"], store: store).stdout.contains("\"amount\" : \"0\""))
    }

    @Test func killedWritersLeaveAConsistentStore() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["pantry", "add", "Rice", "--due", "2027-01-01", "--amount", "100000"], store: store).status == 0)
        // A big import is one long transaction: killing it at any moment must leave all or nothing.
        let file = folder.path("many.json")
        let many = (0..<20_000).map { #"{"name": "Item \#($0)", "due": "2027-02-01", "amount": "1"}"# }.joined(separator: ",")
        try Data("[\(many)]".utf8).write(to: URL(fileURLWithPath: file))
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let environment = Homescreen.environment(store: store)
            let importer = try Homescreen.start(["pantry", "import", file], environment: environment)
            let consumers = try (0..<3).map { _ in try Homescreen.start(["pantry", "consume", "--product", "1"], environment: environment) }
            usleep(UInt32.random(in: 5_000...(round < 6 ? 120_000 : 400_000), using: &generator))
            for process in [importer] + consumers where process.isRunning { kill(process.processIdentifier, SIGKILL) }
            for process in [importer] + consumers { process.waitUntilExit() }
        }
        let database = try DatabaseQueue(path: store)
        let integrity = try database.read { try String.fetchAll($0, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])
        let imported = try database.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM product WHERE name LIKE 'Item %'") }!
        #expect(imported % 20_000 == 0, "a partial import of \(imported % 20_000) products survived")
        // Each consume is an update and a log row in one transaction: they always agree.
        let left = try database.read { try Int.fetchOne($0, sql: "SELECT amountMilli FROM product WHERE id = 1") }!
        let logged = try database.read { try Int.fetchOne($0, sql: "SELECT COALESCE(SUM(amountMilli), 0) FROM consumption WHERE productID = 1") }!
        #expect(left + logged == 100_000_000)
        try database.close()
        // And the store still works for everyone.
        #expect(try Homescreen.run(["pantry", "consume", "--product", "1"], store: store).status == 0)
        #expect(try Homescreen.run(["doctor"], store: store).stdout.contains("integrity ok"))
    }
}

/// Failures collected from concurrent work.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []
    func add(_ message: String) { lock.withLock { messages.append(message) } }
    var all: [String] { lock.withLock { messages } }
}
