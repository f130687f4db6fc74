import Foundation
import Testing
import HomescreenRender
import HomescreenRuntime
import HomescreenWidgetCore
import HomescreenWidgets
import HomescreenTestSupport

/// The state file, the config and the themes are read only up to a limit: a 200 MB file (here
/// sparse, so the test writes nothing) is refused with a sentence after a stat, not loaded.
struct BoundedReadTests {
    /// A file of `size` bytes that holds a valid start (TOML a reader would take).
    static func large(_ path: String, size: Int64, start: String) throws {
        FileManager.default.createFile(atPath: path, contents: Data(start.utf8))
        #expect(truncate(path, off_t(size)) == 0)
    }

    @Test func aHugeStateFileIsNotReadAndSaysWhy() throws {
        let folder = TemporaryFolder()
        let path = folder.path("state.toml")
        try Self.large(path, size: 200_000_000, start: "theme = \"light\"\n")
        let choices = RememberedChoices.load(path: path)
        #expect(choices.theme == nil)
        #expect(choices.ignored == "it is 200000000 bytes, over the 64 KiB a state file may have, so it was not read; the dashboard writes it anew with your next theme or privacy choice")
        // At the limit it is read.
        try Self.large(path, size: Int64(RememberedChoices.maximumBytes), start: "theme = \"light\"\n")
        #expect(RememberedChoices.load(path: path).theme == "light" && RememberedChoices.load(path: path).ignored == nil)
    }

    @Test func aHugeConfigIsRefusedWithASentence() throws {
        let folder = TemporaryFolder()
        let path = folder.path("config.toml")
        try Self.large(path, size: 200_000_000, start: "store = \"/elsewhere.sqlite\"\n")
        #expect(throws: ConfigError("the config file \(path) is 200000000 bytes; a config file is at most 1 MiB, so it was not read.")) {
            try DashboardConfig.load(path: path, explicit: true, catalog: .standard)
        }
        #expect(throws: ConfigError.self) { try DashboardConfig.load(path: path, explicit: false, catalog: .standard) }
    }

    @Test func aHugeThemeIsRefusedWithASentence() throws {
        let folder = TemporaryFolder()
        let path = folder.path("big.toml")
        try Self.large(path, size: 50_000_000, start: "name = \"big\"\n")
        #expect { try ThemeLibrary(folders: [folder.url.path]).theme(named: "big") } throws: { error in
            "\(error)" == "the theme file \(path) is 50000000 bytes; a theme is at most 256 KiB, so it was not read."
        }
    }

    @Test func aFIFOIsNotWaitedOn() throws {
        let folder = TemporaryFolder()
        let path = folder.path("config.toml")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(BoundedFile.read(path, limit: 10) == .unreadable)
        #expect(BoundedFile.read(folder.path("none"), limit: 10) == .missing)
    }
}
