import HomescreenStore

/// The PostgreSQL store's side of `StoreSQL`: a kind's statements on the store's connection,
/// `?` turned into `$1`, `$2`… (outside quotes), values sent as text.
final class PostgresStatements: StoreSQL {
    private let store: PostgresStore
    init(_ store: PostgresStore) { self.store = store }

    var dialect: SQLDialect { .postgres }

    func execute(_ sql: String, _ values: [StoreValue]) throws -> Int {
        try refusing { try store.affected(Self.numbered(sql), values.map(\.text)) }
    }

    func rows(_ sql: String, _ values: [StoreValue]) throws -> [StoreRow] {
        try refusing {
            try store.execute(Self.numbered(sql), values.map(\.text)).map { row in
                StoreRow(columns: row.columns, values: row.values.map { $0.map(StoreValue.text) ?? .null })
            }
        }
    }

    /// A rule of the schema that said no: integrity (class 23: CHECK, NOT NULL, unique, foreign
    /// key, a trigger's check_violation) or data (class 22: a value of the wrong type or range).
    private func refusing<T>(_ work: () throws -> T) throws -> T {
        do {
            return try work()
        } catch PostgresError.failed(_, let state?, let message) where state.hasPrefix("23") || state.hasPrefix("22") {
            throw ConstraintViolation(message)
        }
    }

    /// `?` → `$n`, leaving quoted text, quoted names and `--` comments alone.
    static func numbered(_ sql: String) -> String {
        var result = "", number = 0, quote: Character?, comment = false
        for character in sql {
            if comment {
                result.append(character)
                if character == "\n" { comment = false }
                continue
            }
            if let open = quote {
                result.append(character)
                if character == open { quote = nil }
                continue
            }
            if character == "-", result.last == "-" {
                comment = true
                result.append(character)
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                result.append(character)
            case "?":
                number += 1
                result += "$\(number)"
            default:
                result.append(character)
            }
        }
        return result
    }
}

extension PostgresStore {
    /// One transaction, so the statements of a read see one state of the store (a count and the
    /// rows it counts agree while another machine writes).
    public func reading<T>(_ work: (any StoreSQL) throws -> T) throws -> T {
        try transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY") { try work(PostgresStatements(self)) }
    }
    public func writing<T>(_ work: (any StoreSQL) throws -> T) throws -> T { try transaction { try work(PostgresStatements(self)) } }

    public func exclusively<T>(_ work: (any StoreSQL) throws -> T) throws -> T {
        try withoutDeadline {
            try transaction {
                try execute("SET LOCAL statement_timeout = 0")
                try execute("SELECT pg_advisory_xact_lock(\(PostgresSchema.applicationID))")
                return try work(PostgresStatements(self))
            }
        }
    }
}
