import Foundation
import HomescreenWidgetCore

/// A widget snapshot another program published, as stored.
public struct PublishedSnapshot: Hashable, Sendable {
    /// The largest snapshot the store takes, in bytes of UTF-8 (a budget's is under 1 KB).
    public static let maximumBytes = 65_536

    public let json: String
    public let publishedAt: Date

    public init(json: String, publishedAt: Date) {
        self.json = json
        self.publishedAt = publishedAt
    }
}

/// Widget data published whole by another program (`homescreen publish KIND`), one snapshot per
/// kind, on whichever store is open: shared by the kinds, so it stays in the store's module.
public struct PublishedSnapshots: Sendable {
    public let store: any StoreBackend

    public init(_ store: any StoreBackend) { self.store = store }

    public func snapshot(kind: WidgetKind) throws -> PublishedSnapshot? {
        try store.reading { sql in
            try sql.row("SELECT json, publishedAt FROM publishedSnapshot WHERE kind = ?", [.text(kind.rawValue)]).map {
                PublishedSnapshot(json: $0.text("json") ?? "", publishedAt: $0.date("publishedAt") ?? Date(timeIntervalSince1970: 0))
            }
        }
    }

    /// Replaces a kind's published snapshot with already validated JSON, in one transaction.
    public func publish(kind: WidgetKind, json: String, at date: Date = Date()) throws {
        try store.writing { sql in
            try sql.execute("""
                INSERT INTO publishedSnapshot (kind, json, publishedAt) VALUES (?, ?, ?)
                ON CONFLICT (kind) DO UPDATE SET json = excluded.json, publishedAt = excluded.publishedAt
                """, [.text(kind.rawValue), .text(json), StoreValue(date)])
        }
    }

    /// Removes a kind's published snapshot; the widget shows the local data again.
    /// - Returns: whether there was one.
    @discardableResult
    public func clear(kind: WidgetKind) throws -> Bool {
        try store.writing { try $0.execute("DELETE FROM publishedSnapshot WHERE kind = ?", [.text(kind.rawValue)]) > 0 }
    }
}
