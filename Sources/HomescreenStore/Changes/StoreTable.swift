/// A table of the store that views read. Triggers bump its revision on every insert, update
/// and delete, in the writer's transaction, so any program's write is noticed, whoever wrote it
/// and however (`sqlite3`, a script, the CLI). Kinds declare the tables they read.
public struct StoreTable: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    public static let publishedSnapshot = StoreTable(rawValue: "publishedSnapshot")
}
