import Foundation
import HomescreenTestSupport
import Testing

/// Another program writes the store with plain SQL (`sqlite3`), knowing nothing of revisions:
/// one transaction of its own rows is all it takes for a running dashboard to redraw every
/// pane that reads them.
@Suite(.serialized) struct PlainSQLTests {
    /// A demo store and the dashboard on it, with the budget, the year and the card on page one.
    static func started(_ folder: TemporaryFolder) throws -> TmuxDashboard {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo", "--today", DashboardTests.day(0)], store: store).status == 0)
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data("""
            home = [ { kind = "pantry", family = "small" }, { kind = "budget", family = "small" }, { kind = "card", family = "small" },
                     { kind = "year", family = "medium" } ]
            """.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: 200, rows: 60, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Year overview") && $0.contains("expenses") && $0.contains("Lan") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    /// Runs the SQL in `sqlite3` and waits for the screen to show what it wrote.
    static func write(_ sql: String, to dashboard: TmuxDashboard, until condition: @escaping (String) -> Bool) throws {
        let result = try SQLiteShell.run(dashboard.store, sql)
        #expect(result.status == 0, "\(result.stderr)")
        let written = Date()
        // The design asks for "within a second"; BENCHMARKS.md records the measured latency.
        // The test allows more, as the machines running it are shared and noisy.
        #expect(dashboard.wait(timeout: 3, until: condition), "\(sql): \(dashboard.text)")
        #expect(Date().timeIntervalSince(written) < 3)
    }

    @Test func aProductInsertedWithPlainSQLAppears() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        #expect(!dashboard.text.contains("Zucchini"))
        try Self.write("INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('Zucchini', 1000, '', date('now', '-3 days'), datetime('now'))",
                       to: dashboard) { $0.contains("Zucchini") }
    }

    @Test func anExpenseInsertedWithPlainSQLReloadsTheBudgetAndTheYear() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        let before = dashboard.text
        let count = try #require(before.firstMatch(of: /(\d+) expenses/).map { Int($0.1)! })
        let yearBefore = Self.yearPane(before)
        try Self.write("INSERT INTO expense (amountCents, day, note, createdAt) VALUES (100000, '\(DashboardTests.day(0))', 'plain SQL', datetime('now'))",
                       to: dashboard) { $0.contains("\(count + 1) expenses") }
        #expect(dashboard.wait(timeout: 3) { Self.yearPane($0) != yearBefore }, "the year pane did not change: \(dashboard.text)")
    }

    @Test func aCardAndTheCardChoiceWrittenWithPlainSQLRedrawTheCard() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        try Self.write("UPDATE card SET firstName = 'Zoe' WHERE id = 1", to: dashboard) { $0.contains("Zoe") }
        try Self.write("INSERT INTO selectedCard (singleton, cardID) VALUES (1, 2)", to: dashboard) { $0.contains("Thu Hương") && !$0.contains("Zoe") }
    }

    /// The year overview's pane: its rows down to its bottom corner, cut at its frame's columns.
    static func yearPane(_ text: String) -> [String] {
        let lines = text.components(separatedBy: "\n").map(Array.init)
        let title = Array("╭─ Year overview")
        guard let top = lines.firstIndex(where: { String($0).contains("╭─ Year overview") }),
              let left = lines[top].indices.first(where: { Array(lines[top][$0...].prefix(title.count)) == title }),
              let right = lines[top][left...].firstIndex(of: "╮") else { return [] }
        let bottom = lines[top...].firstIndex { $0.count > left && $0[left] == "╰" } ?? lines.count - 1
        return lines[top...bottom].map { String($0.dropFirst(left).prefix(right - left + 1)) }
    }
}
