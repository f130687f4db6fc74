import Foundation
import HomescreenStore

/// `homescreen migrate`: a SQLite store's rows copied into an empty PostgreSQL store in one
/// transaction (ids, days, amounts, currencies, timestamps as they are), the month totals and
/// revisions left to the server's triggers, then every table compared row for row; any
/// difference rolls the whole copy back.
public enum PostgresMigration {
    /// A table to copy: its columns (the same names on both sides), the columns compared after
    /// the copy (timestamps are compared as instants), and its order.
    struct Table {
        let name: String
        let columns: [String]
        let timestamps: [String]
        let order: String
        /// A table of the shared schema 7, whose days and instants PostgreSQL keeps as `date` and
        /// `timestamptz` (a kind's own data keeps them as text on both sides).
        var shared = true
    }

    /// A kind's own table, as its description says it is now.
    static func table(_ table: StoreTable, of data: KindData) -> Table {
        let columns = data.columns(of: table).map(\.name)
        return Table(name: table.rawValue, columns: columns, timestamps: [], order: columns.contains("id") ? "id" : columns[0], shared: false)
    }

    static let tables: [Table] = [
        Table(name: "product", columns: ["id", "name", "amountMilli", "unit", "due"], timestamps: ["createdAt"], order: "id"),
        Table(name: "consumption", columns: ["id", "productID", "amountMilli"], timestamps: ["at"], order: "id"),
        Table(name: "budget", columns: ["month", "limitCents", "currency"], timestamps: ["updatedAt"], order: "month"),
        Table(name: "expense", columns: ["id", "amountCents", "day", "note", "category", "currency"], timestamps: ["createdAt"], order: "id"),
        Table(name: "publishedSnapshot", columns: ["kind", "json"], timestamps: ["publishedAt"], order: "kind"),
        Table(name: "card", columns: ["id", "serverCardID", "firstName", "lastName", "company", "title", "email", "phone", "active"],
              timestamps: ["updatedAt"], order: "id"),
        Table(name: "selectedCard", columns: ["singleton", "cardID"], timestamps: [], order: "singleton"),
        Table(name: "event", columns: ["id", "uid", "title", "note", "lunarMonth", "lunarDay", "lunarLeap", "lunarYear", "day", "time", "rule", "exdates"],
              timestamps: ["createdAt"], order: "id"),
    ]

    /// What was copied: rows per table.
    public struct Report: Sendable {
        public var rows: [(table: String, count: Int)] = []
        public var monthTotals = 0
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
        let tables = tables + kinds.flatMap { data in data.tables.map { table($0, of: data) } }
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
            // The month totals the triggers made equal the store's own.
            let mine = try source.textRows(of: "monthTotal", columns: ["month", "spentCents", "expenseCount"], order: "month")
                .filter { $0[2] != "0" }
            let theirs = try target.execute("SELECT month, spentCents::text AS s, expenseCount::text AS c FROM monthTotal WHERE expenseCount <> 0 ORDER BY month")
                .map { [$0["month"], $0["s"], $0["c"]] }
            guard mine == theirs else { throw Problem.differs(table: "monthTotal", detail: "\(mine.count) months here, \(theirs.count) there") }
            report.monthTotals = mine.count
            return report
        }
    }

    /// Every row read back equal: the values as text, the timestamps as the same instant.
    private static func check(_ table: Table, rows: [[String?]], target: PostgresStore) throws {
        let columns = table.columns.map { column -> String in
            switch column {
            case "due" where table.shared, "day" where table.shared: return "to_char(\(column), 'YYYY-MM-DD') AS \(column)"
            case "json" where table.shared: return "json::text AS json"
            default: return "\(column)::text AS \(column)"
            }
        } + table.timestamps.map { "to_char(\($0) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.MS') AS \($0)" }
        let copied = try target.execute("SELECT \(columns.joined(separator: ", ")) FROM \(table.name) ORDER BY \(table.order)")
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
