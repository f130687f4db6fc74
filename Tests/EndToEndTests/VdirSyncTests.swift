import Foundation
import Glibc
import HomescreenTestSupport
import Testing

/// Issue 54, point 4: a vdir synced with a CalDAV server by vdirsyncer 0.19, here Radicale 3.1
/// run from the test's own folder on a loopback port (ended by pid with SIGKILL), read and
/// written through python3-caldav. Homescreen has no CalDAV client of its own.
@Suite(.serialized) struct VdirSyncTests {
    /// A Radicale server of the test's own, and a vdirsyncer pair between `vdir` and its
    /// calendar `family`.
    final class Server {
        let folder: TemporaryFolder
        let port: Int
        let pid: pid_t
        let vdir: String
        let config: String

        init() throws {
            try MissingTool.check("/usr/bin/vdirsyncer", package: "vdirsyncer")
            try MissingTool.check("/usr/lib/python3/dist-packages/radicale", package: "radicale")
            try MissingTool.check("/usr/lib/python3/dist-packages/caldav", package: "python3-caldav")
            folder = TemporaryFolder()
            port = try Self.freeLoopbackPort()
            pid = try Spawn.start("/usr/bin/python3", ["-m", "radicale", "--server-hosts", "127.0.0.1:\(port)", "--auth-type", "none",
                                                      "--storage-filesystem-folder", folder.path("collections"), "--logging-level", "warning"])
            vdir = folder.path("family")
            config = folder.path("vdirsyncer.conf")
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            var ready = false
            for _ in 0..<200 where !ready {
                ready = (try? python("import caldav; caldav.DAVClient(url='\(url)', username='test', password='x').principal(); print('ok')")) == "ok\n"
                if !ready { usleep(50_000) }
            }
            guard ready else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "radicale did not answer on port \(port)"]) }
            _ = try python("import caldav; caldav.DAVClient(url='\(url)', username='test', password='x').principal().make_calendar(name='family', cal_id='family')")
            try """
                [general]
                status_path = "\(folder.path("status"))/"

                [pair family]
                a = "family_local"
                b = "family_remote"
                collections = null
                conflict_resolution = "a wins"

                [storage family_local]
                type = "filesystem"
                path = "\(vdir)/"
                fileext = ".ics"

                [storage family_remote]
                type = "caldav"
                url = "\(url)test/family/"
                username = "test"
                password = "x"

                """.write(toFile: config, atomically: true, encoding: .utf8)
            try vdirsyncer(["discover"])
        }

        deinit {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }

        var url: String { "http://127.0.0.1:\(port)/" }

        /// A port nobody listens on now (the kernel's choice for a socket bound to port 0).
        static func freeLoopbackPort() throws -> Int {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: 0, sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 } }
            guard bound else { throw CocoaError(.fileWriteUnknown) }
            return Int(UInt16(bigEndian: address.sin_port))
        }

        @discardableResult
        func vdirsyncer(_ arguments: [String]) throws -> String {
            let result = try Shell.run("yes | /usr/bin/vdirsyncer -c '\(config)' " + arguments.joined(separator: " "),
                                       environment: ["HOME": folder.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            #expect(result.status == 0, "vdirsyncer \(arguments): \(result.stdout)\(result.stderr)")
            return result.stdout + result.stderr
        }

        /// Runs a Python script with python3-caldav; `CALENDAR` is the server's family calendar.
        func python(_ script: String) throws -> String {
            let path = folder.path("script-\(UUID().uuidString).py")
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try Shell.run("/usr/bin/python3 '\(path)'", environment: ["HOME": folder.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
            guard result.status == 0 else { throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
            return result.stdout
        }

        var calendarScript: String {
            "import caldav, icalendar\nCALENDAR = caldav.DAVClient(url='\(url)', username='test', password='x').calendar(url='\(url)test/family/')\n"
        }
    }

    static func environment(_ server: Server) throws -> [String: String] {
        let configHome = server.folder.path("config")
        try FileManager.default.createDirectory(atPath: configHome + "/homescreen", withIntermediateDirectories: true)
        try "home = [{ kind = \"calendar\", family = \"large\" }]\n[calendar]\nvdirs = [\"\(server.vdir)\"]\n"
            .write(toFile: configHome + "/homescreen/config.toml", atomically: true, encoding: .utf8)
        return ["XDG_CONFIG_HOME": configHome, "TZ": "Europe/Paris"]
    }

    /// Every event Homescreen wrote, and one it edited (with an alarm and attendees), reaches
    /// Radicale with every property it had in its file.
    @Test func eventsWrittenByHomescreenReachRadicaleWithEveryProperty() throws {
        let server = try Server()
        let store = server.folder.path("store.sqlite")
        let environment = try Self.environment(server)
        for arguments in [["Trip", "--date", "2027-01-10"], ["Đà Lạt", "--date", "2027-02-03", "--days", "3"],
                          ["Berlin", "--date", "2027-01-04", "--time", "09:00", "--minutes", "60", "--zone", "Europe/Berlin", "--weekly", "--except", "2027-01-11"],
                          ["Saigon", "--date", "2027-01-10", "--time", "08:30", "--zone", "Asia/Ho_Chi_Minh", "--rule", "FREQ=MONTHLY;BYDAY=2SU"],
                          ["Giỗ ông nội", "--lunar", "15/3", "--note", "Nhà bác; mang hoa"]] {
            let result = try Homescreen.run(["event", "add"] + arguments + ["--calendar", "family"], store: store, environment: environment)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let phone = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VEVENT", "UID:phone-7", "DTSTAMP:20260101T000000Z",
                     "DTSTART;VALUE=DATE:20270115", "SUMMARY:Họp lớp", "ATTENDEE;CN=Lan:mailto:lan@example.org", "X-PHONE-COLOR:#ff0000",
                     "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Nhắc", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try phone.write(toFile: server.vdir + "/phone-7.ics", atomically: true, encoding: .utf8)
        let edit = try Homescreen.run(["event", "edit", "phone-7", "--title", "Họp lớp 12A"], store: store, environment: environment)
        #expect(edit.status == 0, "\(edit.stderr)")
        try server.vdirsyncer(["sync"])

        // Each local file's VEVENT properties (name and serialized value), and the server's.
        let compare = server.calendarScript + """
            import glob, sys
            def properties(calendar):
                found = {}
                for event in calendar.walk("VEVENT"):
                    found[str(event["UID"])] = sorted((name, value.to_ical().decode() if hasattr(value, "to_ical") else str(value))
                                                      for name, values in event.items() for value in (values if isinstance(values, list) else [values]))
                    found[str(event["UID"])] += [("ALARM", str(alarm["TRIGGER"].to_ical().decode())) for alarm in event.walk("VALARM")]
                return found
            local = {}
            for path in glob.glob(sys.argv[1] + "/*.ics"):
                local.update(properties(icalendar.Calendar.from_ical(open(path, "rb").read())))
            remote = {}
            for item in CALENDAR.events():
                remote.update(properties(icalendar.Calendar.from_ical(item.data)))
            print(len(local), len(remote))
            for uid in sorted(local):
                missing = [p for p in local[uid] if p not in remote.get(uid, [])]
                print(uid, "same" if not missing else "missing " + repr(missing))
            print("title", dict(remote["phone-7"]).get("SUMMARY"))
            """
        let path = server.folder.path("compare.py")
        try compare.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try Shell.run("/usr/bin/python3 '\(path)' '\(server.vdir)'", environment: ["HOME": server.folder.url.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "6 6", "\(result.stdout)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasSuffix(" same") }, "\(result.stdout)")
        #expect(lines.last == "title Họp lớp 12A", "\(result.stdout)")
    }

    /// Issue 54 must-hold: a file with an alarm and attendees, on the server already, edited
    /// through the dashboard (`e` on the calendar's full screen): after `vdirsyncer sync`,
    /// Radicale holds the new title with the alarm, the attendees and the X- property.
    @Test func anEditOnTheDashboardIsWhatRadicaleHoldsAfterASync() throws {
        let server = try Server()
        let environment = try Self.environment(server)
        let phone = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VEVENT", "UID:phone-9", "DTSTAMP:20260101T000000Z",
                     "DTSTART;VALUE=DATE:20270115", "SUMMARY:Họp lớp", "DESCRIPTION:mang hoa", "ATTENDEE;CN=Lan:mailto:lan@example.org",
                     "ATTENDEE;CN=Minh;PARTSTAT=ACCEPTED:mailto:minh@example.org", "X-PHONE-COLOR:#ff0000",
                     "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Nhắc", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try phone.write(toFile: server.vdir + "/phone-9.ics", atomically: true, encoding: .utf8)
        try server.vdirsyncer(["sync"])
        let read = server.calendarScript + """
            for item in CALENDAR.events():
                for event in icalendar.Calendar.from_ical(item.data).walk("VEVENT"):
                    attendees = event.get("ATTENDEE")
                    attendees = attendees if isinstance(attendees, list) else [attendees]
                    print(str(event["UID"]), str(event["SUMMARY"]), str(event.get("DESCRIPTION")), len(attendees), str(event.get("X-PHONE-COLOR")),
                          [alarm["TRIGGER"].to_ical().decode() for alarm in event.walk("VALARM")])
            """
        #expect(try server.python(read) == "phone-9 Họp lớp mang hoa 2 #ff0000 ['-PT15M']\n")
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: server.folder.path("store.sqlite"), arguments: ["--now", "2027-01-15T10:00:00+01:00", "--locale", "en"],
                                          environment: ["TZ": "Europe/Paris"], configHome: server.folder.path("config"))
        #expect(dashboard.wait { $0.contains("January 2027") }, "\(dashboard.text)")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("• Họp lớp") }, "\(dashboard.text)")
        dashboard.send("e")
        #expect(dashboard.wait { $0.contains("Title  Họp lớp") }, "\(dashboard.text)")
        dashboard.type("Họp lớp 12A")
        dashboard.send("Tab")
        dashboard.type("mang hoa và bánh")
        dashboard.send("Enter")
        #expect(dashboard.wait { $0.contains("Saved Họp lớp 12A.") }, "\(dashboard.text)")
        dashboard.send("Escape", "q")
        #expect(dashboard.exitStatus() == 0)
        try server.vdirsyncer(["sync"])
        #expect(try server.python(read) == "phone-9 Họp lớp 12A mang hoa và bánh 2 #ff0000 ['-PT15M']\n")
        // Radicale holds the file's own VEVENT lines (unfolded), in the order its storage writes them.
        let remote = try server.python(server.calendarScript + "import sys\nsys.stdout.write(next(iter(CALENDAR.events())).data)")
        let local = try String(contentsOfFile: server.vdir + "/phone-9.ics", encoding: .utf8)
        let vevent = { (text: String) -> [String] in
            // python3-caldav hands the text back with bare line ends.
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n ", with: "").components(separatedBy: "\n")
            guard let begin = lines.firstIndex(of: "BEGIN:VEVENT"), let end = lines.firstIndex(of: "END:VEVENT") else { return [] }
            return lines[begin...end].sorted()
        }
        #expect(!vevent(local).isEmpty && vevent(remote) == vevent(local), "Radicale:\n\(vevent(remote))\nfile:\n\(vevent(local))")
    }

    /// An event created on the server, synced down, shows on the running dashboard.
    @Test func anEventMadeOnTheServerShowsOnTheDashboardAfterASync() throws {
        let server = try Server()
        let environment = try Self.environment(server)
        let dashboard = try TmuxDashboard(columns: 140, rows: 48, store: server.folder.path("store.sqlite"), arguments: ["--now", "2027-04-18T10:00:00+02:00", "--locale", "en"],
                                          environment: ["TZ": "Europe/Paris"], configHome: server.folder.path("config"))
        #expect(dashboard.wait { $0.contains("April 2027") }, "\(dashboard.text)")
        _ = try server.python(server.calendarScript + """
            CALENDAR.save_event("BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nPRODID:-//caldav test//EN\\r\\nBEGIN:VEVENT\\r\\nUID:server-1\\r\\nDTSTAMP:20270101T000000Z\\r\\n"
                                "DTSTART;VALUE=DATE:20270420\\r\\nSUMMARY:Sinh nhật mẹ\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR\\r\\n")
            """)
        #expect(!dashboard.text.contains("Sinh nhật mẹ"))
        try server.vdirsyncer(["sync"])
        let ended = Date()
        #expect(dashboard.wait { $0.contains("Sinh nhật mẹ") }, "\(dashboard.text)")
        // Measured, not asserted (BENCHMARKS.md records it): from the sync's end to the screen.
        print("VdirSyncTests: shown \(Int(Date().timeIntervalSince(ended) * 1000)) ms after vdirsyncer sync ended")
        #expect(try FileManager.default.contentsOfDirectory(atPath: server.vdir).filter { $0.hasSuffix(".ics") }.count == 1)
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }
}
