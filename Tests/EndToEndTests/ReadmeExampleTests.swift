import Foundation
import Testing
import HomescreenTestSupport

/// README.md is for users first (issue 49): at most 300 lines, the install and test commands in
/// its first 60 with every package the test command installs named, one screenshot that is what
/// `homescreen --demo` draws today, and examples that work. The reference it sends readers to
/// (docs/reference.md and the other pages below) has examples that work too.
///
/// Every shell example runs, in order, on one store that the README's own `homescreen demo`
/// fills: each line of a ```sh block exits 0 (the dashboard's lines run in tmux and quit with
/// q), and each `$ command` of a transcript block (a bare ``` fence) prints exactly what the page
/// shows under it. The install lines install into a temporary HOME with the binary the tests
/// were built with.
struct ReadmeExampleTests {
    /// The README, then the pages it sends readers to, whose examples run after its own.
    static let pages = ["README.md", "docs/reference.md", "docs/tmux.md", "docs/serve.md", "docs/reminders.md",
                        "docs/postgresql.md", "docs/events.md", "docs/widgets.md"]
    /// Written by `scripts/readme-screenshot.sh` between these lines.
    static let screenshotBegin = "<!-- readme-screenshot: written by scripts/readme-screenshot.sh; do not edit by hand -->"
    static let screenshotEnd = "<!-- /readme-screenshot -->"

    struct Example {
        let page: String
        let line: String
        /// What a transcript shows under the command; nil for a ```sh line.
        let expected: String?
    }

    /// A page's lines, without the empty string after its last newline.
    static func lines(_ page: String) throws -> [String] {
        var lines = try String(contentsOfFile: SourceRoot.path(page), encoding: .utf8).components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The lines inside fenced blocks, each with its fence's language ("" for a bare fence) and
    /// its line number (from 1).
    static func fenced(_ page: String) throws -> [(language: String, number: Int, line: String)] {
        var result: [(language: String, number: Int, line: String)] = [], fence: String?
        for (index, line) in try lines(page).enumerated() {
            if line.hasPrefix("```") {
                fence = fence == nil ? String(line.dropFirst(3)) : nil
                continue
            }
            if let fence { result.append((fence, index + 1, line)) }
        }
        return result
    }

    static func examples(in page: String) throws -> [Example] {
        var examples: [Example] = [], fence: String?, transcript: [String] = []
        func flushTranscript() {
            var command: String?, output: [String] = []
            func add() {
                if let command {
                    while output.last?.isEmpty == true { output.removeLast() }
                    examples.append(Example(page: page, line: command, expected: output.joined(separator: "\n")))
                }
            }
            for line in transcript {
                if line.hasPrefix("$ ") { add(); command = String(line.dropFirst(2)); output = [] } else { output.append(line) }
            }
            add()
            transcript = []
        }
        for line in try lines(page) {
            if line.hasPrefix("```") {
                if fence == nil { fence = String(line.dropFirst(3)) } else { if fence == "" { flushTranscript() }; fence = nil }
                continue
            }
            switch fence {
            case "sh": if !line.trimmingCharacters(in: .whitespaces).isEmpty { examples.append(Example(page: page, line: line, expected: nil)) }
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
        let readme = try Self.examples(in: "README.md")
        #expect(readme.filter { $0.expected == nil }.count >= 15 && readme.contains { $0.expected != nil })
        #expect(readme.contains { $0.line.hasPrefix("scripts/install.sh") })
        let examples = try Self.pages.flatMap { try Self.examples(in: $0) }

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
                #expect(dashboard.wait { $0.contains("? help") }, "\(example.page): \(example.line): \(dashboard.text)")
                dashboard.send("q")
                #expect(dashboard.exitStatus() == 0, "\(example.page): \(example.line)")
                continue
            }
            let result = try Shell.run(example.line, environment: environment, in: SourceRoot.url.path)
            #expect(result.status == 0, "\(example.page): \(example.line)\n\(result.stderr)")
            if let expected = example.expected {
                let shown = result.stdout.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
                    .joined(separator: "\n").trimmingCharacters(in: .newlines)
                #expect(shown == expected, "\(example.page): \(example.line) prints\n\(result.stdout)")
            }
        }
        // The README's install was undone by its uninstall.
        #expect(!FileManager.default.fileExists(atPath: home + "/.local/bin/homescreen"))
    }

    /// Each config file the pages show (a ```toml block that is not a theme) is one
    /// `homescreen config show` accepts.
    @Test func everyConfigExampleIsAccepted() throws {
        let folder = TemporaryFolder()
        var checked = 0
        for page in Self.pages {
            var blocks: [[String]] = [], current: [String]?
            for line in try Self.lines(page) {
                if line == "```toml" { current = [] } else if line.hasPrefix("```"), let block = current { blocks.append(block); current = nil } else { current?.append(line) }
            }
            for (index, block) in blocks.enumerated() where !block.contains("[colors]") {
                let file = folder.path("config-\(checked).toml")
                try (block.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                let result = try Homescreen.run(["config", "show", "--config", file], store: folder.path("store.sqlite"),
                                                environment: ["XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state")])
                #expect(result.status == 0, "\(page), config example \(index + 1): \(result.stderr)")
                checked += 1
            }
        }
        #expect(checked >= 2)
    }

    /// Issue 49: for users first, at most 300 lines, the install and test commands (in code
    /// blocks) in the first 60.
    @Test func theReadmeIsShortWithTheInstallAndTestCommandsFirst() throws {
        let count = try Self.lines("README.md").count
        #expect(count <= 300, "README.md has \(count) lines, more than 300: the reference belongs in docs/ and the man pages")
        let code = try Self.fenced("README.md")
        let install = code.first { $0.line.hasPrefix("scripts/install.sh") }
        let test = code.first { $0.line.hasPrefix("scripts/test.sh") }
        #expect(install != nil && install!.number <= 60, "README.md's install command is at line \(install?.number ?? 0), not within the first 60")
        #expect(test != nil && test!.number <= 60, "README.md's test command is at line \(test?.number ?? 0), not within the first 60")
    }

    /// The packages the test command installs, as `scripts/test.sh` lists them (its `need PACKAGE
    /// CHECK…` lines), are the ones the README names between its test-packages markers, within
    /// its first 60 lines: none missing, none it no longer installs.
    @Test func theReadmeNamesEveryPackageTheTestCommandInstalls() throws {
        let needed = Set(try Self.lines("scripts/test.sh").compactMap { line -> String? in
            let words = line.split(separator: " ")
            return words.count > 1 && words[0] == "need" ? String(words[1]) : nil
        })
        #expect(needed.count >= 10, "scripts/test.sh's need lines: \(needed.sorted())")
        let readme = try Self.lines("README.md")
        let begin = readme.firstIndex { $0.hasPrefix("<!-- test-packages") }, end = readme.firstIndex { $0 == "<!-- /test-packages -->" }
        guard let begin, let end, begin < end else {
            Issue.record("README.md has no <!-- test-packages … --> … <!-- /test-packages --> lines around the packages scripts/test.sh installs")
            return
        }
        #expect(end + 1 <= 60, "README.md's list of the test packages ends at line \(end + 1), not within the first 60")
        // The words in backquotes between the markers.
        let named = Set(readme[(begin + 1)..<end].joined(separator: " ").components(separatedBy: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element))
        let missing = needed.subtracting(named), extra = named.subtracting(needed)
        #expect(missing.isEmpty, "scripts/test.sh installs \(missing.sorted()), which README.md's test section does not name: add them between its test-packages markers")
        #expect(extra.isEmpty, "README.md's test section names \(extra.sorted()), which scripts/test.sh no longer installs: remove them")
    }

    /// A heading's anchor as GitHub makes it: lower case, punctuation left out, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }
            .map { $0 == " " ? "-" : Character($0) })
    }

    /// The reference moved from the README to docs/ (issue 49): every relative link of the
    /// README and of docs/*.md leads to a file that exists, and to a heading of it when it names one.
    @Test func everyLinkLeadsSomewhere() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: SourceRoot.path("docs")).filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for page in ["README.md"] + docs.sorted() {
            let folder = (page as NSString).deletingLastPathComponent
            var fence = false
            for line in try Self.lines(page) {
                if line.hasPrefix("```") { fence.toggle(); continue }
                if fence { continue }
                for piece in line.components(separatedBy: "](").dropFirst() {
                    guard let close = piece.firstIndex(of: ")") else { continue }
                    let target = String(piece[..<close])
                    if target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:") { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                    let file = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                    #expect(FileManager.default.fileExists(atPath: SourceRoot.path(file)), "\(page): the link \(target) leads to \(file), which does not exist")
                    checked += 1
                    guard parts.count == 2, file.hasSuffix(".md"), let lines = try? Self.lines(file) else { continue }
                    var inFence = false
                    let anchors = lines.filter { line in
                        if line.hasPrefix("```") { inFence.toggle() }
                        return !inFence && line.hasPrefix("#")
                    }.map { Self.anchor($0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)) }
                    #expect(anchors.contains(parts[1]), "\(page): the link \(target) names a heading \(file) does not have (\(anchors))")
                }
            }
        }
        #expect(checked >= 20)
    }

    /// The README's one screenshot is what `homescreen --demo` draws at 120×40 today:
    /// `scripts/readme-screenshot.sh --print` captures it as the script writes it into the README.
    @Test func theScreenshotIsWhatTheDemoDraws() throws {
        try MissingTool.check("/usr/bin/tmux", package: "tmux")
        let readme = try Self.lines("README.md")
        let begin = readme.firstIndex(of: Self.screenshotBegin), end = readme.firstIndex(of: Self.screenshotEnd)
        guard let begin, let end, begin + 2 < end, readme[begin + 1] == "```text", readme[end - 1] == "```" else {
            Issue.record("README.md has no screenshot block (\(Self.screenshotBegin), ```text … ```, \(Self.screenshotEnd)); scripts/readme-screenshot.sh writes it between the two marker lines")
            return
        }
        #expect(readme.filter { $0 == Self.screenshotBegin }.count == 1, "README.md has one screenshot")
        let shown = Array(readme[(begin + 2)..<(end - 1)])

        // Spawn, not Process: the script starts a tmux server, which would keep Process waiting.
        let (status, output) = try Spawn.runWithStatus("/bin/bash", ["-c", "'\(SourceRoot.path("scripts/readme-screenshot.sh"))' --print --binary '\(Homescreen.executable.path)' 2>&1"])
        #expect(status == 0, "scripts/readme-screenshot.sh --print: \(output)")
        var drawn = output.components(separatedBy: "\n")
        if drawn.last == "" { drawn.removeLast() }
        #expect(drawn.count == 40 && drawn.last?.contains("? help") == true, "the capture:\n\(output)")
        guard drawn != shown else { return }
        let row = (0..<min(shown.count, drawn.count)).first { shown[$0] != drawn[$0] } ?? min(shown.count, drawn.count)
        Issue.record("""
            README.md's screenshot is not what homescreen --demo draws at 120×40 (first difference at row \(row + 1)):
            README:  \(row < shown.count ? shown[row] : "(nothing)")
            program: \(row < drawn.count ? drawn[row] : "(nothing)")
            Run scripts/readme-screenshot.sh and review the diff.
            """)
    }
}
