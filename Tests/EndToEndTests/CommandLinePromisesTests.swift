import Foundation
import Testing
import HomescreenTestSupport

/// Issue 28 point 10: what the command line promises. Mistyped options get the nearest one in
/// one sentence (exit 2, nothing written), lists say states in words, money is written one way
/// (the locale's CLDR format, as the widgets write it), and the man page has KEYS, the README's
/// EXIT STATUS and SEE ALSO.
struct CommandLinePromisesTests {
    let folder = TemporaryFolder()
    var store: String { folder.path("s.sqlite") }

    /// A refusal: exit 2, exactly `stderr`, nothing on stdout, no store created.
    func expectRefused(_ arguments: [String], _ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try Homescreen.run(arguments, store: store)
        #expect(result.status == 2, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr == stderr, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: store), "\(arguments) created the store", sourceLocation: sourceLocation)
    }

    @Test func aMistypedRequiredOptionGetsTheNearestInOneSentence() throws {
        // The parser alone said "Missing expected argument '--due <date>'" in four lines.
        try expectRefused(["pantry", "add", "Milk", "--dur", "tomorrow"],
                          "homescreen: '--dur' is not an option of 'pantry add'; did you mean '--due'? (`homescreen pantry add --help` lists them).\n")
        try expectRefused(["budget", "set", "--limt", "800"],
                          "homescreen: '--limt' is not an option of 'budget set'; did you mean '--limit'? (`homescreen budget set --help` lists them).\n")
        try expectRefused(["card", "add", "--frist", "Lan", "--last", "Nguyen"],
                          "homescreen: '--frist' is not an option of 'card add'; did you mean '--first'? (`homescreen card add --help` lists them).\n")
        // An optional one, and one after values that start with a dash (a date, an amount).
        try expectRefused(["pantry", "add", "Milk", "--due", "-1d", "--amont", "2"],
                          "homescreen: '--amont' is not an option of 'pantry add'; did you mean '--amount'? (`homescreen pantry add --help` lists them).\n")
        try expectRefused(["status", "pantry", "--fromat", "plain"],
                          "homescreen: '--fromat' is not an option of 'status'; did you mean '--format'? (`homescreen status --help` lists them).\n")
        // expense add takes every unknown word as its amount (so -5 is refused as one): still named.
        try expectRefused(["expense", "add", "5", "--nte", "Lunch"],
                          "homescreen: '--nte' is not an option of 'expense add'; did you mean '--note'? (`homescreen expense add --help` lists them).\n")
        try expectRefused(["pantry", "list", "--bogus"], "homescreen: '--bogus' is not an option of 'pantry list'; `homescreen pantry list --help` lists them.\n")
    }

    @Test func theParsersOtherRefusalsAreOneSentenceSayingWhatIsAccepted() throws {
        try expectRefused(["pantry", "add", "Milk"], "homescreen: pantry add: missing expected argument '--due <date>' "
                          + "(due date: YYYY-MM-DD, today, tomorrow, a weekday, +3d, +1w, +2m); `homescreen pantry add --help` shows what it takes.\n")
        try expectRefused(["pantry", "remove", "abc"], "homescreen: pantry remove: the value 'abc' is invalid for '<id>' "
                          + "(the product id (see `pantry list`)); `homescreen pantry remove --help` shows what it takes.\n")
        try expectRefused(["pantry", "list", "extra"], "homescreen: pantry list: unexpected argument 'extra'; `homescreen pantry list --help` shows what it takes.\n")
    }

    /// Runs the command under a pseudo-terminal (`script`), as a person at a terminal would.
    func onATerminal(_ arguments: [String], environment extra: [String: String] = [:]) throws -> String {
        let line = ([Homescreen.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let result = try Shell.run("script -qec \"\(line)\" /dev/null", environment: Homescreen.environment(store: store, extra))
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test func pantryListSaysStatesInWordsOnATerminal() throws {
        for (name, due) in [("Milk", "2026-11-20"), ("Spinach", "2026-11-26"), ("Rice", "2027-06-01"), ("Salt", "2027-01-01")] {
            #expect(try Homescreen.run(["pantry", "add", name, "--due", due], store: store).status == 0)
        }
        #expect(try Homescreen.run(["pantry", "consume", "--product", "4"], store: store).status == 0)
        let today = ["pantry", "list", "--today", "2026-11-25"]
        let english = try onATerminal(today)
        #expect(english.contains("2026-11-20  expired\n") && english.contains("2026-11-26  due soon\n") && english.contains("2027-06-01  fresh\n")
                && english.contains("2027-01-01  out of stock\n"), "\(english)")
        #expect(!english.contains("dueSoon") && !english.contains("empty"), "\(english)")
        let french = try onATerminal(today, environment: ["LANG": "fr_FR.UTF-8"])
        #expect(french.contains("2026-11-26  bientôt périmé\n") && french.contains("2027-01-01  épuisé\n"), "\(french)")
        // Issue 51, point 8: into a pipe too, words in the interface's language under a header
        // row (a script reads --json).
        let piped = try Homescreen.run(today, store: store)
        #expect(piped.stdout.contains("2026-11-26  due soon\n") && piped.stdout.contains("2027-01-01  out of stock\n"), "\(piped.stdout)")
        #expect(!piped.stdout.contains("dueSoon") && !piped.stdout.contains("empty"), "\(piped.stdout)")
        let header = piped.stdout.components(separatedBy: "\n").first ?? ""
        #expect(header.split(separator: " ", omittingEmptySubsequences: true) == ["#", "Product", "Amount", "Due", "State"], "\(header)")
        let italian = try Homescreen.run(today, store: store, environment: ["LANG": "it_IT.UTF-8"]).stdout
        #expect(italian.hasPrefix("#      Prodotto") && italian.contains("Scadenza    Stato\n") && italian.contains("2027-01-01  esaurito\n"), "\(italian)")
        let none = try Homescreen.run(today, store: folder.path("empty.sqlite"), environment: ["LANG": "fr_FR.UTF-8"]).stdout
        #expect(none.hasPrefix("Aucun produit ; ajoutez-en un"), "\(none)")
        // The config file's locale is the interface's language too, as for the dashboard and
        // render (pantry list read LANG alone).
        let config = folder.path("config")
        try FileManager.default.createDirectory(atPath: config + "/homescreen", withIntermediateDirectories: true)
        try "locale = \"vi\"\n".write(toFile: config + "/homescreen/config.toml", atomically: true, encoding: .utf8)
        let configured = try Homescreen.run(today, store: store, environment: ["LANG": "C.UTF-8", "XDG_CONFIG_HOME": config]).stdout
        #expect(configured.hasPrefix("#      Sản phẩm") && configured.contains("Trạng thái\n"), "\(configured)")
        let doctor = try Homescreen.run(["doctor"], store: store, environment: ["LANG": "C.UTF-8", "XDG_CONFIG_HOME": config]).stdout
        #expect(doctor.contains("language  vi "), "\(doctor)")
        let json = try Homescreen.run(today + ["--json"], store: store).stdout
        #expect(json.contains("\"urgency\" : \"dueSoon\"") && json.contains("\"urgency\" : \"empty\""), "scripts keep their words: \(json)")
    }

    @Test func moneyIsWrittenTheOneWayTheWidgetsWriteIt() throws {
        func run(_ arguments: [String], _ language: String = "C.UTF-8", store: String? = nil) throws -> String {
            let result = try Homescreen.run(arguments, store: store ?? self.store, environment: ["LANG": language])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            return result.stdout
        }
        // CLDR's English: the code, a no-break space, the amount with its thousands separator.
        #expect(try run(["budget", "set", "2026-11", "--limit", "2000", "--currency", "CHF"]) == "budget for 2026-11: CHF\u{A0}2,000.00\n")
        #expect(try run(["expense", "add", "12,50", "--note", "Lunch", "--date", "2026-11-03"]) == "added expense 1: CHF\u{A0}12.50 on 2026-11-03 (Lunch)\n")
        #expect(try run(["expense", "list", "--month", "2026-11"]) == "1       2026-11-03  CHF\u{A0}12.50         Lunch\n")
        #expect(try run(["budget", "show", "2026-11"]) == "2026-11: limit CHF\u{A0}2,000.00, spent CHF\u{A0}12.50 (1%), available CHF\u{A0}1,987.50, 1 expense\n")
        // In the interface's locale, as CLDR 47 writes it (fr_CH: narrow no-break spaces between
        // thousands, the code after; it_IT: the code after).
        #expect(try run(["budget", "show", "2026-11"], "fr_CH.UTF-8") == "2026-11: limit 2\u{202F}000,00\u{A0}CHF, spent 12,50\u{A0}CHF (1%), available 1\u{202F}987,50\u{A0}CHF, 1 expense\n")
        #expect(try run(["expense", "remove", "1"], "it_IT.UTF-8") == "removed expense 1: 12,50\u{A0}CHF on 2026-11-03 (Lunch)\n")
        // A month without a budget is shown in its expenses' currency (EUR), not the locale's (CHF).
        let euros = folder.path("euros.sqlite")
        #expect(try run(["expense", "add", "8", "--date", "2025-02-03"], "it_IT.UTF-8", store: euros) == "added expense 1: 8,00\u{A0}€ on 2025-02-03\n")
        let february = try run(["budget", "show", "2025-02"], "fr_CH.UTF-8", store: euros)
        #expect(february.hasSuffix("; spent 8,00\u{A0}€ in 1 expense\n"), "\(february)")
        let json = try run(["budget", "show", "2025-02", "--json"], "fr_CH.UTF-8", store: euros)
        #expect(json.contains("\"currency\" : \"EUR\"") && json.contains("\"spent\" : \"8.00\""), "JSON keeps its machine form: \(json)")
    }

    /// README, "Commands": the exit status contract, the words the man page says.
    static func readmeContract() throws -> String {
        let readme = try String(contentsOfFile: SourceRoot.path("README.md"), encoding: .utf8)
        return readme.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theManualSectionsHaveTheKeysTheReadmesExitStatusAndSeeAlso() throws {
        let sections = try Homescreen.run(["--experimental-manual-sections"], store: nil)
        #expect(sections.status == 0)
        let text = sections.stdout
        let headings = text.split(separator: "\n").filter { $0.hasPrefix(".Sh") }
        #expect(headings == [".Sh KEYS", ".Sh \"EXIT STATUS\"", ".Sh \"SEE ALSO\""])
        // The dashboard's default keys, from its key table: a kind's (c), the dashboard's own (t, ?, q).
        for (keys, line) in [(".It Sy \\&c", "consume one unit of the first-expiring product"), (".It Sy \\&t", "next theme (next-theme)."),
                             (".It Sy \\&?", "this help (help)."), (".It Sy \\&q Ns , Sy \\&Ctrl-C", "quit (quit).")] {
            #expect(text.contains(keys + "\n" + line), "\(keys): \(text)")
        }
        // EXIT STATUS: 0, 1 and 2 as the README's Commands section says them, and nothing else numbered.
        let contract = try Self.readmeContract()
        #expect(contract.contains("Exit status: **0** success, **1** runtime failure (the store, the terminal), **2** bad usage or bad input. "
                                  + "Errors are one sentence on stderr naming the value and what is accepted; bad input writes nothing (the store is not even created)."))
        let exit = text.components(separatedBy: ".Sh \"EXIT STATUS\"\n")[1].components(separatedBy: ".Sh")[0]
        #expect(exit.hasPrefix(".Bl -tag -width Ds\n.It 0\nSuccess.\n.It 1\nRuntime failure (the store, the terminal).\n.It 2\nBad usage or bad input.\n.El\n"
                               + "Errors are one sentence on stderr naming the value and what is accepted; bad input writes nothing (the store is not even created).\n"), "\(exit)")
        for page in ["tmux 1", "sqlite3 1", "khal 1", "homescreen-config 5"] { #expect(text.contains(".Xr \(page)"), "\(page)") }
    }
}
