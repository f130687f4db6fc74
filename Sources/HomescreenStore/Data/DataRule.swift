/// A rule over rows that a column's CHECK cannot hold (it reads other rows or tables), kept by
/// triggers on both backends whoever writes. Its SQL (conditions, values) is written once in
/// what both dialects share, with `NEW.column` for the row being written; the triggers around
/// it are rendered per dialect (SQLite's `RAISE(ABORT, …)`, PostgreSQL's PL/pgSQL functions).
public enum DataRule: Sendable {
    /// Per group of `table`'s rows, the sum of a column and the row count, kept in another table.
    case total(Total)
    /// A NULL written to `column` of `table` becomes the value of `value` (an insert).
    case fill(StoreTable, column: String, value: String)
    /// An insert, or an update of `columns`, for which `condition` holds is refused with `message`.
    case refuse(StoreTable, updating: [String], when: String, message: String)

    /// A running total: per `prefix` characters of `groupColumn`, `sum` and the count of rows.
    public struct Total: Sendable {
        public let table: StoreTable, groupColumn: String, prefix: Int, sum: String
        public let totals: StoreTable, key: String, sumColumn: String, countColumn: String

        public init(of table: StoreTable, summing sum: String, byFirst prefix: Int, of groupColumn: String,
                    into totals: StoreTable, key: String, sum sumColumn: String, count countColumn: String) {
            (self.table, self.sum, self.prefix, self.groupColumn) = (table, sum, prefix, groupColumn)
            (self.totals, self.key, self.sumColumn, self.countColumn) = (totals, key, sumColumn, countColumn)
        }

        func group(_ row: String) -> String { "substr(\(row).\(groupColumn), 1, \(prefix))" }
    }

    /// The table whose rows the rule keeps, if it keeps one (`migrate` compares it rather than copies it).
    public var keeps: StoreTable? { if case .total(let total) = self { return total.totals } else { return nil } }

    /// The triggers (and on PostgreSQL their functions) that hold the rule.
    func creation(named name: String, _ dialect: SQLDialect) -> [String] {
        precondition(DataTable.isPlain(name), "a rule's name is a plain identifier")
        switch (self, dialect) {
        case (.total(let t), .sqlite):
            let add = """
                INSERT INTO \(t.totals.rawValue) (\(t.key), \(t.sumColumn), \(t.countColumn)) VALUES (\(t.group("NEW")), NEW.\(t.sum), 1)
                    ON CONFLICT(\(t.key)) DO UPDATE SET \(t.sumColumn) = \(t.sumColumn) + excluded.\(t.sumColumn), \(t.countColumn) = \(t.countColumn) + 1;
                """
            let remove = """
                UPDATE \(t.totals.rawValue) SET \(t.sumColumn) = \(t.sumColumn) - OLD.\(t.sum), \(t.countColumn) = \(t.countColumn) - 1
                    WHERE \(t.key) = \(t.group("OLD"));
                """
            return [
                "CREATE TRIGGER \(name)Inserted AFTER INSERT ON \(t.table.rawValue) BEGIN\n\(add)\nEND",
                "CREATE TRIGGER \(name)Deleted AFTER DELETE ON \(t.table.rawValue) BEGIN\n\(remove)\nEND",
                "CREATE TRIGGER \(name)Updated AFTER UPDATE OF \(t.sum), \(t.groupColumn) ON \(t.table.rawValue) BEGIN\n\(remove)\n\(add)\nEND",
            ]
        case (.total(let t), .postgres):
            let totals = t.totals.rawValue
            return Self.function(name, """
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    UPDATE \(totals) SET \(t.sumColumn) = \(t.sumColumn) - OLD.\(t.sum), \(t.countColumn) = \(t.countColumn) - 1
                    WHERE \(t.key) = \(t.group("OLD"));
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    INSERT INTO \(totals) (\(t.key), \(t.sumColumn), \(t.countColumn)) VALUES (\(t.group("NEW")), NEW.\(t.sum), 1)
                    ON CONFLICT (\(t.key)) DO UPDATE SET \(t.sumColumn) = \(totals).\(t.sumColumn) + excluded.\(t.sumColumn),
                                                      \(t.countColumn) = \(totals).\(t.countColumn) + 1;
                END IF;
                RETURN NULL;
                """) + ["CREATE TRIGGER \(name) AFTER INSERT OR DELETE OR UPDATE OF \(t.sum), \(t.groupColumn) ON \(t.table.rawValue) FOR EACH ROW EXECUTE FUNCTION \(name)()"]
        case (.fill(let table, let column, let value), .sqlite):
            return ["CREATE TRIGGER \(name) AFTER INSERT ON \(table.rawValue) WHEN NEW.\(column) IS NULL BEGIN\n"
                    + "    UPDATE \(table.rawValue) SET \(column) = \(value) WHERE id = NEW.id;\nEND"]
        case (.fill(let table, let column, let value), .postgres):
            return Self.function(name, "IF NEW.\(column) IS NULL THEN\n    NEW.\(column) := \(value);\nEND IF;\nRETURN NEW;")
                + ["CREATE TRIGGER \(name) BEFORE INSERT ON \(table.rawValue) FOR EACH ROW EXECUTE FUNCTION \(name)()"]
        case (.refuse(let table, let columns, let condition, let message), .sqlite):
            let raise = "BEGIN\n    SELECT RAISE(ABORT, \(DataColumn.literal(.text(message))));\nEND"
            return ["CREATE TRIGGER \(name)Insert BEFORE INSERT ON \(table.rawValue) WHEN \(condition) \(raise)",
                    "CREATE TRIGGER \(name)Update BEFORE UPDATE OF \(columns.joined(separator: ", ")) ON \(table.rawValue) WHEN \(condition) \(raise)"]
        case (.refuse(let table, let columns, let condition, let message), .postgres):
            let text = DataColumn.literal(.text(message.replacingOccurrences(of: "%", with: "%%")))
            return Self.function(name, "IF \(condition) THEN\n    RAISE EXCEPTION \(text) USING ERRCODE = 'check_violation';\nEND IF;\nRETURN NEW;")
                + ["CREATE TRIGGER \(name) BEFORE INSERT OR UPDATE OF \(columns.joined(separator: ", ")) ON \(table.rawValue) FOR EACH ROW EXECUTE FUNCTION \(name)()"]
        }
    }

    /// A trigger function that reads the store's tables by their plain names, wherever the
    /// writer's search path points.
    private static func function(_ name: String, _ body: String) -> [String] {
        ["CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$\nBEGIN\n\(body)\nEND $$"]
    }
}
