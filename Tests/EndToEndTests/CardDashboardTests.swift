import Foundation
import HomescreenRender
import Testing
import HomescreenTestSupport

/// The card picker in the real dashboard: `s`, Down, Enter puts the second card's code on the
/// screen (zbar reads it from the captured pane), and `homescreen render card` agrees.
@Suite(.serialized)
struct CardDashboardTests {
    /// The captured screen as a picture: its text drawn dark on light, as a plain capture shows it.
    static func decode(_ lines: [String]) throws -> String? {
        var grid = CellGrid(width: lines.map(DisplayWidth.of).max() ?? 0, height: lines.count)
        for (row, line) in lines.enumerated() { grid.write(line, x: 0, y: row) }
        let light = Theme(name: "light", colors: [.text: .rgb(RGB(0x20, 0x20, 0x20))])
        return try ZBar.decode(TerminalPicture(grid, theme: light, depth: .monochrome, terminal: .lightTerminal))
    }

    @Test func thePickerChoosesTheSecondCardAndRenderAgrees() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        for arguments in [["card", "add", "--first", "Lan", "--last", "Nguyen", "--company", "Saigon Coffee", "--server-id", "4821"],
                          ["card", "add", "--first", "Marco", "--last", "Rossi", "--company", "Rossi & Figli", "--server-id", "7340"]] {
            #expect(try Homescreen.run(arguments, store: store).status == 0)
        }
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data(#"home = [{ kind = "card", family = "large" }]"#.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: 120, rows: 50, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Lan Nguyen") && $0.contains("Scan to open my card") }, "\(dashboard.text)")
        #expect(try Self.decode(dashboard.screen()) == "https://sharemycard.app/card.php?id=4821&src=qr-app")

        dashboard.send("s")
        #expect(dashboard.wait { $0.contains("Business card") && $0.contains("Marco Rossi") }, "\(dashboard.text)")
        dashboard.send("Down")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Showing Marco Rossi's card.") && !$0.contains("Business card") }, "\(dashboard.text)")
        #expect(dashboard.wait { _ in (try? Self.decode(dashboard.screen())) == "https://sharemycard.app/card.php?id=7340&src=qr-app" },
                "\(dashboard.text)")
        #expect(!dashboard.text.contains("Lan Nguyen"))

        let render = try Homescreen.run(["render", "card", "--family", "inline", "--format", "plain"], store: store)
        #expect(render.stdout == "Marco Rossi · Rossi & Figli\n")
        let large = try Homescreen.run(["render", "card", "--family", "large", "--format", "plain"], store: store)
        #expect(try Self.decode(large.stdout.components(separatedBy: "\n")) == "https://sharemycard.app/card.php?id=7340&src=qr-app")

        // Enter: the code full screen, larger, and it still scans.
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("https://sharemycard.app/card.php?id=7340&src=qr-app") }, "\(dashboard.text)")
        #expect(try Self.decode(dashboard.screen()) == "https://sharemycard.app/card.php?id=7340&src=qr-app")
        dashboard.send("Escape")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }
}
