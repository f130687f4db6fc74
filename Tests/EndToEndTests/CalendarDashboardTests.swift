import Foundation
import HomescreenRuntime
import Testing
import HomescreenTestSupport

/// The calendar in the real dashboard: started a few seconds before midnight in Saigon, it
/// moves its header and "today" by itself when the day changes, with no key pressed.
@Suite(.serialized)
struct CalendarDashboardTests {
    /// 30 June 2030 is the 30th of the fifth lunar month; 1 July 2030 starts the sixth, so at
    /// midnight both the solar and the lunar header change. It comes ten seconds after the
    /// start: room for a first frame on a loaded machine.
    static func calendarDashboard(_ folder: TemporaryFolder, now: String = "2030-06-30T23:59:50+07:00") throws -> TmuxDashboard {
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        let config = """
            home = [{ kind = "calendar", family = "medium" }, { kind = "calendar", family = "small" }]
            lock-screen = [{ kind = "calendar", family = "inline" }]
            """
        try Data(config.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        return try TmuxDashboard(columns: 140, rows: 48, store: folder.path("store.sqlite"), arguments: ["--now", now, "--locale", "vi"],
                                 environment: ["TZ": "Asia/Ho_Chi_Minh"], configHome: folder.url.path)
    }

    @Test func theHeaderAndTodayChangeByThemselvesAtMidnight() throws {
        let folder = TemporaryFolder()
        // An event the next day: the small pane's next-event line moves at midnight too.
        #expect(try Homescreen.run(["event", "add", "Họp lớp", "--date", "2030-07-01"], store: folder.path("store.sqlite")).status == 0)
        let dashboard = try Self.calendarDashboard(folder)
        #expect(dashboard.wait { $0.contains("• Họp lớp") && $0.contains("còn 1 ngày") }, "\(dashboard.text)")
        // Before midnight the small pane shows today: Sunday the 30th, lunar 30/5 (one screen that
        // holds both, so a slow first frame on a loaded machine cannot split the checks).
        #expect(dashboard.wait { $0.contains("Tháng 6, 2030") && $0.contains("Tháng Năm Canh Tuất") && $0.contains("Chủ nhật") && $0.contains("Âm lịch 30/5") },
                "\(dashboard.text)")
        #expect(dashboard.wait(timeout: 25) { $0.contains("Tháng 7, 2030") && $0.contains("Tháng Sáu Canh Tuất") && $0.contains("Thứ hai") && $0.contains("Âm lịch 1/6") },
                "\(dashboard.text)")
        #expect(!dashboard.text.contains("Tháng 6, 2030"))
        #expect(dashboard.wait { $0.contains("• Họp lớp") && $0.contains("hôm nay") && !$0.contains("còn 1 ngày") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    @Test func theMonthViewMovesWithTheArrowsAndFollowsMidnight() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.calendarDashboard(folder, now: "2030-06-30T23:59:54+07:00")
        #expect(dashboard.wait { $0.contains("Tháng 6, 2030") }, "\(dashboard.text)")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Hôm nay · Chủ nhật, 30/06/2030") && $0.contains("Tiết khí: Hạ chí") }, "\(dashboard.text)")
        #expect(dashboard.wait(timeout: 15) { $0.contains("Hôm nay · Thứ hai, 01/07/2030") && $0.contains("Tháng 7, 2030") }, "\(dashboard.text)")
        dashboard.send("PageDown")
        #expect(dashboard.wait { $0.contains("Tháng 8, 2030") && $0.contains("Thứ năm, 01/08/2030") }, "\(dashboard.text)")
        dashboard.send("Right")
        #expect(dashboard.wait { $0.contains("Thứ sáu, 02/08/2030") }, "\(dashboard.text)")
        dashboard.send("Down")
        #expect(dashboard.wait { $0.contains("Thứ sáu, 09/08/2030") }, "a week on: \(dashboard.text)")
        dashboard.send("PageUp", "PageUp")
        #expect(dashboard.wait { $0.contains("Tháng 6, 2030") && $0.contains("Thứ bảy, 01/06/2030") && $0.contains("Tháng Năm Canh Tuất") }, "\(dashboard.text)")
        dashboard.send("Escape")
        #expect(dashboard.wait { $0.contains("Tháng 7, 2030") && !$0.contains("Tiết khí") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }

    /// n and x in the month view, and another program's event appearing by itself.
    @Test func eventsAreAddedAndRemovedFromTheMonthView() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data(#"home = [{ kind = "calendar", family = "large" }]"#.utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: ["--now", "2027-04-18T10:00:00+07:00", "--locale", "en"],
                                          environment: ["TZ": "Asia/Ho_Chi_Minh"], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("April 2027") }, "\(dashboard.text)")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Today · Sunday, 18/04/2027") }, "\(dashboard.text)")
        dashboard.send("Right", "Right", "Right")
        #expect(dashboard.wait { $0.contains("Wednesday, 21/04/2027") && $0.contains("Auspicious hours") }, "\(dashboard.text)")
        dashboard.send("x")
        #expect(dashboard.wait { $0.contains("No event on this day; n adds one.") }, "\(dashboard.text)")
        dashboard.send("n")
        // The chosen day is filled in, and the repeat's hint names its lunar date.
        #expect(dashboard.wait { $0.contains("Add an event") && $0.contains("2027-04-21") && $0.contains("lunar: every year on 15/3 ÂL") },
                "\(dashboard.text)")
        dashboard.type("Giỗ ông nội")
        // Past Date, Time and Minutes to Repeat.
        dashboard.send("Tab", "Tab", "Tab", "Tab")
        dashboard.type("lunar")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added Giỗ ông nội (15/3 ÂL every lunar year).") && $0.contains("• Giỗ ông nội") }, "\(dashboard.text)")
        let listed = try Homescreen.run(["event", "list", "--from", "2028-01-01", "--to", "2028-12-31"], store: store)
        #expect(listed.stdout.hasPrefix("2028-04-09") && listed.stdout.contains("Giỗ ông nội"), "\(listed.stdout)")
        // Another program's event shows without a key.
        #expect(try Homescreen.run(["event", "add", "Rằm", "--date", "2027-04-22"], store: store).status == 0)
        // Days left count from today (the 18th), not from the chosen day.
        #expect(dashboard.wait { $0.contains("• Rằm") && $0.contains("in 4 days") }, "\(dashboard.text)")
        dashboard.send("x")
        #expect(dashboard.wait { $0.contains("Remove Giỗ ông nội (event 1) from every year?") }, "\(dashboard.text)")
        dashboard.send("y")
        #expect(dashboard.wait { $0.contains("Removed Giỗ ông nội.") }, "\(dashboard.text)")
        #expect(try Homescreen.run(["event", "list", "--from", "2027-01-01", "--to", "2029-12-31"], store: store).stdout.contains("Rằm")
                && !(try Homescreen.run(["event", "list", "--from", "2027-01-01", "--to", "2029-12-31"], store: store).stdout.contains("Giỗ")))
        dashboard.send("Escape", "q")
        #expect(dashboard.exitStatus() == 0)
    }
}
