import Foundation
import Testing
import HomescreenTestSupport

/// `[budget] source = "hledger"` from the command line, with Debian's hledger for real.
struct HledgerCommandTests {
    let folder = TemporaryFolder()
    var store: String { folder.path("store.sqlite") }
    var journal: String { folder.path("books.journal") }
    static let hledger = "/usr/bin/hledger"

    /// A journal as a person keeps it: a goal, spending in two commodities, a refund, its last
    /// line without a newline.
    static let books = """
        ; My books
        ~ monthly from 2026-01-01
            expenses:food       400 CHF
            expenses:rent      1200 CHF
            assets:bank

        2026-11-02 Migros
            expenses:food     123.45 CHF
            assets:bank

        2026-11-03 Train, Paris
            expenses:travel    50 EUR
            assets:bank

        2026-11-04 Refund
            expenses:food     -3.40 CHF
            assets:bank
        """

    init() throws {
        try MissingTool.check(Self.hledger, package: "hledger")
        try FileManager.default.createDirectory(atPath: folder.path("config/homescreen"), withIntermediateDirectories: true)
        try """
            [budget]
            source = "hledger"
            journal = "\(folder.path("books.journal"))"
            commodity = "CHF"
            paying-account = "assets:bank"
            """.write(toFile: folder.path("config/homescreen/config.toml"), atomically: true, encoding: .utf8)
        try Self.books.write(toFile: folder.path("books.journal"), atomically: true, encoding: .utf8)
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try Homescreen.run(arguments, store: store, environment: ["XDG_CONFIG_HOME": folder.path("config")])
    }

    func hledger(_ arguments: String) throws -> CommandResult {
        try Shell.run("\(Self.hledger) -f '\(journal)' \(arguments)", environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    @Test func budgetShowAndStatusAreHledgers() throws {
        let show = try run(["budget", "show", "2026-11", "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains(#""limit" : "1600.00""#) && show.stdout.contains(#""spent" : "120.05""#), "\(show.stdout)")
        #expect(show.stdout.contains(#""available" : "1479.95""#) && show.stdout.contains(#""currency" : "CHF""#), "\(show.stdout)")
        let text = try run(["budget", "show", "2026-11"])
        #expect(text.stdout.replacingOccurrences(of: "\u{A0}", with: " ") == "2026-11: limit CHF 1,600.00, spent CHF 120.05 (8%), available CHF 1,479.95, from \(journal)\n", "\(text.stdout)")
        // hledger's own text for the month says the same.
        #expect(try hledger("balance --budget -p 2026-11 --depth 1 expenses").stdout.contains("120.05 CHF"))
        let status = try run(["status", "budget", "--format", "json", "--now", "2026-11-22T10:00:00+01:00"])
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("1,479.95 left · 8%"), "\(status.stdout)")
        // No store was made: the journal is the source.
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func expenseAddAppendsOneTaggedTransactionAndKeepsEveryByte() throws {
        let before = try #require(FileSnapshot.bytes(journal))
        let added = try run(["expense", "add", "12.50", "--note", "Lunch; with Ana", "--date", "2026-11-20", "--category", "food"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("12.50 CHF to expenses:food on 2026-11-20"), "\(added.stdout)")
        let after = try #require(FileSnapshot.bytes(journal))
        #expect(after.prefix(before.count) == before)
        let appended = String(decoding: after.dropFirst(before.count), as: UTF8.self)
        #expect(appended == "\n\n2026-11-20 Lunch, with Ana  ; homescreen:\n    expenses:food              12.50 CHF\n    assets:bank\n", "\(appended)")
        let check = try hledger("check")
        #expect(check.status == 0, "\(check.stderr)")
        let register = try hledger("register expenses:food -p 2026-11")
        #expect(register.stdout.contains("Lunch, with Ana"), "\(register.stdout)")
        #expect(try run(["budget", "show", "2026-11", "--json"]).stdout.contains(#""spent" : "132.55""#))
        // A bad amount writes nothing.
        let refused = try run(["expense", "add", "12.505", "--date", "2026-11-20"])
        #expect(refused.status != 0 && FileSnapshot.bytes(journal) == after)
    }

    @Test func doctorSaysTheSourceHledgersVersionAndTheLastRun() throws {
        try "2026-11-05 Books\n    expenses:fun  8 CHF\n    assets:bank\n".write(toFile: folder.path("more.journal"), atomically: true, encoding: .utf8)
        try (Self.books + "\n\ninclude more.journal\n").write(toFile: journal, atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": folder.path("config")]
        // The last run is kept in the store (a command never makes a store for it).
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "2026-12-01"], store: store, environment: environment).status == 0)
        let before = try Homescreen.run(["doctor"], store: store, environment: environment).stdout
        #expect(before.contains("budget source hledger, journal \(journal)") && before.contains("last run  none yet"), "\(before)")
        #expect(try Homescreen.run(["budget", "show", "2026-11", "--json"], store: store, environment: environment).stdout.contains(#""spent" : "128.05""#))
        let doctor = try Homescreen.run(["doctor"], store: store, environment: environment).stdout
        #expect(doctor.contains("budget source hledger, journal \(journal), including \(folder.path("more.journal"))"), "\(doctor)")
        #expect(doctor.contains("hledger   hledger 1.2"), "\(doctor)")
        #expect(doctor.range(of: #"last run  \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ, \d+\.\d\d s"#, options: .regularExpression) != nil, "\(doctor)")
    }

    /// `status budget` answers from the store's `hledgerRun` while the journal's files are
    /// unchanged, in another process than the one that ran hledger; an edit is one new run.
    @Test func statusAnswersFromTheStoreWithoutRunningHledger() throws {
        try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
        let wrapper = folder.path("bin/hledger"), log = folder.path("runs.log")
        try "#!/bin/sh\necho \"$*\" >> '\(log)'\nexec \(Self.hledger) \"$@\"\n".write(toFile: wrapper, atomically: true, encoding: .utf8)
        #expect(chmod(wrapper, 0o755) == 0)
        let environment = ["XDG_CONFIG_HOME": folder.path("config"), "PATH": folder.path("bin") + ":/usr/bin:/bin"]
        func runs() -> Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("--budget") }.count }
        func status() throws -> String {
            let result = try Homescreen.run(["status", "budget", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"], store: store, environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "2026-12-01"], store: store, environment: environment).status == 0)
        #expect(try status().contains("1,479.95 left"))
        #expect(runs() == 1)
        #expect(try status().contains("1,479.95 left"))
        #expect(try Homescreen.run(["budget", "show", "2026-11"], store: store, environment: environment).stdout.contains("120.05 (8%)"))
        #expect(runs() == 1)   // the other processes read the store's result
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n\n2026-11-05 Coop\n    expenses:food  20 CHF\n    assets:bank\n".utf8))
        try handle.close()
        #expect(try status().contains("1,459.95 left"))
        #expect(try status().contains("1,459.95 left"))
        #expect(runs() == 2)
    }

    /// Commodities are never added together: an amount in another commodity than the budget's
    /// is refused (exit 2, nothing written); the budget's own is taken as written.
    @Test func anAmountInAnotherCommodityIsRefused() throws {
        let before = try #require(FileSnapshot.bytes(journal))
        for text in ["12 EUR", "€12", "USD 3.50"] {
            let refused = try run(["expense", "add", text, "--date", "2026-11-20"])
            #expect(refused.status == 2, "\(text): \(refused.stderr)")
            #expect(refused.stderr.contains("but the budget's amounts are in CHF; write it in CHF"), "\(refused.stderr)")
            #expect(FileSnapshot.bytes(journal) == before)
        }
        let added = try run(["expense", "add", "12.50 CHF", "--date", "2026-11-20"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("12.50 CHF to expenses on 2026-11-20"), "\(added.stdout)")
    }

    /// The account's own goal decides the commodity (hledger's budget report): travel is
    /// budgeted in EUR, so `12 CHF` on travel is refused (exit 2, the sentence names the value,
    /// the account's goal and what is accepted, nothing written) and `12` is written in EUR;
    /// food's goal is in CHF, so `12 EUR` on food is refused the same way.
    @Test func anAmountIsRefusedInAnotherCommodityThanItsAccountsGoal() throws {
        try Self.books.replacingOccurrences(of: "    expenses:rent      1200 CHF\n", with: "    expenses:rent      1200 CHF\n    expenses:travel     100 EUR\n")
            .write(toFile: journal, atomically: true, encoding: .utf8)
        let before = try #require(FileSnapshot.bytes(journal))
        let refused = try run(["expense", "add", "12 CHF", "--category", "travel:train", "--date", "2026-11-20"])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("'12 CHF' is in CHF, but expenses:travel:train's budget goal is in EUR; write it in EUR"), "\(refused.stderr)")
        #expect(FileSnapshot.bytes(journal) == before)
        let food = try run(["expense", "add", "12 EUR", "--category", "food", "--date", "2026-11-20"])
        #expect(food.status == 2 && food.stderr.contains("'12 EUR' is in EUR, but expenses:food's budget goal is in CHF; write it in CHF"), "\(food.stderr)")
        #expect(FileSnapshot.bytes(journal) == before)
        let added = try run(["expense", "add", "12", "--category", "travel:train", "--date", "2026-11-20"])
        #expect(added.status == 0, "\(added.stderr)")
        let after = try #require(FileSnapshot.bytes(journal))
        #expect(after.prefix(before.count) == before)
        #expect(String(decoding: after.dropFirst(before.count), as: UTF8.self).contains("    expenses:travel:train      12.00 EUR\n"), "\(String(decoding: after, as: UTF8.self))")
        #expect(try run(["expense", "add", "3 EUR", "--category", "travel", "--date", "2026-11-21"]).status == 0)
        let check = try hledger("check")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try hledger("balance --budget -p 2026-11 expenses:travel").stdout.contains("65.00 EUR"))
    }

    /// Another process runs hledger on the changed journal (its hledger is slow): `status
    /// budget` and `budget show` start no second run and show the last figures marked updating;
    /// once that process is SIGKILLed, the next command runs hledger at once, and a dashboard
    /// that showed "updating…" takes the run over (not after the claim's two-minute lapse).
    @Test func aClaimantsRunIsRespectedAndTakenOverWhenItIsKilled() throws {
        try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder.path("slow"), withIntermediateDirectories: true)
        let log = folder.path("runs.log")
        try "#!/bin/sh\necho \"$*\" >> '\(log)'\nexec \(Self.hledger) \"$@\"\n".write(toFile: folder.path("bin/hledger"), atomically: true, encoding: .utf8)
        try "#!/bin/sh\necho \"slow $$ $*\" >> '\(log)'\nexec sleep 600\n".write(toFile: folder.path("slow/hledger"), atomically: true, encoding: .utf8)
        #expect(chmod(folder.path("bin/hledger"), 0o755) == 0 && chmod(folder.path("slow/hledger"), 0o755) == 0)
        let config = folder.path("config")
        let fast = ["XDG_CONFIG_HOME": config, "PATH": folder.path("bin") + ":/usr/bin:/bin"]
        func lines() -> [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init).filter { $0.contains("--budget") } }
        func runs() -> Int { lines().filter { !$0.hasPrefix("slow ") }.count }
        func status() throws -> String {
            let result = try Homescreen.run(["status", "budget", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"], store: store, environment: fast)
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout
        }
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "2026-12-01"], store: store, environment: fast).status == 0)
        #expect(try status().contains("1,479.95 left"))
        #expect(runs() == 1)
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n\n2026-11-05 Coop\n    expenses:food  20 CHF\n    assets:bank\n".utf8))
        try handle.close()
        // The claimant: a status line whose hledger never ends.
        let claimant = try Homescreen.start(["status", "budget", "--format", "plain", "--now", "2026-11-22T10:00:00+01:00"],
                                            environment: Homescreen.environment(store: store, ["XDG_CONFIG_HOME": config, "PATH": folder.path("slow") + ":/usr/bin:/bin"]))
        var slowPid: pid_t = 0
        // (Its hledger outlives it; Foundation's wait for the claimant ends once that has ended too.)
        defer {
            kill(claimant.processIdentifier, SIGKILL)
            if slowPid > 0 { kill(slowPid, SIGKILL) }
            claimant.waitUntilExit()
        }
        for _ in 0..<3000 where !lines().contains(where: { $0.hasPrefix("slow ") }) { usleep(10_000) }
        let slow = try #require(lines().first { $0.hasPrefix("slow ") }, "the claimant never ran hledger")
        slowPid = pid_t(slow.split(separator: " ")[1]) ?? 0
        // It runs: no second run, the last figures marked updating.
        let waiting = try status()
        #expect(waiting.contains("1,479.95 left") && waiting.contains("updating…"), "\(waiting)")
        let show = try Homescreen.run(["budget", "show", "2026-11"], store: store, environment: fast)
        let shown = show.stdout.replacingOccurrences(of: "\u{A0}", with: " ")
        #expect(shown.contains("spent CHF 120.05") && shown.contains("updating: another process is running hledger"), "\(shown)")
        #expect(runs() == 1, "\(lines())")
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: ["--now", "2026-11-22T10:00:00+01:00"], environment: ["PATH": fast["PATH"]!],
                                          configHome: config)
        #expect(dashboard.wait(timeout: 30) { $0.contains("1,479.95") && $0.contains("updating…") }, "\(dashboard.text)")
        #expect(runs() == 1, "\(lines())")
        // Killed before its write: the dashboard takes the run over at once, and commands too.
        kill(claimant.processIdentifier, SIGKILL)
        #expect(dashboard.wait(timeout: 30) { $0.contains("1,459.95") && !$0.contains("updating") }, "\(dashboard.text)")
        let after = try status()
        #expect(after.contains("1,459.95 left") && !after.contains("updating"), "\(after)")
        #expect(runs() == 2, "\(lines())")
    }

    @Test func aMissingJournalIsASentence() throws {
        try FileManager.default.removeItem(atPath: journal)
        let show = try run(["budget", "show", "2026-11"])
        #expect(show.status == 1 && show.stderr.contains("the journal \(journal) does not exist; set [budget] journal"), "\(show.stderr)")
        let add = try run(["expense", "add", "5"])
        #expect(add.status == 1 && add.stderr.contains("cannot be read"), "\(add.stderr)")
        #expect(!FileManager.default.fileExists(atPath: journal))
    }
}

/// The dashboard on a journal, in tmux: hledger's figures, redrawn when another program edits
/// the journal, and `a` appending to it.
struct HledgerDashboardTests {
    /// The dashboard in tmux on `text` as its journal, with its own cache folder.
    static func dashboard(_ folder: TemporaryFolder, journal text: String, config: String = "", path: String = "/usr/bin:/bin") throws -> (TmuxDashboard, String) {
        try MissingTool.check(HledgerCommandTests.hledger, package: "hledger")
        let journal = folder.path("books.journal")
        try text.write(toFile: journal, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try "[budget]\nsource = \"hledger\"\njournal = \"\(journal)\"\n\(config)".write(toFile: folder.path("homescreen/config.toml"), atomically: true, encoding: .utf8)
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: folder.path("store.sqlite"), arguments: [], environment: ["PATH": path],
                                          configHome: folder.url.path)
        return (dashboard, journal)
    }

    @Test func anotherProgramsEditRedrawsAndAAppends() throws {
        let folder = TemporaryFolder()
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        let (dashboard, journal) = try Self.dashboard(folder, journal: "~ monthly\n    expenses:food  400 CHF\n    expenses:rent  1200 CHF\n    assets:bank\n\n"
                                                      + "\(month)-01 Migros\n    expenses:food  120.05 CHF\n    assets:bank\n", config: "paying-account = \"assets:bank\"\n")
        #expect(dashboard.wait(timeout: 30) { $0.contains("1,479.95") }, "\(dashboard.text)")
        // Another program appends: the panes follow.
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n\(month)-02 Coop\n    expenses:food  100 CHF\n    assets:bank\n".utf8))
        try handle.close()
        #expect(dashboard.wait(timeout: 30) { $0.contains("1,379.95") }, "\(dashboard.text)")
        let before = try #require(FileSnapshot.bytes(journal))
        dashboard.send("a")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Add an expense") }, "\(dashboard.text)")
        dashboard.type("9.95")
        dashboard.send("Tab")
        dashboard.type("Lunch")
        // The account field offers the journal's accounts, as `hledger accounts expenses` lists them.
        dashboard.send("Tab")
        dashboard.send("Tab")
        #expect(dashboard.wait(timeout: 30) { $0.contains("expenses:food") }, "\(dashboard.text)")   // rent has a goal only: hledger lists accounts with postings
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 30) { $0.contains("1,370.00") }, "\(dashboard.text)")
        let after = try #require(FileSnapshot.bytes(journal))
        #expect(after.prefix(before.count) == before)
        #expect(String(decoding: after.dropFirst(before.count), as: UTF8.self).contains("Lunch  ; homescreen:\n    expenses"))
        let check = try Shell.run("\(HledgerCommandTests.hledger) -f '\(journal)' check", environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stderr)")
        // An edit hledger refuses: the pane names hledger's file and line.
        let broken = try #require(FileHandle(forWritingAtPath: journal))
        broken.seekToEndOfFile()
        broken.write(Data("\n2026-13-45 Typo\n    expenses:food  1 CHF\n    assets:bank\n".utf8))
        try broken.close()
        #expect(dashboard.wait(timeout: 30) { $0.contains("books.journal:") }, "\(dashboard.text)")
    }
}

extension HledgerDashboardTests {
    /// 20,000 transactions (hledger takes 1.5-2 s on them): the first frame is drawn while
    /// hledger runs, saying "updating…", and the figures follow.
    @Test func theFirstFrameDoesNotWaitForHledger() throws {
        let folder = TemporaryFolder()
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        var text = "~ monthly\n    expenses:food  4000000 CHF\n    assets:bank\n\n"
        for index in 0..<20_000 { text += "\(month)-\(String(format: "%02d", 1 + index % 28)) Shop \(index)\n    expenses:food  1.00 CHF\n    assets:bank\n\n" }
        let (dashboard, _) = try Self.dashboard(folder, journal: text)
        #expect(dashboard.wait(timeout: 30) { $0.contains("updating…") }, "\(dashboard.text)")
        #expect(dashboard.wait(timeout: 30) { $0.contains("3,980,000.00") && !$0.contains("updating…") }, "\(dashboard.text)")
    }
}

extension HledgerDashboardTests {
    /// An editor's rename into place redraws the panes; two dashboards on one store run hledger
    /// once per change between them (the store's claim), each showing the result.
    @Test func twoDashboardsShareOneRunAndFollowARenameIntoPlace() throws {
        let folder = TemporaryFolder()
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
        let log = folder.path("runs.log")
        try "#!/bin/sh\necho \"$*\" >> '\(log)'\nexec \(HledgerCommandTests.hledger) \"$@\"\n".write(toFile: folder.path("bin/hledger"), atomically: true, encoding: .utf8)
        #expect(chmod(folder.path("bin/hledger"), 0o755) == 0)
        func runs() -> Int { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").filter { $0.contains("--budget") }.count }
        let books = "~ monthly\n    expenses:food  400 CHF\n    assets:bank\n\n\(month)-01 Migros\n    expenses:food  120.05 CHF\n    assets:bank\n"
        let (first, journal) = try Self.dashboard(folder, journal: books, path: folder.path("bin") + ":/usr/bin:/bin")
        #expect(first.wait(timeout: 30) { $0.contains("120.05") && !$0.contains("updating") }, "\(first.text)")
        let second = try TmuxDashboard(columns: 120, rows: 40, store: folder.path("store.sqlite"), arguments: [],
                                       environment: ["PATH": folder.path("bin") + ":/usr/bin:/bin"], configHome: folder.url.path)
        #expect(second.wait(timeout: 30) { $0.contains("120.05") && !$0.contains("updating") }, "\(second.text)")
        #expect(runs() == 1, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        // An editor writes the new text beside the journal and renames it into place.
        try (books + "\n\(month)-02 Coop\n    expenses:food  100 CHF\n    assets:bank\n").write(toFile: journal + ".swp", atomically: false, encoding: .utf8)
        #expect(rename(journal + ".swp", journal) == 0)
        #expect(first.wait(timeout: 30) { $0.contains("220.05") && !$0.contains("updating") }, "\(first.text)")
        #expect(second.wait(timeout: 30) { $0.contains("220.05") && !$0.contains("updating") }, "\(second.text)")
        #expect(runs() == 2, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
    }
}

extension HledgerDashboardTests {
    /// The full screen lists what Homescreen wrote; `x` then `y` removes it from the journal,
    /// every other byte kept, and the panes follow.
    @Test func xRemovesATransactionHomescreenWroteAndNothingElse() throws {
        let folder = TemporaryFolder()
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        let own = "~ monthly\n    expenses:food  400 CHF\n    assets:bank\n\n\(month)-01 Migros\n    expenses:food  120.05 CHF\n    assets:bank\n"
        let ours = "\n\(month)-01 Lunch  ; homescreen:\n    expenses:food                 12.50 CHF\n    assets:bank\n"
        let (dashboard, journal) = try Self.dashboard(folder, journal: own + ours)
        #expect(dashboard.wait(timeout: 30) { $0.contains("132.55") && !$0.contains("updating") }, "\(dashboard.text)")
        dashboard.send("Tab")
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Lunch") }, "\(dashboard.text)")
        dashboard.send("x")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Remove the expense") }, "\(dashboard.text)")
        dashboard.send("y")
        #expect(dashboard.wait(timeout: 30) { !$0.contains("Lunch") && $0.contains("120.05") && !$0.contains("updating") }, "\(dashboard.text)")
        #expect(FileSnapshot.bytes(journal) == Data(own.utf8))
        let check = try Shell.run("\(HledgerCommandTests.hledger) -f '\(journal)' check", environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stderr)")
        // The person's own transaction is not offered.
        dashboard.send("x")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Only what Homescreen added") }, "\(dashboard.text)")
        #expect(FileSnapshot.bytes(journal) == Data(own.utf8))
    }
}

extension HledgerDashboardTests {
    /// Goals in CHF (food, rent) and EUR (travel), and a transaction Homescreen wrote.
    static let twoCommodities = """
        ~ monthly from 2026-01-01
            expenses:food       400 CHF
            expenses:rent      1200 CHF
            expenses:travel     100 EUR
            assets:bank

        2026-11-02 Migros
            expenses:food     123.45 CHF
            assets:bank

        2026-11-03 Train, Paris
            expenses:travel    50 EUR
            assets:bank

        """
    static let ours = "\n2026-11-06 Lunch  ; homescreen:\n    expenses:food              12.50 CHF\n    assets:bank\n"

    /// The dashboard in tmux at a size, on `text`, at a fixed instant in November 2026.
    static func journalDashboard(_ folder: TemporaryFolder, _ text: String, columns: Int, rows: Int) throws -> (TmuxDashboard, String) {
        try MissingTool.check(HledgerCommandTests.hledger, package: "hledger")
        let journal = folder.path("books.journal")
        try text.write(toFile: journal, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try "[budget]\nsource = \"hledger\"\njournal = \"\(journal)\"\ncommodity = \"CHF\"\n".write(toFile: folder.path("homescreen/config.toml"), atomically: true, encoding: .utf8)
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: folder.path("store.sqlite"), arguments: ["--now", "2026-11-22T10:00:00+01:00"],
                                          configHome: folder.url.path)
        return (dashboard, journal)
    }

    /// The budget's full screen at 80×24, 120×40 and 200×60: hledger's figures per account, CHF
    /// and EUR each in their own columns (spent, goal, left), never added together; ← moves to
    /// October, whose figures are hledger's too.
    @Test func theBudgetsFullScreenShowsHledgersAccountsAtEverySize() throws {
        for (columns, rows) in [(80, 24), (120, 40), (200, 60)] {
            let folder = TemporaryFolder()
            let (dashboard, _) = try Self.journalDashboard(folder, Self.twoCommodities + Self.ours, columns: columns, rows: rows)
            #expect(dashboard.wait(timeout: 30) { ($0.contains("135.95 / CHF") || $0.contains("1,464.05")) && !$0.contains("updating") }, "\(dashboard.text)")
            dashboard.send("Tab")
            dashboard.send("Enter")
            #expect(dashboard.wait(timeout: 30) { $0.contains("total (hledger)") && $0.contains("Lunch") }, "\(columns)×\(rows): \(dashboard.text)")
            func line(_ name: String) -> String { dashboard.text.split(separator: "\n").first { $0.contains(name) }.map(String.init) ?? "" }
            func numbers(_ name: String) -> [String] { line(name).split(separator: " ").map(String.init).filter { $0.first?.isNumber == true } }
            #expect(numbers("expenses:food ") == ["135.95", "400.00", "264.05"], "\(columns)×\(rows): \(line("expenses:food "))")
            #expect(numbers("expenses:rent") == ["0.00", "1,200.00", "1,200.00"], "\(columns)×\(rows): \(line("expenses:rent"))")
            #expect(numbers("expenses:travel") == ["50.00", "100.00", "50.00"], "\(columns)×\(rows): \(line("expenses:travel"))")
            // hledger's total, CHF then EUR: 185.95 (their sum) is nowhere.
            #expect(numbers("total (hledger)") == ["135.95", "1,600.00", "1,464.05", "50.00", "100.00", "50.00"], "\(columns)×\(rows): \(line("total"))")
            #expect(!dashboard.text.contains("185.95"))
            dashboard.send("Left")
            #expect(dashboard.wait(timeout: 30) { $0.contains("October 2026") && !$0.contains("Lunch") }, "\(columns)×\(rows): \(dashboard.text)")
            #expect(numbers("expenses:travel") == ["0.00", "100.00", "100.00"], "\(columns)×\(rows): \(line("expenses:travel"))")
            dashboard.stop()
        }
    }

    /// `e` on a transaction Homescreen wrote: the amount and note changed and saved; the
    /// journal's other bytes are as they were, `hledger check` passes and the pane shows the new
    /// figures. A journal changed by another program while the form is open is refused: nothing
    /// is written, and the status line says so.
    @Test func eEditsATransactionHomescreenWroteAndRefusesWhenTheJournalChanged() throws {
        let folder = TemporaryFolder()
        let (dashboard, journal) = try Self.journalDashboard(folder, Self.twoCommodities + Self.ours, columns: 200, rows: 60)
        #expect(dashboard.wait(timeout: 30) { ($0.contains("135.95 / CHF") || $0.contains("1,464.05")) && !$0.contains("updating") }, "\(dashboard.text)")
        dashboard.send("Tab")
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Lunch") && $0.contains("total (hledger)") }, "\(dashboard.text)")
        dashboard.send("e")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Edit the expense of 2026-11-06") }, "\(dashboard.text)")
        dashboard.send("C-u")
        dashboard.type("20.75")
        dashboard.send("Tab")
        dashboard.send("C-u")
        dashboard.type("Dinner")
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Saved") && $0.contains("Dinner") && $0.contains("144.20") && !$0.contains("updating") }, "\(dashboard.text)")
        let edited = try #require(FileSnapshot.bytes(journal))
        #expect(String(decoding: edited, as: UTF8.self) == Self.twoCommodities
                + "\n2026-11-06 Dinner  ; homescreen:\n    expenses:food              20.75 CHF\n    assets:bank\n", "\(String(decoding: edited, as: UTF8.self))")
        let check = try Shell.run("\(HledgerCommandTests.hledger) -f '\(journal)' check", environment: ["PATH": "/usr/bin:/bin"])
        #expect(check.status == 0, "\(check.stderr)")
        // The journal changes under the open form: the save is refused, nothing written.
        dashboard.send("e")
        #expect(dashboard.wait(timeout: 30) { $0.contains("Edit the expense of 2026-11-06") }, "\(dashboard.text)")
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n2026-11-07 Coop\n    expenses:food  10 CHF\n    assets:bank\n".utf8))
        try handle.close()
        let appended = try #require(FileSnapshot.bytes(journal))
        dashboard.send("C-u")
        dashboard.type("99")
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 30) { $0.contains("changed since it was read; nothing") }, "\(dashboard.text)")
        #expect(FileSnapshot.bytes(journal) == appended)
        // The pane follows the other program's edit.
        #expect(dashboard.wait(timeout: 30) { $0.contains("154.20") && !$0.contains("updating") }, "\(dashboard.text)")
    }
}
