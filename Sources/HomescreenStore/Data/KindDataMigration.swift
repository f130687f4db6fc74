/// Brings the kinds' own data to the versions this build knows, on either backend: each kind's
/// version is a row of `kindSchema`; the steps a store lacks run in one transaction taken
/// alone (`StoreBackend.exclusively`), so processes opening an older store together migrate it
/// once. A kind whose data is newer than this build's, or whose version row makes no sense, is
/// refused and the store left untouched.
///
/// The five kinds that came before kinds owned their data have tables made by the store's
/// shared schema history (SQLite's schema 1–8, PostgreSQL's 7–8). When such a kind first
/// prepares a store, its `create` steps find the table there: the old one is set aside, the
/// described one made, the rows copied (days and instants as the text both dialects keep, ids
/// and their sequence as they were), and the old one dropped, all in the same transaction. A row
/// the description refuses stops it with a sentence and leaves the kind's tables as they were.
extension StoreBackend {
    public func prepare(_ kinds: [KindData]) throws {
        guard !kinds.isEmpty else { return }
        (self as? Store)?.rememberPrepared(kinds)
        // The common case in one read: every kind at its version.
        let found = try reading(kindVersions)
        try check(kinds, found)
        guard kinds.contains(where: { found[$0.owner] != $0.version }) else { return }
        try exclusively { sql in
            let found = try kindVersions(sql)
            try check(kinds, found)
            for data in kinds {
                let from = found[data.owner] ?? 0
                guard from < data.version else { continue }
                let earlier = from == 0 ? try EarlierTables(of: data, sql) : nil
                for step in data.steps[from...] {
                    for statement in step.statements(sql.dialect) { try sql.execute(statement) }
                    if case .create(let table) = step, let earlier {
                        do { try earlier.copy(into: table) } catch let refusal as ConstraintViolation {
                            throw KindDataError.rowRefused(location: path, owner: data.owner, table: table.name.rawValue, reason: refusal.message)
                        }
                    }
                }
                try earlier?.drop()
                try sql.execute("INSERT INTO kindSchema (kind, version) VALUES (?, ?) ON CONFLICT (kind) DO UPDATE SET version = excluded.version",
                                [.text(data.owner), .integer(Int64(data.version))])
            }
        }
    }

    /// Each kind's data version, as the store records it.
    public func kindVersions() throws -> [String: Int] { try reading(kindVersions) }

    private func kindVersions(_ sql: any StoreSQL) throws -> [String: Int] {
        let rows = try sql.rows("SELECT kind, version FROM kindSchema")
        // Sized ahead: growing a dictionary ran the standard library's own copy of the code,
        // which looks its key's conformances up by scanning them all (issue 36).
        var versions = [String: Int](minimumCapacity: rows.count)
        for row in rows {
            if let kind = row.text("kind") { versions[kind] = Int(row.int("version") ?? 0) }
        }
        return versions
    }

    private func check(_ kinds: [KindData], _ found: [String: Int]) throws {
        for data in kinds {
            guard let version = found[data.owner] else { continue }
            if version < 1 { throw KindDataError.nonsense(location: path, owner: data.owner, found: version) }
            if version > data.version { throw KindDataError.newer(location: path, owner: data.owner, found: version, supported: data.version) }
        }
    }
}

/// Why a kind's data cannot be used: one sentence naming the store, the kind and the fix.
public enum KindDataError: Error, Equatable, CustomStringConvertible {
    case newer(location: String, owner: String, found: Int, supported: Int)
    case nonsense(location: String, owner: String, found: Int)
    case rowRefused(location: String, owner: String, table: String, reason: String)

    public var description: String {
        switch self {
        case .newer(let location, let owner, let found, let supported):
            return "the \(owner) data in \(location) was written by a newer Homescreen (version \(found), this version reads up to \(supported)); upgrade homescreen or use another store with --store."
        case .nonsense(let location, let owner, let found):
            return "the \(owner) data in \(location) says version \(found), which no Homescreen writes; nothing was changed, restore the store from a backup or use another store with --store."
        case .rowRefused(let location, let owner, let table, let reason):
            return "a row of the \(owner) table \(table) in \(location) breaks this version's rules (\(reason)); the table was left as it was: fix or delete the row with sqlite3 or psql and run the command again."
        }
    }
}

/// A kind's tables as the store's shared schema history made them, set aside (renamed
/// `…Earlier`) while the kind's own steps make them again, then copied and dropped.
private struct EarlierTables {
    let sql: any StoreSQL
    /// The tables found, in the order the kind creates them, with their columns' names and types.
    let tables: [(name: StoreTable, columns: [String: String])]

    init?(of data: KindData, _ sql: any StoreSQL) throws {
        self.sql = sql
        let sqlite = sql.dialect == .sqlite
        var found: [(StoreTable, [String: String])] = []
        for table in data.tables {
            let columns = try sql.rows(sqlite ? "SELECT name, type FROM pragma_table_info(?)"
                                              : "SELECT column_name AS name, data_type AS type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = lower(?)",
                                       [.text(table.rawValue)])
            guard !columns.isEmpty else { continue }
            found.append((table, Dictionary(columns.map { ($0.text("name")!.lowercased(), $0.text("type") ?? "") }, uniquingKeysWith: { a, _ in a })))
        }
        guard !found.isEmpty else { return nil }
        tables = found
        let names = Set(found.map(\.0))
        // Their triggers go (SQLite would keep them, by name, on the renamed table, and check
        // the ones that name a renamed table); the kind's steps make them again. So do the
        // indexes its description names (their names are the schema's, not the table's).
        if sqlite {
            for trigger in try sql.rows("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'")
            where names.contains(where: { $0.rawValue.lowercased() == trigger.text("tbl_name")?.lowercased() }) {
                try sql.execute("DROP TRIGGER \"\(trigger.text("name")!)\"")
            }
        }
        for case .create(let table) in data.steps where names.contains(table.name) {
            for index in table.indexes { try sql.execute("DROP INDEX IF EXISTS \(index.name)") }
        }
        for (table, _) in found { try sql.execute("ALTER TABLE \(table.rawValue) RENAME TO \(Self.earlier(table))") }
    }

    static func earlier(_ table: StoreTable) -> String { table.rawValue + "Earlier" }

    /// The rows of the earlier `table`, if there was one, into the one just made.
    func copy(into table: DataTable) throws {
        guard let columns = tables.first(where: { $0.name == table.name })?.columns else { return }
        let sqlite = sql.dialect == .sqlite
        let kept = table.columns.filter { columns[$0.name.lowercased()] != nil }
        let values = kept.map { column -> String in
            let name = column.name, type = columns[name.lowercased()]!
            switch column.kind {
            case .timestamp where sqlite: return "COALESCE(strftime('%Y-%m-%d %H:%M:%f', \(name)), \(name))"
            case .timestamp where type.hasPrefix("timestamp"): return "to_char(\(name) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS')"
            case .day where type == "date": return "to_char(\(name), 'YYYY-MM-DD')"
            default: return name
            }
        }
        let earlier = Self.earlier(table.name)
        try sql.execute("INSERT INTO \(table.name.rawValue) (\(kept.map(\.name).joined(separator: ", "))) SELECT \(values.joined(separator: ", ")) FROM \(earlier)")
        guard table.columns.contains(where: { if case .id = $0.kind { return true } else { return false } }) else { return }
        // The next id is where it was: ids of deleted rows are not given again.
        if sqlite {
            try sql.execute("""
                INSERT INTO sqlite_sequence (name, seq) SELECT ?, 0 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?)
                """, [.text(table.name.rawValue), .text(table.name.rawValue)])
            try sql.execute("UPDATE sqlite_sequence SET seq = max(seq, COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?), 0)) WHERE name = ?",
                            [.text(earlier), .text(table.name.rawValue)])
        } else if let sequence = try sql.row("SELECT pg_get_serial_sequence(?, 'id') AS s", [.text(earlier)])?.text("s"),
                  let last = try sql.row("SELECT last_value, is_called::int AS called FROM \(sequence)") {
            try sql.execute("SELECT setval(pg_get_serial_sequence(?, 'id'), ?, ? = 1)", [.text(table.name.rawValue), last["last_value"], last["called"]])
        }
    }

    /// The earlier tables dropped, those that refer to others first.
    func drop() throws {
        for (table, _) in tables.reversed() { try sql.execute("DROP TABLE \(Self.earlier(table))") }
    }
}
