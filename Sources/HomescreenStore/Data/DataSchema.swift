/// A kind's data, described once and rendered for both dialects: its tables (columns, types,
/// CHECK rules, indexes) and the steps that made them, one version per step. The tracking
/// triggers (and PostgreSQL's NOTIFY) come from the same description: a write to any of these
/// tables, by any program, reloads the panes that read it.
public struct KindData: Sendable {
    /// Whose data it is (the kind's name): the key of its version in `kindSchema`.
    public let owner: String
    /// Version N is the first N steps. A released step is never edited; a new one is added.
    public let steps: [DataStep]

    public init(owner: String, steps: [DataStep]) {
        precondition(!steps.isEmpty, "\(owner): a kind's data has at least one step")
        self.owner = owner
        self.steps = steps
    }

    public var version: Int { steps.count }

    /// A table's columns at this version: as created, then as its steps added them.
    public func columns(of table: StoreTable) -> [DataColumn] {
        steps.flatMap { step -> [DataColumn] in
            switch step {
            case .create(let created) where created.name == table: return created.columns
            case .addColumn(let changed, let column) where changed == table: return [column]
            default: return []
            }
        }
    }

    /// The tables its steps create.
    public var tables: [StoreTable] {
        steps.compactMap { if case .create(let table) = $0 { return table.name } else { return nil } }
    }

    /// The tables its rules keep from others' rows (a running total): derived, never written
    /// by a copy.
    public var keptTables: [StoreTable] {
        steps.compactMap { step -> StoreTable? in
            switch step {
            case .rule(_, let rule), .replaceRule(_, let rule): return rule.keeps
            default: return nil
            }
        }
    }
}

/// One migration step of a kind's data, in both dialects.
public enum DataStep: Sendable {
    /// A new table, tracked from the start.
    case create(DataTable)
    /// A new column on one of the kind's tables.
    case addColumn(StoreTable, DataColumn)
    /// A new index.
    case addIndex(StoreTable, DataIndex)
    /// A rule the columns cannot hold alone, kept by triggers whoever writes.
    case rule(String, DataRule)
    /// A rule made again with new SQL under the same name (its triggers dropped, then created):
    /// a released rule's step stays as it was, and a store that ran it gets the new one.
    case replaceRule(String, DataRule)
    /// What the description cannot say (a data fix): the statement in each dialect ("" for none).
    case sql(sqlite: String, postgres: String)

    /// The statements of the step, in order.
    public func statements(_ dialect: SQLDialect) -> [String] {
        switch self {
        case .create(let table): return table.creation(dialect)
        case .addColumn(let table, let column): return ["ALTER TABLE \(table.rawValue) ADD COLUMN \(column.definition(dialect))"]
        case .addIndex(let table, let index): return [index.creation(on: table)]
        case .rule(let name, let rule): return rule.creation(named: name, dialect)
        case .replaceRule(let name, let rule): return rule.removal(named: name, dialect) + rule.creation(named: name, dialect)
        case .sql(let sqlite, let postgres): return [dialect == .sqlite ? sqlite : postgres].filter { !$0.isEmpty }
        }
    }
}

/// A table: its columns, the rules that span columns, and its indexes.
public struct DataTable: Sendable {
    public let name: StoreTable
    public let columns: [DataColumn]
    /// Rules over several columns, in the SQL both dialects share (`(day IS NULL) = (month IS NOT NULL)`).
    public let checks: [String]
    public let indexes: [DataIndex]
    /// Whether writes bump its revision. A table kept by a rule from another (`DataRule.total`)
    /// changes only with it, and is not.
    public let tracked: Bool

    public init(_ name: StoreTable, columns: [DataColumn], checks: [String] = [], indexes: [DataIndex] = [], tracked: Bool = true) {
        precondition(DataTable.isPlain(name.rawValue) && columns.allSatisfy { DataTable.isPlain($0.name) }, "\(name): plain identifiers only")
        self.name = name
        self.columns = columns
        self.checks = checks
        self.indexes = indexes
        self.tracked = tracked
    }

    /// An ASCII letter, then ASCII letters and digits (by byte: Unicode's character properties
    /// were a tenth of describing the kinds' data at every start, issue 36).
    static func isPlain(_ name: String) -> Bool {
        func letter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
        guard let first = name.utf8.first, letter(first) else { return false }
        return name.utf8.allSatisfy { letter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    /// `CREATE TABLE`, its indexes and its tracking, in `dialect`.
    public func creation(_ dialect: SQLDialect) -> [String] {
        [definition(dialect)] + indexes.map { $0.creation(on: name) } + (tracked ? DataTable.tracking(name, dialect) : [])
    }

    /// `CREATE TABLE` alone.
    func definition(_ dialect: SQLDialect) -> String {
        let body = (columns.map { $0.definition(dialect) } + checks.map { "CHECK (\($0))" }).joined(separator: ",\n    ")
        return "CREATE TABLE \(name.rawValue) (\n    \(body)\n)" + (dialect == .sqlite ? " STRICT" : "")
    }

    /// The triggers that bump the table's revision after every write in the writer's
    /// transaction (and, on PostgreSQL, notify the store's channel with its name).
    public static func tracking(_ table: StoreTable, _ dialect: SQLDialect) -> [String] {
        let name = table.rawValue
        precondition(isPlain(name), "a table name is a plain identifier")
        switch dialect {
        case .sqlite:
            return ["INSERT", "UPDATE", "DELETE"].map { operation in
                """
                CREATE TRIGGER IF NOT EXISTS "\(name)Revision\(operation.capitalized)" AFTER \(operation) ON "\(name)" BEGIN
                    INSERT INTO tableRevision (name, revision) VALUES ('\(name)', 1)
                    ON CONFLICT(name) DO UPDATE SET revision = revision + 1;
                END
                """
            }
        case .postgres:
            return ["CREATE TRIGGER \(name)Tracked AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(name) FOR EACH STATEMENT EXECUTE FUNCTION trackChange('\(name)')"]
        }
    }
}

/// A column: a type that carries its rules, whether it may be NULL, and its default.
public struct DataColumn: Sendable {
    public enum Kind: Sendable {
        /// The row's id, given by the store.
        case id
        /// A whole number in a range.
        case integer(ClosedRange<Int64>)
        /// Text of at most `maxLength` characters; `nonBlank`: not empty or spaces only.
        case text(maxLength: Int, nonBlank: Bool)
        /// A day, YYYY-MM-DD, in the calendar's years (1800–2199).
        case day
        /// An instant (UTC); the time of the insert when not given.
        case timestamp
        /// 0 or 1.
        case flag
        /// The id of a row of another table; the row goes with it.
        case reference(StoreTable)
        /// A month, YYYY-MM, in the calendar's years.
        case month
        /// `count` capital letters A–Z (a currency code).
        case capitals(Int)
        /// A time of day, HH:MM (00:00–23:59).
        case clock
    }

    public let name: String
    public let kind: Kind
    public private(set) var optional = false
    public private(set) var defaultValue: StoreValue?
    public private(set) var key: Key?

    /// A column whose values identify a row.
    public enum Key: Sendable { case primary, unique }

    public init(_ name: String, _ kind: Kind) {
        self.name = name
        self.kind = kind
    }

    public static let id = DataColumn("id", .id)
    public static func integer(_ name: String, _ range: ClosedRange<Int64>) -> DataColumn { DataColumn(name, .integer(range)) }
    public static func text(_ name: String, max: Int, nonBlank: Bool = false) -> DataColumn { DataColumn(name, .text(maxLength: max, nonBlank: nonBlank)) }
    public static func day(_ name: String) -> DataColumn { DataColumn(name, .day) }
    public static func timestamp(_ name: String) -> DataColumn { DataColumn(name, .timestamp) }
    public static func flag(_ name: String) -> DataColumn { DataColumn(name, .flag).defaulting(0) }
    public static func reference(_ name: String, to table: StoreTable) -> DataColumn { DataColumn(name, .reference(table)) }
    public static func month(_ name: String) -> DataColumn { DataColumn(name, .month) }
    public static func capitals(_ name: String, _ count: Int) -> DataColumn { DataColumn(name, .capitals(count)) }
    public static func clock(_ name: String) -> DataColumn { DataColumn(name, .clock) }

    /// The column identifies a row: the table's primary key, or unique.
    public func identifying(_ key: Key) -> DataColumn {
        var column = self
        column.key = key
        return column
    }

    /// The column may be NULL.
    public func orNull() -> DataColumn {
        var column = self
        column.optional = true
        return column
    }

    /// The value an insert that leaves the column out gets.
    public func defaulting(_ value: StoreValue) -> DataColumn {
        var column = self
        column.defaultValue = value
        return column
    }

    /// The column's definition in `dialect`, with its rules.
    public func definition(_ dialect: SQLDialect) -> String {
        let sqlite = dialect == .sqlite
        let constraints = (optional ? "" : " NOT NULL") + (key == .primary ? " PRIMARY KEY" : key == .unique ? " UNIQUE" : "")
        var definition: String
        switch kind {
        case .id:
            return sqlite ? "\(name) INTEGER PRIMARY KEY AUTOINCREMENT" : "\(name) bigserial PRIMARY KEY"
        case .integer(let range):
            definition = "\(name) \(Self.whole(sqlite))\(constraints) CHECK (\(Self.isWhole(name, sqlite))\(name) BETWEEN \(range.lowerBound) AND \(range.upperBound))"
        case .text(let maxLength, let nonBlank):
            let rule = (nonBlank ? ["length(trim(\(name))) > 0"] : []) + ["length(\(name)) <= \(maxLength)"]
            definition = "\(name) \(sqlite ? "TEXT" : "text")\(constraints) CHECK (\(rule.joined(separator: " AND ")))"
        case .day:
            // Text on both, read the same way: a real day written YYYY-MM-DD (PostgreSQL's
            // `date` would also take `today`, `epoch` or `Jan 5 2026`).
            let range = "\(name) BETWEEN '\(Self.firstDay)' AND '\(Self.lastDay)'"
            let real = sqlite ? "date(\(name), '+0 days') IS \(name)"
                              : "\(name) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND to_char(\(name)::date, 'YYYY-MM-DD') = \(name)"
            definition = "\(name) \(sqlite ? "TEXT" : "text")\(constraints) CHECK (\(real) AND \(range))"
        case .timestamp:
            // UTC as `YYYY-MM-DD HH:MM:SS` with an optional fraction, a real instant (no
            // `2026-02-30`, no 24:00, no `now`), text on both.
            let real = sqlite
                ? "\(name) GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] [0-9][0-9]:[0-9][0-9]:[0-9][0-9]*' AND datetime(\(name), '+0 seconds') = substr(\(name), 1, 19)"
                  + " AND (length(\(name)) = 19 OR substr(\(name), 20) GLOB '.[0-9]*' AND NOT substr(\(name), 21) GLOB '*[^0-9]*')"
                : "\(name) ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?$'"
                  + " AND to_char(\(name)::timestamp, 'YYYY-MM-DD HH24:MI:SS') = substr(\(name), 1, 19)"
            let now = sqlite ? "CURRENT_TIMESTAMP" : "to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')"
            definition = "\(name) \(sqlite ? "TEXT" : "text")\(constraints) DEFAULT \(sqlite ? now : "(\(now))") CHECK (\(real) AND \(name) BETWEEN '\(Self.firstDay)' AND '\(Self.lastDay) 24')"
        case .flag:
            definition = "\(name) \(Self.whole(sqlite))\(constraints) CHECK (\(name) IN (0, 1))"
        case .reference(let table):
            definition = "\(name) \(sqlite ? "INTEGER" : "bigint")\(constraints) REFERENCES \(table.rawValue) (id) ON DELETE CASCADE"
        case .month:
            let form = sqlite ? "\(name) GLOB '[0-9][0-9][0-9][0-9]-[01][0-9]' AND substr(\(name), 6, 2) BETWEEN '01' AND '12'"
                              : "\(name) ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'"
            definition = "\(name) \(sqlite ? "TEXT" : "text")\(constraints) CHECK (\(form) AND \(name) BETWEEN '\(Self.firstDay.prefix(7))' AND '\(Self.lastDay.prefix(7))')"
        case .capitals(let count):
            let form = sqlite ? "\(name) GLOB '\(String(repeating: "[A-Z]", count: count))'" : "\(name) ~ '^[A-Z]{\(count)}$'"
            definition = "\(name) \(sqlite ? "TEXT" : "text")\(constraints) CHECK (\(form))"
        case .clock:
            let form = sqlite ? "\(name) GLOB '[0-2][0-9]:[0-5][0-9]' AND \(name) < '24:00'" : "\(name) ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'"
            definition = "\(name) \(sqlite ? "TEXT" : "text")\(constraints) CHECK (\(form))"
        }
        if let defaultValue { definition += " DEFAULT " + Self.literal(defaultValue) }
        return definition
    }

    /// A whole number's type. PostgreSQL's `numeric`, because a `bigint` column rounds `0.5`
    /// written as a literal to 1 where SQLite's STRICT INTEGER refuses it.
    static func whole(_ sqlite: Bool) -> String { sqlite ? "INTEGER" : "numeric" }
    static func isWhole(_ name: String, _ sqlite: Bool) -> String { sqlite ? "" : "\(name) = trunc(\(name)) AND " }

    /// The accepted day range of every date column: the calendar's years.
    public static let firstDay = "1800-01-01", lastDay = "2199-12-31"

    static func literal(_ value: StoreValue) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let number): return String(number)
        case .text(let text): return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        }
    }
}

/// An index: columns in order, optionally partial (a condition both dialects read). A key may
/// be an expression both dialects read, in parentheses (`(substr(day, 1, 7))`): a query that
/// writes the same expression is answered by the index.
public struct DataIndex: Sendable {
    public let name: String
    public let columns: [String]
    public let unique: Bool
    public let condition: String?

    public init(_ name: String, on columns: [String], unique: Bool = false, where condition: String? = nil) {
        precondition(DataTable.isPlain(name) && columns.allSatisfy { DataTable.isPlain($0) || $0.hasPrefix("(") && $0.hasSuffix(")") },
                     "\(name): plain identifiers or parenthesized expressions only")
        self.name = name
        self.columns = columns
        self.unique = unique
        self.condition = condition
    }

    func creation(on table: StoreTable) -> String {
        "CREATE \(unique ? "UNIQUE " : "")INDEX \(name) ON \(table.rawValue) (\(columns.joined(separator: ", ")))" + (condition.map { " WHERE \($0)" } ?? "")
    }
}
