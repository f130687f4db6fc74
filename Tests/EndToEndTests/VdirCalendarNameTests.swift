import Foundation
import HomescreenTestSupport
import Testing

/// A vdir's `displayname` shows where its events are listed, and `doctor` lays the vdirs out
/// one line each, with one indented line per skipped file (a new user's findings after issue 54).
struct VdirCalendarNameTests {
    @Test func eventListNamesTheCalendarInTextAndJSON() throws {
        let folder = TemporaryFolder()
        let calendar = folder.path("family")
        try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        try "Gia đình\n".write(toFile: calendar + "/displayname", atomically: true, encoding: .utf8)
        try "#ff8800\n".write(toFile: calendar + "/color", atomically: true, encoding: .utf8)
        try VdirEventNamingTests.file("lop-1", "Họp lớp", "20261130").write(toFile: calendar + "/lop-1.ics", atomically: true, encoding: .utf8)
        let store = folder.path("store.sqlite")
        let environment = try VdirCommandTests.environment(folder, vdirs: [calendar], zone: "UTC")
        #expect(try Homescreen.run(["event", "add", "Giỗ", "--date", "2026-12-02"], store: store, environment: environment).status == 0)
        let list = try Homescreen.run(["event", "list", "--today", "2026-11-28"], store: store, environment: environment)
        #expect(list.stdout.contains("Họp lớp  · Gia đình · UID lop-1"), "\(list.stdout)")
        let json = try Homescreen.run(["event", "list", "--json", "--today", "2026-11-28"], store: store, environment: environment).stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        let vdir = try #require(items.first { $0["uid"] as? String == "lop-1" })
        let own = try #require(items.first { $0["title"] as? String == "Giỗ" })
        #expect(vdir["calendar"] as? String == "Gia đình", "\(json)")
        #expect(own["calendar"] is NSNull, "null for the store's own event: \(json)")
    }

    @Test func doctorPutsEachVdirAndEachSkippedFileOnItsOwnLine() throws {
        let folder = TemporaryFolder()
        let family = folder.path("family"), work = folder.path("work")
        for vdir in [family, work] { try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true) }
        for index in 0..<14 { try "not a calendar".write(toFile: family + "/bad\(index).ics", atomically: true, encoding: .utf8) }
        try VdirEventNamingTests.file("ok-1", "Fine", "20261130").write(toFile: work + "/ok-1.ics", atomically: true, encoding: .utf8)
        let store = folder.path("store.sqlite")
        let environment = try VdirCommandTests.environment(folder, vdirs: [family, work], zone: "UTC")
        #expect(try Homescreen.run(["event", "add", "Giỗ", "--date", "2026-12-02"], store: store, environment: environment).status == 0)
        let doctor = try Homescreen.run(["doctor"], store: store, environment: environment).stdout
        let lines = doctor.split(separator: "\n").map(String.init)
        let first = try #require(lines.firstIndex { $0.hasPrefix("calendar  1 event") }, "\(doctor)")
        #expect(lines[first + 1].hasPrefix("          vdir family (\(family)): 14 files, 0 events, ") && lines[first + 1].hasSuffix(", 14 skipped:"), "\(doctor)")
        #expect(lines[(first + 2)...(first + 11)].allSatisfy { $0.hasPrefix("            \(family)/bad") && $0.hasSuffix("it is not iCalendar (no BEGIN:VCALENDAR); skipped") },
                "\(doctor)")
        #expect(lines[first + 12] == "            and 4 more", "\(doctor)")
        #expect(lines[first + 13].hasPrefix("          vdir work (\(work)): 1 file, 1 event, "), "\(doctor)")
        #expect(lines.allSatisfy { $0.count < 200 }, "\(doctor)")
    }
}
