import Foundation
import HomescreenTestSupport
import Testing

/// Everything from the dashboard, driven in tmux; the store is checked after each step.
struct DashboardActionsTests {
    static func dashboard(_ folder: TemporaryFolder, config: String = "", demo: Bool = true, columns: Int = 120, rows: Int = 40,
                          arguments: [String] = [], environment: [String: String] = [:]) throws -> TmuxDashboard {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let store = folder.path("store.sqlite")
        if demo { #expect(try Homescreen.run(["demo"], store: store).status == 0) }
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: arguments, environment: environment,
                                          configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Pantry") && $0.contains("help") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    @Test func ctrlCQuitsWhateverQuitIsBoundTo() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder, config: "[keys]\nquit = [\"Q\"]\n")
        dashboard.send("a")
        #expect(dashboard.wait { $0.contains("Add an expense") })
        dashboard.send("C-c")
        #expect(dashboard.exitStatus() == 0)
    }

    @Test func theHintShowsTheKeyActuallyBound() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder, config: "[keys]\nconsume = [\"x\"]\n")
        #expect(dashboard.wait { $0.contains("x: consume 1") && !$0.contains("c: consume 1") }, "\(dashboard.text)")
    }

    @Test func privacyCoversTheStatusLine() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder)
        dashboard.send("p")
        #expect(dashboard.wait { $0.contains("Privacy on") })
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("Consumed") }, "\(dashboard.text)")
        let text = dashboard.text
        for secret in ["Milk", "1 l", "Yogurt", "2,020", "Lan Nguyen"] { #expect(!text.contains(secret), "\(secret) shows: \(text)") }
        // The store did consume: the milk is gone.
        let list = try Homescreen.run(["pantry", "list", "--json"], store: folder.path("store.sqlite"))
        #expect(!list.stdout.contains("\"Milk\"") || list.stdout.contains("\"amount\" : \"0\""), "\(list.stdout)")
    }

    @Test func theThemeAndPrivacyChosenAreRememberedAndDoctorSaysWhere() throws {
        let folder = TemporaryFolder()
        let state = folder.path("homescreen-state")
        let first = try Self.dashboard(folder, environment: ["XDG_STATE_HOME": state])
        first.send("t")
        #expect(first.wait { $0.contains("Theme: ") })
        let chosen = try #require(first.text.components(separatedBy: "Theme: ").last?.components(separatedBy: " ").first)
        #expect(chosen != "dark")
        first.send("p")
        #expect(first.wait { $0.contains("Privacy on") })
        first.send("q")
        #expect(first.exitStatus() == 0)
        let doctor = try Homescreen.run(["doctor"], store: folder.path("store.sqlite"), environment: ["XDG_STATE_HOME": state, "XDG_CONFIG_HOME": folder.url.path])
        #expect(doctor.stdout.contains(state + "/homescreen/state.toml (exists: theme \(chosen), privacy on)"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("config.toml (exists, valid)"), "\(doctor.stdout)")

        let second = try Self.dashboard(folder, demo: false, environment: ["XDG_STATE_HOME": state])
        second.send("T")
        #expect(second.wait { $0.contains("● \(chosen)") }, "the theme list marks the theme in use: \(second.text)")
        #expect(!second.text.contains("Milk"), "privacy is on again")
    }

    /// The pantry's products as the store has them: name → amount.
    static func products(_ folder: TemporaryFolder) throws -> [String: String] {
        let output = try SQLiteShell.run(folder.path("store.sqlite"), "SELECT name || '=' || (amountMilli / 1000) FROM product;").stdout
        return Dictionary(output.split(separator: "\n").map { line in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return (parts[0], parts.count > 1 ? parts[1] : "")
        }) { first, _ in first }
    }

    @Test func theFullScreenPantryActsOnTheSelectedProduct() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder)
        let before = try Self.products(folder)
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Esc back") && $0.contains("Milk") })
        dashboard.send("Down")
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("Consumed 1 pc of Yogurt") }, "\(dashboard.text)")
        var after = try Self.products(folder)
        #expect(after["Milk"] == before["Milk"], "the first product is untouched")
        #expect(after["Yogurt"] == "3" && before["Yogurt"] == "4", "\(after)")
        // x asks first: n keeps the product, y removes it.
        dashboard.send("x")
        #expect(dashboard.wait { $0.contains("Remove Yogurt (3 pcs) from the pantry?") }, "\(dashboard.text)")
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("nothing was changed") })
        #expect(try Self.products(folder)["Yogurt"] == "3")
        dashboard.send("x")
        #expect(dashboard.wait { $0.contains("Remove Yogurt") })
        dashboard.send("Escape")
        #expect(dashboard.wait { $0.contains("nothing was changed") })
        dashboard.send("x")
        #expect(dashboard.wait { $0.contains("Remove Yogurt") })
        dashboard.send("y")
        #expect(dashboard.wait { $0.contains("Removed Yogurt.") }, "\(dashboard.text)")
        after = try Self.products(folder)
        #expect(after["Yogurt"] == nil || after["Yogurt"] == "0", "\(after)")
        #expect(after["Milk"] == before["Milk"] && after.count >= before.count - 1)
    }

    /// This month's expenses (id → amount in cents) and the month's total as `budget show` says it.
    static func month(_ folder: TemporaryFolder) throws -> (expenses: [Int: Int], spent: Int, count: Int) {
        let store = folder.path("store.sqlite")
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        func cents(_ text: String) -> Int { Int(text.replacingOccurrences(of: ".", with: "")) ?? -1 }
        let list = try JSONSerialization.jsonObject(with: Data(try Homescreen.run(["expense", "list", "--month", month, "--json"], store: store).stdout.utf8))
        let expenses = Dictionary(uniqueKeysWithValues: ((list as? [[String: Any]]) ?? []).map { ($0["id"] as? Int ?? 0, cents($0["amount"] as? String ?? "")) })
        let show = try JSONSerialization.jsonObject(with: Data(try Homescreen.run(["budget", "show", month, "--json"], store: store).stdout.utf8)) as? [String: Any]
        return (expenses, cents(show?["spent"] as? String ?? ""), show?["expenseCount"] as? Int ?? -1)
    }

    @Test func theFullScreenBudgetRemovesTheSelectedExpense() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder, columns: 120, rows: 40)
        let before = try Self.month(folder)
        #expect(before.count > 2 && before.spent == before.expenses.values.reduce(0, +))
        dashboard.send("Tab")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Esc back") && $0.contains("Recent expenses") }, "\(dashboard.text)")
        dashboard.send("Down")
        dashboard.send("x")
        #expect(dashboard.wait { $0.contains("Remove the expense of CHF\u{A0}") }, "\(dashboard.text)")
        dashboard.send("y")
        #expect(dashboard.wait { $0.contains("Removed the expense of CHF\u{A0}") }, "\(dashboard.text)")
        let after = try Self.month(folder)
        let removed = Set(before.expenses.keys).subtracting(after.expenses.keys)
        #expect(removed.count == 1 && after.count == before.count - 1, "exactly one expense goes")
        #expect(after.spent == after.expenses.values.reduce(0, +) && after.spent == before.spent - (removed.first.flatMap { before.expenses[$0] } ?? 0))
        // The second-newest one: the list is newest first.
        let newestFirst = before.expenses.keys.sorted(by: >)
        #expect(removed.first == newestFirst.dropFirst().first, "the selected row, not another")
    }

    /// From an empty store, with keys only: a budget (b), an expense (a), a product (n on the
    /// pantry); each row is in the store afterwards.
    @Test func anEmptyStoreFillsFromTheDashboard() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder, demo: false)
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        dashboard.send("b")
        #expect(dashboard.wait { $0.contains("Budget for \(month)") }, "\(dashboard.text)")
        dashboard.type("800")
        dashboard.send("Tab")
        dashboard.send("C-u")
        dashboard.type("CHF")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("The budget for \(month) is CHF\u{A0}800.00.") }, "\(dashboard.text)")
        dashboard.send("a")
        #expect(dashboard.wait { $0.contains("Amount (CHF)") }, "\(dashboard.text)")
        dashboard.type("12.50")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added an expense of CHF\u{A0}12.50") }, "\(dashboard.text)")
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("Add a product") }, "n on the focused pantry adds a product: \(dashboard.text)")
        dashboard.type("Oats")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added Oats") }, "\(dashboard.text)")
        // A card: s opens the (empty) picker, n in it the form with every field `card add` has.
        dashboard.send("s")
        #expect(dashboard.wait { $0.contains("n: add") }, "\(dashboard.text)")
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("Add a card") && $0.contains("Server id") }, "\(dashboard.text)")
        dashboard.type("Lan")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Last name '' is empty; a card needs a first and a last name.") }, "\(dashboard.text)")
        dashboard.type("Nguyen")
        for _ in 0..<3 { dashboard.send("Tab") }
        dashboard.type("not-an-address")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("is not an e-mail address") }, "checked as the CLI checks: \(dashboard.text)")
        dashboard.send("C-u")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added Lan Nguyen's card") }, "\(dashboard.text)")
        // e in the picker edits the selected card, its fields filled in.
        dashboard.send("s")
        #expect(dashboard.wait { $0.contains("Lan Nguyen") && $0.contains("e: edit") })
        dashboard.send("e")
        #expect(dashboard.wait { $0.contains("Edit Lan Nguyen") }, "\(dashboard.text)")
        dashboard.send("Tab")
        dashboard.send("Tab")
        dashboard.type("Saigon Coffee")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Saved Lan Nguyen's card.") }, "\(dashboard.text)")
        #expect(try Homescreen.run(["card", "list"], store: folder.path("store.sqlite")).stdout.contains("Saigon Coffee"))
        dashboard.send("s")
        #expect(dashboard.wait { $0.contains("Lan Nguyen") && $0.contains("n: add") })
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Showing Lan Nguyen's card.") }, "\(dashboard.text)")
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["card", "list"], store: store).stdout.contains("Lan Nguyen"))
        #expect(try Homescreen.run(["budget", "show", month, "--json"], store: store).stdout.contains("\"limit\" : \"800.00\""))
        #expect(try Homescreen.run(["expense", "list", "--json"], store: store).stdout.contains("\"12.50\""))
        #expect(try Homescreen.run(["pantry", "list"], store: store).stdout.contains("Oats"))
    }

    /// `e` edits the selected row in a form filled with its values; the store has the change.
    @Test func eEditsTheSelectedProductAndExpense() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let folder = TemporaryFolder()
        let dashboard = try Self.dashboard(folder)
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Esc back") && $0.contains("Yogurt") })
        dashboard.send("Down")
        dashboard.send("e")
        #expect(dashboard.wait { $0.contains("Edit Yogurt") }, "\(dashboard.text)")
        dashboard.send("C-u")
        dashboard.type("Greek yogurt")
        dashboard.send("Tab")
        dashboard.send("C-u")
        dashboard.type("6")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Saved Greek yogurt.") }, "\(dashboard.text)")
        let products = try Self.products(folder)
        #expect(products["Greek yogurt"] == "6" && products["Yogurt"] == nil, "\(products)")

        dashboard.send("Escape")
        dashboard.send("Tab")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Recent expenses") })
        let before = try Self.month(folder)
        dashboard.send("e")
        #expect(dashboard.wait { $0.contains("Edit the expense of") }, "\(dashboard.text)")
        dashboard.send("C-u")
        dashboard.type("1234.5")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Saved the expense of CHF\u{A0}1,234.50") }, "\(dashboard.text)")
        let after = try Self.month(folder)
        let changed = after.expenses.filter { before.expenses[$0.key] != $0.value }
        #expect(changed.count == 1 && changed.first?.value == 123_450, "\(changed)")
        #expect(after.spent == after.expenses.values.reduce(0, +) && after.count == before.count, "the month's total follows")
    }
}

/// `--now` governs what the dashboard writes, not only what it draws: a consume made in a
/// simulated 2030 is stamped in 2030.
struct SimulatedClockWriteTests {
    @Test func aConsumeUnderNowIsStampedAtThatInstant() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo", "--today", "2030-06-15"], store: store).status == 0)
        let dashboard = try DashboardActionsTests.dashboard(folder, demo: false, arguments: ["--now", "2030-06-15T12:00:00Z"])
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("Consumed") }, "\(dashboard.text)")
        #expect(dashboard.wait { _ in (try? SQLiteShell.run(store, "SELECT count(*) FROM consumption").stdout) == "1\n" })
        let stamp = try SQLiteShell.run(store, "SELECT at FROM consumption").stdout
        #expect(stamp.hasPrefix("2030-06-15 12:00"), "stamped \(stamp)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }
}
