import Foundation
import Testing
import HomescreenTestSupport

/// What a user types the way they would say it, and the mistakes the program helps with.
struct FriendlyInputTests {
    let folder = TemporaryFolder()
    var store: String { folder.path("s.sqlite") }

    /// Today where the commands run (the test environment's time zone).
    static var today: Date { Date() }
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Zurich")!
        let date = calendar.date(byAdding: .day, value: offset, to: today)!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func relativeDuesAreStoredAsTheirDays() throws {
        for (due, offset) in [("tomorrow", 1), ("+3d", 3), ("-1w", -7), ("today", 0), ("demain", 1), ("ngày mai", 1)] {
            let added = try Homescreen.run(["pantry", "add", "Milk", "--due", due], store: store)
            #expect(added.status == 0 && added.stdout.hasSuffix("due \(Self.day(offset))\n"), "\(due): \(added.stdout)\(added.stderr)")
        }
        let listed = try Homescreen.run(["pantry", "list", "--json", "--today", "yesterday"], store: store)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(rows.first?["daysUntilDue"] as? Int == -6, "--today yesterday: \(listed.stdout)")
        let expense = try Homescreen.run(["expense", "add", "12.50", "--date", "yesterday", "--note", "Lunch"], store: store)
        #expect(expense.status == 0, "\(expense.stderr)")
        let expenses = try Homescreen.run(["expense", "list", "--month", "all", "--json"], store: store)
        #expect(expenses.stdout.contains("\"date\" : \"\(Self.day(-1))\""), "\(expenses.stdout)")
    }

    @Test func aDateThatIsNoneNamesItAndGivesAnExampleFromToday() throws {
        let refused = try Homescreen.run(["pantry", "add", "Milk", "--due", "someday"], store: store)
        #expect(refused.status == 2)
        #expect(refused.stderr == "homescreen: --due 'someday' is not a date; use a day as YYYY-MM-DD such as \(Self.day(3)), "
                + "or today, tomorrow, yesterday, a weekday (friday: the next one), +3d, -1w, +2m.\n")
        #expect(!FileManager.default.fileExists(atPath: store))
        let month = try Homescreen.run(["budget", "set", "November", "--limit", "800"], store: store)
        #expect(month.stderr == "homescreen: the month 'November' is not a month; use a month as YYYY-MM, such as \(Self.day(0).prefix(7)).\n", "\(month.stderr)")
    }

    @Test func unknownCommandsSuggestTheNearest() throws {
        let root = try Homescreen.run(["pantyr"], store: store)
        #expect(root.status == 2)
        #expect(root.stderr == "homescreen: 'pantyr' is not a command of homescreen; did you mean 'pantry'? (`homescreen --help` lists them).\n")
        let nested = try Homescreen.run(["pantry", "ad", "Milk"], store: store)
        #expect(nested.status == 2 && nested.stderr.contains("did you mean 'add'?"), "\(nested.stderr)")
        let far = try Homescreen.run(["zzzzzz"], store: store)
        #expect(far.status == 2 && far.stderr.contains("use one of run, render, status"), "\(far.stderr)")
        let option = try Homescreen.run(["render", "pantry", "--famly", "small"], store: store)
        #expect(option.status == 2 && option.stderr == "homescreen: '--famly' is not an option of 'render'; did you mean '--family'? (`homescreen render --help` lists them).\n", "\(option.stderr)")
        let kind = try Homescreen.run(["render", "pantyr"], store: store)
        #expect(kind.status == 2 && kind.stderr.contains("did you mean 'pantry'?"))
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test func statusDrawsTheKindsItCanAndReportsTheOthers() throws {
        let partial = try Homescreen.run(["status", "pantry", "budget", "year", "--format", "plain", "--now", "2026-11-22"], store: store)
        #expect(partial.status == 1)
        #expect(partial.stdout == "Pantry: Nothing in stock\nBudget: No budget set\n", "\(partial.stdout)")
        #expect(partial.stderr == "homescreen: the year widget has no accessoryInline family; use systemMedium or systemLarge.\n")
        let none = try Homescreen.run(["status", "year", "fridge"], store: store)
        #expect(none.status == 2 && none.stdout.isEmpty)
        // Only a kind without a line: said, exit 1 as the README says (not bad input).
        let year = try Homescreen.run(["status", "year"], store: store)
        #expect(year.status == 1 && year.stdout.isEmpty && year.stderr.contains("no accessoryInline family"), "\(year.status) \(year.stderr)")
    }

    /// Issue 28 point 10: --separator joins the kinds in every format it is given for.
    @Test func aSeparatorJoinsPlainLinesToo() throws {
        let joined = try Homescreen.run(["status", "pantry", "budget", "--format", "plain", "--separator", " | ", "--now", "2026-11-22"], store: store)
        #expect(joined.status == 0 && joined.stdout == "Pantry: Nothing in stock | Budget: No budget set\n", "\(joined.stdout)")
    }

    /// Issue 28 point 10: budget set without a month sets this month's, as the dashboard's b does.
    @Test func budgetSetDefaultsToThisMonth() throws {
        let set = try Homescreen.run(["budget", "set", "--limit", "800", "--currency", "CHF"], store: store)
        #expect(set.status == 0 && set.stdout.hasPrefix("budget for ") && set.stdout.hasSuffix(": CHF\u{A0}800.00\n"), "\(set.stdout) \(set.stderr)")
        let shown = try Homescreen.run(["budget", "show"], store: store)
        #expect(shown.stdout.contains("800.00"), "\(shown.stdout)")
    }

    @Test func cardPhonesAndAddressesAreChecked() throws {
        for (arguments, names) in [(["--phone", "abc"], "--phone 'abc'"), (["--phone", "+84 28 (1234) 5678x"], "is not a phone number"),
                                   (["--email", "lan@example"], "--email 'lan@example'"), (["--email", "lan @example.com"], "is not an e-mail")] {
            let refused = try Homescreen.run(["card", "add", "--first", "Lan", "--last", "Nguyen"] + arguments, store: store)
            #expect(refused.status == 2 && refused.stderr.contains(names), "\(arguments): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: store))
        let accepted = try Homescreen.run(["card", "add", "--first", "Lan", "--last", "Nguyen", "--phone", "+84 (28) 3822-1234", "--email", "lan@example.com.vn"], store: store)
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    /// A bad config value names the file, the key and the value in every command that reads it.
    @Test func aBadConfigThemeIsNamedByEveryCommandThatReadsTheConfig() throws {
        let config = folder.path("config.toml")
        try "theme = \"nope\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let expected = "homescreen: \(config): theme = \"nope\" cannot be used: theme 'nope' was not found; available: dark, high-contrast, light.\n"
        for arguments in [["run"], ["render", "pantry"], ["status", "pantry"], ["status", "--format", "plain"], ["tmux"]] {
            let result = try Homescreen.run(arguments + ["--config", config], store: store, environment: ["TMUX": "/nonexistent,1,0"])
            #expect(result.status == 2 && result.stderr == expected, "\(arguments): \(result.stderr)")
        }
        // A default config file is read the same way.
        let home = folder.path("xdg")
        try FileManager.default.createDirectory(atPath: home + "/homescreen", withIntermediateDirectories: true)
        try "theme = \"nope\"\n".write(toFile: home + "/homescreen/config.toml", atomically: true, encoding: .utf8)
        let render = try Homescreen.run(["render", "pantry"], store: store, environment: ["XDG_CONFIG_HOME": home])
        #expect(render.status == 2 && render.stderr.contains("\(home)/homescreen/config.toml: theme = \"nope\""))
        let doctor = try Homescreen.run(["doctor"], store: store, environment: ["XDG_CONFIG_HOME": home])
        #expect(doctor.stdout.contains("\(home)/homescreen/config.toml: theme = \"nope\" is not a theme"), "\(doctor.stdout)")
        // The config's theme and locale apply to render too.
        try "theme = \"light\"\nlocale = \"fr\"\n".write(toFile: config, atomically: true, encoding: .utf8)
        let french = try Homescreen.run(["render", "pantry", "--family", "inline", "--config", config, "--format", "plain"], store: store)
        #expect(french.stdout.hasPrefix("Garde-manger: Rien en stock"), "\(french.stdout)")
    }

    @Test func versionNamesTheNumberAndTheCommit() throws {
        let version = try Homescreen.run(["--version"], store: nil)
        #expect(version.status == 0)
        // Built from this git checkout: the commit (and -dirty when files were changed).
        #expect(version.stdout.range(of: #"^homescreen \d+\.\d+\.\d+ \([0-9a-f]{7,40}(-dirty)?\)\n$"#, options: .regularExpression) != nil, "\(version.stdout)")
    }
}
