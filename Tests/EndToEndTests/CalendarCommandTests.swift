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

    /// 2026's holidays, written from the Labour Code (Article 112: 1/1, 30/4, 1/5, 2/9 solar and
    /// 10/3 lunar off, Tết's first day with them) and from vnlunar's lunar months
    /// (Tests/CalendarTests/Vectors/lunar-months.csv) for the lunar ones; Giao thừa is the day
    /// before Tết, the 29th of Ất Tỵ's twelfth month.
    static let holidays2026: [(date: String, name: String, dayOff: Bool)] = [
        ("2026-01-01", "Tết Dương lịch", true),
        ("2026-02-10", "Ông Công ông Táo", false),        // 23/12 Ất Tỵ
        ("2026-02-16", "Giao thừa", false),               // 29/12 Ất Tỵ
        ("2026-02-17", "Tết Nguyên Đán", true),           // 1/1 Bính Ngọ
        ("2026-03-03", "Rằm tháng Giêng", false),         // 15/1
        ("2026-04-19", "Tết Hàn thực", false),            // 3/3
        ("2026-04-26", "Giỗ Tổ Hùng Vương", true),        // 10/3
        ("2026-04-30", "Giải phóng miền Nam", true),
        ("2026-05-01", "Quốc tế Lao động", true),
        ("2026-05-31", "Phật Đản", false),                // 15/4
        ("2026-06-19", "Tết Đoan Ngọ", false),            // 5/5
        ("2026-08-19", "Thất tịch", false),               // 7/7
        ("2026-08-27", "Vu Lan", false),                  // 15/7
        ("2026-09-02", "Quốc khánh", true),
        ("2026-09-25", "Tết Trung Thu", false),           // 15/8
    ]

    @Test func theTimelineJSONListsTheYearsHolidaysAndItsDaysOff() throws {
        let folder = TemporaryFolder()
        let result = try Homescreen.run(["timeline", "calendar", "--json", "--now", "2026-01-01T08:00:00+07:00"], store: folder.path("s.sqlite"), environment: Self.saigon)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entry = try #require((document["entries"] as? [[String: Any]])?.first)
        let holidays = try #require(entry["holidays"] as? [[String: Any]])
        let in2026 = holidays.filter { ($0["date"] as? String)?.hasPrefix("2026-") == true }
        #expect(in2026.map { "\($0["date"] ?? "") \($0["name"] ?? "") \($0["dayOff"] ?? "")" }
                == Self.holidays2026.map { "\($0.date) \($0.name) \($0.dayOff ? 1 : 0)" })
        // Tết Bính Ngọ's announced break; 2 September alone (no announcement for 2026's second day).
        let tet = try #require(in2026.first { $0["id"] as? String == "tet" })
        #expect((tet["daysOff"] as? [String])?.first == "2026-02-14" && (tet["daysOff"] as? [String])?.last == "2026-02-22" && (tet["daysOff"] as? [String])?.count == 9)
        #expect(in2026.first { $0["id"] as? String == "national-day" }?["daysOff"] as? [String] == ["2026-09-02"])
        // The grid's days say which are off: New Year's Day is.
        let first = (entry["days"] as? [[String: Any]])?.first { $0["date"] as? String == "2026-01-01" }
        #expect(first?["dayOff"] as? Bool == true && first?["holidays"] as? [String] == ["Tết Dương lịch"])
        #expect((entry["upcoming"] as? [[String: Any]])?.first?["dayOff"] as? Bool == true)
    }

    /// 2 September 2026 in the large pane: Quốc khánh, labelled in English, and a day off.
    @Test(arguments: [("en", "Quốc khánh (National Day) · day off"), ("vi", "Quốc khánh · ngày nghỉ")])
    func theLargePaneNamesNationalDay(_ locale: String, _ line: String) throws {
        let folder = TemporaryFolder()
        let render = try Homescreen.run(["render", "calendar", "--family", "large", "--now", "2026-09-02", "--format", "plain", "--locale", locale],
                                        store: folder.path("s.sqlite"), environment: Self.saigon)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stdout.contains(line), "\(render.stdout)")
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
