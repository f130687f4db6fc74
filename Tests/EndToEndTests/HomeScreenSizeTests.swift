import Foundation
import HomescreenTestSupport
import HomescreenHosting
import HomescreenWidgets
import Testing

/// The default demo home screen at a newcomer's terminal sizes, in tmux, under xterm-256color:
/// every pane of the catalog's home screen on page one, each framed and titled, at most a sixth
/// of the rows blank, and the key bar on the last line (issue 28 point 4).
@Suite(.serialized) struct HomeScreenSizeTests {
    /// The panes framed with a title on the screen.
    static func titled(_ text: String) -> Int { text.components(separatedBy: "╭─ ").dropFirst().filter { $0.first?.isLetter == true }.count }

    @Test(arguments: [(80, 24), (100, 30), (120, 40), (132, 43), (160, 48), (200, 60)])
    func theDemoFillsTheTerminal(columns: Int, rows: Int) throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: ["--locale", "en"],
                                          environment: ["TERM": "xterm-256color"], configHome: folder.url.path)
        let panes = WidgetCatalog.standard.home.count
        // The whole first frame: every pane and the key bar (a busy machine's capture can fall
        // between the rows of one frame).
        #expect(dashboard.wait { Self.titled($0) == panes && $0.components(separatedBy: "\n").last?.contains("? help") == true },
                "not every pane framed and titled at \(columns)×\(rows):\n\(dashboard.text)")
        let screen = dashboard.screen()
        #expect(!screen.contains { $0.contains("○") }, "pages at \(columns)×\(rows)")
        let blank = screen.filter { $0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(blank * 6 <= rows, "\(blank) of \(rows) rows blank at \(columns)×\(rows):\n\(screen.joined(separator: "\n"))")
        let bar = screen.last ?? ""
        #expect(bar.contains("? help") && bar.contains("Enter open") && bar.contains("c consume"), "no key bar at \(columns)×\(rows): \(bar)")
    }
}
