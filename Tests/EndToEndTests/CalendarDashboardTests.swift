import Foundation
import HomescreenRuntime
import Testing
import HomescreenTestSupport

/// The calendar in the real dashboard: started a few seconds before midnight in Saigon, it
/// moves its header and "today" by itself when the day changes, with no key pressed.
@Suite(.enabled(if: TmuxDashboard.available), .serialized)
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
        return try TmuxDashboard(columns: 140, rows: 48, store: folder.path("store.sqlite"), arguments: ["--now", now],
                                 environment: ["TZ": "Asia/Ho_Chi_Minh"], configHome: folder.url.path)
    }

    @Test func theHeaderAndTodayChangeByThemselvesAtMidnight() throws {
        let folder = TemporaryFolder()
        let dashboard = try Self.calendarDashboard(folder)
        // Before midnight the small pane shows today: Sunday the 30th, lunar 30/5 (one screen that
        // holds both, so a slow first frame on a loaded machine cannot split the checks).
        #expect(dashboard.wait { $0.contains("Tháng 6, 2030") && $0.contains("Tháng Năm Canh Tuất") && $0.contains("Chủ nhật") && $0.contains("Âm lịch 30/5") },
                "\(dashboard.text)")
        #expect(dashboard.wait(timeout: 25) { $0.contains("Tháng 7, 2030") && $0.contains("Tháng Sáu Canh Tuất") && $0.contains("Thứ hai") && $0.contains("Âm lịch 1/6") },
                "\(dashboard.text)")
        #expect(!dashboard.text.contains("Tháng 6, 2030"))
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
}
