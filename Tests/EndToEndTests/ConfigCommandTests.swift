import Foundation
import Testing
import HomescreenTestSupport

/// `homescreen config path|show|init`.
struct ConfigCommandTests {
    let folder = TemporaryFolder()

    var environment: [String: String] {
        ["XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state"), "HOME": folder.path("home")]
    }

    @Test func pathSaysWhereEverythingIsAndWhetherItExists() throws {
        let result = try Homescreen.run(["config", "path"], store: folder.path("s.sqlite"), environment: environment)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "config  \(folder.path("config"))/homescreen/config.toml  (does not exist)")
        #expect(lines.contains("state   \(folder.path("state"))/homescreen/state.toml  (does not exist)"))
        #expect(lines.contains("themes  \(folder.path("config"))/homescreen/themes  (does not exist)"))
        #expect(lines.last == "store   \(folder.path("s.sqlite"))  (does not exist)")
    }

    @Test func initWritesACommentedStarterOnlyOnceAndShowReadsIt() throws {
        let written = try Homescreen.run(["config", "init"], store: nil, environment: environment)
        #expect(written.status == 0, "\(written.stderr)")
        let path = folder.path("config") + "/homescreen/config.toml"
        let starter = try String(contentsOfFile: path, encoding: .utf8)
        #expect(starter.contains("# theme = \"dark\""))
        // Everything is commented out, so the settings in force are the defaults…
        let shown = try Homescreen.run(["config", "show"], store: nil, environment: environment)
        #expect(shown.status == 0 && shown.stdout.contains("theme = \"dark\"                          # default"), "\(shown.stdout)")
        // …and uncommented, the starter says exactly the defaults (it cannot drift from them).
        let uncommented = starter.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("# ") && !$0.hasPrefix("# Homescreen") && $0.contains(where: { "=[]{".contains($0) }) && !$0.hasPrefix("# The") && !$0.hasPrefix("# Key") && !$0.hasPrefix("# Remove") ? String($0.dropFirst(2)) : String($0) }
            .joined(separator: "\n")
        try uncommented.write(toFile: folder.path("uncommented.toml"), atomically: true, encoding: .utf8)
        let defaults = try Homescreen.run(["config", "show", "--config", folder.path("uncommented.toml")], store: nil, environment: environment)
        #expect(defaults.status == 0, "\(defaults.stderr)\n\(uncommented)")
        let strip = { (text: String) in text.split(separator: "\n").dropFirst().map { $0.split(separator: "#").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } }
        #expect(strip(defaults.stdout) == strip(shown.stdout))
        #expect(defaults.stdout.contains("# from uncommented.toml"))

        // A second init touches nothing.
        try "theme = \"light\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let again = try Homescreen.run(["config", "init"], store: nil, environment: environment)
        #expect(again.status == 1 && again.stderr.contains("\(path) already exists"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theme = \"light\"\n")
        let light = try Homescreen.run(["config", "show"], store: nil, environment: environment)
        #expect(light.stdout.contains("theme = \"light\"                         # from config.toml"), "\(light.stdout)")
    }

    /// The starter's examples (`## `: the hledger budget, vdirs, a script widget), uncommented,
    /// are a config that reads and says them.
    @Test func theStartersExamplesAreAConfigThatReads() throws {
        #expect(try Homescreen.run(["config", "init"], store: nil, environment: environment).status == 0)
        let starter = try String(contentsOfFile: folder.path("config") + "/homescreen/config.toml", encoding: .utf8)
        let examples = starter.split(separator: "\n").filter { $0.hasPrefix("## ") }.map { $0.dropFirst(3) }.joined(separator: "\n")
        #expect(examples.contains("[budget]") && examples.contains("[calendar]") && examples.contains("[[widget]]"), "\(starter)")
        try examples.write(toFile: folder.path("examples.toml"), atomically: true, encoding: .utf8)
        let shown = try Homescreen.run(["config", "show", "--config", folder.path("examples.toml")], store: nil, environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)\n\(examples)")
        #expect(shown.stdout.contains("hledger") && shown.stdout.contains("~/.calendars/family") && shown.stdout.contains("load"), "\(shown.stdout)")
    }

    @Test func showNamesTheFileKeyAndValueOfABadSetting() throws {
        try "due-soon-days = 900\n".write(toFile: folder.path("bad.toml"), atomically: true, encoding: .utf8)
        let result = try Homescreen.run(["config", "show", "--config", folder.path("bad.toml")], store: nil, environment: environment)
        #expect(result.status == 2 && result.stderr.contains(folder.path("bad.toml")) && result.stderr.contains("900"), "\(result.stderr)")
    }
}
