import Foundation
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenWidgets
import Testing

// Inside VdirTests: one serialized suite for every test of the process-wide memory of read
// files and the change feeds' watches, so that no test forgets or counts another's reads.
extension VdirTests {
    /// Issue 54, point 5: the store's index of vdir files, on both backends. A process that starts
    /// (here: the in-process memory forgotten) reads only the files that changed since the index
    /// learnt them; the reads are counted.
    @Suite struct VdirIndexTests {
        @Test(arguments: TestBackend.allCases) func aStartingProcessReadsOnlyTheChangedFiles(_ backend: TestBackend) throws {
            let made = try backend.make()
            let folder = TemporaryFolder()
            let vdir = folder.path("many")
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            for index in 0..<50 {
                let lines = index == 7 ? ["DTSTART;TZID=Europe/Paris:20260105T180000", "RRULE:FREQ=WEEKLY;COUNT=4", "EXDATE;TZID=Europe/Paris:20260112T180000", "DURATION:PT90M"]
                    : index == 8 ? ["DTSTART;VALUE=DATE:20260110", "RRULE:FREQ=WEEKLY;BYDAY=SA", "X-HOMESCREEN-LUNAR:15/3"] : ["DTSTART;VALUE=DATE:20260110"]
                try VdirTests.write(VdirTests.ics(uid: "e\(index)", summary: "Event \(index)", lines), to: vdir + "/e\(index).ics")
            }
            try VdirTests.write("not a calendar", to: vdir + "/bad.ics")
            let zone = try #require(Zone(identifier: "Asia/Ho_Chi_Minh"))
            func rows() throws -> Int64 { try made.store.reading { try $0.row("SELECT count(*) AS n FROM vdirIndex")?.int("n") ?? -1 } }
            func shown(_ calendar: VdirCalendar) -> [String] {
                calendar.events.map { "\($0.uid) \($0.title) \($0.when) \($0.zone) \(String(describing: $0.length)) \($0.file?.hash ?? 0)" }.sorted()
            }

            VdirCalendar.forgetReadFiles()
            let first = VdirCalendars.read([vdir], timeZone: zone, store: made.store)[0]
            #expect(first.filesRead == 51 && first.events.count == 50)
            #expect(try rows() == 50)   // the file that is not iCalendar is not indexed: it is said again each time

            // A new process: every unchanged file from the index, the same events, the same problems.
            VdirCalendar.forgetReadFiles()
            let second = VdirCalendars.read([vdir], timeZone: zone, store: try made.again())[0]
            #expect(second.filesRead == 1)
            #expect(shown(second) == shown(first) && second.problems == first.problems)
            #expect(second.events.first { $0.uid == "e8" }?.isLunar == true)

            // One file changed, one removed: one read, and the index follows.
            try VdirTests.write(VdirTests.ics(uid: "e3", summary: "Changed", ["DTSTART;VALUE=DATE:20260111"]), to: vdir + "/e3.ics")
            try FileManager.default.removeItem(atPath: vdir + "/e4.ics")
            VdirCalendar.forgetReadFiles()
            let third = VdirCalendars.read([vdir], timeZone: zone, store: made.store)[0]
            #expect(third.filesRead == 2 && third.events.contains { $0.title == "Changed" } && !third.events.contains { $0.uid == "e4" })
            #expect(try rows() == 49)
            VdirCalendar.forgetReadFiles()
            #expect(VdirCalendars.read([vdir], timeZone: zone, store: made.store)[0].filesRead == 1)
            // Read in another zone, a file is read again (its times were read in the zone).
            VdirCalendar.forgetReadFiles()
            #expect(VdirCalendars.read([vdir], timeZone: .utc, store: made.store)[0].filesRead == 50)
        }

        /// A dashboard's first frame takes from the index only the files its panes show: those with
        /// an event on the month's grid, and those that begin next until the coming list is full
        /// (by the rows' first and last days). The entry drawn from them is the entry drawn from
        /// every file; the check after the first frame reads every row.
        @Test(arguments: TestBackend.allCases) func theFirstFrameReadsOnlyTheRowsItShows(_ backend: TestBackend) throws {
            let made = try backend.make()
            let folder = TemporaryFolder()
            let vdir = folder.path("years")
            try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
            // One-day events every 5 days from 2024 to 2028, and the kinds whose days are not their start.
            let start = try #require(LocalDate(year: 2024, month: 1, day: 1))
            for index in 0..<300 {
                let day = start.adding(days: index * 5)
                try VdirTests.write(VdirTests.ics(uid: "d\(index)", summary: "Day \(index)", ["DTSTART;VALUE=DATE:" + day.iso.replacingOccurrences(of: "-", with: "")]),
                                    to: vdir + "/d\(index).ics")
            }
            let others: [(String, [String])] = [
                ("weekly", ["DTSTART;VALUE=DATE:20200106", "RRULE:FREQ=WEEKLY"]),                        // without end
                ("ended", ["DTSTART;VALUE=DATE:20200106", "RRULE:FREQ=WEEKLY;COUNT=10"]),                // long over
                ("until", ["DTSTART;TZID=Europe/Paris:20250105T230000", "RRULE:FREQ=MONTHLY;UNTIL=20260702T000000Z"]),
                ("trip", ["DTSTART;VALUE=DATE:20260520", "DTEND;VALUE=DATE:20260603"]),               // begins before the grid
                ("night", ["DTSTART;TZID=America/New_York:20260712T200000", "DURATION:PT2H"]),           // the grid's last day, in Hà Nội
                ("lunar", ["DTSTART;VALUE=DATE:20270101", "RRULE:FREQ=YEARLY", "X-HOMESCREEN-LUNAR:15/3"]),
                ("excluded", ["DTSTART;VALUE=DATE:20260610", "EXDATE;VALUE=DATE:20260610"]),            // no day at all
            ]
            for (name, lines) in others { try VdirTests.write(VdirTests.ics(uid: name, summary: name, lines), to: vdir + "/\(name).ics") }
            let zone = try #require(Zone(identifier: "Asia/Ho_Chi_Minh"))
            let today = try #require(LocalDate(year: 2026, month: 6, day: 15))
            let month = YearMonth(today)
            let window = CalendarEntry.window(month: month, selected: today)
            #expect(window.days == LocalDate(year: 2026, month: 6, day: 1)!...LocalDate(year: 2026, month: 7, day: 12)!)

            VdirCalendar.forgetReadFiles()
            let every = VdirCalendars.read([vdir], timeZone: zone, store: made.store)[0]
            #expect(every.events.count == 307)
            func entry(_ events: [CalendarEvent], at day: LocalDate = today) throws -> [String] {
                let entry = try #require(CalendarEntry(date: Date(), today: today, month: YearMonth(day), selected: day, events: events, timeZone: zone))
                return entry.days.map { "\($0.date.iso) \($0.eventCount)" } + entry.dayEvents.map { "on the day: \($0.event.title)" }
                    + entry.upcoming.map { "coming: \($0.date.iso) \($0.time?.description ?? "") \($0.title)" }
            }

            VdirCalendar.forgetReadFiles()   // a dashboard starts
            let feed = VdirChangeFeed.wrap(try made.store.changeFeed(), folders: [vdir], checkAfterStart: true)
            let shown = VdirCalendars.read([vdir], timeZone: zone, store: made.store, window: window)[0]
            #expect(shown.filesRead == 0)
            // The grid's 6 weeks (June 1 to July 12) hold 8 of the one-day events (June 4 to July 9);
            // the coming list's 24 are night (July 13 in Hà Nội) and 23 more of them; and weekly,
            // until, trip and lunar (every year: always read).
            #expect(shown.events.count == 8 + 1 + 23 + 4)
            #expect(!shown.events.contains { ["ended", "excluded"].contains($0.title) })
            #expect(try entry(shown.events) == entry(every.events))
            // The reminders' days within those: the same read.
            let reused = VdirCalendars.readsReused
            #expect(VdirCalendars.read([vdir], timeZone: zone, store: made.store, window: EventWindow(days: today...today.adding(days: 3)))[0].events.count == 36)
            #expect(VdirCalendars.readsReused == reused + 1)
            // Another month (the full-screen view moved): its own rows, the same entry as from every file.
            let later = try #require(LocalDate(year: 2027, month: 3, day: 3))
            let moved = VdirCalendars.read([vdir], timeZone: zone, store: made.store, window: CalendarEntry.window(month: YearMonth(later), selected: later))[0]
            #expect(moved.events.count < 100)
            #expect(try entry(moved.events, at: later) == entry(every.events, at: later))
            // The check after the first frame: every row, every file's events.
            var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
            #expect(poll(&descriptor, 1, 0) == 1)
            #expect(feed.drainEvents())
            let checked = VdirCalendars.read([vdir], timeZone: zone, store: made.store, window: window)[0]
            #expect(checked.events.count == 307 && checked.filesRead == 0)
            withExtendedLifetime(feed) {}

            // Rows read in another zone: the first frame takes every row (their days are that zone's).
            VdirCalendar.forgetReadFiles()
            let again = VdirChangeFeed.wrap(try made.store.changeFeed(), folders: [vdir], checkAfterStart: true)
            #expect(VdirCalendars.read([vdir], timeZone: .utc, store: made.store, window: window)[0].events.count == 307)
            withExtendedLifetime(again) {}
        }
    }
}
