import Foundation
import HomescreenTestSupport
import Testing

/// Issue 36, point 5: a change in place is written by `ChangeWriter` with the terminal's own
/// sequences, not by ncurses's optimiser. tmux is the terminal that judges it: after every kind
/// of change, what the pane shows must be what a full repaint (SIGCONT: the screen cleared and
/// every cell that is not blank drawn again, from the frame alone) shows,
/// under each terminal type's sequences; and the consume that empties the first product sends
/// at most 1.25× the lower bound of its changed cells (`scripts/bytes-bound.py`): bytes, counted.
@Suite(.serialized)
struct DirectOutputTests {
    static func demo(_ folder: TemporaryFolder) throws -> String {
        let store = folder.path("demo.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        return store
    }

    /// Each TERM's sequences; without colors (NO_COLOR: reverse video stands in for backgrounds
    /// and some foregrounds, so a blank is not always blank in another pen); xterm-kitty, whose
    /// `sgr` cannot say dim (ncurses then never shows it, and neither may the writer).
    @Test(arguments: [("xterm-256color", false), ("tmux-256color", false), ("screen", false), ("linux", false), ("xterm-direct", false),
                      ("rxvt-unicode-256color", false), ("xterm-kitty", false), ("xterm-256color", true)])
    func everyChangeInPlaceLeavesWhatARepaintDraws(term: String, noColor: Bool) throws {
        let folder = TemporaryFolder()
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: try Self.demo(folder),
                                          environment: ["TERM": term].merging(noColor ? ["NO_COLOR": "1"] : [:]) { $1 },
                                          configHome: folder.url.path)
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("? help") }, "\(term): \(dashboard.text)")
        let pid = try #require(dashboard.dashboardPID)
        // Consumes that move the list, an undo, focus, a form typed into and left, the help,
        // privacy, a theme and back, a product written by another process.
        let steps: [(String, () -> Void)] = [
            ("c", { dashboard.send("c") }), ("c", { dashboard.send("c") }), ("u", { dashboard.send("u") }),
            ("Tab", { dashboard.send("Tab") }), ("Tab", { dashboard.send("Tab") }),
            ("n and a name", { dashboard.send("n"); dashboard.type("Gruyère 🧀") }), ("Escape", { dashboard.send("Escape") }),
            ("?", { dashboard.send("?") }), ("Escape", { dashboard.send("Escape") }),
            ("p", { dashboard.send("p") }), ("p", { dashboard.send("p") }),
            ("t", { dashboard.send("t") }), ("t", { dashboard.send("t") }),
            ("Enter", { dashboard.send("Enter") }), ("Down", { dashboard.send("Down") }), ("Escape", { dashboard.send("Escape") }),
            ("pantry add", { _ = try? Homescreen.run(["pantry", "add", "Ají amarillo", "--due", DashboardTests.day(-3)], store: dashboard.store) }),
        ]
        for (name, step) in steps {
            // Each step changes the screen: wait for the change, then for the drawing to settle.
            let before = dashboard.cells()
            step()
            _ = TmuxCommandTests.wait(timeout: 5) { dashboard.cells() != before }
            let shown = dashboard.settledCells()
            kill(pid, SIGCONT)
            usleep(250_000)
            let repainted = dashboard.settledCells()
            let difference = Self.difference(shown, repainted)
            #expect(difference.isEmpty, "\(term)\(noColor ? " NO_COLOR" : ""), after \(name): the screen differs from a repaint\n\(difference)")
        }
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
        DashboardTests.expectSaneTerminal(dashboard)
    }

    /// The rows of two captures whose cells look different: the same characters, and for each
    /// its colours and attributes, except that a blank shows only its background, underline and
    /// reverse (the plan lets blanks take their neighbours' pen). "" when they look the same.
    static func difference(_ first: String, _ second: String) -> String {
        let a = visible(first), b = visible(second)
        guard a.count == b.count else { return "\(a.count) rows against \(b.count)" }
        let rows = (first.components(separatedBy: "\n"), second.components(separatedBy: "\n"))
        return a.indices.filter { a[$0] != b[$0] }.prefix(3)
            .map { "row \($0):\n  \(rows.0[$0].debugDescription)\n  \(rows.1[$0].debugDescription)" }.joined(separator: "\n")
    }

    /// Each cell of each row of a `capture-pane -e` as its character and what of its look shows
    /// (the pen carries over from one row to the next); blanks at the end of a row in the
    /// default look are dropped.
    static func visible(_ capture: String) -> [[String]] {
        var rows: [[String]] = [[]], foreground = "", background = "", attributes = Set<Int>()
        var scalars = Array(capture.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\n" { rows.append([]); continue }
            guard scalar == "\u{1B}" else {
                let shown = scalar == " " ? "bg\(background) \(attributes.intersection([4, 7]).sorted())"
                    : "\(scalar) fg\(foreground) bg\(background) \(attributes.sorted())"
                rows[rows.count - 1].append(shown)
                continue
            }
            // CSI parameters m: the only sequences capture-pane writes.
            _ = scalars.popFirst()
            var parameters = ""
            while let next = scalars.popFirst(), next != "m" { parameters.unicodeScalars.append(next) }
            var values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
            if values.isEmpty { values = [0] }
            while let value = values.popFirst() {
                switch value {
                case 0: (foreground, background, attributes) = ("", "", [])
                case 38, 48:
                    let kind = values.popFirst() ?? 0
                    let color = (kind == 5 ? [values.popFirst() ?? 0] : [values.popFirst() ?? 0, values.popFirst() ?? 0, values.popFirst() ?? 0])
                        .map(String.init).joined(separator: ",")
                    if value == 38 { foreground = color } else { background = color }
                case 39: foreground = ""
                case 49: background = ""
                case 30...37, 90...97: foreground = "\(value)"
                case 40...47, 100...107: background = "\(value)"
                default: attributes.insert(value)
                }
            }
        }
        return rows.map { row in
            var row = row
            while let last = row.last, last == "bg []" { row.removeLast() }
            return row
        }
    }

    /// The same on a plain pseudo-terminal, read by another emulator (pyte, through
    /// `scripts/pty-harness.py`'s `repaint` step), where the driver's output settings are the
    /// program's own and no tmux sits between.
    @Test(arguments: ["xterm-256color", "xterm", "linux"])
    func onAPlainPtyTooEveryChangeLeavesWhatARepaintDraws(term: String) throws {
        let steps = ["wait ─ Pantry", "repaint", "send c", "wait Consumed", "repaint", "send c", "repaint", "send u", "repaint",
                     "send \\t", "repaint", "send \\t", "repaint", "send n", "wait Esc cancel", "send Gruyere", "repaint",
                     "send \\x1b", "gone Esc cancel", "repaint", "send ?", "repaint", "send \\x1b", "repaint",
                     "send p", "repaint", "send p", "repaint", "send t", "repaint"]
        let (status, output) = try PlainPtyMouseTests.play(steps, term: term)
        #expect(status == 0, "\(term):\n\(output)")
    }

    /// A terminal another program left non-blocking, over a link too slow for the frames: a
    /// write that cannot go on is waited for, then given up and the next frame repainted, so
    /// what the terminal shows at the end is still a whole frame, never a change half sent.
    @Test func aTerminalThatStopsTakingBytesGetsAWholeFrameWhenItTakesThemAgain() throws {
        var steps = ["wait ─ Pantry", "stall"]
        for _ in 0..<60 { steps += ["send c", "pause 0.05", "send u", "pause 0.05"] }
        steps += ["pause 2", "resume", "send p", "pause 1", "repaint", "send p", "repaint"]
        let (status, output) = try PlainPtyMouseTests.play(steps, term: "xterm-256color", options: ["--nonblocking"])
        #expect(status == 0, "\(output)")
    }

    @Test func theEmptyingConsumeAt160x48IsWithinAQuarterOfItsLowerBound() throws {
        let folder = TemporaryFolder()
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: try Self.demo(folder), environment: ["TERM": "xterm-256color"],
                                          configHome: folder.url.path)
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("c: consume 1 · Milk") }, "\(dashboard.text)")
        let before = dashboard.settledCells()
        let sent = try dashboard.written(by: { dashboard.send("c") }, until: { $0.contains("Consumed 1 l of Milk") && !$0.contains("c: consume 1 · Milk") })
        let after = dashboard.settledCells()
        let files = ["before": before, "after": after].mapValues { text -> String in
            let path = folder.path(UUID().uuidString)
            FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            return path
        }
        let sentPath = folder.path("sent")
        try sent.write(to: URL(fileURLWithPath: sentPath))
        let result = try Spawn.run("/usr/bin/python3", [SourceRoot.path("scripts/bytes-bound.py"), files["before"]!, files["after"]!, sentPath, "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any], "\(result)")
        let bound = try #require(json["bound"] as? Int), bytes = try #require(json["sent"] as? Int)
        // The list moved: many cells changed, and ncurses's own sending was 1.28× the bound.
        #expect(bound > 500, "\(result)")
        #expect(Double(bytes) <= 1.25 * Double(bound), "\(bytes) bytes sent against a bound of \(bound): \(result)")
    }
}
