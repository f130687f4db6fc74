import Foundation
import HomescreenTestSupport
import Testing

/// Issue 51, point 8: the README's and docs/tmux.md's tmux lines work pasted as they are into a
/// tmux config: with `homescreen` installed in `~/.local/bin` and a tmux server whose PATH lacks
/// it (run-shell and `#()` use the server's PATH: "returned 127"), and lines longer than tmux's
/// default `status-right-length` of 40. A real client draws the status line inside an outer tmux.
@Suite(.serialized) struct ReadmeTmuxLinesTests {
    /// The ```tmux blocks of a page, each as its lines.
    static func blocks(_ page: String) throws -> [[String]] {
        var blocks: [[String]] = [], last = -1
        for line in try ReadmeExampleTests.fenced(page) where line.language == "tmux" {
            if line.number != last + 1 { blocks.append([]) }
            blocks[blocks.count - 1].append(line.line)
            last = line.number
        }
        return blocks
    }

    @Test(arguments: ["README.md", "docs/tmux.md"])
    func theStatusLineShowsThePantryAndTheBudgetWhole(_ page: String) throws {
        let blocks = try Self.blocks(page)
        #expect(!blocks.isEmpty, "no tmux block in \(page)")
        for block in blocks {
            try check(block, page: page)
        }
    }

    /// The lines `homescreen tmux --help` and `homescreen status --help` give for ~/.tmux.conf
    /// work pasted too (they were `run-shell -b 'homescreen tmux'`: "returned 127", and a
    /// status-right cut at 40 columns).
    @Test(arguments: ["tmux", "status"])
    func theHelpsLinesShowThePantryAndTheBudgetWhole(_ command: String) throws {
        let help = try Homescreen.run([command, "--help"], store: nil).stdout
        let block = help.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("run-shell ") || $0.hasPrefix("set -g status-right") }
        #expect(block.contains { $0.hasPrefix("set -g status-right ") } && block.contains("set -g status-right-length 100"), "\(help)")
        try check(block, page: "homescreen \(command) --help")
    }

    func check(_ block: [String], page: String) throws {
        try #require(TmuxDashboard.available, "tmux is needed (CI installs it)")
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        // Installed as scripts/install.sh installs it: ~/.local/bin, not on the tmux server's PATH.
        let bin = folder.path(".local/bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/homescreen", withDestinationPath: Homescreen.executable.path)
        let config = folder.path("tmux.conf")
        try (block.joined(separator: "\n") + "\n").write(toFile: config, atomically: true, encoding: .utf8)
        var expected: [String] = []
        for kind in ["pantry", "budget"] {
            let line = try Homescreen.run(["status", kind, "--format", "plain"], store: store)
            expected.append(line.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        #expect(expected.joined().count > 40, "the lines together are longer than tmux's default status-right-length: \(expected)")
        let inner = "hs-test-readme-\(UUID().uuidString.prefix(8))"
        var environment: [String: String] = [:]
        if let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] { environment["TMUX_TMPDIR"] = folder }
        let outer = try TmuxDashboard(columns: 200, rows: 8, command: ["/usr/bin/tmux", "-L", inner, "-f", config, "new-session"], store: store,
                                      environment: environment, configHome: folder.url.path)
        defer {
            // By pid: a server started from the test runner inherits its blocked signals, and
            // kill-server left it running (with the `homescreen tmux` it started).
            if let pid = pid_t(((try? Spawn.run("/usr/bin/tmux", ["-L", inner, "display-message", "-p", "#{pid}"])) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
            TmuxDashboard.removeSocket(inner)
            outer.stop()
        }
        let shown = outer.wait(timeout: 20) { text in
            let status = text.components(separatedBy: "\n").last { !$0.isEmpty } ?? ""
            return expected.allSatisfy { status.contains($0) }
        }
        #expect(shown, "\(page): the status line of\n\(block.joined(separator: "\n"))\nis\n\(outer.text)\nexpected \(expected)")
        #expect(!outer.text.contains("returned"), "\(outer.text)")
    }
}
