/// What opening a store did to its schema's version, for the command line to say in one line
/// on stderr (a store's version is never changed in silence): an older store brought to this
/// build's version (an older Homescreen on another machine no longer opens it), or a version
/// row set back behind the tables the store holds (by hand, or an identity restored alone),
/// brought to the version those tables are at, nothing else changed.
public struct SchemaUpgrade: Sendable, Equatable, CustomStringConvertible {
    /// The store's location, without a password.
    public let location: String
    /// What its version row said.
    public let from: Int
    /// The version its tables were already at, when the row was behind them; nil for an upgrade.
    public let tablesAt: Int?
    /// What the version row says now.
    public let to: Int

    public init(location: String, from: Int, tablesAt: Int? = nil, to: Int) {
        self.location = location
        self.from = from
        self.tablesAt = tablesAt
        self.to = to
    }

    public var description: String {
        if let tablesAt {
            return "the version row of the store \(location) said schema \(from) while its tables were already schema \(tablesAt)'s "
                + "(set back by hand, or restored alone); it says \(to) now, and no row was changed."
        }
        return "the store \(location) was at schema \(from); it is at schema \(to) now, every row kept (a Homescreen older than this one no longer opens it)."
    }
}
