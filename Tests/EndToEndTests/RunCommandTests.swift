import Foundation
import Testing
import HomescreenTestSupport

/// The dashboard's options and config file are checked before the terminal or the store.
struct RunCommandTests {
    @Test(arguments: [
        (["run", "--density", "huge"], "--density 'huge'"),
        (["--theme", "nope"], "theme 'nope' was not found"),
        (["run", "--now", "yesterday-ish"], "--now 'yesterday-ish'"),
        (["run", "--locale", "de"], "--locale 'de'"),
        (["run", "--colors", "many"], "--colors 'many'"),
        (["run", "--due-soon-days", "400"], "--due-soon-days 400"),
        (["run", "--config", "/nonexistent/config.toml"], "/nonexistent/config.toml"),
    ])
    func badOptionsExitTwoAndTouchNothing(arguments: [String], fragment: String) throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        let result = try Homescreen.run(arguments, store: store, environment: ["XDG_CONFIG_HOME": folder.url.path])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(FileSnapshot.bytes(store) == nil)
    }

    @Test func aBadConfigFileIsNamedWithItsKey() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data("due-soon-days = 999\n".utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let result = try Homescreen.run([], store: folder.path("store.sqlite"), environment: ["XDG_CONFIG_HOME": folder.url.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("config.toml") && result.stderr.contains("due-soon-days = 999"), "\(result.stderr)")
    }

    @Test func withoutATerminalItSaysSoAndExitsOne() throws {
        let folder = TemporaryFolder()
        let result = try Homescreen.run(["--demo"], store: folder.path("store.sqlite"), environment: ["XDG_CONFIG_HOME": folder.url.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs a terminal"), "\(result.stderr)")
    }

    @Test func helpNamesTheDashboardOptions() throws {
        let result = try Homescreen.run(["run", "--help"], store: nil)
        #expect(result.status == 0)
        for option in ["--lock-screen", "--density", "--config", "--demo", "--now", "--theme", "--locale", "--privacy", "--ascii"] {
            #expect(result.stdout.contains(option), "\(option)")
        }
        #expect(!result.stdout.contains("exit-after-first-frame"))
    }
}
