import Foundation
import HomescreenStore

/// `homescreen migrate`: a SQLite store's rows copied into an empty PostgreSQL store in one
/// transaction (ids, days, amounts, currencies, timestamps as they are), the month totals and
/// revisions left to the server's triggers, then every table compared row for row; any
/// difference rolls the whole copy back.
public enum PostgresMigration {
    /// A table to copy: its columns (the same names on both sides), the columns compared after
    /// the copy as instants, and its order.
    struct Table {
        let name: String
        let columns: [String]
        let timestamps: [String]
        let order: String
    }

    /// A kind's own table, as its description says it is now (days and instants are text on
    /// both sides, compared as they are).
    static func table(_ table: StoreTable, of data: KindData) -> Table {
        let columns = data.columns(of: table).map(\.name)
        return Table(name: table.rawValue, columns: columns, timestamps: [], order: columns.contains("id") ? "id" : columns[0])
    }

    /// The shared table: its instants are PostgreSQL's `timestamptz`, its JSON `jsonb`.
    static let shared = Table(name: "publishedSnapshot", columns: ["kind", "json"], timestamps: ["publishedAt"], order: "kind")

    /// What was copied: rows per table.
    public struct Report: Sendable {
        public var rows: [(table: String, count: Int)] = []
        /// Rows of the tables kept by the kinds' rules (the month totals), equal on both sides.
        public var kept: [(table: String, count: Int)] = []
    }

    public enum Problem: Error, CustomStringConvertible {
        case notEmpty(location: String, rows: Int)
        case differs(table: String, detail: String)
        public var description: String {
            switch self {
            case .notEmpty(let location, let rows):
                return "\(location) already holds \(rows) rows; migrate into an empty database (createdb), so nothing of it is mixed or lost."
            case .differs(let table, let detail):
                return "the copy of \(table) differs from the original (\(detail)); nothing was written."
            }
        }
    }

    /// - Parameter kinds: the kinds' own data: prepared on both sides, then copied too.
    public static func copy(from source: Store, to target: PostgresStore, kinds: [KindData]) throws -> Report {
        try source.prepare(kinds)
        try target.prepare(kinds)
        let kept = kinds.flatMap { data in data.keptTables.map { table($0, of: data) } }
        let tables = [shared] + kinds.flatMap { data in
            data.tables.filter { !data.keptTables.contains($0) }.map { table($0, of: data) }
        }
        return try target.transaction {
            let existing = try tables.reduce(0) { sum, table in
                sum + Int(try target.execute("SELECT count(*) AS n FROM \(table.name)").first?.int("n") ?? 0)
            }
            guard existing == 0 else { throw Problem.notEmpty(location: target.path, rows: existing) }
            var report = Report()
            for table in tables {
                let columns = table.columns + table.timestamps
                let rows = try source.textRows(of: table.name, columns: columns, order: table.order)
                // Timestamps as SQLite keeps them (UTC, "2026-11-23 10:00:00.000"): read as UTC.
                let values = columns.enumerated().map { index, column in
                    table.timestamps.contains(column) ? "($\(index + 1)::timestamp AT TIME ZONE 'UTC')" : "$\(index + 1)"
                }
                let insert = "INSERT INTO \(table.name) (\(columns.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))"
                for row in rows { try target.execute(insert, row) }
                if table.columns.contains("id") {
                    try target.execute("SELECT setval(pg_get_serial_sequence('homescreen.\(table.name.lowercased())', 'id'), GREATEST(1, (SELECT COALESCE(max(id), 0) FROM \(table.name))), (SELECT count(*) > 0 FROM \(table.name)))")
                }
                try check(table, rows: rows, target: target)
                report.rows.append((table.name, rows.count))
            }
            // The tables the rules kept as the rows went in equal the store's own (rows a rule
            // emptied, such as a month whose expenses were all deleted, aside).
            for table in kept {
                let rows = try source.textRows(of: table.name, columns: table.columns, order: table.order).filter { $0.last != "0" }
                try check(table, rows: rows, target: target, where: "\(table.columns.last!) <> 0")
                report.kept.append((table.name, rows.count))
            }
            return report
        }
    }

    /// Every row read back equal: the values as text, the timestamps as the same instant.
    private static func check(_ table: Table, rows: [[String?]], target: PostgresStore, where condition: String = "TRUE") throws {
        let columns = table.columns.map { "\($0)::text AS \($0)" }
            + table.timestamps.map { "to_char(\($0) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS \($0)" }
        let copied = try target.execute("SELECT \(columns.joined(separator: ", ")) FROM \(table.name) WHERE \(condition) ORDER BY \(table.order)")
        guard copied.count == rows.count else { throw Problem.differs(table: table.name, detail: "\(rows.count) rows here, \(copied.count) there") }
        for (original, row) in zip(rows, copied) {
            for (index, column) in (table.columns + table.timestamps).enumerated() {
                var mine = original[index], theirs = row[column]
                if column == "json", let a = mine, let b = theirs { (mine, theirs) = (canonicalJSON(a), canonicalJSON(b)) }
                if table.timestamps.contains(column), let a = mine, let b = theirs { (mine, theirs) = (String(a.prefix(19)), String(b.prefix(19))) }
                guard mine == theirs else {
                    throw Problem.differs(table: table.name, detail: "\(column) of the row \(original[0] ?? "?"): \(mine ?? "NULL") here, \(theirs ?? "NULL") there")
                }
            }
        }
    }

    static func canonicalJSON(_ text: String) -> String {
        guard let value = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]),
              let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed]) else { return text }
        return String(decoding: data, as: UTF8.self)
    }
}
