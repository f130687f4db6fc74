import Foundation
import Testing
import HomescreenTestSupport

/// `scripts/test.sh`, the README's test command, on a machine that lacks a tool the tests need:
/// where it may not install it, it names the package and stops (nothing runs, nothing is
/// skipped); with everything there, it says so.
struct TestScriptTests {
    /// A PATH that finds every command of this machine but `zbarimg`.
    static func pathWithout(_ tool: String, in folder: TemporaryFolder) throws -> String {
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        for directory in ["/usr/local/bin", "/usr/bin", "/bin"] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where name != tool {
                try? FileManager.default.createSymbolicLink(atPath: "\(bin)/\(name)", withDestinationPath: "\(directory)/\(name)")
            }
        }
        return bin
    }

    @Test func aMissingToolIsNamedAndNothingRuns() throws {
        let folder = TemporaryFolder()
        let path = try Self.pathWithout("zbarimg", in: folder)
        let result = try Shell.run("scripts/test.sh --filter PantryTests", environment: ["PATH": path, "HOME": folder.path(""), "HOMESCREEN_TEST_NO_INSTALL": "1"],
                                   in: SourceRoot.url.path)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the tests need zbar-tools") && result.stderr.contains("apt-get install zbar-tools"), "\(result.stderr)")
        #expect(!result.stdout.contains("Test run"), "no test ran")
        let check = try Shell.run("scripts/test.sh --check", environment: ["PATH": path, "HOME": folder.path("")], in: SourceRoot.url.path)
        #expect(check.status == 1 && check.stderr.contains("zbar-tools"), "--check never installs: \(check.stderr)")
    }

    @Test func withEverythingThereItSaysSo() throws {
        let result = try Shell.run("scripts/test.sh --check", environment: ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": "/tmp"], in: SourceRoot.url.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("everything the tests need is here"))
    }
}
