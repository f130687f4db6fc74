import Foundation
import Testing
import HomescreenTestSupport
import HomescreenHosting
import HomescreenWidgets

/// The shell completions complete values, asked of the built binary as bash asks them.
struct CompletionTests {
    let folder = TemporaryFolder()

    /// bash's answer for `line` (typed up to its end) with the generated script.
    func complete(_ line: String, _ extra: [String: String] = [:]) throws -> [String] {
        let script = folder.path("homescreen.bash")
        if !FileManager.default.fileExists(atPath: script) {
            let generated = try Homescreen.run(["--generate-completion-script", "bash"], store: nil)
            try generated.stdout.write(toFile: script, atomically: true, encoding: .utf8)
        }
        var environment = ["PATH": Homescreen.executable.deletingLastPathComponent().path + ":/usr/bin:/bin", "HOME": folder.path("home"), "LANG": "C.UTF-8"]
        environment.merge(extra) { _, new in new }
        let result = try Shell.run(BashCompletion.call(line, file: script), environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test func familiesKindsFormatsLocalesDensitiesAndDates() throws {
        #expect(try complete("homescreen render pantry --family ") == ["small", "medium", "large", "rectangular", "circular", "inline"])
        #expect(try complete("homescreen render year --family ") == ["medium", "large"])
        #expect(try complete("homescreen render ") == WidgetCatalog.standard.kinds.map(\.rawValue))
        #expect(try complete("homescreen status --format ") == ["tmux", "ansi", "plain", "json"])
        #expect(try complete("homescreen render card --locale ") == ["en", "fr", "it", "vi"])
        #expect(try complete("homescreen run --density ") == ["regular", "compact"])
        #expect(try complete("homescreen pantry add Milk --due tom") == ["tomorrow"])
        #expect(try complete("homescreen budget set 2026-11 --currency CH") == ["CHF"])
    }

    @Test func themesIncludeTheUsersOwn() throws {
        let themes = folder.path("config/homescreen/themes")
        try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
        try "name = \"mine\"\n".write(toFile: themes + "/mine.toml", atomically: true, encoding: .utf8)
        #expect(try complete("homescreen render pantry --theme ", ["XDG_CONFIG_HOME": folder.path("config")]) == ["dark", "mine", "high-contrast", "light"])
    }

    @Test func idsComeFromTheStoreOnTheLine() throws {
        let private_ = folder.path("private")
        try FileManager.default.createDirectory(atPath: private_, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = private_ + "/s.sqlite"
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "tomorrow"], store: store).status == 0)
        #expect(try Homescreen.run(["pantry", "add", "Rice", "--due", "+1m"], store: store).status == 0)
        #expect(try Homescreen.run(["card", "add", "--first", "Lan", "--last", "Nguyen"], store: store).status == 0)
        #expect(try complete("homescreen pantry remove --store \(store) ") == ["1", "2"])
        #expect(try complete("homescreen card select ", ["HOMESCREEN_STORE": store]) == ["1"])
        // A store that does not exist is not created by completing.
        #expect(try complete("homescreen pantry remove --store \(private_)/none.sqlite ") == [])
        #expect(!FileManager.default.fileExists(atPath: private_ + "/none.sqlite"))
    }

    @Test func filePathsForStoreConfigAndPublish() throws {
        let script = try Homescreen.run(["--generate-completion-script", "zsh"], store: nil).stdout
        #expect(script.contains("--store[") && script.contains(":_files"))
        let fish = try Homescreen.run(["--generate-completion-script", "fish"], store: nil).stdout
        #expect(fish.contains("-l 'family'") && fish.contains("---completion render -- --family"))
        let files = folder.path("files")
        try FileManager.default.createDirectory(atPath: files, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: files + "/snapshot.json", contents: Data())
        #expect(try complete("homescreen publish budget \(files)/sn") == ["\(files)/snapshot.json"])
        #expect(try complete("homescreen render pantry --store \(files)/sn") == ["\(files)/snapshot.json"])
    }
}
