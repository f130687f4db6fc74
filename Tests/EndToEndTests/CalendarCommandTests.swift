import Foundation
import Testing
import HomescreenTestSupport

/// `render`, `timeline` and `status` for the calendar, which needs no store.
struct CalendarCommandTests {
    static let saigon = ["TZ": "Asia/Ho_Chi_Minh"]

    @Test func theTimelineJSONHasEveryDayAndReloadsAtMidnight() throws {
        let folder = TemporaryFolder()
        let result = try Homescreen.run(["timeline", "calendar", "--json", "--now", "2026-02-17T08:00:00+07:00"], store: folder.path("s.sqlite"), environment: Self.saigon)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let policy = try #require(document["policy"] as? [String: Any])
        #expect(policy["type"] as? String == "after" && policy["date"] as? String == "2026-02-18T00:00:00+07:00")
        let entry = try #require((document["entries"] as? [[String: Any]])?.first)
        #expect(entry["monthName"] as? String == "Tháng 2, 2026" && entry["lunarMonthName"] as? String == "Tháng Giêng Bính Ngọ")
        #expect((entry["days"] as? [[String: Any]])?.count == 42)
        #expect(entry["solarTerm"] as? String == "Lập xuân")
        #expect((entry["holidays"] as? [[String: Any]])?.first?["name"] as? String == "Tết Nguyên Đán")
        #expect(!FileManager.default.fileExists(atPath: folder.path("s.sqlite")), "the calendar reads no store")
    }

    @Test func renderAndStatusShowTodaysLunarDate() throws {
        let folder = TemporaryFolder()
        let render = try Homescreen.run(["render", "calendar", "--family", "medium", "--now", "2025-07-25", "--format", "plain", "--locale", "vi"], store: folder.path("s.sqlite"), environment: Self.saigon)
        #expect(render.status == 0)
        #expect(render.stdout.contains("Tháng 7, 2025") && render.stdout.contains("Tháng Sáu nhuận Ất Tỵ") && render.stdout.contains("1/6N"))
        let status = try Homescreen.run(["status", "calendar", "--now", "2026-11-22T08:00:00+07:00", "--format", "plain", "--locale", "vi"], store: folder.path("s.sqlite"), environment: Self.saigon)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("CN 22/11") && status.stdout.contains("Âm lịch 14/10 Bính Ngọ"), "\(status.stdout)")
        let ascii = try Homescreen.run(["render", "calendar", "--family", "inline", "--now", "2026-11-22", "--ascii", "--locale", "vi"], store: folder.path("s.sqlite"), environment: Self.saigon)
        #expect(ascii.stdout.contains("Am lich 14/10 Binh Ngo"), "\(ascii.stdout)")
    }
}
