import Foundation
import Testing
import HomescreenTestSupport

/// Every shell example in README.md runs, in order, on one store that the README's own
/// `homescreen demo` fills: each line of a ```sh block exits 0 (the dashboard's lines run in
/// tmux and quit with q), and each `$ command` of a transcript block prints exactly what the
/// README shows under it. The install lines install into a temporary HOME with the binary the
/// tests were built with.
struct ReadmeExampleTests {
    struct Example {
        let line: String
        /// What a transcript shows under the command; nil for a ```sh line.
        let expected: String?
    }

    static func examples() throws -> [Example] {
        let text = try String(contentsOfFile: SourceRoot.path("README.md"), encoding: .utf8)
        var examples: [Example] = [], fence: String?, transcript: [String] = []
        func flushTranscript() {
            var command: String?, output: [String] = []
            func add() {
                if let command {
                    while output.last?.isEmpty == true { output.removeLast() }
                    examples.append(Example(line: command, expected: output.joined(separator: "\n")))
                }
            }
            for line in transcript {
                if line.hasPrefix("$ ") { add(); command = String(line.dropFirst(2)); output = [] } else { output.append(line) }
            }
            add()
            transcript = []
        }
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("```") {
                if fence == nil { fence = String(line.dropFirst(3)) } else { if fence == "" { flushTranscript() }; fence = nil }
                continue
            }
            switch fence {
            case "sh": if !line.trimmingCharacters(in: .whitespaces).isEmpty { examples.append(Example(line: line, expected: nil)) }
            case "": transcript.append(line)
            default: break
            }
        }
        return examples
    }

    /// `homescreen`, `homescreen --demo`, `homescreen run …`: the dashboard, which needs a terminal.
    static func dashboardArguments(_ line: String) -> [String]? {
        let words = (line.components(separatedBy: " #").first ?? line).split(separator: " ").map(String.init)
        guard words.first == "homescreen" else { return nil }
        let rest = Array(words.dropFirst())
        guard rest.isEmpty || rest[0] == "run" || (rest[0].hasPrefix("-") && !["--version", "--help", "-h", "--generate-completion-script"].contains(rest[0])) else {
            return nil
        }
        return rest
    }

    @Test func everyShellExampleRuns() throws {
        let examples = try Self.examples()
        #expect(examples.filter { $0.expected == nil }.count >= 15 && examples.contains { $0.expected != nil })
        #expect(examples.contains { $0.line.hasPrefix("scripts/install.sh") })

        let folder = TemporaryFolder()
        let private_ = folder.path("private")
        try FileManager.default.createDirectory(atPath: private_, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let store = private_ + "/store.sqlite"
        let home = folder.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let bin = folder.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: bin + "/homescreen", withDestinationPath: Homescreen.executable.path)
        let environment = ["PATH": "\(bin):\(home)/.local/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "TZ": "Europe/Zurich",
                           "TERM": "dumb", "HOMESCREEN_STORE": store, "XDG_CONFIG_HOME": home + "/.config", "XDG_STATE_HOME": home + "/.local/state",
                           "HOMESCREEN_INSTALL_BINARY": Homescreen.executable.path, "MANPAGER": "cat"]

        for example in examples {
            if let arguments = Self.dashboardArguments(example.line) {
                let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: store, arguments: arguments,
                                                  environment: ["XDG_STATE_HOME": home + "/.local/state"], configHome: home + "/.config")
                defer { dashboard.stop() }
                #expect(dashboard.wait { $0.contains("? help") }, "\(example.line): \(dashboard.text)")
                dashboard.send("q")
                #expect(dashboard.exitStatus() == 0, "\(example.line)")
                continue
            }
            let result = try Shell.run(example.line, environment: environment, in: SourceRoot.url.path)
            #expect(result.status == 0, "README: \(example.line)\n\(result.stderr)")
            if let expected = example.expected {
                let shown = result.stdout.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                    .joined(separator: "\n").trimmingCharacters(in: .newlines)
                #expect(shown == expected, "README: \(example.line) prints\n\(result.stdout)")
            }
        }
        // The README's install was undone by its uninstall.
        #expect(!FileManager.default.fileExists(atPath: home + "/.local/bin/homescreen"))
    }
}
