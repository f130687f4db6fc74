import Foundation
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenWidgets
import Testing

/// Issue 54: calendars kept as vdirs (folders of .ics files as vdirsyncer writes them).
@Suite(.serialized) struct VdirTests {
    static func ics(uid: String, summary: String, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "SUMMARY:\(summary)"]
            + lines + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    static func write(_ text: String, to path: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    /// Every file's bytes, by name (what a read must leave as it was).
    static func contents(_ folder: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            result[name] = FileManager.default.contents(atPath: folder + "/" + name) ?? Data()
        }
        return result
    }

    @Test func readsTheEventsDisplaynameAndColorAndExpandsThemAsAnImport() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("family")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let weekly = Self.ics(uid: "weekly-1", summary: "Tập đàn", ["DTSTART;TZID=Europe/Paris:20260105T180000", "DTEND;TZID=Europe/Paris:20260105T190000",
                                                                   "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE;TZID=Europe/Paris:20260112T180000"])
        let allDay = Self.ics(uid: "day-1", summary: "Đi Đà Lạt", ["DTSTART;VALUE=DATE:20260110", "DTEND;VALUE=DATE:20260113"])
        try Self.write(weekly, to: vdir + "/weekly-1.ics")
        try Self.write(allDay, to: vdir + "/day-1.ics")
        try Self.write("Gia đình\n", to: vdir + "/displayname")
        try Self.write("#ff8800\n", to: vdir + "/color")
        let zone = try #require(Zone(identifier: "Asia/Ho_Chi_Minh"))

        let calendar = VdirCalendars.read([vdir], timeZone: zone)[0]
        #expect(calendar.name == "Gia đình")
        #expect(calendar.color == "#ff8800")
        #expect(calendar.fileCount == 2)
        #expect(calendar.problems.isEmpty)
        #expect(calendar.events.allSatisfy { $0.id < 0 })
        // The same occurrences as the same files imported.
        let imported = ICalendar.parse([allDay, weekly], timeZone: zone).drafts.map {
            CalendarEvent(id: 0, uid: $0.uid ?? "", title: $0.title, when: $0.when, zone: $0.zone, length: $0.length, createdAt: Date())
        }
        let range = LocalDate(year: 2026, month: 1, day: 1)!...LocalDate(year: 2026, month: 2, day: 28)!
        func days(_ events: [CalendarEvent]) -> [String] {
            EventSchedule.occurrences(of: events, in: range, timeZone: zone).map { "\($0.date.iso) \($0.time?.description ?? "-") \($0.event.title)" }.sorted()
        }
        #expect(days(calendar.events) == days(imported))
        #expect(days(calendar.events) == ["2026-01-06 00:00 Tập đàn", "2026-01-10 - Đi Đà Lạt", "2026-01-20 00:00 Tập đàn", "2026-01-27 00:00 Tập đàn"])
    }

    @Test func badInputIsSkippedWithASentenceAndNothingIsWritten() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("work")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try Self.write(Self.ics(uid: "same", summary: "First", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/a.ics")
        try Self.write(Self.ics(uid: "same", summary: "Second", ["DTSTART;VALUE=DATE:20260111"]), to: vdir + "/b.ics")
        try Self.write("hello, not a calendar\n", to: vdir + "/notes.ics")
        try Data([0xff, 0xfe, 0x00, 0x41]).write(to: URL(fileURLWithPath: vdir + "/binary.ics"))
        try Self.write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:half\r\n", to: vdir + "/.half.ics.tmp")
        try Self.write("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:cut\r\n", to: vdir + "/cut.ics")
        try FileManager.default.createSymbolicLink(atPath: vdir + "/loop1.ics", withDestinationPath: vdir + "/loop2.ics")
        try FileManager.default.createSymbolicLink(atPath: vdir + "/loop2.ics", withDestinationPath: vdir + "/loop1.ics")
        try FileManager.default.createDirectory(atPath: vdir + "/folder.ics", withIntermediateDirectories: true)
        let before = try Self.contents(vdir)

        let calendars = VdirCalendars.read([vdir, folder.path("missing")], timeZone: .utc)
        #expect(calendars[0].events.map(\.title) == ["First"])
        let problems = calendars[0].problems.joined(separator: "\n")
        #expect(problems.contains("\(vdir)/b.ics: its UID same is also the UID of \(vdir)/a.ics"))
        #expect(problems.contains("\(vdir)/notes.ics: it is not iCalendar"))
        #expect(problems.contains("\(vdir)/binary.ics: it is not UTF-8 text"))
        #expect(problems.contains("\(vdir)/.half.ics.tmp has a temporary name"))
        #expect(problems.contains("\(vdir)/cut.ics: it ends before END:VCALENDAR"))
        #expect(problems.contains("\(vdir)/loop1.ics: it is a symlink loop"))
        #expect(problems.contains("\(vdir)/loop2.ics: it is a symlink loop"))
        #expect(problems.contains("\(vdir)/folder.ics: it is not a regular file"))
        #expect(calendars[1].problems == ["\(folder.path("missing")) does not exist; its events are not shown (create it, or run `vdirsyncer discover`)"])
        #expect(calendars[0].doctorLines[0].hasPrefix("vdir work (\(vdir)): 8 files, 1 event, newest change "))
        #expect(calendars[0].doctorLines.count == 1 + calendars[0].problems.count && calendars[0].doctorLines.dropFirst().allSatisfy { $0.hasPrefix("  \(vdir)/") })
        #expect(try Self.contents(vdir) == before)
    }

    /// A vdir changed by another program wakes the store's change feed and reports `.vdir`; a
    /// burst of files read in one drain is one change.
    @Test func aChangedVdirWakesTheFeedOnce() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("family")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let store = try Store.open(at: folder.path("store.sqlite"))
        let feed = VdirChangeFeed.wrap(try store.changeFeed(), folders: [vdir])
        #expect(feed is VdirChangeFeed)
        for index in 0..<1000 {
            try Self.write(Self.ics(uid: "e\(index)", summary: "Event \(index)", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/e\(index).ics")
        }
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
        // Drained: nothing more until the next change.
        #expect(try feed.changedTables() == [])
        descriptor.revents = 0
        #expect(poll(&descriptor, 1, 0) == 0)
        try FileManager.default.removeItem(atPath: vdir + "/e1.ics")
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
    }

    /// Point 5: a file unchanged since it was read is not read again; one changed file is one read.
    @Test func oneChangedFileIsOneRead() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("many")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        for index in 0..<50 {
            try Self.write(Self.ics(uid: "e\(index)", summary: "Event \(index)", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/e\(index).ics")
        }
        let first = VdirCalendar.fileReads
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.count == 50)
        #expect(VdirCalendar.fileReads - first == 50)
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.count == 50)
        #expect(VdirCalendar.fileReads - first == 50)
        try Self.write(Self.ics(uid: "e7", summary: "Changed", ["DTSTART;VALUE=DATE:20260111"]), to: vdir + "/e7.ics")
        let again = VdirCalendars.read([vdir], timeZone: .utc)[0]
        #expect(VdirCalendar.fileReads - first == 51)
        #expect(again.events.contains { $0.title == "Changed" } && !again.events.contains { $0.title == "Event 7" })
    }

    /// While a change feed watches the folder and has seen nothing, a second read (the
    /// dashboard's reminders after its panes) is the first one's; any change, drained or still
    /// waiting in the feed, makes the next read look at the files again.
    @Test func aWatchedVdirUnchangedIsReadOnce() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("watched")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        for index in 0..<5 {
            try Self.write(Self.ics(uid: "w\(index)", summary: "Event \(index)", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/w\(index).ics")
        }
        // No feed: every read looks at the files.
        let unwatched = VdirCalendars.readsReused
        _ = VdirCalendars.read([vdir], timeZone: .utc)
        _ = VdirCalendars.read([vdir], timeZone: .utc)
        #expect(VdirCalendars.readsReused == unwatched)

        let store = try Store.open(at: folder.path("store.sqlite"))
        let feed = VdirChangeFeed.wrap(try store.changeFeed(), folders: [vdir])
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.count == 5)
        let first = VdirCalendars.readsReused
        let again = VdirCalendars.read([vdir], timeZone: .utc)[0]
        #expect(VdirCalendars.readsReused == first + 1 && again.events.count == 5 && again.filesRead == 0)
        // Another zone is another read.
        _ = VdirCalendars.read([vdir], timeZone: try #require(Zone(identifier: "Asia/Ho_Chi_Minh")))
        #expect(VdirCalendars.readsReused == first + 1)

        // A new file, its event not yet drained: seen.
        try Self.write(Self.ics(uid: "w5", summary: "New", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/w5.ics")
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.count == 6)
        #expect(VdirCalendars.readsReused == first + 1)
        // Drained: the next read looks again, the one after it is reused.
        #expect(feed.drainEvents())
        try FileManager.default.removeItem(atPath: vdir + "/w0.ics")
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.count == 5)
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.count == 5)
        #expect(VdirCalendars.readsReused == first + 2)

        // A symlinked file may change with no event in the folder: never reused.
        try FileManager.default.createSymbolicLink(atPath: vdir + "/linked.ics", withDestinationPath: vdir + "/w1.ics")
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        _ = VdirCalendars.read([vdir], timeZone: .utc)
        _ = VdirCalendars.read([vdir], timeZone: .utc)
        #expect(VdirCalendars.readsReused == first + 2)
        withExtendedLifetime(feed) {}
    }

    /// The dashboard's start: its first read comes from the store's index alone (no file listed
    /// or stat-ed), and its feed is ready at once, so the files are checked right after the first
    /// frame: a file changed, added or removed while no dashboard ran shows then.
    @Test func theFirstReadFromTheIndexIsCheckedRightAfter() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("indexed")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        for index in 0..<5 {
            try Self.write(Self.ics(uid: "i\(index)", summary: "Event \(index)", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/i\(index).ics")
        }
        let made = try TestBackend.sqlite.make()
        let store = made.store
        VdirCalendar.forgetReadFiles()
        #expect(VdirCalendars.read([vdir], timeZone: .utc, store: store)[0].filesRead == 5)
        // While no dashboard runs: one file changed, one added, one removed.
        try Self.write(Self.ics(uid: "i1", summary: "Changed", ["DTSTART;VALUE=DATE:20260111"]), to: vdir + "/i1.ics")
        try Self.write(Self.ics(uid: "i5", summary: "New", ["DTSTART;VALUE=DATE:20260112"]), to: vdir + "/i5.ics")
        try FileManager.default.removeItem(atPath: vdir + "/i2.ics")

        VdirCalendar.forgetReadFiles()   // a dashboard starts
        let feed = VdirChangeFeed.wrap(try store.changeFeed(), folders: [vdir], checkAfterStart: true)
        let first = VdirCalendars.read([vdir], timeZone: .utc, store: store)[0]
        #expect(first.filesRead == 0 && first.events.map(\.title).sorted() == (0..<5).map { "Event \($0)" })
        // Its reminders: the same read.
        let reused = VdirCalendars.readsReused
        #expect(VdirCalendars.read([vdir], timeZone: .utc, store: store)[0].events.count == 5 && VdirCalendars.readsReused == reused + 1)

        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 0) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
        let checked = VdirCalendars.read([vdir], timeZone: .utc, store: store)[0]
        #expect(checked.filesRead == 2)
        #expect(checked.events.map(\.title).sorted() == ["Changed", "Event 0", "Event 3", "Event 4", "New"])
        // Checked once: the feed waits for inotify from then on (the index's rows it wrote are
        // the store's own change), and the index has followed.
        _ = feed.drainEvents()
        #expect(try !feed.changedTables().contains(.vdir))
        #expect(try store.reading { try $0.row("SELECT count(*) AS n FROM vdirIndex")?.int("n") } == 5)
        VdirCalendar.forgetReadFiles()
        #expect(VdirCalendars.read([vdir], timeZone: .utc, store: store)[0].filesRead == 0)
        withExtendedLifetime((feed, made)) {}
    }

    /// A symlinked file whose target changes in its own folder, out of the vdir: the feed watches
    /// that folder too once a read met the link, for the target's name alone (another file
    /// changed there is no change of the calendar).
    @Test func aSymlinkedFilesTargetChangedElsewhereIsSeen() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("linked"), elsewhere = folder.path("elsewhere")
        for path in [vdir, elsewhere] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try Self.write(Self.ics(uid: "real", summary: "Before", ["DTSTART;VALUE=DATE:20260110"]), to: elsewhere + "/real.ics")
        try FileManager.default.createSymbolicLink(atPath: vdir + "/real.ics", withDestinationPath: "../elsewhere/real.ics")
        let store = try Store.open(at: folder.path("store.sqlite"))
        let feed = VdirChangeFeed.wrap(try store.changeFeed(), folders: [vdir])
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.map(\.title) == ["Before"])
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)

        // Another file of that folder: read by the feed, not a change of the vdir.
        try Self.write("other", to: elsewhere + "/notes.txt")
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(!feed.drainEvents())
        #expect(try !feed.changedTables().contains(.vdir))
        // The target rewritten as an editor does (a new file renamed over it): a change.
        try Self.write(Self.ics(uid: "real", summary: "After", ["DTSTART;VALUE=DATE:20260111"]), to: elsewhere + "/.real.ics.new")
        try FileManager.default.removeItem(atPath: elsewhere + "/real.ics")
        try FileManager.default.moveItem(atPath: elsewhere + "/.real.ics.new", toPath: elsewhere + "/real.ics")
        descriptor.revents = 0
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
        #expect(VdirCalendars.read([vdir], timeZone: .utc)[0].events.map(\.title) == ["After"])
        withExtendedLifetime(feed) {}
    }

    /// A configured folder that is a symlink, pointed at another folder: seen (its link's folder
    /// is watched for its name), and the new target's files are followed from then on.
    @Test func aSymlinkedVdirPointedElsewhereIsFollowed() throws {
        let folder = TemporaryFolder()
        let first = folder.path("first"), second = folder.path("second"), link = folder.path("calendar")
        for path in [first, second] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        try Self.write(Self.ics(uid: "a", summary: "In first", ["DTSTART;VALUE=DATE:20260110"]), to: first + "/a.ics")
        try Self.write(Self.ics(uid: "b", summary: "In second", ["DTSTART;VALUE=DATE:20260110"]), to: second + "/b.ics")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "first")
        let store = try Store.open(at: folder.path("store.sqlite"))
        let feed = VdirChangeFeed.wrap(try store.changeFeed(), folders: [link])
        #expect(VdirCalendars.read([link], timeZone: .utc)[0].events.map(\.title) == ["In first"])
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)

        // Pointed elsewhere as `ln -sfn` does: a new link renamed over the old one.
        try FileManager.default.createSymbolicLink(atPath: folder.path("calendar.new"), withDestinationPath: "second")
        #expect(rename(folder.path("calendar.new"), link) == 0)
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
        #expect(VdirCalendars.read([link], timeZone: .utc)[0].events.map(\.title) == ["In second"])
        // A file added to the new target: seen.
        try Self.write(Self.ics(uid: "c", summary: "Added", ["DTSTART;VALUE=DATE:20260111"]), to: second + "/c.ics")
        descriptor.revents = 0
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
        #expect(VdirCalendars.read([link], timeZone: .utc)[0].events.map(\.title).sorted() == ["Added", "In second"])
        withExtendedLifetime(feed) {}
    }

    /// A configured folder that is a symlink loop: a sentence, no event, no crash; the doctor says it.
    @Test func aVdirThatIsASymlinkLoopIsSaidNotFollowed() throws {
        let folder = TemporaryFolder()
        let one = folder.path("one"), two = folder.path("two")
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: two)
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: one)
        let calendar = VdirCalendars.read([one], timeZone: .utc)[0]
        #expect(calendar.events.isEmpty)
        #expect(calendar.problems == ["\(one) is a symlink loop; its events are not shown (point the link at a folder)"])
        #expect(Array(calendar.doctorLines.dropFirst()) == ["  \(one) is a symlink loop; its events are not shown (point the link at a folder)"], "\(calendar.doctorLines)")
    }

    /// `doctor` lays a vdir out as the rest of its output: the vdir's line, then one indented
    /// line per skipped file, ten named at most and the rest counted (a tester saw one line of
    /// 1,500 characters).
    @Test func theDoctorsLinesAreOnePerVdirAndOnePerSkippedFile() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("many")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        for index in 0..<25 { try Self.write("not a calendar \(index)", to: vdir + "/bad\(index < 10 ? "0" : "")\(index).ics") }
        try Self.write(Self.ics(uid: "good", summary: "Good", ["DTSTART;VALUE=DATE:20260111"]), to: vdir + "/good.ics")
        let lines = VdirCalendars.read([vdir], timeZone: .utc)[0].doctorLines
        #expect(lines.count == 12, "\(lines)")
        #expect(lines[0].hasPrefix("vdir many (\(vdir)): 26 files, 1 event, newest change ") && lines[0].hasSuffix(", 25 skipped:"), "\(lines[0])")
        #expect(lines[1] == "  \(vdir)/bad00.ics: it is not iCalendar (no BEGIN:VCALENDAR); skipped", "\(lines[1])")
        #expect(lines[1...10].allSatisfy { $0.hasPrefix("  \(vdir)/bad") && !$0.contains("\n") })
        #expect(lines[11] == "  and 15 more")
        #expect(lines.allSatisfy { $0.count < 200 }, "\(lines)")
    }

    /// A vdir made after the dashboard started (a first `vdirsyncer sync`) is followed from then on.
    @Test func aFolderMadeLaterIsFollowed() throws {
        let folder = TemporaryFolder()
        let vdir = folder.path("later")
        let store = try Store.open(at: folder.path("store.sqlite"))
        let feed = VdirChangeFeed.wrap(try store.changeFeed(), folders: [vdir])
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
        descriptor.revents = 0
        try Self.write(Self.ics(uid: "x", summary: "X", ["DTSTART;VALUE=DATE:20260110"]), to: vdir + "/x.ics")
        #expect(poll(&descriptor, 1, 10_000) == 1)
        #expect(feed.drainEvents())
        #expect(try feed.changedTables() == [.vdir])
    }

    @Test func noVdirLeavesTheStoresFeedAsItIs() throws {
        let folder = TemporaryFolder()
        let store = try Store.open(at: folder.path("store.sqlite"))
        #expect(!(VdirChangeFeed.wrap(try store.changeFeed(), folders: []) is VdirChangeFeed))
    }
}
