import Foundation
import HomescreenTestSupport
import Testing

/// What a newcomer meets first (issue 28): the key bar follows the view and its keys can be
/// clicked; `?` in a full-screen view lists that view's keys; `--locale en` leaves no Vietnamese
/// interface word in the calendar, the lock screen or its status line.
@Suite(.serialized) struct FirstContactTests {
    /// Vietnamese interface words (names such as can chi, solar terms and holidays are allowed).
    static let vietnameseWords = ["Hôm nay", "hôm nay", "Âm lịch", "ÂL ", "Giờ hoàng đạo", "Giờ tốt", "Sắp tới", "còn ", "ngày trước", " ngày",
                                  "Tiết khí", "Tiết ", "sự kiện", "Chủ nhật", "Thứ ", "Lịch Việt", "Ngày ", "nhuận", "T2 ", " CN", "Tháng 11", "Năm "]

    static func vietnamese(in text: String) -> [String] { vietnameseWords.filter { text.contains($0) } }

    static func started(_ folder: TemporaryFolder, columns: Int = 120, rows: Int = 40, arguments: [String] = []) throws -> TmuxDashboard {
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: columns, rows: rows, store: store, arguments: ["--locale", "en"] + arguments,
                                          environment: ["TERM": "xterm-256color"], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("╭─ Pantry") && $0.contains("? help") }, "no first frame: \(dashboard.text)")
        return dashboard
    }

    @Test func theKeyBarFollowsTheViewAndAClickPressesItsKey() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        // Home: the pantry is focused, its keys are on the bar; a click on "? help" opens the help.
        let bar = dashboard.screen().last ?? ""
        let help = try #require(bar.range(of: "? help")).lowerBound
        MouseTests.click(dashboard, column: bar.distance(from: bar.startIndex, to: help), row: 39)
        #expect(dashboard.wait(timeout: 3) { $0.contains("Keys") && $0.contains("focus the next pane") }, "\(dashboard.text)")
        #expect(dashboard.screen().last?.contains("Esc close") == true, "the help's keys: \(dashboard.screen().last ?? "")")
        dashboard.send("Escape")
        // Full screen: its keys, and ? lists only what works there.
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 3) { ($0.components(separatedBy: "\n").last { !$0.isEmpty } ?? "").contains("Esc back") }, "\(dashboard.text)")
        #expect(dashboard.screen().last?.contains("c consume") == true && dashboard.screen().last?.contains("e edit") == true)
        dashboard.send("?")
        #expect(dashboard.wait(timeout: 3) { $0.contains("Keys") }, "\(dashboard.text)")
        #expect(!dashboard.text.contains("focus the next pane") && !dashboard.text.contains("open the focused pane"), "\(dashboard.text)")
        dashboard.send("Escape")
        // A form: its own keys.
        dashboard.send("n")
        #expect(dashboard.wait(timeout: 3) { _ in dashboard.screen().last?.contains("Enter save") == true }, "\(dashboard.screen().last ?? "")")
    }

    /// Issue 51, point 8: at 80×24 the key bar keeps `? help` and `q quit`; what does not fit is
    /// left out before them.
    @Test func theKeyBarKeepsHelpAndQuitAt80x24() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder, columns: 80, rows: 24)
        let bar = dashboard.screen().last ?? ""
        #expect(bar.contains("? help") && bar.trimmingCharacters(in: .whitespaces).hasSuffix("q quit"), "\(bar)")
        dashboard.send("Enter")
        #expect(dashboard.wait(timeout: 3) { _ in (dashboard.screen().last ?? "").contains("Esc back") }, "\(dashboard.text)")
        let full = dashboard.screen().last ?? ""
        #expect(full.contains("? help") && full.trimmingCharacters(in: .whitespaces).hasSuffix("q quit"), "\(full)")
    }

    @Test func theCalendarSpeaksEnglishWithLocaleEn() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.started(folder)
        #expect(Self.vietnamese(in: dashboard.text).isEmpty, "home: \(Self.vietnamese(in: dashboard.text))")
        // Tab in reading order: pantry, budget, card, then the calendar.
        dashboard.send("Tab", "Tab", "Tab", "Enter")
        #expect(dashboard.wait(timeout: 3) { $0.contains("Coming up") && $0.contains("Solar term") }, "\(dashboard.text)")
        #expect(Self.vietnamese(in: dashboard.text).isEmpty, "full screen: \(Self.vietnamese(in: dashboard.text))\n\(dashboard.text)")
        let lock = try TmuxDashboard(columns: 100, rows: 9, store: folder.path("store.sqlite"), arguments: ["--locale", "en", "--lock-screen"],
                                     environment: ["TERM": "xterm-256color"], configHome: folder.url.path)
        #expect(lock.wait(timeout: 10) { $0.contains("Lun") }, "\(lock.text)")
        #expect(Self.vietnamese(in: lock.text).isEmpty, "lock screen: \(Self.vietnamese(in: lock.text))\n\(lock.text)")
        let status = try Homescreen.run(["status", "calendar", "--locale", "en", "--format", "plain"], store: folder.path("store.sqlite"))
        #expect(status.status == 0 && Self.vietnamese(in: status.stdout).isEmpty, "status: \(status.stdout)")
        // The list of words finds them where they are.
        let vi = try Homescreen.run(["status", "calendar", "--locale", "vi", "--format", "plain"], store: folder.path("store.sqlite"))
        #expect(!Self.vietnamese(in: vi.stdout).isEmpty, "status in Vietnamese: \(vi.stdout)")
    }

    /// Issue 28 point 9, for real: without color an example is in brackets and worded as one
    /// ("e.g."), so it cannot pass for typed text, and typing replaces it; the Due field says
    /// what it accepts.
    @Test func formExamplesAreBracketedWithoutColorAndGoWhenTyping() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: 80, rows: 24, store: store, arguments: ["--locale", "en"],
                                          environment: ["TERM": "xterm-256color", "NO_COLOR": "1"], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("╭─ Pantry") }, "no first frame: \(dashboard.text)")
        dashboard.send("n")
        #expect(dashboard.wait(timeout: 3) { $0.contains("Add a product") && $0.contains("Name     [e.g. Milk]") && $0.contains("Unit     [e.g. kg]") },
                "\(dashboard.text)")
        dashboard.type("Rice")
        #expect(dashboard.wait(timeout: 3) { $0.contains("Name    Rice ") && !$0.contains("Milk]") }, "\(dashboard.text)")
        for _ in 0..<3 { dashboard.send("Tab") }
        #expect(dashboard.wait(timeout: 3) { $0.contains("YYYY-MM-DD, tomorrow, +3d") }, "\(dashboard.text)")
        dashboard.send("Escape")
    }
}
