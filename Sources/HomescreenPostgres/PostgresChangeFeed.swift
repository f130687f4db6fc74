import Foundation
import HomescreenStore

/// The tables other machines (and this one) change, without polling: a connection of its own
/// that LISTENs on the store's channel. Its socket is what the dashboard's `poll()` waits on;
/// the triggers' notifications name the tables, and arrive only for committed transactions.
public final class PostgresChangeFeed: ChangeFeed {
    private let connection: PostgresConnection
    private var pending: Set<StoreTable> = []

    init(url: String) throws(PostgresError) {
        connection = try PostgresConnection(url: url)
        try connection.execute("LISTEN \(PostgresSchema.channel)")
    }

    public var fileDescriptor: Int32 { connection.socket }

    /// Reads the notifications that woke the socket.
    public func drainEvents() -> Bool {
        guard let payloads = try? connection.notifications() else { return true }
        for payload in payloads { if let table = Self.table(named: payload) { pending.insert(table) } }
        return !payloads.isEmpty
    }

    public func changedTables() throws -> Set<StoreTable> {
        if connection.isBroken { throw PostgresError.connectionLost(location: connection.location, reason: "the server closed the connection") }
        defer { pending = [] }
        return pending
    }

    /// The store's table for a name PostgreSQL folded to lower case ("selectedcard").
    static func table(named name: String) -> StoreTable? {
        let known: [StoreTable] = [.product, .consumption, .budget, .expense, .publishedSnapshot, .card, .selectedCard, .event]
        return known.first { $0.rawValue.lowercased() == name.lowercased() }
    }
}

extension PostgresStore {
    public func changeFeed() throws -> any ChangeFeed { try PostgresChangeFeed(url: url) }
}
