import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import Testing
@testable import HomescreenWidgets

/// Issue 54: `e` on the calendar edits one of the day's events in a form of its title and note,
/// and saves as `event edit` does: a vdir's event in its own file, only if the file is the one
/// the form was filled from (the feature's update and jobs, without a terminal).
@Suite(.serialized) struct CalendarEditTests {
    let folder = TemporaryFolder()
    let zone = Zone(identifier: "Europe/Paris")!
    let now = Date(timeIntervalSince1970: 1_796_000_000)   // 2026-11-30
    let feature = CalendarFeature()

    /// A phone's file: an attendee, an alarm, an X- property, a folded line, a note of two lines.
    static let phoneFile = [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN",
        "BEGIN:VEVENT", "UID:phone-7", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20261130",
        "SUMMARY:Họp lớp", "ATTENDEE;CN=\"Lan, Nguyễn\";ROLE=REQ-PARTICIPANT:mailto:lan@example.org", "X-PHONE-COLOR:#ff0000",
        "DESCRIPTION:mang hoa\\ngọi bác", "X-LONG:a long value that is folded over two lines because it is long enough", "  to need it",
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Nhắc", "TRIGGER:-PT15M", "END:VALARM", "END:VEVENT", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")

    /// The vdir's events read now, and the environment of a key press on their day.
    func environment(_ vdir: String) throws -> FeatureEnvironment {
        let events = VdirCalendars.read([vdir], timeZone: zone).flatMap(\.events)
        let today = LocalDate(now, in: zone)
        let entry = try #require(CalendarEntry(date: now, today: today, month: YearMonth(today), selected: today, events: events, timeZone: zone))
        return FeatureEnvironment(now: now, timeZone: zone, language: .english, locale: FormattingLocale(identifier: "en_US"), privacy: false,
                                  entries: [AnyEntry(entry, widget: CalendarWidget())])
    }

    func vdir() throws -> String {
        let vdir = folder.path("family")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try Data(Self.phoneFile.utf8).write(to: URL(fileURLWithPath: vdir + "/phone-7.ics"))
        return vdir
    }

    /// The form's effect, typed into: `typing` per field (nil: left as shown).
    func submit(_ effects: [FeatureEffect<CalendarFeature.Message, NoMemory>], typing: [String?]) throws -> (shown: Form, message: CalendarFeature.Message) {
        guard case .form(let form, let submitted) = try #require(effects.first) else { Issue.record("not a form: \(effects)"); throw CancellationError() }
        var typed = form
        for (index, text) in typing.enumerated() {
            typed.focus = index
            typed.fields[index].enter()
            guard let text else { continue }
            for character in text { _ = typed.handle(.character(character)) }
        }
        return (form, submitted(typed))
    }

    func run(_ effects: [FeatureEffect<CalendarFeature.Message, NoMemory>]) throws -> CalendarFeature.Message {
        guard case .write(let job) = try #require(effects.first) else { Issue.record("not a write: \(effects)"); throw CancellationError() }
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        var memory: (any Sendable)?
        return KindJob(job).run(store, memory: &memory, now: now, reading: false).open(CalendarFeature.Message.self)
    }

    /// The file's lines as bytes (split at CRLF), so that equal means byte-identical.
    static func lines(_ path: String) throws -> [[UInt8]] {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var lines: [[UInt8]] = [], current: [UInt8] = []
        for byte in bytes {
            current.append(byte)
            if current.count >= 2, current.suffix(2) == [13, 10] { lines.append(current); current = [] }
        }
        return lines + (current.isEmpty ? [] : [current])
    }

    @Test func theFormIsFilledFromTheEventAndSavesOnlyTheChangedLineInItsFile() throws {
        let vdir = try vdir()
        let environment = try environment(vdir)
        var state = feature.initialState()
        let opened = feature.update(&state, .action(.edit), environment)
        let (shown, message) = try submit(opened, typing: ["Họp lớp 12A", nil])
        #expect(shown.title == "Edit Họp lớp (2026-11-30)", "\(shown.title)")
        #expect(shown.fields.map(\.label) == ["Title", "Note"] && shown.fields.map(\.text) == ["Họp lớp", "mang hoa↵gọi bác"], "\(shown.fields)")
        let before = try Self.lines(vdir + "/phone-7.ics")
        let written = feature.update(&state, .message(message), environment)
        let reply = try run(written)
        let saved = feature.update(&state, .message(reply), environment)
        guard case .message(let said) = try #require(saved.first) else { Issue.record("\(saved)"); return }
        #expect(said == .success("Saved Họp lớp 12A."))
        let after = try Self.lines(vdir + "/phone-7.ics")
        #expect(after.count == before.count)
        let changed = zip(before, after).filter { $0 != $1 }.map { String(decoding: $0.1, as: UTF8.self) }
        #expect(changed == ["DTSTAMP:20261130T005320Z\r\n", "SUMMARY:Họp lớp 12A\r\n"], "\(changed)")
    }

    /// A ↵ typed in the note is a line break; an unchanged form writes nothing.
    @Test func theNotesLineBreaksAreKeptAndAnUnchangedFormWritesNothing() throws {
        let vdir = try vdir()
        let environment = try environment(vdir)
        var state = feature.initialState()
        let (_, unchanged) = try submit(feature.update(&state, .action(.edit), environment), typing: [nil, nil])
        let nothing = feature.update(&state, .message(unchanged), environment)
        guard case .message(let said) = try #require(nothing.first) else { Issue.record("\(nothing)"); return }
        #expect(said == .info("Nothing changed in Họp lớp.") && nothing.count == 1)
        let (_, message) = try submit(feature.update(&state, .action(.edit), environment), typing: [nil, "mang hoa↵gọi bác↵đến sớm"])
        _ = try run(feature.update(&state, .message(message), environment))
        let text = try String(contentsOfFile: vdir + "/phone-7.ics", encoding: .utf8)
        #expect(text.contains("\r\nDESCRIPTION:mang hoa\\ngọi bác\\nđến sớm\r\n") && text.contains("\r\nSUMMARY:Họp lớp\r\n"), "\(text)")
        let event = try #require(VdirCalendars.read([vdir], timeZone: zone).flatMap(\.events).first)
        #expect(event.note == "mang hoa\ngọi bác\nđến sớm")
    }

    /// Another program rewrote the file after the form was filled: nothing is written, and the
    /// form comes back with what was typed and the sentence.
    @Test func aFileChangedUnderneathIsRefusedInTheForm() throws {
        let vdir = try vdir()
        let environment = try environment(vdir)
        var state = feature.initialState()
        let (_, message) = try submit(feature.update(&state, .action(.edit), environment), typing: ["Họp lớp 12A", nil])
        let theirs = Self.phoneFile.replacingOccurrences(of: "X-PHONE-COLOR:#ff0000", with: "X-PHONE-COLOR:#00ff00")
        try Data(theirs.utf8).write(to: URL(fileURLWithPath: vdir + "/phone-7.ics"))
        let reply = try run(feature.update(&state, .message(message), environment))
        let refused = feature.update(&state, .message(reply), environment)
        #expect(try String(contentsOfFile: vdir + "/phone-7.ics", encoding: .utf8) == theirs, "nothing written")
        #expect(refused.count == 2)
        guard case .form(let form, _) = try #require(refused.last) else { Issue.record("\(refused)"); return }
        #expect(form.error?.contains("was changed by another program since it was read; nothing was written") == true, "\(form.error ?? "")")
        #expect(form.fields.map(\.text) == ["Họp lớp 12A", "mang hoa↵gọi bác"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir) == ["phone-7.ics"], "no temporary file left")
    }

    /// A day of several events asks which one first.
    @Test func aDayOfSeveralEventsAsksWhichOne() throws {
        let vdir = try vdir()
        let second = Self.phoneFile.replacingOccurrences(of: "UID:phone-7", with: "UID:phone-8").replacingOccurrences(of: "SUMMARY:Họp lớp", with: "SUMMARY:Sinh nhật")
        try Data(second.utf8).write(to: URL(fileURLWithPath: vdir + "/phone-8.ics"))
        let environment = try environment(vdir)
        var state = feature.initialState()
        let asked = feature.update(&state, .action(.edit), environment)
        guard case .picker(let picker, let chosen) = try #require(asked.first) else { Issue.record("\(asked)"); return }
        #expect(picker.title == "Edit an event" && picker.items.count == 2)
        let index = try #require(picker.items.firstIndex { $0.title == "Sinh nhật" })
        let opened = feature.update(&state, .message(chosen(.item(index))), environment)
        guard case .form(let form, _) = try #require(opened.first) else { Issue.record("\(opened)"); return }
        #expect(form.fields.first?.text == "Sinh nhật")
    }
}
