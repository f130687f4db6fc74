import Foundation
import HomescreenStore

/// The tables other machines (and this one) change, without polling: a connection of its own
/// that LISTENs on the store's channel. Its socket is what the dashboard's `poll()` waits on;
/// the triggers' notifications name the tables, and arrive only for committed transactions.
/// When the server goes away the socket is dropped from the `poll()` (no busy loop on a dead
/// descriptor) and the feed says when to try again: after 1 s, then 2, 4… up to 30 s.
public final class PostgresChangeFeed: ChangeFeed {
    private let url: String
    private var connection: PostgresConnection?
    private var pending: Set<StoreTable> = []
    public private(set) var lostReason: String?
    public private(set) var retryAt: Date?
    private var backoff: TimeInterval = 1
    static let longestBackoff: TimeInterval = 30

    init(url: String) throws(PostgresError) {
        self.url = url
        connection = try Self.listening(url)
    }

    private static func listening(_ url: String) throws(PostgresError) -> PostgresConnection {
        // A short timeout: the dashboard waits for it while it reconnects.
        let connection = try PostgresConnection(url: url, timeoutSeconds: 2)
        try connection.execute("LISTEN \(PostgresSchema.channel)")
        return connection
    }

    public var followsServer: Bool { true }

    /// -1 while the connection is lost: `poll()` then ignores it.
    public var fileDescriptor: Int32 { connection?.socket ?? -1 }

    /// Reads the notifications that woke the socket; a closed connection is dropped.
    public func drainEvents() -> Bool {
        guard let connection else { return false }
        do {
            for payload in try connection.notifications() { if let table = Self.table(named: payload) { pending.insert(table) } }
            if connection.isBroken { lost("the server closed the connection") }
            return !pending.isEmpty
        } catch {
            lost(PostgresError.reasonOf(error))
            return false
        }
    }

    private func lost(_ reason: String) {
        connection = nil
        lostReason = reason
        retryAt = Date().addingTimeInterval(backoff)
        backoff = min(backoff * 2, Self.longestBackoff)
    }

    public func changedTables() throws -> Set<StoreTable> {
        defer { pending = [] }
        return pending
    }

    public func retry() -> Bool {
        guard connection == nil else { return true }
        do {
            connection = try Self.listening(url)
            lostReason = nil
            retryAt = nil
            backoff = 1
            return true
        } catch {
            lost(PostgresError.reasonOf(error))
            return false
        }
    }

    /// The store's table for a notification's payload: a shared table's name as PostgreSQL
    /// folded it ("selectedcard"), or a kind's table as its description spells it.
    static func table(named name: String) -> StoreTable? {
        guard !name.isEmpty else { return nil }
        return PostgresSchema.tables.first { $0.rawValue.lowercased() == name.lowercased() } ?? StoreTable(rawValue: name)
    }
}

extension PostgresStore {
    public func changeFeed() throws -> any ChangeFeed { try PostgresChangeFeed(url: url) }
}
