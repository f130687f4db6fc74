import Foundation
import Testing
import HomescreenTestSupport
import HomescreenWidgetCore

/// `homescreen event …` end to end: the issue's must-holds, the exported .ics read by a real
/// parser (Python's icalendar, Debian's python3-icalendar: CI installs it; without it these
/// tests fail rather than skip), imports that do not duplicate, bad input.
struct EventCommandTests {
    static let saigon = ["TZ": "Asia/Ho_Chi_Minh"]

    static func run(_ arguments: [String], _ store: String) throws -> CommandResult {
        try Homescreen.run(arguments, store: store, environment: saigon)
    }

    /// Parses an .ics file with icalendar and prints one line per VEVENT: UID, DTSTART, SUMMARY.
    static func parsed(_ path: String) throws -> [String] {
        let script = """
            import sys, icalendar
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
            for event in calendar.walk('VEVENT'):
                rule = event.get('RRULE')
                print('\\t'.join([str(event['UID']), event['DTSTART'].dt.isoformat(), str(event['SUMMARY']), rule.to_ical().decode() if rule else '']))
            """
        return try Spawn.run("/usr/bin/python3", ["-c", script, path]).split(separator: "\n").map(String.init)
    }

    @Test func aLunarAnniversaryIsListedRenderedAndExportedOncePerYear() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        let added = try Self.run(["event", "add", "Giỗ ông nội", "--lunar", "15/3"], store)
        #expect(added.status == 0 && added.stdout.hasPrefix("added event 1: Giỗ ông nội"), "\(added.stderr)")
        let list = try Self.run(["event", "list", "--from", "2027-01-01", "--to", "2029-12-31"], store)
        #expect(list.stdout.split(separator: "\n").map { String($0.prefix(10)) } == ["2027-04-21", "2028-04-09", "2029-04-28"], "\(list.stdout)")
        let large = try Self.run(["render", "calendar", "--family", "large", "--now", "2028-04-09T08:00:00+07:00", "--format", "plain", "--locale", "vi"], store)
        #expect(large.stdout.contains("• Giỗ ông nội") && large.stdout.contains("hôm nay"), "\(large.stdout)")
        let json = try Self.run(["timeline", "calendar", "--json", "--now", "2028-04-09T08:00:00+07:00"], store)
        let entry = try #require(((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["entries"] as? [[String: Any]])?.first)
        #expect((entry["auspiciousHours"] as? [[String: String]])?.count == 6)
        #expect((entry["dayQuality"] as? [String: String])?["quality"].map { ["hoangDao", "hacDao"].contains($0) } == true)
        #expect((entry["events"] as? [[String: Any]])?.first?["title"] as? String == "Giỗ ông nội")

        let exported = try Self.run(["event", "export", "--years", "5"], store)
        #expect(exported.status == 0)
        let file = folder.path("family.ics")
        try Data(exported.stdout.utf8).write(to: URL(fileURLWithPath: file))
        let events = try Self.parsed(file)
        // Lunar years 2026 (this stop's year: 2026-11-23) to 2030: one VEVENT each, on 15/3.
        #expect(events.count == 5, "\(events)")
        #expect(events.contains { $0.hasPrefix("") && $0.contains("\t2027-04-21\t") } && events.contains { $0.contains("\t2029-04-28\t") })
        #expect(Set(events.map { $0.split(separator: "\t")[0] }).count == 5)
        let again = try Self.run(["event", "export", "--years", "5"], store)
        #expect(again.stdout == exported.stdout, "re-exporting gives the same UIDs and events")
    }

    @Test func importingTheExportIntoAnEmptyStoreGivesTheSameEvents() throws {
        let folder = TemporaryFolder()
        let first = folder.path("a.sqlite"), second = folder.path("b.sqlite")
        _ = try Self.run(["event", "add", "Giỗ bà", "--lunar", "10/6", "--leap", "--year", "2025", "--note", "cúng chay"], first)
        _ = try Self.run(["event", "add", "Sinh nhật", "--date", "2024-02-29", "--yearly"], first)
        _ = try Self.run(["event", "add", "Họp tổ", "--date", "2026-01-31", "--monthly"], first)
        let exported = try Self.run(["event", "export"], first).stdout
        let file = folder.path("family.ics")
        try Data(exported.utf8).write(to: URL(fileURLWithPath: file))
        #expect(try Self.parsed(file).contains { $0.hasSuffix("FREQ=MONTHLY") })
        let imported = try Self.run(["event", "import", file], second)
        #expect(imported.status == 0 && imported.stdout.contains("3 added, 0 updated, 0 unchanged, 0 skipped"), "\(imported.stdout) \(imported.stderr)")
        // Same events: the same export, and the same days listed.
        #expect(try Self.run(["event", "export"], second).stdout.replacingOccurrences(of: #"DTSTAMP:\d+T\d+Z"#, with: "", options: .regularExpression)
                == exported.replacingOccurrences(of: #"DTSTAMP:\d+T\d+Z"#, with: "", options: .regularExpression))
        let range = ["event", "list", "--from", "2025-01-01", "--to", "2030-12-31", "--json"]
        let listA = try Self.run(range, first).stdout, listB = try Self.run(range, second).stdout
        #expect(listA.replacingOccurrences(of: #""id" : \d+"#, with: "", options: .regularExpression)
                == listB.replacingOccurrences(of: #""id" : \d+"#, with: "", options: .regularExpression))
        // Importing again changes nothing.
        let twice = try Self.run(["event", "import", file], second)
        #expect(twice.stdout.contains("0 added, 0 updated, 3 unchanged"), "\(twice.stdout)")
    }

    @Test func aVdirIsImportedAndAnUnsupportedRuleIsNamedAndSkipped() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        let vdir = folder.path("calendar")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        func write(_ name: String, _ body: String) throws {
            try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//khal//EN\r\nBEGIN:VEVENT\r\n" + body + "END:VEVENT\r\nEND:VCALENDAR\r\n").utf8)
                .write(to: URL(fileURLWithPath: vdir + "/" + name))
        }
        try write("a.ics", "UID:a@khal\r\nDTSTART;VALUE=DATE:20260105\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=10\r\nSUMMARY:Gym\r\n")
        try write("b.ics", "UID:b@khal\r\nDTSTART:20261224T180000Z\r\nSUMMARY:Réveillon\r\n")
        try write("c.ics", "UID:c@khal\r\nDTSTART;VALUE=DATE:20260101\r\nRRULE:FREQ=MONTHLY;BYDAY=MO;BYSETPOS=1\r\nSUMMARY:First Monday\r\n")
        let result = try Self.run(["event", "import", vdir], store)
        #expect(result.status == 1)
        #expect(result.stderr.contains("skipped \"First Monday\"") && result.stderr.contains("BYSETPOS"), "\(result.stderr)")
        #expect(result.stdout.contains("imported 3 files: 2 added"), "\(result.stdout)")
        let list = try Self.run(["event", "list", "--from", "2026-01-01", "--to", "2026-12-31"], store).stdout
        #expect(list.components(separatedBy: "Gym").count - 1 == 10)
        #expect(list.contains("2026-12-25 01:00"), "18:00 UTC is 01:00 the next day in Saigon: \(list)")
        #expect(!list.contains("First Monday"))
    }

    @Test func aHostileTitleIsStoredDrawnInertAndExportedEscaped() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        let title = "\u{1B}]0;pwned\u{07}#(touch /tmp/x)#[fg=red];,\\ " + String(repeating: "Giỗ ", count: 2_600)
        #expect(try Self.run(["event", "add", title, "--lunar", "15/3"], store).status == 0)
        let json = try Self.run(["event", "list", "--from", "2027-01-01", "--to", "2027-12-31", "--json"], store)
        let stored = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])?.first?["title"] as? String)
        #expect(stored == title, "stored as given")
        for family in ["small", "large", "inline", "rectangular"] {
            let drawn = try Self.run(["render", "calendar", "--family", family, "--now", "2027-04-21T08:00:00+07:00"], store)
            #expect(drawn.status == 0 && !drawn.stdout.contains("\u{1B}]0;") && !drawn.stdout.contains("\u{07}"), "\(family)")
        }
        // In a tmux status line (a short title, so that it fits the line), # sequences stay text.
        let short = folder.path("short.sqlite")
        _ = try Self.run(["event", "add", "\u{1B}[31m#(touch /tmp/x)#[fg=red]", "--lunar", "15/3"], short)
        let tmux = try Self.run(["status", "calendar", "--format", "tmux", "--now", "2027-04-21T08:00:00+07:00", "--locale", "vi"], short)
        #expect(tmux.stdout.contains("##(touch /tmp/x)") && tmux.stdout.contains("##[fg=red]") && tmux.stdout.contains("hôm nay"), "\(tmux.stdout)")
        let exported = try Self.run(["event", "export", "--years", "1"], store).stdout
        #expect(exported.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(exported.contains("#(touch /tmp/x)#[fg=red]\\;\\,\\\\ Giỗ"))
        let file = folder.path("x.ics")
        try Data(exported.utf8).write(to: URL(fileURLWithPath: file))
        let parsed = try Self.parsed(file)
        #expect(parsed.count == 1 && parsed[0].contains("]0;pwned#(touch /tmp/x)#[fg=red];,\\ Giỗ Giỗ"), "a real parser unfolds and unescapes it")
    }

    @Test func badInputExitsTwoAndWritesNothing() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        for (arguments, words) in [
            (["event", "add", "X", "--lunar", "31/3"], "'31/3' is not a lunar date"),
            (["event", "add", "X", "--lunar", "15/3", "--leap", "--year", "2025"], "lunar year 2025 has no leap month 3 (its leap month is 6)"),
            (["event", "add", "X", "--lunar", "15/6", "--leap"], "a leap-month date needs the lunar year it fell in"),
            (["event", "add", "X", "--date", "2026-02-30"], "--date '2026-02-30' is not a date"),
            (["event", "add", "X"], "either --lunar D/M"),
            (["event", "add", "X", "--lunar", "1/1", "--weekly"], "--yearly, --monthly, --weekly and --daily go with --date"),
            (["event", "add", "  ", "--lunar", "1/1"], "the title is empty"),
            (["event", "remove", "7"], "there is no event with id 7"),
            (["event", "export", "--years", "0"], "--years 0 is out of range"),
            (["event", "list", "--from", "2027-01-01", "--to", "2026-01-01"], "is before --from"),
        ] {
            let result = try Self.run(arguments, store)
            #expect(result.status == 2 && result.stderr.contains(words), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: store), "nothing written, not even a store")
    }

    @Test func solarDatesAreFriendly() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        let today = LocalDate(Date(), in: Zone(identifier: "Asia/Ho_Chi_Minh")!)
        #expect(try Self.run(["event", "add", "Tomorrow", "--date", "tomorrow"], store).status == 0)
        #expect(try Self.run(["event", "add", "Last week", "--date", "-1w", "--weekly"], store).status == 0)
        let list = try Self.run(["event", "list", "--from", "today", "--to", "+7d"], store).stdout
        #expect(list.contains(today.adding(days: 1).iso + "  ") && list.contains("Tomorrow"), "\(list)")
        #expect(list.contains(today.iso + "  ") && list.contains(today.adding(days: 7).iso + "  ") && list.contains("Last week"), "weekly from a week ago: today and a week on: \(list)")
    }
}

/// Issue 29, point 5, from the command line: a file cut short and one bad event are said, exit 1,
/// and what could be read is imported.
struct EventImportReportTests {
    @Test func aCutShortFileIsReportedAndItsEventsKept() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite"), file = folder.path("cut.ics")
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;VALUE=DATE:20261205\r\nSUMMARY:Kept\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:" + String(repeating: "u", count: 300) + "\r\nDTSTART;VALUE=DATE:20261206\r\nSUMMARY:Long uid\r\nEND:VEVENT\r\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        let result = try EventCommandTests.run(["event", "import", file], store)
        #expect(result.status == 1)
        #expect(result.stderr.contains("ends at line 11, before END:VCALENDAR") && result.stderr.contains("its UID has 300 characters"), "\(result.stderr)")
        #expect(!result.stderr.contains("SQLite") && !result.stderr.contains("CHECK"))
        #expect(result.stdout.contains("1 added") && result.stdout.contains("1 skipped"), "\(result.stdout)")
        #expect(try SQLiteShell.run(store, "SELECT title FROM event").stdout == "Kept\n")
        // A file of one VEVENT and no VCALENDAR around it is whole.
        let single = folder.path("one.ics")
        try Data("BEGIN:VEVENT\r\nUID:b@x\r\nDTSTART;VALUE=DATE:20261207\r\nSUMMARY:Alone\r\nEND:VEVENT\r\n".utf8).write(to: URL(fileURLWithPath: single))
        let alone = try EventCommandTests.run(["event", "import", single], store)
        #expect(alone.status == 0 && alone.stdout.contains("1 added"), "\(alone.stderr)")
    }

    /// Issue 51, point 7: a file cut inside a UTF-8 character keeps the events complete before
    /// the cut, and says on which line it was cut.
    @Test(arguments: 1...2) func aFileCutInsideACharacterKeepsItsCompleteEvents(_ kept: Int) throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite"), file = folder.path("cut.ics")
        let whole = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a@x\r\nDTSTART;VALUE=DATE:20261205\r\nSUMMARY:Giỗ bà\r\nEND:VEVENT\r\n"
            + "BEGIN:VEVENT\r\nUID:b@x\r\nDTSTART;VALUE=DATE:20261206\r\nSUMMARY:Giỗ ông\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        // Cut after the first byte of the last "ỗ" (three bytes), or after its second.
        var bytes = Array(whole.utf8)
        let last = try #require(bytes.lastIndex(of: 0xE1))
        bytes = Array(bytes[..<(last + kept)])
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let result = try EventCommandTests.run(["event", "import", file], store)
        #expect(result.status == 1)
        #expect(result.stderr.contains("ends at line 10, before END:VCALENDAR"), "\(result.stderr)")
        #expect(result.stdout.contains("1 added"), "\(result.stdout)")
        #expect(try SQLiteShell.run(store, "SELECT title FROM event").stdout == "Giỗ bà\n")
    }

    /// Issue 51, point 7: a file larger than the limit is refused, in one sentence, before it is
    /// read (a sparse 30 MB file: its bytes are never read); `--max-size` raises the limit.
    @Test func aFileLargerThanTheLimitIsRefusedBeforeReading() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite"), file = folder.path("big.ics")
        #expect(FileManager.default.createFile(atPath: file, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
        try handle.truncate(atOffset: 30_000_000)
        try handle.close()
        let refused = try EventCommandTests.run(["event", "import", file], store)
        #expect(refused.status == 2 && refused.stderr.contains("is 30 MB, more than the 20 MB an import reads") && refused.stderr.contains("--max-size 30"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
        let small = folder.path("small.ics")
        try Data(String(repeating: "X", count: 1_500_000).utf8).write(to: URL(fileURLWithPath: small))
        let limited = try EventCommandTests.run(["event", "import", small, "--max-size", "1"], store)
        #expect(limited.status == 2 && limited.stderr.contains("is 1 MB, more than the 1 MB"), "\(limited.stderr)")
        let raised = try EventCommandTests.run(["event", "import", small, "--max-size", "2"], store)
        #expect(raised.stderr.contains("is not an iCalendar file"), "\(raised.stderr)")
    }

    /// Issue 51, point 7: an import takes at most three times the file's size, the program's own
    /// memory included (scripts/benchmark-import-memory.sh: 20 MB for 15 MB, release). Here,
    /// on any build (a debug one's own floor is 35 MB): at most the file's size above what the
    /// command takes for a file of a few lines, measured by python's getrusage of each child (10
    /// MB of events: 88 MB more when the text and every event were held, 27 MB when the lines
    /// and events were read one at a time from the text; a few MB since the file is read from
    /// disk a block at a time and each event written as it ends).
    @Test func anImportTakesAtMostThreeTimesTheFile() throws {
        let folder = TemporaryFolder()
        var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//memory\r\n"
        var number = 0
        while text.utf8.count < 10_000_000 {
            text += "BEGIN:VEVENT\r\nUID:ev\(number)@example.org\r\nDTSTAMP:20260101T000000Z\r\nDTSTART;VALUE=DATE:2026\(String(format: "%02d%02d", number % 12 + 1, number % 28 + 1))\r\n"
                + "SUMMARY:Giỗ event number \(number) with a title\r\nDESCRIPTION:Some note text for event \(number)\\, folded maybe.\r\nEND:VEVENT\r\n"
            number += 1
        }
        text += "END:VCALENDAR\r\n"
        let (small, big) = (folder.path("small.ics"), folder.path("big.ics"))
        try Data(text.utf8).write(to: URL(fileURLWithPath: big))
        try Data(text.utf8.prefix(600)).write(to: URL(fileURLWithPath: small))
        let script = """
            import resource, subprocess, sys
            def peak(path, store):
                subprocess.run([sys.argv[1], "event", "import", path, "--store", store], capture_output=True)
                return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            print(peak(sys.argv[2], sys.argv[4]), peak(sys.argv[3], sys.argv[5]))
            """
        let result = try Spawn.runWithStatus("/usr/bin/python3", ["-c", script, Homescreen.executable.path, small, big, folder.path("a.sqlite"), folder.path("b.sqlite")])
        let kilobytes = result.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(kilobytes.count == 2, "\(result.output)")
        let extra = (kilobytes[1] - kilobytes[0]) * 1024
        #expect(extra <= text.utf8.count, "\(extra) bytes above a small import's \(kilobytes[0]) KiB for a file of \(text.utf8.count)")
        #expect(try SQLiteShell.run(folder.path("b.sqlite"), "SELECT count(*) FROM event").stdout == "\(number)\n")
    }
}
