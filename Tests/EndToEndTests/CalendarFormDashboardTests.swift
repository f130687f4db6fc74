import Foundation
import HomescreenTestSupport
import Testing

/// The calendar's forms and pickers in tmux at the common sizes, as a new user met them after
/// issue 54: a timed event added from the form (a bad time said under its field first), the edit
/// picker's times on the dashboard's clock with the repeat in words, a vdir's color on its marks.
struct CalendarFormDashboardTests {
    @Test(arguments: [(80, 24), (120, 40), (200, 60)])
    func aTimedEventIsAddedFromTheFormAndThePickerSaysTimesAsTheDayList(_ size: (columns: Int, rows: Int)) throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("work")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try "Work\n".write(toFile: vdir + "/displayname", atomically: true, encoding: .utf8)
        try "#ff8800\n".write(toFile: vdir + "/color", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data("home = [{ kind = \"calendar\", family = \"large\" }]\n[calendar]\nvdirs = [\"\(vdir)\"]\n".utf8)
            .write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let store = folder.path("store.sqlite")
        let environment = ["XDG_CONFIG_HOME": folder.url.path, "TZ": "Europe/Paris"]
        let call = try Homescreen.run(["event", "add", "Call with New York", "--date", "2026-11-02", "--time", "09:00", "--zone", "America/New_York",
                                       "--rule", "FREQ=WEEKLY;UNTIL=20270115T140000Z;BYDAY=MO", "--calendar", "Work"], store: store, environment: environment)
        #expect(call.status == 0, "\(call.stderr)")
        #expect(try Homescreen.run(["event", "add", "Lunch", "--date", "2026-11-30"], store: store, environment: environment).status == 0)
        let dashboard = try TmuxDashboard(columns: size.columns, rows: size.rows, store: store, arguments: ["--now", "2026-11-30T10:00:00+01:00", "--locale", "en"],
                                          environment: ["TZ": "Europe/Paris"], configHome: folder.url.path)
        #expect(dashboard.wait { $0.contains("November 2026") }, "\(dashboard.text)")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("• 15:00 Call with New York") }, "the day list: \(dashboard.text)")
        // The vdir's color on its event's mark (orange at 256 colors or truecolor).
        let colored = dashboard.screen(escapes: true).joined(separator: "\n")
        #expect(colored.contains("38;5;208m•") || colored.contains("38;2;255;136;0m•"), "\(colored)")
        dashboard.send("e")
        #expect(dashboard.wait { $0.contains("Edit an event") && $0.contains("15:00 · every week") }, "\(dashboard.text)")
        #expect(!dashboard.text.contains("FREQ") && !dashboard.text.contains("09:00"), "the dashboard's time, the repeat in words: \(dashboard.text)")
        print("CalendarFormDashboardTests \(size.columns)x\(size.rows), the edit picker:\n\(dashboard.text)")
        dashboard.send("Escape")
        #expect(dashboard.wait { !$0.contains("Edit an event") }, "\(dashboard.text)")
        dashboard.send("n")
        #expect(dashboard.wait { $0.contains("Add an event") && $0.contains("Minutes") }, "\(dashboard.text)")
        dashboard.type("Họp")
        dashboard.send("Tab", "Tab")
        #expect(dashboard.wait { $0.contains("on Europe/Paris time (this machine's TZ)") }, "the Time field's hint names the zone: \(dashboard.text)")
        dashboard.type("25:00")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("'25:00' is not a time; use HH:MM from 00:00") }, "\(dashboard.text)")
        print("CalendarFormDashboardTests \(size.columns)x\(size.rows), a bad time:\n\(dashboard.text)")
        #expect(try Homescreen.run(["event", "list", "--json", "--from", "2026-11-30", "--to", "2026-11-30"], store: store, environment: environment).stdout
                    .components(separatedBy: "\"title\"").count == 3, "nothing written")
        for _ in 0..<5 { dashboard.send("BSpace") }
        dashboard.type("18:30")
        dashboard.send("Tab")
        dashboard.type("90")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Added Họp (2026-11-30 18:30 Europe/Paris).") && $0.contains("• 18:30 Họp") }, "\(dashboard.text)")
        let listed = try Homescreen.run(["event", "list", "--json", "--from", "2026-11-30", "--to", "2026-11-30"], store: store, environment: environment).stdout
        let items = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        let added = try #require(items.first { $0["title"] as? String == "Họp" }, "\(listed)")
        #expect(added["time"] as? String == "18:30" && added["end"] as? String == "2026-11-30T20:00" && added["calendar"] is NSNull, "\(listed)")
        #expect(items.first { $0["title"] as? String == "Call with New York" }?["calendar"] as? String == "Work", "\(listed)")
        dashboard.send("Escape", "q")
        #expect(dashboard.exitStatus() == 0)
    }
}
