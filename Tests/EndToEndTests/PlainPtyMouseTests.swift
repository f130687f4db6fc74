import Foundation
import HomescreenTestSupport
import Testing

/// The mouse with no tmux in between (issue 28): the dashboard on a plain pseudo-terminal under
/// the TERMs terminals announce, its screen read by a terminal emulator (`scripts/pty-harness.py`,
/// pyte from Debian's python3-pyte: CI installs it; without it these tests fail, never skip).
@Suite(.serialized) struct PlainPtyMouseTests {
    static let harness = SourceRoot.path("scripts/pty-harness.py")

    /// Plays `steps` against the demo dashboard at 120×40 under `term`, its store in `folder`. - Returns: the harness's
    /// exit status and what it printed (the screen, when a step failed).
    static func play(_ steps: [String], term: String, options: [String] = [], folder: TemporaryFolder = TemporaryFolder()) throws -> (status: Int32, output: String) {
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let stepsFile = folder.path("steps")
        try steps.joined(separator: "\n").write(toFile: stepsFile, atomically: true, encoding: .utf8)
        // A clean environment, as TmuxDashboard gives: no user config, a fixed zone and clock.
        let environment = ["HOME=\(folder.url.path)", "XDG_CONFIG_HOME=\(folder.url.path)", "XDG_STATE_HOME=\(folder.url.path)",
                           "TZ=Europe/Zurich", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "TERM=\(term)"]
        return try Spawn.runWithStatus("/usr/bin/python3", [harness, "--steps", stepsFile] + options + ["--", "/usr/bin/env", "-i"] + environment
                                       + [Homescreen.executable.path, "--store", store, "--locale", "en", "--now", "2026-11-24T10:00"])
    }

    /// A click on the card pane focuses it (a second one opens it); under xterm's entries the
    /// report starts with their `kmous`, which ncurses swallowed.
    @Test(arguments: ["xterm-256color", "xterm", "alacritty", "xterm-kitty", "foot"])
    func aClickFocusesTheCardPane(_ term: String) throws {
        let (status, output) = try Self.play(["wait ─ Lan", "click ─ Lan 1 3", "pause 0.3", "gone Esc back",
                                              "click ─ Lan 1 3", "wait Esc back", "wait Lan Nguyen"], term: term)
        #expect(status == 0, "\(term):\n\(output)")
    }

    /// Three wheel notches down in the full-screen pantry select the fourth product, which `c`
    /// consumes; three up, the first again.
    @Test(arguments: ["xterm-256color", "xterm"])
    func theWheelMovesTheFullScreenPantrySelection(_ term: String) throws {
        let (status, output) = try Self.play(["wait ─ Pantry", "send \\r", "wait Esc back", "wheel down 3", "pause 0.3", "send c",
                                              "wait of Chicken breast", "wheel up 3", "pause 0.3", "send c", "wait of Milk"], term: term)
        #expect(status == 0, "\(term):\n\(output)")
    }

    /// The harness itself fails when the screen never shows what a step waits for.
    @Test func theHarnessFailsAStepThatDoesNotHappen() throws {
        let (status, output) = try Self.play(["wait ─ Pantry", "wait No such words"], term: "xterm-256color")
        #expect(status != 0 && output.contains("step failed: wait No such words"), "\(output)")
    }
}
