import Foundation
import HomescreenWidgetCore

// The store boundary: what the kinds and commands may ask of a store, whichever is open. It
// knows no kind: `Store` (SQLite through GRDB) and `PostgresStore` give a kind's repository
// statements to run (`reading`, `writing`, `exclusively`), and each kind's repository, in its
// own folder, says what it reads and writes. Every write is one transaction; a refused write
// throws and changes nothing.

/// Where a store is and how its changes are followed.
public protocol StoreBackend: AnyObject, Sendable {
    /// The store's location, for messages (a path; a connection name for a server).
    var path: String { get }
    /// The revision of every tracked table that has been written.
    func revisions() throws -> [StoreTable: Int]
    /// A feed of the tables other processes (and this one) change, for the dashboard's loop.
    func changeFeed() throws -> any ChangeFeed
    /// A one-line health report ("schema 4, integrity ok").
    func integrityCheck() throws -> String
    func schemaVersion() throws -> Int
    /// Rows that broke the schema's rules when the store was made strict, kept aside.
    func setAsideRows() throws -> [SetAsideRow]
    /// Runs `work` as one transaction: the store's reads and writes inside it join it.
    func batch<T>(_ work: () throws -> T) throws -> T

    // What a kind's repository runs its own statements on, whichever backend is open.
    /// `work` reads in one consistent view of the store.
    func reading<T>(_ work: (any StoreSQL) throws -> T) throws -> T
    /// `work` as one write transaction (joining `batch`'s); a refused statement throws
    /// `ConstraintViolation` and nothing of `work` is kept.
    func writing<T>(_ work: (any StoreSQL) throws -> T) throws -> T
    /// `work` as one write transaction no other process's migration can interleave with (SQLite:
    /// the folder lock, as for creating and migrating a store; PostgreSQL: an advisory lock).
    func exclusively<T>(_ work: (any StoreSQL) throws -> T) throws -> T
}

/// Notices committed changes without polling: a descriptor to wait on, then the tables changed.
public protocol ChangeFeed: AnyObject {
    /// Readable when something may have changed.
    var fileDescriptor: Int32 { get }
    /// Reads what woke the descriptor. - Returns: whether it may concern the store.
    func drainEvents() -> Bool
    /// The tables changed since the last call; empty when nothing was committed.
    func changedTables() throws -> Set<StoreTable>
    /// The revisions `changedTables` read with them, so that no one reads them again; nil for a
    /// feed told only the tables' names (PostgreSQL's NOTIFY).
    var revisions: [StoreTable: Int]? { get }
    /// Why the feed cannot follow the store now (a server's connection lost); nil when it can.
    var lostReason: String? { get }
    /// When to try to follow the store again, while it cannot.
    var retryAt: Date? { get }
    /// Tries to follow the store again. - Returns: whether it does (everything may have changed).
    func retry() -> Bool
    /// A server's feed: its store can be away for a while and come back.
    var followsServer: Bool { get }
}

extension ChangeFeed {
    /// A file's feed is never lost.
    public var lostReason: String? { nil }
    public var revisions: [StoreTable: Int]? { nil }
    public var retryAt: Date? { nil }
    public func retry() -> Bool { true }
    public var followsServer: Bool { false }
}


/// A refusal that is a sentence for the user (nothing in stock, an unknown id): said as it is,
/// in the user's language, where other errors are wrapped in "the store refused the change".
/// `sentence` is the English text with `%1`, `%2`… where `values` go; the command line says it in
/// English (`description`), the dashboard in its language.
public protocol StoreRefusal: Error, CustomStringConvertible {
    var sentence: String { get }
    var values: [String] { get }
    /// Its sentences in the other languages: the refusing kind's own table.
    var words: Translations { get }
    /// Whether it refuses a value the user gave (an unknown id): status 2 on the command line;
    /// false, the store as it is refuses the change (nothing in stock, the disk is full): status 1.
    var refusesInput: Bool { get }
}

extension StoreRefusal {
    public var values: [String] { [] }
    public var words: Translations { Translations([]) }
    public var refusesInput: Bool { true }
    public var description: String { text(in: .english) }
    /// The sentence in `language`, with its values.
    public func text(in language: Language) -> String { language.text(sentence, in: words, values: values) }
}

extension Store: StoreBackend {
    public func changeFeed() throws -> any ChangeFeed { try StoreChangeWatcher(store: self) }
}

extension StoreChangeWatcher: ChangeFeed {}
