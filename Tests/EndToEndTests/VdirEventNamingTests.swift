import Foundation
import HomescreenTestSupport
import Testing

/// A vdir's event is named by its UID on the command line: its number in `event list` is where
/// it came in one reading, so after another program's change the same number is another event's
/// (a remove by that number once deleted the wrong file).
struct VdirEventNamingTests {
    static func file(_ uid: String, _ title: String, _ day: String) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z",
         "DTSTART;VALUE=DATE:\(day)", "SUMMARY:\(title)", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test func aVdirEventsNumberIsRefusedAndItsUIDShown() throws {
        let folder = TemporaryFolder()
        let calendar = folder.path("family")
        try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        try Self.file("lop-1", "Họp lớp", "20261130").write(toFile: calendar + "/lop-1.ics", atomically: true, encoding: .utf8)
        try Self.file("alarm-2", "With an alarm", "20261201").write(toFile: calendar + "/alarm-2.ics", atomically: true, encoding: .utf8)
        let store = folder.path("store.sqlite")
        let environment = try VdirCommandTests.environment(folder, vdirs: [calendar], zone: "UTC")
        let list = try Homescreen.run(["event", "list", "--today", "2026-11-28"], store: store, environment: environment)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("vdir  Họp lớp  · family · UID lop-1") && list.stdout.contains("vdir  With an alarm  · family · UID alarm-2"), "\(list.stdout)")
        let json = try Homescreen.run(["event", "list", "--json", "--today", "2026-11-28"], store: store, environment: environment).stdout
        let id = try #require(((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])?.first(where: { $0["uid"] as? String == "alarm-2" }))?["id"] as? Int)
        for command in [["event", "remove", "--", String(id)], ["event", "edit", "--title", "X", "--", String(id)]] {
            let refused = try Homescreen.run(command, store: store, environment: environment)
            #expect(refused.status == 2, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("'\(id)' is a vdir event's number, which changes whenever its vdir does; name the event by its UID instead, such as 'alarm-2'"),
                    "\(refused.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: calendar).sorted() == ["alarm-2.ics", "lop-1.ics"])
        // By its UID, the event the person meant goes, and only it.
        let removed = try Homescreen.run(["event", "remove", "lop-1"], store: store, environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: calendar) == ["alarm-2.ics"])
    }
}

/// `doctor` changes no file: a lunar anniversary whose dates run out is said, and extended by
/// the commands that do so (`event list` here), not by the look.
struct VdirDoctorWritesNothingTests {
    @Test func doctorSaysALunarAnniversaryRunningOutAndLeavesItsFile() throws {
        let folder = TemporaryFolder()
        let calendar = folder.path("family")
        try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        let store = folder.path("store.sqlite")
        let environment = try VdirCommandTests.environment(folder, vdirs: [calendar], zone: "Asia/Ho_Chi_Minh")
        let added = try Homescreen.run(["event", "add", "Giỗ bà", "--lunar", "15/3", "--calendar", "family"], store: store, environment: environment)
        #expect(added.status == 0, "\(added.stderr)")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: calendar).first)
        let path = calendar + "/" + name
        // Another copy of Homescreen wrote it long ago: its dates run out next lunar year.
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let through = try #require(text.range(of: #"X-HOMESCREEN-LUNAR-THROUGH:\d+"#, options: .regularExpression))
        let lunarYear = Calendar(identifier: .gregorian).component(.year, from: Date())
        try text.replacingCharacters(in: through, with: "X-HOMESCREEN-LUNAR-THROUGH:\(lunarYear + 1)").write(toFile: path, atomically: true, encoding: .utf8)
        let before = try #require(FileSnapshot.bytes(path))
        let doctor = try Homescreen.run(["doctor"], store: store, environment: environment)
        #expect(doctor.stdout.contains("a lunar anniversary's dates run out within 5 years in \(path)"), "\(doctor.stdout)")
        #expect(FileSnapshot.bytes(path) == before)
        #expect(try Homescreen.run(["event", "list"], store: store, environment: environment).status == 0)
        #expect(FileSnapshot.bytes(path) != before)
        #expect(!(try Homescreen.run(["doctor"], store: store, environment: environment)).stdout.contains("run out within"))
    }
}

/// A config whose `[calendar] vdirs` does not read is refused by the event commands (as by the
/// panes), not taken for a calendar without vdirs.
struct VdirConfigRefusedTests {
    @Test func eventListRefusesAVdirsSettingThatIsNotAList() throws {
        let folder = TemporaryFolder()
        let configHome = folder.path("config")
        try FileManager.default.createDirectory(atPath: configHome + "/homescreen", withIntermediateDirectories: true)
        try "[calendar]\nvdirs = \"~/.calendars/family\"\n".write(toFile: configHome + "/homescreen/config.toml", atomically: true, encoding: .utf8)
        for command in [["event", "list"], ["event", "add", "X", "--date", "2027-01-01"]] {
            let result = try Homescreen.run(command, store: folder.path("store.sqlite"), environment: ["XDG_CONFIG_HOME": configHome])
            #expect(result.status == 2, "\(command): \(result.stdout)")
            #expect(result.stderr.contains("calendar.vdirs = \"~/.calendars/family\" is not a list; write vdirs = [\"~/.calendars/family\"]."), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("store.sqlite")))
    }

    @Test func theSameFolderListedTwiceIsRefused() throws {
        let folder = TemporaryFolder()
        let configHome = folder.path("config")
        try FileManager.default.createDirectory(atPath: configHome + "/homescreen", withIntermediateDirectories: true)
        try "[calendar]\nvdirs = [\"\(folder.path("family"))\", \"\(folder.path("family"))/\"]\n".write(toFile: configHome + "/homescreen/config.toml", atomically: true, encoding: .utf8)
        let result = try Homescreen.run(["event", "list"], store: folder.path("store.sqlite"), environment: ["XDG_CONFIG_HOME": configHome])
        #expect(result.status == 2 && result.stderr.contains("calendar.vdirs lists the folder \(folder.path("family")) twice"), "\(result.stderr)")
    }
}
