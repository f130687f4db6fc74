import Foundation
import GRDB
import HomescreenRuntime
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
import HomescreenTestSupport

/// The real dashboard, in tmux: started at several sizes, driven with keys, resized, signalled,
/// its terminal killed; the screen read back and the store checked.
@Suite(.serialized)
struct DashboardTests {
    /// A store whose first-expiring product is known: Milk, due today, 20 l.
    static func pantryStore(_ folder: TemporaryFolder, first name: String = "Milk") throws -> String {
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["pantry", "add", name, "--due", day(0), "--amount", "20", "--unit", "l"], store: store).status == 0)
        #expect(try Homescreen.run(["pantry", "add", "Rice", "--due", day(40), "--amount", "3", "--unit", "kg"], store: store).status == 0)
        return store
    }

    /// The day `offset` days from today in the tests' time zone, as YYYY-MM-DD.
    static func day(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "Europe/Zurich")
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(Double(offset) * 86_400))
    }

    /// A dashboard on a fresh pantry store, its first frame on screen.
    static func started(_ folder: TemporaryFolder, columns: Int = 160, rows: Int = 48, environment: [String: String] = [:]) throws -> TmuxDashboard {
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: try pantryStore(folder), environment: environment, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Milk") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    static func amount(_ store: String, of name: String) throws -> Int? {
        let database = try DatabaseQueue(path: store)
        defer { try? database.close() }
        return try database.read { try Int.fetchOne($0, sql: "SELECT amountMilli FROM product WHERE name = ?", arguments: [name]) }
    }

    static func waitForAmount(_ store: String, of name: String, toBe expected: Int, timeout: TimeInterval = 10) throws -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        var current = try amount(store, of: name)
        while current != expected, Date() < deadline {
            usleep(20_000)
            current = try amount(store, of: name)
        }
        return current
    }

    @Test(arguments: [(160, 48, [String]()), (80, 24, []), (100, 9, ["--lock-screen"])])
    func theFirstFrameAppears(columns: Int, rows: Int, arguments: [String]) throws {
        let folder = TemporaryFolder()
        let store = try Self.pantryStore(folder)
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: arguments, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Milk") && $0.contains("? help") }, "\(dashboard.text)")
        let screen = dashboard.screen()
        #expect(screen.count >= rows)
        #expect(screen.allSatisfy { $0.count <= columns })
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    @Test func consumeTenRapidPressesAndUndo() throws {
        let folder = TemporaryFolder()
        let store = try Self.pantryStore(folder)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("20 l") })
        dashboard.send("c")
        #expect(try Self.waitForAmount(store, of: "Milk", toBe: 19_000) == 19_000)
        #expect(dashboard.wait { $0.contains("Consumed 1 l of Milk") && $0.contains("19 l") })
        #expect(try Self.amount(store, of: "Rice") == 3_000, "only the first-expiring product is consumed")
        // Ten presses in one burst: each counts exactly once.
        dashboard.send("c", "c", "c", "c", "c", "c", "c", "c", "c", "c")
        #expect(try Self.waitForAmount(store, of: "Milk", toBe: 9_000) == 9_000)
        usleep(300_000)
        #expect(try Self.amount(store, of: "Milk") == 9_000)
        #expect(dashboard.wait { $0.contains("9 l") })
        dashboard.send("u")
        #expect(try Self.waitForAmount(store, of: "Milk", toBe: 10_000) == 10_000)
        #expect(dashboard.wait { $0.contains("Put back 1 l of Milk") && $0.contains("10 l") })
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    @Test func aProductAddedByAnotherProcessAppearsWithoutAKey() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 160, rows: 48)
        let store = dashboard.store
        #expect(try Homescreen.run(["pantry", "add", "Zucchini", "--due", Self.day(-1)], store: store).status == 0)
        let written = Date()
        // The design asks for "within a second"; BENCHMARKS.md records the measured latency.
        // The test allows more, as the machines running it are shared and noisy.
        #expect(dashboard.wait(timeout: 3) { $0.contains("Zucchini") }, "\(dashboard.text)")
        #expect(Date().timeIntervalSince(written) < 3)
    }

    @Test func helpComesFromTheKeyTableAndEscClosesIt() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 120, rows: 40)
        dashboard.send("?")
        // The overlay is drawn in passes (one per style): read it once the last line is there.
        #expect(dashboard.wait { text in text.contains("Keys") && KeyTable.standard.helpLines.allSatisfy { text.contains($0.summary) } })
        let text = dashboard.text
        for line in KeyTable.standard.helpLines {
            #expect(text.contains(line.summary), "help lacks \(line.summary)")
            #expect(text.contains(line.keys), "help lacks \(line.keys)")
        }
        dashboard.send("Escape")
        #expect(dashboard.wait(timeout: 1) { !$0.contains("this help") }, "Esc did not close the help at once")
    }

    @Test func keyBindingsFromTheConfigFileDriveDispatchAndHelp() throws {
        let folder = TemporaryFolder()
        let store = try Self.pantryStore(folder)
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data("[keys]\nconsume = [\"x\"]\nhelp = \"h\"\n".utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Milk") })
        // x consumes; c, pressed after it, is said to do nothing: once it is said, every write
        // the two keys asked for has been handed to the writer.
        dashboard.send("x")
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("c: no action") }, "c is no longer bound: \(dashboard.text)")
        #expect(try Self.waitForAmount(store, of: "Milk", toBe: 19_000) == 19_000)
        #expect(try Self.amount(store, of: "Milk") == 19_000, "c is no longer bound")
        dashboard.send("h")
        #expect(dashboard.wait { $0.contains("x ") && $0.contains("consume one unit") })
    }

    @Test func resizesAndAResizeStormLeaveItAliveAndDrawingCorrectly() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 160, rows: 48)
        let store = dashboard.store
        dashboard.resize(columns: 80, rows: 24)
        #expect(dashboard.wait { $0.contains("Milk") && $0.components(separatedBy: "\n").count == 24 })
        dashboard.resize(columns: 24, rows: 6)
        #expect(dashboard.wait { $0.contains("too small") && $0.contains("(needs") }, "\(dashboard.text)")
        for step in 0..<40 { dashboard.resize(columns: 30 + (step * 37) % 150, rows: 5 + (step * 13) % 50) }
        dashboard.resize(columns: 100, rows: 30)
        #expect(dashboard.dashboardPID != nil, "the dashboard died in the resize storm")
        // The same store in a dashboard started at that size draws the same screen.
        let fresh = try TmuxDashboard(columns: 100, rows: 30, store: store, configHome: folder.url.path)
        #expect(fresh.wait { $0.contains("Milk") })
        #expect(dashboard.wait(timeout: 3) { $0 == fresh.text }, "after the storm:\n\(dashboard.text)\nfresh:\n\(fresh.text)")
    }

    @Test(arguments: [("q", 0), ("C-c", 0)])
    func quitKeysExitZeroAndGiveTheTerminalBack(key: String, status: Int) throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 100, rows: 30)
        dashboard.send(key)
        #expect(dashboard.exitStatus() == status)
        Self.expectSaneTerminal(dashboard)
    }

    @Test(arguments: [(SIGTERM, 143), (SIGHUP, 129)])
    func signalsEndItWithinASecondAndGiveTheTerminalBack(signal: Int32, status: Int) throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 100, rows: 30)
        let pid = try #require(dashboard.dashboardPID)
        let sent = Date()
        kill(pid, signal)
        #expect(dashboard.exitStatus(timeout: 3) == status)
        #expect(Date().timeIntervalSince(sent) < 3)
        Self.expectSaneTerminal(dashboard)
    }

    /// The pane prints `stty -a` after the process exits: wait for it to be on screen (it can
    /// trail the EXIT line), then check line mode and echo.
    static func expectSaneTerminal(_ dashboard: TmuxDashboard) {
        _ = dashboard.wait { $0.contains("icanon") && $0.contains("echo") }
        let text = dashboard.text
        let flags = " " + text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: ";", with: " ") + " "
        #expect(flags.contains(" icanon ") && !flags.contains(" -icanon "), "line mode not restored: \(text)")
        #expect(flags.contains(" echo ") && !flags.contains(" -echo "), "echo not restored: \(text)")
    }

    @Test func killingTheTerminalEndsTheProcess() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 100, rows: 30)
        let pid = try #require(dashboard.dashboardPID)
        dashboard.stop()
        let deadline = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        #expect(kill(pid, 0) != 0, "the dashboard outlived its terminal")
    }

    @Test func noColorMeansNoColorCodes() throws {
        let folder = TemporaryFolder()
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: try Self.pantryStore(folder), environment: ["NO_COLOR": "1"],
                                          configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Milk") })
        let escaped = dashboard.screen(escapes: true).joined(separator: "\n")
        let codes = Self.sgrParameters(escaped)
        #expect(!codes.isEmpty, "the focus and urgency should still show as attributes")
        // 39 and 49 select the terminal's default colors: no color.
        #expect(codes.allSatisfy { [39, 49].contains($0) || (!(30...49).contains($0) && !(90...107).contains($0)) }, "color codes: \(codes)")
        // Colored, for contrast: the same screen has color codes without NO_COLOR.
        let colored = try TmuxDashboard(columns: 120, rows: 40, store: dashboard.store, configHome: folder.url.path)
        #expect(colored.wait { $0.contains("Milk") })
        #expect(Self.sgrParameters(colored.screen(escapes: true).joined()).contains { (30...37).contains($0) || $0 == 38 })
    }

    /// Every parameter of every SGR sequence in the text.
    static func sgrParameters(_ text: String) -> [Int] {
        var parameters: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let body = rest.prefix { $0.isNumber || $0 == ";" }
            rest = rest.dropFirst(body.count)
            if rest.first == "m" { parameters += body.split(separator: ";").compactMap { Int($0) } }
        }
        return parameters
    }

    @Test func theCLocaleGetsOnlyASCIIAndStaysUsable() throws {
        let folder = TemporaryFolder()
        let store = try Self.pantryStore(folder, first: "Crème fraîche")
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, environment: ["LC_ALL": "C", "LANG": "C"],
                                          configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Creme fraiche") }, "\(dashboard.text)")
        #expect(dashboard.text.unicodeScalars.allSatisfy { $0.isASCII }, "\(dashboard.text)")
        dashboard.send("c")
        #expect(try Self.waitForAmount(store, of: "Crème fraîche", toBe: 19_000) == 19_000)
        dashboard.send("?")
        #expect(dashboard.wait { $0.contains("Keys") })
        #expect(dashboard.text.unicodeScalars.allSatisfy { $0.isASCII })
    }

    @Test func aNameWithEscapeSequencesChangesOnlyItsOwnCells() throws {
        let hostile = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}\r\n\u{1B}[31mRED\u{9B}1;1H#(touch /tmp/x)"
        let folder = TemporaryFolder(), reference = TemporaryFolder()
        let store = try Self.pantryStore(folder, first: hostile)
        // The same pantry with the name as it must appear: line breaks a space, every other
        // control character a U+FFFD.
        let inert = String(String.UnicodeScalarView(hostile.unicodeScalars.map { scalar -> Unicode.Scalar in
            if (0x09...0x0D).contains(scalar.value) { return " " }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar
        }))
        let referenceStore = try Self.pantryStore(reference, first: inert)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: store, configHome: folder.url.path)
        let expected = try TmuxDashboard(columns: 160, rows: 48, store: referenceStore, configHome: reference.url.path)
        // Both drawn whole: the pantry and the reminder it raises on the status line.
        #expect(dashboard.wait { $0.contains("Evil") && $0.contains("Reminder: Evil") })
        #expect(expected.wait { $0.contains("Evil") && $0.contains("Reminder: Evil") })
        #expect(dashboard.wait(timeout: 5) { $0 == expected.text }, "\(dashboard.text)\n----\n\(expected.text)")
        #expect(!containsControlCharacters(dashboard.screen(escapes: true).joined(separator: "\n"), allowingSGR: true))
    }

    @Test func privacyMasksNamesAndAmounts() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 160, rows: 48)
        dashboard.send("p")
        #expect(dashboard.wait { !$0.contains("Milk") && !$0.contains("20 l") && $0.contains("privacy") }, "\(dashboard.text)")
        dashboard.send("p")
        #expect(dashboard.wait { $0.contains("Milk") })
    }

    @Test func theAddProductFormValidatesInlineAndEscWritesNothing() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 120, rows: 40)
        let store = dashboard.store
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("Add a product") })
        dashboard.type("Zucchini")
        dashboard.send("Tab", "BSpace")
        dashboard.type("abc")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("'abc' is not an amount") }, "\(dashboard.text)")
        dashboard.send("Escape")
        #expect(dashboard.wait { !$0.contains("Add a product") })
        usleep(200_000)
        #expect(try Self.amount(store, of: "Zucchini") == nil, "Esc wrote something")
        dashboard.send("n")
        dashboard.type("Zucchini")
        dashboard.send("Tab", "BSpace")
        dashboard.type("2,5")
        dashboard.send("Enter")
        #expect(try Self.waitForAmount(store, of: "Zucchini", toBe: 2_500) == 2_500)
        #expect(dashboard.wait { $0.contains("Added Zucchini") })
    }
}

/// The add-expense form in the real dashboard: a budget and a year pane, a lock-screen line.
@Suite(.serialized)
struct AddExpenseDashboardTests {
    static func budgetDashboard(_ folder: TemporaryFolder) throws -> TmuxDashboard {
        let store = folder.path("store.sqlite")
        let month = String(DashboardTests.day(0).prefix(7))
        #expect(try Homescreen.run(["budget", "set", month, "--limit", "800", "--currency", "CHF"], store: store).status == 0)
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        let config = """
            home = [{ kind = "budget", family = "medium" }, { kind = "year", family = "medium" }]
            lock-screen = [{ kind = "budget", family = "inline" }]
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: 100, rows: 48, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("CHF\u{00A0}800.00") && $0.contains("Year overview") }, "\(dashboard.text)")
        return dashboard
    }

    static func expenses(_ store: String) throws -> [String] {
        let result = try Homescreen.run(["expense", "list", "--month", "all"], store: store)
        return result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("no expenses") }
    }

    @Test func aValidExpenseLandsAndEveryBudgetPaneUpdates() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.budgetDashboard(folder)
        dashboard.send("a")
        #expect(dashboard.wait { $0.contains("Add an expense") && $0.contains("Amount (CHF)") }, "\(dashboard.text)")
        dashboard.type("12,50")
        dashboard.send("Tab")
        dashboard.type("Lunch")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added an expense of CHF\u{A0}12.50 (Lunch)") }, "\(dashboard.text)")
        #expect(try Self.expenses(dashboard.store).count == 1)
        #expect(try Self.expenses(dashboard.store).first?.contains("CHF\u{A0}12.50") == true)
        // The budget pane (spent) and the year cell (what is left, to the cent where it fits) both show it.
        #expect(dashboard.wait { $0.contains("CHF\u{00A0}12.50") && $0.contains("787.50") }, "\(dashboard.text)")
        dashboard.send("q")
    }

    @Test func anInvalidAmountShowsAnInlineErrorAndEscWritesNothing() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.budgetDashboard(folder)
        dashboard.send("+")
        #expect(dashboard.wait { $0.contains("Add an expense") })
        dashboard.type("abc")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("'abc' is not an amount") }, "\(dashboard.text)")
        #expect(dashboard.text.contains("Add an expense"), "the form stays open")
        dashboard.send("Escape")
        #expect(dashboard.wait { !$0.contains("Add an expense") && $0.contains("nothing was saved") }, "\(dashboard.text)")
        usleep(200_000)
        #expect(try Self.expenses(dashboard.store).isEmpty, "Esc wrote something")
        dashboard.send("q")
    }
}
