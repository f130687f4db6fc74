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

    /// A running total: per `prefix` characters of `groupColumn`, `sum` (if any) and the count of
    /// rows; with `onlyPositive`, of the rows whose column of that name is above zero (the
    /// products in stock).
    public struct Total: Sendable {
        public let table: StoreTable, groupColumn: String, prefix: Int, sum: String?
        public let totals: StoreTable, key: String, sumColumn: String?, countColumn: String
        public let onlyPositive: String?

        public init(of table: StoreTable, summing sum: String, byFirst prefix: Int, of groupColumn: String,
                    into totals: StoreTable, key: String, sum sumColumn: String, count countColumn: String) {
            (self.table, self.sum, self.prefix, self.groupColumn) = (table, sum, prefix, groupColumn)
            (self.totals, self.key, self.sumColumn, self.countColumn, self.onlyPositive) = (totals, key, sumColumn, countColumn, nil)
        }

        /// Counts only: per `prefix` characters of `groupColumn`, the rows whose `positive` column is above zero.
        public init(counting table: StoreTable, where positive: String, byFirst prefix: Int, of groupColumn: String,
                    into totals: StoreTable, key: String, count countColumn: String) {
            (self.table, self.sum, self.prefix, self.groupColumn) = (table, nil, prefix, groupColumn)
            (self.totals, self.key, self.sumColumn, self.countColumn, self.onlyPositive) = (totals, key, nil, countColumn, positive)
        }

        func group(_ row: String) -> String { "substr(\(row).\(groupColumn), 1, \(prefix))" }

        /// The columns whose change moves a row between groups or changes its share.
        var watched: [String] { [sum, groupColumn, onlyPositive].compactMap { $0 } }

        /// Whether `row` counts (always, without `onlyPositive`).
        func counts(_ row: String) -> String? { onlyPositive.map { "\(row).\($0) > 0" } }

        /// `row`'s share added to its group (made if new), in the SQL both dialects share;
        /// `qualified` names the totals' table in the update (PostgreSQL's PL/pgSQL needs it).
        func add(qualified: Bool) -> String {
            let prefix = qualified ? totals.rawValue + "." : ""
            let columns = [key] + [sumColumn].compactMap { $0 } + [countColumn]
            let values = [group("NEW")] + [sum.map { "NEW.\($0)" }].compactMap { $0 } + ["1"]
            let updates = [sumColumn.map { "\($0) = \(prefix)\($0) + excluded.\($0)" }, "\(countColumn) = \(prefix)\(countColumn) + 1"].compactMap { $0 }
            // A condition needs the SELECT form; without one, the VALUES form the first rule was made with.
            let source = counts("NEW").map { "SELECT \(values.joined(separator: ", ")) WHERE \($0)" } ?? "VALUES (\(values.joined(separator: ", ")))"
            return "INSERT INTO \(totals.rawValue) (\(columns.joined(separator: ", "))) \(source)\n"
                + "    ON CONFLICT\(qualified ? " " : "")(\(key)) DO UPDATE SET \(updates.joined(separator: ", "));"
        }

        /// `row`'s share taken from its group.
        func remove() -> String {
            let updates = [sumColumn.map { "\($0) = \($0) - OLD.\(sum!)" }, "\(countColumn) = \(countColumn) - 1"].compactMap { $0 }
            return "UPDATE \(totals.rawValue) SET \(updates.joined(separator: ", "))\n"
                + "    WHERE \(key) = \(group("OLD"))\(counts("OLD").map { " AND " + $0 } ?? "");"
        }
    }

    /// The table whose rows the rule keeps, if it keeps one (`migrate` compares it rather than copies it).
    public var keeps: StoreTable? { if case .total(let total) = self { return total.totals } else { return nil } }

    /// The triggers (and on PostgreSQL their functions) that hold the rule.
    func creation(named name: String, _ dialect: SQLDialect) -> [String] {
        precondition(DataTable.isPlain(name), "a rule's name is a plain identifier")
        switch (self, dialect) {
        case (.total(let t), .sqlite) where t.sum != nil && t.onlyPositive == nil:
            // The first rule's rendering, kept as its released step made it.
            let (sum, sumColumn) = (t.sum!, t.sumColumn!)
            let add = """
                INSERT INTO \(t.totals.rawValue) (\(t.key), \(sumColumn), \(t.countColumn)) VALUES (\(t.group("NEW")), NEW.\(sum), 1)
                    ON CONFLICT(\(t.key)) DO UPDATE SET \(sumColumn) = \(sumColumn) + excluded.\(sumColumn), \(t.countColumn) = \(t.countColumn) + 1;
                """
            let remove = """
                UPDATE \(t.totals.rawValue) SET \(sumColumn) = \(sumColumn) - OLD.\(sum), \(t.countColumn) = \(t.countColumn) - 1
                    WHERE \(t.key) = \(t.group("OLD"));
                """
            return [
                "CREATE TRIGGER \(name)Inserted AFTER INSERT ON \(t.table.rawValue) BEGIN\n\(add)\nEND",
                "CREATE TRIGGER \(name)Deleted AFTER DELETE ON \(t.table.rawValue) BEGIN\n\(remove)\nEND",
                "CREATE TRIGGER \(name)Updated AFTER UPDATE OF \(sum), \(t.groupColumn) ON \(t.table.rawValue) BEGIN\n\(remove)\n\(add)\nEND",
            ]
        case (.total(let t), .sqlite):
            let (add, remove) = (t.add(qualified: false), t.remove())
            return [
                "CREATE TRIGGER \(name)Inserted AFTER INSERT ON \(t.table.rawValue)\(t.counts("NEW").map { " WHEN " + $0 } ?? "") BEGIN\n\(add)\nEND",
                "CREATE TRIGGER \(name)Deleted AFTER DELETE ON \(t.table.rawValue)\(t.counts("OLD").map { " WHEN " + $0 } ?? "") BEGIN\n\(remove)\nEND",
                "CREATE TRIGGER \(name)Updated AFTER UPDATE OF \(t.watched.joined(separator: ", ")) ON \(t.table.rawValue) BEGIN\n\(remove)\n\(add)\nEND",
            ]
        case (.total(let t), .postgres) where t.sum != nil && t.onlyPositive == nil:
            let (sum, sumColumn) = (t.sum!, t.sumColumn!)
            let totals = t.totals.rawValue
            return Self.function(name, """
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    UPDATE \(totals) SET \(sumColumn) = \(sumColumn) - OLD.\(sum), \(t.countColumn) = \(t.countColumn) - 1
                    WHERE \(t.key) = \(t.group("OLD"));
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    INSERT INTO \(totals) (\(t.key), \(sumColumn), \(t.countColumn)) VALUES (\(t.group("NEW")), NEW.\(sum), 1)
                    ON CONFLICT (\(t.key)) DO UPDATE SET \(sumColumn) = \(totals).\(sumColumn) + excluded.\(sumColumn),
                                                      \(t.countColumn) = \(totals).\(t.countColumn) + 1;
                END IF;
                RETURN NULL;
                """) + ["CREATE TRIGGER \(name) AFTER INSERT OR DELETE OR UPDATE OF \(sum), \(t.groupColumn) ON \(t.table.rawValue) FOR EACH ROW EXECUTE FUNCTION \(name)()"]
        case (.total(let t), .postgres):
            return Self.function(name, """
                IF TG_OP IN ('UPDATE', 'DELETE') THEN
                    \(t.remove())
                END IF;
                IF TG_OP IN ('INSERT', 'UPDATE') THEN
                    \(t.add(qualified: true))
                END IF;
                RETURN NULL;
                """) + ["CREATE TRIGGER \(name) AFTER INSERT OR DELETE OR UPDATE OF \(t.watched.joined(separator: ", ")) ON \(t.table.rawValue) FOR EACH ROW EXECUTE FUNCTION \(name)()"]
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

    /// The triggers `creation` made, dropped, so a later step can make the rule again with new SQL
    /// (PostgreSQL's function is replaced by the new creation).
    func removal(named name: String, _ dialect: SQLDialect) -> [String] {
        let (table, triggers): (StoreTable, [String])
        switch self {
        case .total(let t): (table, triggers) = (t.table, ["Inserted", "Deleted", "Updated"].map { name + $0 })
        case .fill(let filled, _, _): (table, triggers) = (filled, [name])
        case .refuse(let refused, _, _, _): (table, triggers) = (refused, ["Insert", "Update"].map { name + $0 })
        }
        return dialect == .sqlite ? triggers.map { "DROP TRIGGER IF EXISTS \($0)" } : ["DROP TRIGGER IF EXISTS \(name) ON \(table.rawValue)"]
    }

    /// A trigger function that reads the store's tables by their plain names, wherever the
    /// writer's search path points.
    private static func function(_ name: String, _ body: String) -> [String] {
        ["CREATE OR REPLACE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$\nBEGIN\n\(body)\nEND $$"]
    }
}
