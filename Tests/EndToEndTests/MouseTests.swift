import Foundation
import HomescreenTestSupport
import Testing

/// The mouse in the real dashboard: SGR reports typed into the tmux pane as a terminal sends them.
@Suite(.serialized) struct MouseTests {
    static func click(_ dashboard: TmuxDashboard, column: Int, row: Int) {
        dashboard.type("\u{1B}[<0;\(column + 1);\(row + 1)M")
        dashboard.type("\u{1B}[<0;\(column + 1);\(row + 1)m")
    }

    static func started(_ folder: TemporaryFolder, arguments: [String] = [], term: String = "tmux-256color") throws -> TmuxDashboard {
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: arguments, environment: ["TERM": term], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("─ Lan") && $0.contains("Pantry") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    /// Under the TERMs people have: xterm's entries name the SGR report's start as their mouse
    /// key (`kmous=\E[<`), which ncurses swallowed (issue 28: a click became "m: no action").
    @Test(arguments: ["tmux-256color", "xterm-256color", "xterm", "screen-256color", "alacritty", "xterm-kitty", "foot"])
    func aClickFocusesTheCardAndASecondOpensIt(_ term: String) throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, term: term)
        let screen = dashboard.screen()
        let row = try #require(screen.firstIndex { $0.contains("─ Lan") })
        let column = try #require(Array(screen[row]).firstIndex(of: "╭"))
        let cardColumn = Array(screen[row]).indices.filter { Array(screen[row])[$0] == "╭" }.last ?? column
        // The click moves the focus to the card (its frame's colour): once that is drawn, the
        // click has done all it does.
        let before = dashboard.cells()
        Self.click(dashboard, column: cardColumn + 3, row: row + 3)
        #expect(TmuxCommandTests.wait(timeout: 5) { dashboard.cells() != before }, "the click changed nothing")
        #expect(!dashboard.text.contains("Esc back"), "one click only focuses")
        Self.click(dashboard, column: cardColumn + 3, row: row + 3)
        #expect(dashboard.wait(timeout: 3) { $0.contains("Esc back") && $0.contains("Lan Nguyen") && !$0.contains("Pantry") }, "\(dashboard.text)")
    }

    /// The wheel moves the full-screen pantry's selected row (the list follows it): three
    /// notches down select the fourth product, which `c` then consumes; three up, the first.
    @Test func theWheelScrollsTheFullScreenPantry() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Esc back") && $0.contains("Milk") })
        // The keys after the wheel are read after it: no wait between them.
        for _ in 0..<3 { dashboard.type("\u{1B}[<65;20;10M") }
        dashboard.send("c")
        #expect(dashboard.wait(timeout: 3) { $0.contains("of Chicken breast") }, "the wheel did not move the selection: \(dashboard.text)")
        for _ in 0..<3 { dashboard.type("\u{1B}[<64;20;10M") }
        dashboard.send("c")
        #expect(dashboard.wait(timeout: 3) { $0.contains("of Milk") }, "\(dashboard.text)")
    }

    @Test func mouseReportsAreOnByDefaultAndOffWithNoMouseAndAfterQuitting() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        #expect(dashboard.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "11", "the dashboard asks for SGR button reports")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
        #expect(dashboard.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00", "and turns them off on the way out")
        let plain = try Self.started(TemporaryFolder(), arguments: ["--no-mouse"])
        #expect(plain.format("#{mouse_sgr_flag}#{mouse_standard_flag}") == "00", "--no-mouse leaves the terminal's selection alone")
    }
}
