import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import Testing
@testable import HomescreenWidgets

/// What a new user of the vdir calendars found missing (after issue 54): the add form's time
/// and length, the edit picker's times and repeats as the day list says them, the vdir's name
/// and color on its events (the feature's update and jobs with a real store, no terminal).
@Suite(.serialized) struct CalendarFormTests {
    let folder = TemporaryFolder()
    let zone = Zone(identifier: "Europe/Paris")!
    let now = Date(timeIntervalSince1970: 1_796_000_000)   // 2026-11-30 00:53 UTC
    let feature = CalendarFeature()

    func environment(_ events: [CalendarEvent] = [], privacy: Bool = false) throws -> FeatureEnvironment {
        let today = LocalDate(now, in: zone)
        let entry = try #require(CalendarEntry(date: now, today: today, month: YearMonth(today), selected: today, events: events, timeZone: zone))
        return FeatureEnvironment(now: now, timeZone: zone, language: .english, locale: FormattingLocale(identifier: "en_US"), privacy: privacy,
                                  entries: [AnyEntry(entry, widget: CalendarWidget())])
    }

    /// Opens the add form and types into it: field label → text (typed over what is there).
    func submitAdd(_ typing: [String: String], _ environment: FeatureEnvironment, state: inout CalendarFeature.State) throws -> (Form, CalendarFeature.Message) {
        let opened = feature.update(&state, .action(.addItem), environment)
        guard case .form(let form, let submitted) = try #require(opened.first) else { Issue.record("not a form: \(opened)"); throw CancellationError() }
        var typed = form
        for (label, text) in typing {
            let index = try #require(form.fields.firstIndex { $0.label == label }, "no field \(label) in \(form.fields.map(\.label))")
            typed.focus = index
            typed.fields[index].enter()
            _ = typed.handle(.control("u"))
            for character in text { _ = typed.handle(.character(character)) }
        }
        return (form, submitted(typed))
    }

    func run(_ effects: [FeatureEffect<CalendarFeature.Message, NoMemory>], store: any StoreBackend) throws -> CalendarFeature.Message {
        guard case .write(let job) = try #require(effects.first) else { Issue.record("not a write: \(effects)"); throw CancellationError() }
        var memory: (any Sendable)?
        return KindJob(job).run(store, memory: &memory, now: now, reading: false).open(CalendarFeature.Message.self)
    }

    // MARK: - 1. The add form's time and length

    @Test func theAddFormHasATimeAndMinutesOnThisMachinesZone() throws {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        var state = feature.initialState()
        let (shown, message) = try submitAdd(["Title": "Họp", "Time": "18:30", "Minutes": "90"], try environment(), state: &state)
        #expect(shown.fields.map(\.label) == ["Title", "Date", "Time", "Minutes", "Repeat", "Note"], "\(shown.fields.map(\.label))")
        let time = try #require(shown.fields.first { $0.label == "Time" })
        #expect(time.hint == "HH:MM (24-hour) on Europe/Paris time (this machine's TZ); empty: all day", "\(time.hint)")
        let reply = try run(feature.update(&state, .message(message), try environment()), store: store)
        let said = feature.update(&state, .message(reply), try environment())
        #expect(said.first.map { "\($0)" }?.contains("Added Họp (2026-11-30 18:30 Europe/Paris).") == true, "\(said)")
        let saved = try EventRepository(store).events()
        #expect(saved.count == 1)
        #expect(saved.first?.when == .solar(start: LocalDate(year: 2026, month: 11, day: 30)!, time: EventTime(hour: 18, minute: 30), rule: "", except: []))
        #expect(saved.first?.zone == "Europe/Paris" && saved.first?.length == .minutes(90), "\(saved)")
    }

    /// Into a vdir: a timed event with its VTIMEZONE, as `event add --calendar --time` writes it.
    @Test func aTimedEventGoesIntoAVdirWithItsZone() throws {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        let vdir = folder.path("family")
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try Data("Gia đình\n".utf8).write(to: URL(fileURLWithPath: vdir + "/displayname"))
        var state = feature.initialState()
        // The configured vdirs, set only while the form is checked (other suites read them).
        VdirCalendars.configured = [vdir]
        let submitted = try submitAdd(["Title": "Gọi mẹ", "Time": "09:05", "Minutes": "30", "Calendar": "Gia đình"], try environment(), state: &state)
        let effects = feature.update(&state, .message(submitted.1), try environment())
        VdirCalendars.configured = []
        #expect(submitted.0.fields.last?.label == "Calendar")
        _ = try run(effects, store: store)
        let files = try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }
        #expect(files.count == 1)
        let text = try String(contentsOfFile: vdir + "/" + (files.first ?? ""), encoding: .utf8)
        #expect(text.contains("DTSTART;TZID=Europe/Paris:20261130T090500\r\n") && text.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Paris\r\n"), "\(text)")
        #expect(text.contains("DTEND;TZID=Europe/Paris:20261130T093500\r\n") || text.contains("DURATION:PT30M\r\n"), "\(text)")
    }

    /// Bad input: a sentence under the field naming the value and what is accepted; nothing written.
    @Test(arguments: [
        (["Time": "25:00"], "Time", "'25:00' is not a time; use HH:MM from 00:00 to 23:59, such as 18:30, or leave it empty for an all-day event."),
        (["Time": "9h"], "Time", "'9h' is not a time; use HH:MM from 00:00 to 23:59, such as 18:30, or leave it empty for an all-day event."),
        (["Time": "10:00", "Minutes": "abc"], "Minutes", "'abc' is not a number of minutes; use a whole number from 1 to 100000, such as 90."),
        (["Time": "10:00", "Minutes": "0"], "Minutes", "'0' is not a number of minutes; use a whole number from 1 to 100000, such as 90."),
        (["Minutes": "45"], "Minutes", "minutes (45) go with a time; give the Time as HH:MM, or leave Minutes empty for an all-day event."),
        (["Time": "10:00", "Repeat": "lunar"], "Time", "a lunar anniversary lasts its day, so it has no time ('10:00'); leave the time empty, or give a solar date."),
    ])
    func badTimesAndLengthsAreSaidUnderTheirField(_ typing: [String: String], _ label: String, _ sentence: String) throws {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        var state = feature.initialState()
        let (_, message) = try submitAdd(typing.merging(["Title": "Họp"]) { own, _ in own }, try environment(), state: &state)
        let refused = feature.update(&state, .message(message), try environment())
        guard case .form(let form, _) = try #require(refused.first) else { Issue.record("\(refused)"); return }
        let field = try #require(form.fields.first { $0.label == label })
        #expect(field.error == sentence, "\(form.fields.map { ($0.label, $0.error) })")
        #expect(form.fields.filter { $0.error != nil }.count == 1)
        #expect(try EventRepository(store).events().isEmpty, "nothing written")
    }

    // MARK: - 2. The edit picker's times and repeats

    /// A weekly call kept on New York's clock, and an all-day event: the picker shows the call at
    /// Paris time (as the day list does) and its repeat in words, never the raw RRULE.
    @Test func thePickerShowsTheDashboardsTimeAndTheRepeatInWords() throws {
        var call = CalendarEvent(id: -1, uid: "call", title: "Call with New York",
                                 when: .solar(start: LocalDate(year: 2026, month: 11, day: 2)!, time: EventTime(hour: 9, minute: 0),
                                              rule: "FREQ=WEEKLY;UNTIL=20270115T140000Z;BYDAY=MO", except: []),
                                 zone: "America/New_York", createdAt: now)
        call.calendar = "Work"
        let lunch = CalendarEvent(id: 2, uid: "lunch", title: "Lunch", when: .solar(start: LocalDate(year: 2026, month: 11, day: 30)!, time: nil, rule: "", except: []),
                                  createdAt: now)
        let environment = try environment([call, lunch])
        var state = feature.initialState()
        let asked = feature.update(&state, .action(.edit), environment)
        guard case .picker(let picker, let chosen) = try #require(asked.first) else { Issue.record("\(asked)"); return }
        let details = picker.items.map(\.detail)
        // A vdir's event by its calendar's name (its id changes at each read), the store's by its id.
        #expect(details == ["#2", "Work · 15:00 · every week on Monday until 2027-01-15"], "\(details)")
        #expect(!details.joined().contains("FREQ"), "\(details)")
        // The day list says 15:00 too.
        let entry = try #require(environment.entries(CalendarEntry.self).first)
        #expect(entry.dayEvents.first { $0.event.uid == "call" }?.time == EventTime(hour: 15, minute: 0))
        let index = try #require(picker.items.firstIndex { $0.title == "Call with New York" })
        let opened = feature.update(&state, .message(chosen(.item(index))), environment)
        guard case .form(let form, _) = try #require(opened.first) else { Issue.record("\(opened)"); return }
        #expect(form.title == "Edit Call with New York (2026-11-30 15:00 · every week on Monday until 2027-01-15)", "\(form.title)")
        // The remove picker says it the same way.
        let removing = feature.update(&state, .action(.remove), environment)
        guard case .picker(let removal, _) = try #require(removing.first) else { Issue.record("\(removing)"); return }
        #expect(removal.items.map(\.detail) == picker.items.map(\.detail))
        // In privacy mode the calendar's name is masked, as the titles are.
        var hidden = feature.initialState()
        let masked = feature.update(&hidden, .action(.edit), try self.environment([call, lunch], privacy: true))
        guard case .picker(let maskedPicker, _) = try #require(masked.first) else { Issue.record("\(masked)"); return }
        #expect(maskedPicker.items.map(\.detail) == ["#2", PrivacyMask.hiddenName + " · 15:00 · every week on Monday until 2027-01-15"], "\(maskedPicker.items)")
    }

    @Test(arguments: [
        ("FREQ=WEEKLY", "every week"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,WE", "every 2 weeks on Monday, Wednesday"),
        ("FREQ=MONTHLY;BYDAY=2SU;COUNT=10", "every month on the 2nd Sunday, 10 times"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
        ("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=15;UNTIL=20300101", "every year in March on the 15th until 2030-01-01"),
        ("FREQ=DAILY;COUNT=1", "every day, 1 time"),
        ("FREQ=SECONDLY", "FREQ=SECONDLY"),
    ])
    func repeatsInWords(_ rule: String, _ words: String) {
        #expect(RecurrenceRule.words(rule) == words)
    }

    /// `whenText` (the status line's "Added …", `event add`'s line) names a timed event's zone.
    @Test func theWhenTextNamesAZoneAndWordsARule() {
        let event = CalendarEvent(id: 1, uid: "x", title: "Gym", when: .solar(start: LocalDate(year: 2026, month: 1, day: 5)!, time: EventTime(hour: 18, minute: 30),
                                                                             rule: "FREQ=WEEKLY;BYDAY=MO,WE", except: []), zone: "Europe/Berlin", createdAt: now)
        #expect(event.whenText == "from 2026-01-05 18:30 Europe/Berlin, every week on Monday, Wednesday")
    }

    // MARK: - 3. The vdir's color on its events' marks

    /// The marks of a vdir's events carry its `color` file's color (the day in the grid, the
    /// day's list, the coming list); the store's own events and an ASCII pane keep the accent.
    @Test func aVdirsColorTintsItsEventsMarksButNotInASCII() throws {
        var family = CalendarEvent(id: -1, uid: "f", title: "Họp lớp", when: .solar(start: LocalDate(year: 2026, month: 11, day: 30)!, time: nil, rule: "", except: []),
                                   createdAt: now)
        family.calendar = "Gia đình"
        family.color = "#FF8800FF"   // as some servers write it, with an alpha
        let own = CalendarEvent(id: 1, uid: "o", title: "Giỗ", when: .solar(start: LocalDate(year: 2026, month: 12, day: 3)!, time: nil, rule: "", except: []), createdAt: now)
        let today = LocalDate(now, in: zone)
        let entry = try #require(CalendarEntry(date: now, today: today, month: YearMonth(today), selected: today, events: [family, own], timeZone: zone))
        let orange = RGB(0xFF, 0x88, 0x00)
        #expect(family.calendarColor == orange && own.calendarColor == nil)
        for ascii in [false, true] {
            let context = WidgetContext(family: .systemLarge, language: .english, timeZone: zone, ascii: ascii, detail: true)
            let grid = CalendarWidget().render(entry, in: context)
            let marks = grid.cells.filter { $0.text == (ascii ? "*" : "•") }
            // The grid's two days, the day's list, the coming list's two events.
            #expect(marks.count >= 5, "\(grid.rowTexts().joined(separator: "\n"))")
            let tinted = marks.filter { $0.style.tint == orange }
            #expect(ascii ? tinted.isEmpty : tinted.count >= 3, "ascii \(ascii): \(marks.map(\.style))")
            #expect(marks.allSatisfy { $0.style.tint == nil || $0.style.tint == orange })
            // Everything but the tint is as it was: the marks stay the accent role.
            #expect(marks.allSatisfy { $0.style.foreground == .accent || $0.style.foreground == .today }, "\(marks.map(\.style))")
        }
        // The small and accessory views' next event: its mark in the color too, but in ASCII.
        for family in [WidgetFamily.systemSmall, .accessoryRectangular, .accessoryCircular, .accessoryInline] {
            for ascii in [false, true] {
                let grid = CalendarWidget().render(entry, in: WidgetContext(family: family, language: .english, timeZone: zone, ascii: ascii))
                let marks = grid.cells.filter { $0.text == (ascii ? "*" : "•") }
                #expect(marks.count == 1, "\(family) ascii \(ascii): \(grid.rowTexts().joined(separator: "\n"))")
                #expect(marks.first?.style.tint == (ascii ? nil : orange), "\(family) ascii \(ascii)")
            }
        }
        // A color file that is not a color: no tint.
        family.color = "orange"
        #expect(family.calendarColor == nil)
    }
}
