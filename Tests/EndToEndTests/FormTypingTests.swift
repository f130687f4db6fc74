import Foundation
import HomescreenTestSupport
import Testing

/// Issue 51, points 1 and 2, for real: the dashboard in tmux under `TERM=xterm-256color` (tmux
/// sends `ESC [ 1 ~` for Home where that entry names `ESC O H`), and on a plain pty under the
/// TERMs terminals announce, with the bytes each encoding sends. What is saved is what was typed.
@Suite(.serialized) struct FormTypingTests {
    static let zone = TimeZone(identifier: "Europe/Zurich")!

    static func started(_ folder: TemporaryFolder, columns: Int, rows: Int, term: String = "xterm-256color") throws -> TmuxDashboard {
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: ["--locale", "en"],
                                          environment: ["TERM": term], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Pantry") && $0.contains("help") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    /// The dashboard started, with the product form open (`n`).
    static func productForm(_ folder: TemporaryFolder, columns: Int, rows: Int, term: String = "xterm-256color") throws -> TmuxDashboard {
        let dashboard = try started(folder, columns: columns, rows: rows, term: term)
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("Add a product") }, "\(term): \(dashboard.text)")
        return dashboard
    }

    /// Types each value in a field, Tab between them, and Enter after the last.
    static func fill(_ dashboard: TmuxDashboard, _ values: [String]) {
        for (index, value) in values.enumerated() {
            if index > 0 { dashboard.send("Tab") }
            dashboard.type(value)
        }
        dashboard.send("Enter")
    }

    /// The newest product as the store has it: name, thousandths, unit, due day.
    static func newestProduct(_ folder: TemporaryFolder) throws -> String {
        try SQLiteShell.run(folder.path("store.sqlite"), "SELECT name || '|' || amountMilli || '|' || unit || '|' || due FROM product ORDER BY id DESC LIMIT 1")
            .stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends bytes as they are ("1b 5b 31 7e"), as a terminal would.
    static func send(_ dashboard: TmuxDashboard, bytes: String) {
        _ = try? Spawn.run("/usr/bin/tmux", ["-L", dashboard.socket, "send-keys", "-H"] + bytes.split(separator: " ").map(String.init))
    }

    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let date = calendar.date(byAdding: .day, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test(arguments: [(80, 24), (120, 40)])
    func aPrefilledAmountAndCurrencyAreReplacedByWhatIsTyped(columns: Int, rows: Int) throws {
        let folder = TemporaryFolder()
        // n, Milk, Tab, 2, Tab, l, Tab, tomorrow, Enter: amount 2 (the form came with 1).
        let dashboard = try Self.productForm(folder, columns: columns, rows: rows)
        Self.fill(dashboard, ["Milk", "2", "l", "tomorrow"])
        #expect(dashboard.wait { $0.contains("Added Milk") }, "\(dashboard.text)")
        #expect(try Self.newestProduct(folder) == "Milk|2000|l|\(Self.day(1))")
        // b, 2500, Tab, CHF, Enter: CHF 2,500.00 (the form came with the month's limit and currency).
        dashboard.send("b")
        #expect(dashboard.wait { $0.contains("Budget for") }, "\(dashboard.text)")
        Self.fill(dashboard, ["2500", "CHF"])
        #expect(dashboard.wait { $0.contains("2,500.00") && !$0.contains("Budget for") }, "\(dashboard.text)")
        let month = String(Self.day(0).prefix(7))
        let budget = try SQLiteShell.run(folder.path("store.sqlite"), "SELECT limitCents || ' ' || currency FROM budget WHERE month = '\(month)'").stdout
        #expect(budget == "250000 CHF\n", "\(budget)")
    }

    /// A save the store refuses (a budget in another currency than the month's expenses) opens
    /// the form again with what was typed and why: nothing typed is lost, only the wrong field
    /// is corrected. The form once closed, the reason on the status line and the typing gone.
    @Test func aSaveTheStoreRefusesKeepsTheFormAndWhatWasTyped() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 120, rows: 40)
        dashboard.send("b")
        #expect(dashboard.wait { $0.contains("Budget for") }, "\(dashboard.text)")
        Self.fill(dashboard, ["2500", "EUR"])   // the demo month's 60 expenses are in CHF
        #expect(dashboard.wait { $0.contains("never adds across currencies") && $0.contains("Budget for") && $0.contains("2500") && $0.contains("EUR") },
                "\(dashboard.text)")
        dashboard.send("C-u")
        dashboard.type("CHF")
        dashboard.send("Enter")
        #expect(dashboard.wait { !$0.contains("Budget for") && $0.contains("2,500.00") }, "\(dashboard.text)")
        let month = String(Self.day(0).prefix(7))
        let budget = try SQLiteShell.run(folder.path("store.sqlite"), "SELECT limitCents || ' ' || currency FROM budget WHERE month = '\(month)'").stdout
        #expect(budget == "250000 CHF\n", "\(budget)")
    }

    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func homeAndEndMoveTheCursorAndKeepTheText(columns: Int, rows: Int) throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.productForm(folder, columns: columns, rows: rows)
        dashboard.type("ail")
        dashboard.send("Home")
        dashboard.type("M")
        dashboard.send("End")
        dashboard.type("s")
        #expect(dashboard.wait { $0.contains("Mails") && $0.contains("Add a product") }, "the form is open, the text kept: \(dashboard.text)")
        // On the date (selected), End keeps it: what is typed goes after it.
        dashboard.send("Tab", "Tab", "Tab")
        dashboard.send("End")
        dashboard.send("BSpace")
        dashboard.type(String(Self.day(7).last!))
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added Mails") }, "\(dashboard.text)")
        #expect(try Self.newestProduct(folder) == "Mails|1000||\(Self.day(7))")
    }

    /// What each encoding sends for Home, End, Delete and the keys a form does nothing with.
    static let homes = ["1b 5b 48", "1b 4f 48", "1b 5b 31 7e", "1b 5b 37 7e", "1b 5b 31 3b 35 48", "1b 5b 31 3b 32 7e", "1b 5b 37 5e", "1b 5b 37 24"]
    static let ends = ["1b 5b 46", "1b 4f 46", "1b 5b 34 7e", "1b 5b 38 7e", "1b 5b 31 3b 35 46", "1b 5b 34 3b 35 7e", "1b 5b 38 5e", "1b 5b 38 40"]
    static let deletes = ["1b 5b 33 7e", "1b 5b 33 3b 35 7e", "1b 5b 33 5e"]
    /// Insert, PgUp, PgDn, plain and modified (xterm, rxvt).
    static let others = ["1b 5b 32 7e", "1b 5b 32 3b 35 7e", "1b 5b 35 7e", "1b 5b 36 7e", "1b 5b 35 3b 35 7e", "1b 5b 36 5e", "1b 5b 35 24"]
    static let terms = ["xterm", "xterm-256color", "screen-256color", "tmux-256color", "alacritty", "foot", "xterm-kitty"]
    /// The name the steps below leave: an `a` per Home, `x`, a `z` per End, then one `a` fewer per Delete.
    static let expectedName = String(repeating: "a", count: homes.count - deletes.count) + "x" + String(repeating: "z", count: ends.count)

    /// tmux's own keys (Home, C-Home, IC, DC, PPage, NPage…), then each encoding's bytes, in a
    /// form under each TERM: the text is kept, and none of them closes it.
    @Test(arguments: terms)
    func everyEncodingIsItsKeyInsideTmux(_ term: String) throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.productForm(folder, columns: 120, rows: 40, term: term)
        dashboard.type("x")
        for key in ["Home", "C-Home", "S-Home", "End", "C-End", "IC", "PPage", "NPage", "C-PPage", "S-NPage"] { dashboard.send(key) }
        for bytes in Self.homes {
            Self.send(dashboard, bytes: bytes)
            dashboard.type("a")
        }
        for bytes in Self.ends {
            Self.send(dashboard, bytes: bytes)
            dashboard.type("z")
        }
        for bytes in Self.others { Self.send(dashboard, bytes: bytes) }
        for bytes in Self.deletes {
            dashboard.send("Home")
            Self.send(dashboard, bytes: bytes)
        }
        dashboard.send("C-Home")
        dashboard.send("DC")
        dashboard.type("a")
        #expect(dashboard.wait { $0.contains(Self.expectedName) }, "\(term): \(dashboard.text)")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added") }, "\(term): \(dashboard.text)")
        let saved = try Self.newestProduct(folder)
        #expect(saved.hasPrefix(Self.expectedName + "|1000|"), "\(term): \(saved)")
        // Esc alone still cancels at once.
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("Add a product") }, "\(term): \(dashboard.text)")
        dashboard.send("Escape")
        #expect(dashboard.wait { $0.contains("nothing was saved") }, "\(term): \(dashboard.text)")
    }

    /// The same bytes from a plain pty, no tmux between: what the terminal sends is what the
    /// dashboard reads, whatever its TERM's entry names.
    @Test(arguments: terms)
    func everyEncodingIsItsKeyOnAPlainPty(_ term: String) throws {
        func escaped(_ bytes: String) -> String { bytes.split(separator: " ").map { "\\x" + $0 }.joined() }
        var steps = ["wait ─ Pantry", "send n", "wait Add a product", "send x"]
        steps += Self.homes.map { "send " + escaped($0) + "a" }
        steps += Self.ends.map { "send " + escaped($0) + "z" }
        steps += Self.others.map { "send " + escaped($0) }
        steps += Self.deletes.map { "send \\x1b[1~" + escaped($0) }
        steps += ["send \\x1b[1;5H\\x1b[3~a", "wait \(Self.expectedName)", "send \\r", "wait Added", "send n", "wait Add a product",
                  "send \\x1b", "wait nothing was saved"]
        let folder = TemporaryFolder()
        let (status, output) = try PlainPtyMouseTests.play(steps, term: term, folder: folder)
        #expect(status == 0, "\(term):\n\(output)")
        let saved = try Self.newestProduct(folder)
        #expect(saved.hasPrefix(Self.expectedName + "|1000|"), "\(term): \(saved)")
    }
}
