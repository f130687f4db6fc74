import Foundation
import HomescreenTestSupport
import Testing

/// The default demo home screen at a newcomer's terminal sizes, in tmux: every kind on page one
/// (two pages at most at 80×24), and at most a third of the rows blank.
@Suite(.serialized) struct HomeScreenSizeTests {
    // The compact calendar has no frame: its month header ("Tháng 11, 2026") marks it.
    static let titles = ["Pantry", "Budget", "Tháng", "Year overview", "─ Lan"]

    @Test(arguments: [(80, 24), (100, 30), (120, 40), (132, 43), (160, 48), (200, 60)])
    func theDemoFillsTheTerminal(columns: Int, rows: Int) throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("Pantry") && $0.contains("? help") }, "no first frame: \(dashboard.text)")
        let screen = dashboard.screen()
        let pageMarks = screen.last?.filter { $0 == "●" || $0 == "○" }.count ?? 0
        var seen = Set(Self.titles.filter { title in screen.contains { $0.contains(title) } })
        if columns == 80 {
            #expect(pageMarks <= 2, "more than two pages at 80×24")
            dashboard.send("]")
            _ = dashboard.wait(timeout: 2) { text in Self.titles.contains { !seen.contains($0) && text.contains($0) } }
            seen.formUnion(Self.titles.filter { dashboard.text.contains($0) })
        } else {
            #expect(pageMarks == 0, "pages at \(columns)×\(rows): \(screen.last ?? "")")
        }
        #expect(seen == Set(Self.titles), "missing \(Set(Self.titles).subtracting(seen)) at \(columns)×\(rows)")
        let blank = screen.filter { $0.trimmingCharacters(in: .whitespaces).isEmpty }.count
        #expect(blank * 3 <= rows, "\(blank) of \(rows) rows blank at \(columns)×\(rows):\n\(screen.joined(separator: "\n"))")
    }
}
