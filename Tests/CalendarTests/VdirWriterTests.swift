import Foundation
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenWidgets
import Testing

/// Issue 54: what Homescreen writes into a vdir, and what it leaves as it was.
@Suite(.serialized) struct VdirWriterTests {
    static func folder() throws -> (TemporaryFolder, String) {
        let folder = TemporaryFolder()
        let vdir = folder.path("family")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        return (folder, vdir)
    }

    /// A file as a phone writes one: an attendee, an alarm, X- properties, folded lines, a
    /// changed occurrence with its own SUMMARY, and a VTODO in the same file.
    static let phoneFile = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "X-WR-CALNAME:Gia đình",
        "BEGIN:VEVENT", "UID:phone-7", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20261210", "RRULE:FREQ=WEEKLY;COUNT=3",
        "SUMMARY:Họp lớp", "ATTENDEE;CN=\"Lan, Nguyễn\";ROLE=REQ-PARTICIPANT:mailto:lan@example.org", "X-PHONE-COLOR:#ff0000",
        "DESCRIPTION:a long note that is folded over two lines because it is long", "  enough to need it",
        "SEQUENCE:2", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Nhắc", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT",
        "BEGIN:VEVENT", "UID:phone-7", "DTSTAMP:20260101T000000Z", "RECURRENCE-ID;VALUE=DATE:20261217", "DTSTART;VALUE=DATE:20261218",
        "SUMMARY:Họp lớp (dời)", "END:VEVENT",
        "BEGIN:VTODO", "UID:todo-1", "SUMMARY:Mua hoa", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    static func lines(_ path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\r\n")
    }

    @Test func aNewEventIsItsOwnFileNamedByAFreshUIDWithItsZone() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        let zone = try #require(Zone(identifier: "Asia/Ho_Chi_Minh"))
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        let draft = EventDraft(title: "Họp, Berlin; 9h", when: .solar(start: LocalDate(year: 2026, month: 12, day: 1)!, time: EventTime(hour: 9, minute: 0),
                                                                   rule: "FREQ=WEEKLY", except: [LocalDate(year: 2026, month: 12, day: 8)!]),
                               zone: "Europe/Berlin", length: .minutes(60))
        let first = try VdirWriter.add(draft, to: vdir, timeZone: zone, now: now)
        let second = try VdirWriter.add(draft, to: vdir, timeZone: zone, now: now)
        #expect(first.uid != second.uid)
        let names = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
        // Only the two files: no temporary name is left behind.
        #expect(names == [first.uid + ".ics", second.uid + ".ics"].sorted())
        let lines = try Self.lines(vdir + "/" + first.uid + ".ics")
        #expect(lines.contains("UID:" + first.uid))
        #expect(lines.contains("DTSTAMP:" + ICalendarStamp.utc(now)))
        #expect(lines.contains("BEGIN:VTIMEZONE") && lines.contains("TZID:Europe/Berlin"))
        #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20261201T090000"))
        #expect(lines.contains("EXDATE;TZID=Europe/Berlin:20261208T090000"))
        #expect(lines.contains("SUMMARY:Họp\\, Berlin\\; 9h"))
        // Read back as the vdir's: the same occurrences, on Saigon's clock.
        let read = VdirCalendars.read([vdir], timeZone: zone)[0]
        #expect(read.problems.isEmpty)
        let range = LocalDate(year: 2026, month: 12, day: 1)!...LocalDate(year: 2026, month: 12, day: 31)!
        let days = EventSchedule.occurrences(of: read.events.filter { $0.uid == first.uid }, in: range, timeZone: zone).map { "\($0.date.iso) \($0.time!)" }
        #expect(days == ["2026-12-01 15:00", "2026-12-15 15:00", "2026-12-22 15:00", "2026-12-29 15:00"])
    }

    @Test func aRewriteChangesOnlyItsLinesAndKeepsEveryOtherByte() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        let path = vdir + "/phone-7.ics"
        try Data(Self.phoneFile.utf8).write(to: URL(fileURLWithPath: path))
        let event = try #require(VdirCalendars.read([vdir], timeZone: .utc)[0].events.first { $0.uid == "phone-7" })
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        try VdirWriter.rewrite(try #require(event.file), VdirWriter.Change(title: "Họp lớp 12A"), now: now)

        let before = Self.phoneFile.components(separatedBy: "\r\n"), after = try Self.lines(path)
        #expect(before.count == after.count)
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(changed.map(\.element.1) == ["DTSTAMP:" + ICalendarStamp.utc(now), "SUMMARY:Họp lớp 12A", "SEQUENCE:3"])
        // The changed occurrence keeps its own title; the file reads back with the new one.
        let read = VdirCalendars.read([vdir], timeZone: .utc)[0]
        #expect(Set(read.events.map(\.title)) == ["Họp lớp 12A", "Họp lớp (dời)"])
        // A note removed and one added: DESCRIPTION (both folded lines) goes, then comes back at the event's end.
        let reread = try #require(read.events.first { $0.uid == "phone-7" }?.file)
        try VdirWriter.rewrite(reread, VdirWriter.Change(note: ""), now: now)
        let noNote = try Self.lines(path)
        #expect(noNote.count == before.count - 2 && !noNote.contains { $0.hasPrefix("DESCRIPTION:a long") } && noNote.contains("DESCRIPTION:Nhắc"))
        let third = try #require(VdirCalendars.read([vdir], timeZone: .utc)[0].events.first { $0.uid == "phone-7" }?.file)
        try VdirWriter.rewrite(third, VdirWriter.Change(note: "Mang ảnh"), now: now)
        let withNote = try Self.lines(path)
        let end = try #require(withNote.firstIndex(of: "BEGIN:VALARM"))
        #expect(withNote.filter { $0 == "DESCRIPTION:Mang ảnh" }.count == 1 && withNote.firstIndex(of: "DESCRIPTION:Mang ảnh")! > end)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir) == ["phone-7.ics"])
    }

    /// The file changed between the read and the write (same size, right after the read: the
    /// modification time may not move): the change is refused and the other program's bytes stay.
    @Test func aChangeIsRefusedWhenTheFileChangedSinceItWasRead() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        let path = vdir + "/phone-7.ics"
        try Data(Self.phoneFile.utf8).write(to: URL(fileURLWithPath: path))
        let file = try #require(VdirCalendars.read([vdir], timeZone: .utc)[0].events.first { $0.uid == "phone-7" }?.file)
        let theirs = Self.phoneFile.replacingOccurrences(of: "SUMMARY:Họp lớp\r\n", with: "SUMMARY:Họp lờp\r\n")
        #expect(theirs.utf8.count == Self.phoneFile.utf8.count && theirs != Self.phoneFile)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data(theirs.utf8))
        try handle.close()

        #expect(throws: VdirWriter.Refusal.self) { try VdirWriter.rewrite(file, VdirWriter.Change(title: "Mine"), now: Date()) }
        #expect(throws: VdirWriter.Refusal.self) { try VdirWriter.remove(file) }
        do { try VdirWriter.rewrite(file, VdirWriter.Change(title: "Mine"), now: Date()) } catch {
            // Named by its file's name and its vdir's (the path stays in `doctor`): short enough for a form at 80 columns.
            #expect(error.description == "the file phone-7.ics of family was changed by another program since it was read; nothing was written (read it again and redo the change).")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == theirs)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir) == ["phone-7.ics"])
        // Gone meanwhile: refused too, nothing made.
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: VdirWriter.Refusal.self) { try VdirWriter.rewrite(file, VdirWriter.Change(title: "Mine"), now: Date()) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).isEmpty)
    }

    @Test func aRemovalTakesOnlyTheEventsOwnFile() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        try Data(Self.phoneFile.utf8).write(to: URL(fileURLWithPath: vdir + "/phone-7.ics"))
        let kept = try VdirWriter.add(EventDraft(title: "Giữ", when: .solar(start: LocalDate(year: 2026, month: 12, day: 1)!, time: nil, rule: "", except: [])),
                                      to: vdir, timeZone: .utc, now: Date())
        let file = try #require(VdirCalendars.read([vdir], timeZone: .utc)[0].events.first { $0.uid == "phone-7" }?.file)
        try VdirWriter.remove(file)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir) == [kept.uid + ".ics"])
    }

    /// A lunar anniversary: one VEVENT, its lunar rule in X-HOMESCREEN-LUNAR (read back as a lunar
    /// event), its next 20 lunar years' solar dates as DTSTART and RDATEs.
    @Test func aLunarAnniversaryCarriesItsRuleAndTwentyYearsOfDates() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        let zone = try #require(Zone(identifier: "Asia/Ho_Chi_Minh"))
        let now = zone.instant(LocalDate(year: 2026, month: 11, day: 28)!, seconds: 36_000)
        let added = try VdirWriter.add(EventDraft(title: "Giỗ ông nội", when: .lunar(month: 3, day: 15, leap: false, firstYear: nil)), to: vdir, timeZone: zone, now: now)
        let text = try String(contentsOfFile: vdir + "/" + added.uid + ".ics", encoding: .utf8).replacingOccurrences(of: "\r\n ", with: "")
        let rdates = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("RDATE;VALUE=DATE:") })
        #expect(rdates.dropFirst("RDATE;VALUE=DATE:".count).split(separator: ",").count == 19)
        #expect(text.contains("DTSTART;VALUE=DATE:20260501\r\n") && rdates.contains("20270421") && text.contains("X-HOMESCREEN-LUNAR:15/3\r\n"))
        #expect(text.contains("X-HOMESCREEN-LUNAR-THROUGH:2045\r\n"))
        let read = VdirCalendars.read([vdir], timeZone: zone)[0]
        #expect(read.events.count == 1 && read.events[0].when == .lunar(month: 3, day: 15, leap: false, firstYear: nil))
    }

    /// The same dates written by another device without the X- property: solar days, as written.
    @Test func anAnniversaryWithOnlySolarDatesStaysSolar() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        let text = ["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:other-1", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20270421",
                    "RDATE;VALUE=DATE:20280409,20290428", "SUMMARY:Giỗ", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
        try Data(text.utf8).write(to: URL(fileURLWithPath: vdir + "/other-1.ics"))
        let read = VdirCalendars.read([vdir], timeZone: .utc)[0]
        #expect(read.events.allSatisfy { !$0.isLunar })
        let range = LocalDate(year: 2026, month: 1, day: 1)!...LocalDate(year: 2031, month: 12, day: 31)!
        #expect(EventSchedule.occurrences(of: read.events, in: range, timeZone: .utc).map(\.date.iso) == ["2027-04-21", "2028-04-09", "2029-04-28"])
    }
}

/// DTSTAMP's form, computed here independently of the writer.
enum ICalendarStamp {
    static func utc(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

extension VdirWriterTests {
    /// Fewer than five lunar years of dates left: the file is written again from this lunar
    /// year for twenty, its other lines as they were; with five left, it is left alone.
    @Test func aLunarAnniversaryIsExtendedWhenFewerThanFiveYearsRemain() throws {
        let (folder, vdir) = try Self.folder()
        _ = folder
        let zone = try #require(Zone(identifier: "Asia/Ho_Chi_Minh"))
        let written = zone.instant(LocalDate(year: 2026, month: 11, day: 28)!, seconds: 36_000)
        let added = try VdirWriter.add(EventDraft(title: "Giỗ bà", note: "Nhà bác", when: .lunar(month: 3, day: 15, leap: false, firstYear: nil)),
                                       to: vdir, timeZone: zone, now: written)
        let path = vdir + "/" + added.uid + ".ics"
        // Another program adds an alarm: it must survive the extension.
        let original = try String(contentsOfFile: path, encoding: .utf8)
            .replacingOccurrences(of: "END:VEVENT", with: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-P1D\r\nEND:VALARM\r\nEND:VEVENT")
        try Data(original.utf8).write(to: URL(fileURLWithPath: path))

        // Lunar year 2041: 2041…2045 are five years, nothing to do.
        let in2041 = LocalDate(year: 2041, month: 6, day: 1)!
        let none = VdirWriter.extendLunarAnniversaries(VdirCalendars.read([vdir], timeZone: zone)[0].events, today: in2041, timeZone: zone, now: written)
        #expect(none.extended.isEmpty && none.refused.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == original)

        let in2042 = LocalDate(year: 2042, month: 6, day: 1)!
        let now = zone.instant(in2042, seconds: 0)
        let done = VdirWriter.extendLunarAnniversaries(VdirCalendars.read([vdir], timeZone: zone)[0].events, today: in2042, timeZone: zone, now: now)
        #expect(done.extended == [path] && done.refused.isEmpty)
        let before = original.components(separatedBy: "\r\n"), after = try Self.lines(path)
        #expect(before.count == after.count)
        let changed = Set(zip(before, after).filter { $0 != $1 }.map { $0.1.hasPrefix(" ") ? " " : $0.1.prefix { $0 != ":" && $0 != ";" } })
        #expect(changed.isSubset(of: ["DTSTAMP", "DTSTART", "DTEND", "RDATE", "X-HOMESCREEN-LUNAR-THROUGH", " "]), "\(changed)")
        let text = after.joined(separator: "\r\n").replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("X-HOMESCREEN-LUNAR-THROUGH:2061\r\n") && text.contains("DTSTART;VALUE=DATE:20420504\r\n") && text.contains("BEGIN:VALARM"))
        let rdates = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("RDATE;VALUE=DATE:") })
        #expect(rdates.split(separator: ",").count == 19 && rdates.hasSuffix(",20610504") == false && !rdates.split(separator: ",").contains { $0.hasPrefix("RDATE") ? $0.hasSuffix(":2041") : $0.hasPrefix("2041") })
        // Still the same lunar event, note and all.
        let read = VdirCalendars.read([vdir], timeZone: zone)[0].events
        #expect(read.count == 1 && read[0].isLunar && read[0].note == "Nhà bác")
    }
}
