/// A table kept by a rule (`DataRule.total`: the pantry's `productDue`, the budget's
/// `monthTotal`) holds a value its source rows can never give: negative, beyond any count,
/// NULL or not a number. Another program wrote it; the views show their error state instead
/// of drawing it, and `homescreen doctor --repair` rebuilds the table from its source rows.
public struct SummaryDamaged: Error, CustomStringConvertible, Equatable {
    public let table: StoreTable

    public init(_ table: StoreTable) { self.table = table }

    public var description: String {
        "the table \(table.rawValue) holds a value its rows cannot give; `homescreen doctor --repair` rebuilds it"
    }
}

extension DataRule.Total {
    /// The totals as the source rows give them (zero groups left out), in the SQL both dialects share.
    var recomputed: String {
        var sum = ""
        if let summed = self.sum, let column = sumColumn { sum = "SUM(\(summed)) AS \(column), " }
        return "SELECT \(group(table.rawValue)) AS \(key), \(sum)COUNT(*) AS \(countColumn) FROM \(table.rawValue)"
            + (onlyPositive.map { " WHERE \($0) > 0" } ?? "") + " GROUP BY \(group(table.rawValue))"
    }

    /// The totals' columns in the order of `recomputed`.
    var columns: String { ([key] + [sumColumn].compactMap { $0 } + [countColumn]).joined(separator: ", ") }

    /// How many groups (days, months) the totals table has wrong: a row the source rows do not
    /// give, or one they give that it lacks; a group left at zero by deletes is no difference.
    var differences: String {
        let zero = ([countColumn] + [sumColumn].compactMap { $0 }).map { "\($0) <> 0" }.joined(separator: " OR ")
        let kept = "SELECT \(columns) FROM \(totals.rawValue) WHERE COALESCE(\(zero), 1 = 1)"
        return "SELECT COUNT(*) AS n FROM (SELECT \(key) FROM (\(kept) EXCEPT \(recomputed)) AS extra "
            + "UNION SELECT \(key) FROM (\(recomputed) EXCEPT \(kept)) AS missing) AS differing"
    }

    /// The statements that make the totals table again from the source rows, then mark the
    /// source table changed so running dashboards reload the panes that read it (PostgreSQL's
    /// tracking runs for each statement, even one that changes no row, and notifies).
    func rebuild(_ dialect: SQLDialect) -> [String] {
        let changed = dialect == .sqlite
            ? "INSERT INTO tableRevision (name, revision) VALUES ('\(table.rawValue)', 1) ON CONFLICT(name) DO UPDATE SET revision = revision + 1"
            : "UPDATE \(table.rawValue) SET \(groupColumn) = \(groupColumn) WHERE 1 = 0"
        return ["DELETE FROM \(totals.rawValue)", "INSERT INTO \(totals.rawValue) (\(columns)) \(recomputed)", changed]
    }
}

extension KindData {
    /// The running totals its rules keep, each by the latest rule of its name.
    public var totals: [DataRule.Total] {
        var byName: [(String, DataRule.Total)] = []
        for step in steps {
            guard case .rule(let name, .total(let total)) = step, !byName.contains(where: { $0.0 == name }) else {
                if case .replaceRule(let name, .total(let total)) = step, let index = byName.firstIndex(where: { $0.0 == name }) {
                    byName[index].1 = total
                }
                continue
            }
            byName.append((name, total))
        }
        return byName.map(\.1)
    }
}

extension StoreBackend {
    /// The summary tables of `data` that disagree with their source rows, with how many rows differ.
    public func damagedSummaries(_ data: KindData) throws -> [(table: StoreTable, source: StoreTable, rows: Int)] {
        try reading { sql in
            try data.totals.compactMap { total in
                let rows = Int(try sql.row(total.differences)?.int("n") ?? 0)
                return rows == 0 ? nil : (total.totals, total.table, rows)
            }
        }
    }

    /// Makes every summary table of `data` again from its source rows, in one transaction.
    public func rebuildSummaries(_ data: KindData) throws {
        try writing { sql in
            for total in data.totals { for statement in total.rebuild(sql.dialect) { try sql.execute(statement) } }
        }
    }
}
