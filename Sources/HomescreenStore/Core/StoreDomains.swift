import Foundation
import HomescreenWidgetCore

// The store boundary: what kinds and commands may ask of a store, one interface per domain.
// `Store` (SQLite through GRDB) implements every one of them; a second backend implements the
// same interfaces, and widgets, kinds and commands do not change. Every write is one
// transaction; a refused write throws and changes nothing.

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
    public var retryAt: Date? { nil }
    public func retry() -> Bool { true }
    public var followsServer: Bool { false }
}

/// Every domain: what a kind's provider, jobs, demo data and doctor line are given.
public typealias HomeStore = StoreBackend

/// A refusal that is a sentence for the user (nothing in stock, an unknown id): said as it is,
/// in the user's language, where other errors are wrapped in "the store refused the change".
/// `sentence` is the English text with `%1`, `%2`… where `values` go; the command line says it in
/// English (`description`), the dashboard in its language.
public protocol StoreRefusal: Error, CustomStringConvertible {
    var sentence: String { get }
    var values: [String] { get }
    /// The sentence in `language`; by default from `Translations.refusals`.
    func text(in language: Language) -> String
}

extension StoreRefusal {
    public var values: [String] { [] }
    public var description: String { text(in: .english) }
    public func text(in language: Language) -> String { language.text(sentence, in: .refusals, values: values) }
}

extension Translations {
    /// The store's refusals in French, Italian and Vietnamese.
    public static let refusals = Translations([
        ("nothing to consume: no product has stock left (add one with `homescreen pantry add`).",
         "rien à consommer : aucun produit n'a de stock (ajoutez-en un avec `homescreen pantry add`).",
         "niente da consumare: nessun prodotto ha scorte (aggiungine uno con `homescreen pantry add`).",
         "không có gì để dùng: không sản phẩm nào còn hàng (thêm bằng `homescreen pantry add`)."),
        ("product %1 (%2) has no stock left to consume.", "le produit %1 (%2) n'a plus de stock à consommer.",
         "il prodotto %1 (%2) non ha più scorte da consumare.", "sản phẩm %1 (%2) đã hết hàng để dùng."),
        ("there is no product with id %1; `homescreen pantry list` shows the ids.",
         "il n'y a pas de produit d'id %1 ; `homescreen pantry list` montre les id.",
         "non esiste un prodotto con id %1; `homescreen pantry list` mostra gli id.",
         "không có sản phẩm nào có id %1; `homescreen pantry list` cho xem các id."),
        ("there is no consume to undo.", "il n'y a aucune consommation à annuler.", "non c'è alcun consumo da annullare.",
         "không có lần dùng nào để hoàn tác."),
        ("there is no expense with id %1; `homescreen expense list` shows the ids.",
         "il n'y a pas de dépense d'id %1 ; `homescreen expense list` montre les id.",
         "non esiste una spesa con id %1; `homescreen expense list` mostra gli id.",
         "không có khoản chi nào có id %1; `homescreen expense list` cho xem các id."),
        ("there is no card with id %1; `homescreen card list` shows the ids.",
         "il n'y a pas de carte d'id %1 ; `homescreen card list` montre les id.",
         "non esiste un biglietto con id %1; `homescreen card list` mostra gli id.",
         "không có danh thiếp nào có id %1; `homescreen card list` cho xem các id."),
        ("there is no event with id %1; `homescreen event list` shows the ids.",
         "il n'y a pas d'événement d'id %1 ; `homescreen event list` montre les id.",
         "non esiste un evento con id %1; `homescreen event list` mostra gli id.",
         "không có sự kiện nào có id %1; `homescreen event list` cho xem các id."),
    ])
}

extension Store: HomeStore {
    public func changeFeed() throws -> any ChangeFeed { try StoreChangeWatcher(storePath: path) }
}

extension StoreChangeWatcher: ChangeFeed {}
