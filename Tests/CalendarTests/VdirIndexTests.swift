import Foundation
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenWidgets
import Testing

/// Issue 54, point 5: the store's index of vdir files, on both backends. A process that starts
/// (here: the in-process memory forgotten) reads only the files that changed since the index
/// learnt them; the reads are counted.
@Suite(.serialized) struct VdirIndexTests {
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
}
