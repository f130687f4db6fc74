import Foundation
import HomescreenTestSupport
import Testing

/// What the adversarial audit (issue 21) did, run against the built executable: rows other
/// programs write, totals that overflow, dates and locales out of range, fatal signals.
@Suite(.serialized) struct HardeningTests {
    /// The audit's row-level attacks: each is refused by SQLite itself (STRICT tables, CHECKs).
    static let attacks = [
        "INSERT INTO product(name,amountMilli,unit,due,createdAt) VALUES('Oats','abc','','2026-11-30',datetime('now'))",
        "INSERT INTO product(name,amountMilli,unit,due,createdAt) VALUES('Oats',1000,'','2026-11-30','garbage')",
        "INSERT INTO product(name,amountMilli,unit,due,createdAt) VALUES('Oats',1000,'','0001-01-01',datetime('now'))",
        "UPDATE monthTotal SET spentCents = 'lots'",
        "INSERT INTO kindRevision(kind, revision) VALUES('pantry', 'x')",
        "INSERT INTO tableRevision(name, revision) VALUES('product', 'x')",
        "INSERT INTO publishedSnapshot(kind, json, publishedAt) VALUES('budget', x'7b7d', datetime('now'))",
        "INSERT INTO publishedSnapshot(kind, json, publishedAt) VALUES('budget', '{}', 'garbage')",
        "INSERT INTO publishedSnapshot(kind, json, publishedAt) VALUES('budget', 'not json', datetime('now'))",
        "INSERT INTO expense(amountCents, day, note, createdAt) VALUES(12.5, '2026-11-20', '', datetime('now'))",
        "INSERT INTO expense(amountCents, day, note, createdAt) VALUES(1250, '2026-11-20', x'00', datetime('now'))",
        "INSERT INTO budget(month, limitCents, currency, updatedAt) VALUES('2026-11', 80000, 'chf', datetime('now'))",
        "INSERT INTO card(firstName, lastName, active, updatedAt) VALUES('A', 'B', 2, datetime('now'))",
        "INSERT INTO selectedCard(singleton, cardID) VALUES(1, 'x')",
    ]

    static let commands = [["status"], ["pantry", "list"], ["pantry", "list", "--json"], ["doctor"], ["budget", "show"], ["budget", "show", "--json"],
                           ["timeline", "budget", "--json"], ["expense", "list", "--json"], ["card", "list"], ["render", "year", "--family", "large"],
                           ["render", "pantry"]]

    @Test func rowsTheViewsCannotReadAreRefusedAndEveryCommandAndTheDashboardStayUp() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Milk") })
        let before = try SQLiteShell.run(store, "SELECT COUNT(*) FROM product; SELECT COUNT(*) FROM expense; SELECT * FROM monthTotal;").stdout
        for attack in Self.attacks {
            let result = try SQLiteShell.run(store, attack)
            #expect(result.status != 0 && !result.stderr.isEmpty, "accepted: \(attack)")
        }
        #expect(try SQLiteShell.run(store, "SELECT COUNT(*) FROM product; SELECT COUNT(*) FROM expense; SELECT * FROM monthTotal;").stdout == before)
        for command in Self.commands {
            let result = try Homescreen.run(command, store: store)
            #expect(result.status == 0, "\(command): \(result.status) \(result.stderr)")
        }
        #expect(dashboard.dashboardPID != nil && dashboard.text.contains("Milk"), "the dashboard went down: \(dashboard.text)")
    }

    @Test func aTotalTooLargeToShowIsSaidNotACrash() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["budget", "set", "2026-11", "--limit", "1000", "--currency", "CHF"], store: store).status == 0)
        let insert = try SQLiteShell.run(store, """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4701)
            INSERT INTO expense (amountCents, day, note, createdAt) SELECT 100000000000, '2026-11-20', '', datetime('now') FROM n
            """)
        #expect(insert.status == 0, "\(insert.stderr)")
        let show = try Homescreen.run(["budget", "show", "2026-11", "--json"], store: store)
        #expect(show.status == 1 && show.stderr.contains("too large") && show.stderr.contains("4701 expenses"), "\(show.status) \(show.stderr)")
        for command in [["timeline", "budget", "--json"], ["status"], ["render", "year", "--family", "large"], ["render", "budget"], ["expense", "list"]] {
            let result = try Homescreen.run(command + ["--now", "2026-11-23"].filter { _ in command[0] != "expense" }, store: store)
            #expect(result.status == 0, "\(command): \(result.status) \(result.stderr)")
        }
        let render = try Homescreen.run(["render", "budget", "--family", "small", "--now", "2026-11-23"], store: store)
        #expect(render.stdout.contains("Could not load"), "the error state: \(render.stdout)")
    }

    @Test(arguments: ["0001-01-01", "0002-01-01", "9999-12-31", "1799-12-31"])
    func aNowOutsideTheSupportedDaysIsBadInput(now: String) throws {
        let folder = TemporaryFolder()
        for command in [["status"], ["render", "calendar"], ["render", "budget"], ["timeline", "year"]] {
            let result = try Homescreen.run(command + ["--now", now], store: folder.path("s.sqlite"))
            #expect(result.status == 2 && result.stderr.contains("'\(now)'") && result.stderr.contains("1800-01-01"), "\(command): \(result.stderr)")
        }
        let demo = try Homescreen.run(["demo", "--today", now], store: folder.path("s.sqlite"))
        #expect(demo.status == 2 && !FileManager.default.fileExists(atPath: folder.path("s.sqlite")), "\(demo.stderr)")
    }

    @Test func aLocaleICUCannotTakeIsReplacedNotACrash() throws {
        let folder = TemporaryFolder()
        for command in [["status"], ["render", "calendar", "--family", "small"], ["render", "budget"], ["doctor"]] {
            let result = try Homescreen.run(command, store: folder.path("s.sqlite"), environment: ["LC_ALL": "abcdefghijkl"])
            #expect(result.status == 0, "\(command): \(result.status) \(result.stderr)")
        }
        let doctor = try Homescreen.run(["doctor"], store: folder.path("s.sqlite"), environment: ["LC_ALL": "abcdefghijkl"])
        #expect(doctor.stdout.contains("LC_ALL=abcdefghijkl is not a locale name"))
    }

    @Test(arguments: [(SIGSEGV, 139), (SIGABRT, 134), (SIGILL, 132), (SIGBUS, 135), (SIGUSR1, 138)])
    func aDashboardThatDiesGivesTheTerminalBackAtOnce(signal: Int32, status: Int) throws {
        let folder = TemporaryFolder()
        let dashboard = try DashboardTests.started(folder, columns: 100, rows: 30)
        let pid = try #require(dashboard.dashboardPID)
        let sent = Date()
        kill(pid, signal)
        #expect(dashboard.exitStatus(timeout: 5) == status, "\(dashboard.text)")
        #expect(Date().timeIntervalSince(sent) < 5, "it waited before dying")
        DashboardTests.expectSaneTerminal(dashboard)
    }
}

/// Inputs and terminals beyond what the program takes: refused with a sentence, never allocated.
@Suite(.serialized) struct BoundsTests {
    @Test func aTerminalThatCannotMoveTheCursorIsRefused() throws {
        let folder = TemporaryFolder()
        let store = try DashboardTests.pantryStore(folder)
        let dashboard = try TmuxDashboard(columns: 100, rows: 30, store: store, environment: ["TERM": "dumb"], configHome: folder.url.path)
        #expect(dashboard.exitStatus(timeout: 5) == 1)
        #expect(dashboard.text.contains("cannot move the cursor"), "\(dashboard.text)")
        #expect(try DashboardTests.amount(store, of: "Milk") == 20_000)
    }

    @Test func aTerminalBeyondTheMaximumIsRefusedAndGrowingPastItIsClamped() throws {
        let folder = TemporaryFolder()
        let store = try DashboardTests.pantryStore(folder)
        let huge = try TmuxDashboard(columns: 1200, rows: 40, store: store, configHome: folder.url.path)
        #expect(huge.exitStatus(timeout: 5) == 1)
        #expect(huge.text.contains("at most 1000×500"), "\(huge.text)")
        huge.stop()
        let dashboard = try DashboardTests.started(folder, columns: 160, rows: 48)
        dashboard.resize(columns: 1500, rows: 60)
        // Drawn again at the maximum's width, in the window's top-left corner.
        #expect(dashboard.wait { $0.split(separator: "\n").contains { $0.count > 200 } }, "\(dashboard.text)")
        let pid = try #require(dashboard.dashboardPID, "the dashboard died when the window grew past the maximum")
        let resident = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("VmRSS") }.flatMap { Int($0.split(separator: " ").dropFirst().first { !$0.isEmpty }.map(String.init) ?? "") }
        #expect((resident ?? 0) < 200_000, "resident memory \(resident ?? -1) kB")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    @Test func aSnapshotLargerThanTheLimitIsRefusedAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        let big = "{\"month\": \"" + String(repeating: "x", count: 70_000) + "\"}"
        try Data(big.utf8).write(to: URL(fileURLWithPath: folder.path("big.json")))
        let result = try Homescreen.run(["publish", "budget", folder.path("big.json")], store: store)
        #expect(result.status == 2 && result.stderr.contains("at most 65536 bytes"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
        let long = BudgetCommandTests.snapshot(updated: Date()).replacingOccurrences(of: "Famiglia Rossi", with: String(repeating: "x", count: 101))
        try Data(long.utf8).write(to: URL(fileURLWithPath: folder.path("long.json")))
        let field = try Homescreen.run(["publish", "budget", folder.path("long.json")], store: store)
        #expect(field.status == 2 && field.stderr.contains("groupName is 101 characters long"), "\(field.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }
}

/// Sixteen colors keep the danger role red (it used to fall on the muted grey, SGR 90).
@Test func dangerIsRedAtSixteenColors() throws {
    let result = try Homescreen.run(["status", "pantry", "--demo", "--format", "ansi", "--colors", "16"], store: nil)
    #expect(result.status == 0)
    #expect(result.stdout.contains("\u{1B}[0;1;91m") || result.stdout.contains("\u{1B}[0;1;31m"), "\(result.stdout.debugDescription)")
    #expect(!result.stdout.contains(";90m"))
}
