import Foundation
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

extension WidgetKind { public static let calendar = WidgetKind("calendar") }

/// The Vietnamese calendar as a dashboard kind: it reads the events table (the rest of its
/// entry is computed from the date); full screen, ←/→ move a day, ↑/↓ a week, PgUp/PgDn a
/// month. `n` adds an event on the day in focus (its lunar date filled in), `e` edits the title
/// and note of one of the day's events, `x` removes one (a picker when the day has several).
public struct CalendarFeature: WidgetFeature {
    public struct State: Sendable, Equatable {
        /// The events of the day `x` was pressed on, in the picker's order.
        var removable: [RemovableEvent] = []
        /// The events of the day `e` was pressed on, in the picker's order.
        var editable: [EditableEvent] = []
        /// The event of the edit form in flight (a refused save reopens the form for it).
        var editing: EditableEvent?
        /// The add-event or edit form until the store or the file saves it (a failed save reopens it).
        var form = SubmittedForm()
    }

    /// What comes back to the calendar: its form, its picker's choice, its question, its jobs' results.
    public enum Message: Sendable {
        case addSubmitted(Form)
        case added(Result<CalendarEvent, JobFailure>)
        case chosen(Picker.Choice)
        case remove(id: Int64, file: VdirFile?)
        case removed(Result<CalendarEvent, JobFailure>)
        case editChosen(Picker.Choice)
        case editSubmitted(EditableEvent, Form)
        case edited(Result<CalendarEvent, JobFailure>)
    }

    struct RemovableEvent: Sendable, Equatable {
        let id: Int64, title: String, when: String, repeats: Bool, yearly: Bool, file: VdirFile?
        /// Its line in the picker, after the title (`CalendarFeature.pickerDetail`).
        var detail = ""
    }

    /// An event as the edit form showed it: a vdir's file is the version read then, which the
    /// save rewrites only if no program changed it since.
    public struct EditableEvent: Sendable, Equatable {
        let id: Int64, uid: String, title: String, note: String, when: String
        let file: VdirFile?
        /// Its line in the picker, after the title.
        let detail: String
        /// `name`: how a name shows (masked in privacy mode).
        init(_ occurrence: EventOccurrence, name: (String) -> String = { $0 }) {
            let event = occurrence.event
            (id, uid, title, note, when, file) = (event.id, event.uid, event.title, event.note, CalendarFeature.shownWhen(occurrence), event.file)
            detail = CalendarFeature.pickerDetail(occurrence, name: name)
        }
    }

    public init() {}

    public var kind: WidgetKind { .calendar }
    public var title: String { CalendarView.title }
    public var summary: String { "the month with Vietnamese lunar days, holidays and events" }
    public var families: [WidgetFamily] { WidgetFamily.allCases }
    public var routedActions: Set<Action> { [.addItem, .edit, .remove] }
    public var tables: Set<StoreTable> { [.event, .vdir] }

    public var settings: [SettingSpec] { [Self.calendarSettings.spec] }

    /// `[calendar] vdirs = ["~/.calendars/family", …]`: folders of .ics files shown with the
    /// store's events (issue 54). Reading the config sets `VdirCalendars.configured`.
    public static let calendarSettings = SettingKey<CalendarSettings>("calendar", default: CalendarSettings()) { value in
        guard case .table(let keys) = value else {
            throw ConfigError("calendar must be a table such as [calendar] vdirs = [\"~/.calendars/family\"].")
        }
        if let unknown = keys.keys.sorted().first(where: { $0 != "vdirs" }) {
            throw ConfigError("calendar.\(unknown) is not a calendar key; the key is vdirs (a list of folders of .ics files).")
        }
        var folders: [String] = []
        if let list = keys["vdirs"] {
            guard case .list(let items) = list else { throw ConfigError("calendar.vdirs = \(list) is not a list; write vdirs = [\"~/.calendars/family\"].") }
            for item in items {
                guard case .string(let folder) = item, !folder.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw ConfigError("calendar.vdirs holds \(item), not a folder; write vdirs = [\"~/.calendars/family\"].")
                }
                // The same folder twice would show each of its events twice.
                let path = (VdirCalendar.expand(folder) as NSString).standardizingPath
                if let first = folders.first(where: { ($0 == folder) || (VdirCalendar.expand($0) as NSString).standardizingPath == path }) {
                    throw ConfigError("calendar.vdirs lists the folder \(path) twice (\"\(first)\" and \"\(folder)\"); list each folder once.")
                }
                folders.append(folder)
            }
        }
        VdirCalendars.configured = folders
        return CalendarSettings(vdirs: folders)
    }

    public func provider(store: any StoreBackend, settings: WidgetSettings) -> CalendarWidget { CalendarWidget(store: store) }
    public func initialState() -> State { State() }

    /// The scroll counts days from today's day of the month (in a shorter month, its last day);
    /// past the month's ends the arrows go on into the month before or after.
    public func detail(_ entry: CalendarEntry, scroll: Int) -> DetailNavigation {
        let before = entry.month.adding(months: -1), after = entry.month.adding(months: 1)
        return DetailNavigation(scroll: (scroll - entry.selected.day + 1)...(scroll + entry.month.dayCount - entry.selected.day),
                                scrollReloads: true, movesByMonth: true, sideStep: 1, verticalStep: 7,
                                scrollBefore: before.dayCount - min(entry.today.day, before.dayCount), scrollAfter: 1 - min(entry.today.day, after.dayCount))
    }

    public func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, NoMemory>] {
        let language = environment.language
        func text(_ english: String, _ values: String...) -> String { language.text(english, in: Self.words, values: values) }
        let entry = environment.entries(CalendarEntry.self).first
        switch event {
        case .action(.addItem):
            let day = entry?.selected ?? LocalDate(environment.now, in: environment.timeZone)
            let calendars = VdirCalendars.configured.isEmpty ? [] : VdirCalendars.read(timeZone: environment.timeZone).map(\.name)
            return [.form(Self.form(language, date: day.iso, lunar: entry.map { EventInput.fieldText(for: $0.selectedLunar) } ?? "",
                                    timeZone: environment.timeZone, calendars: calendars),
                          submitted: Message.addSubmitted)]
        case .message(.addSubmitted(let form)):
            var check = FormCheck(form, language: language)
            // Each field checked as `event add` checks it, the sentence under its field.
            func field<Value>(_ index: Int, _ read: () throws(EventInput.Problem) -> Value) -> Value? {
                do { return try read() } catch { check.fail(index, error.description); return nil }
            }
            let title = field(Field.title) { () throws(EventInput.Problem) in try EventInput.title(check[Field.title]) }
            let note = field(Field.note) { () throws(EventInput.Problem) in try EventInput.note(check[Field.note]) }
            let when = field(Field.repeats) { () throws(EventInput.Problem) in try EventInput.rule(check[Field.repeats]) } == nil ? nil
                : field(Field.date) { () throws(EventInput.Problem) in try EventInput.dateField(check[Field.date], repeat: check[Field.repeats], today: LocalDate(environment.now, in: environment.timeZone)) }
            // A time and a length, on this machine's clock (TZ), as `event add --calendar` without --zone.
            let time = field(Field.time) { () throws(EventInput.Problem) in try EventInput.time(check[Field.time], for: when) }
            let minutes = field(Field.minutes) { () throws(EventInput.Problem) in try EventInput.minutes(check[Field.minutes], time: check[Field.time]) }
            // The Calendar field, when vdirs are configured: empty is the store, else a vdir's name.
            let vdir = form.fields.count > Field.calendar && !check[Field.calendar].trimmingCharacters(in: .whitespaces).isEmpty
                ? field(Field.calendar) { () throws(EventInput.Problem) in try EventInput.vdir(check[Field.calendar]) } : nil
            if let rejected = check.rejected(form) { return [.form(rejected, submitted: Message.addSubmitted)] }
            guard var when, let title, let note, let time, let minutes else { return [] }
            if case .solar(let start, _, let rule, let except) = when, let clock = time { when = .solar(start: start, time: clock, rule: rule, except: except) }
            let draft = EventDraft(title: title, note: note, when: when, zone: time == nil ? "" : EventInput.zoneName(environment.timeZone),
                                   length: minutes.map { .minutes($0) })
            state.form.submitted(form)
            if let vdir {
                let zone = environment.timeZone
                return [.write(FeatureJob(.calendar, "add-event \(vdir.name)", { _, _, now in
                    VdirCalendars.keepLunarAnniversariesAhead(timeZone: zone, now: now)
                    return try VdirWriter.add(draft, to: vdir.path, timeZone: zone, now: now)
                },
                                          then: Message.added))]
            }
            return [.write(FeatureJob(.calendar, "add-event", { store, _, now in try EventRepository(store).addEvent(draft, at: now) }, then: Message.added))]
        case .message(.added(.success(let added))):
            state.form.saved()
            return [.message(.success(text("Added %1 (%2).", environment.name(added.title), added.whenText)))]
        case .action(.remove):
            state.removable = (entry?.dayEvents ?? []).map { occurrence in
                let event = occurrence.event
                var yearly = event.isLunar
                if case .solar(_, _, let rule, _) = event.when { yearly = rule == "FREQ=YEARLY" }
                return RemovableEvent(id: event.id, title: event.title, when: Self.shownWhen(occurrence), repeats: event.repeats, yearly: yearly, file: event.file,
                                      detail: Self.pickerDetail(occurrence, name: environment.name))
            }
            switch state.removable.count {
            case 0: return [.message(.info(text("No event on this day; n adds one.")))]
            case 1: return [Self.confirmRemoval(state.removable[0], environment)]
            default:
                let items = state.removable.map { Picker.Item(title: environment.name($0.title), detail: $0.detail) }
                return [.picker(Picker(title: text("Remove an event"), items: items, selection: 0), chosen: Message.chosen)]
            }
        case .message(.chosen(.item(let index))) where state.removable.indices.contains(index):
            return [Self.confirmRemoval(state.removable[index], environment)]
        case .message(.remove(let id, let file?)):
            // A vdir's event: its own file goes, only if no program changed it since it was shown.
            let removed = state.removable.first { $0.file == file }
            return [.write(FeatureJob(.calendar, "remove-event \(file.path)", { _, _, now in
                try VdirWriter.remove(file)
                return CalendarEvent(id: id, uid: "", title: removed?.title ?? "", when: .solar(start: LocalDate(now, in: .utc), time: nil, rule: "", except: []), createdAt: now)
            }, then: Message.removed))]
        case .message(.remove(let id, nil)):
            return [.write(FeatureJob(.calendar, "remove-event \(id)", { store, _, _ in try EventRepository(store).removeEvent(id: id) }, then: Message.removed))]
        case .action(.edit):
            state.editable = (entry?.dayEvents ?? []).map { EditableEvent($0, name: environment.name) }
            switch state.editable.count {
            case 0: return [.message(.info(text("No event on this day; n adds one.")))]
            case 1: return [Self.editForm(state.editable[0], environment)]
            default:
                let items = state.editable.map { Picker.Item(title: environment.name($0.title), detail: $0.detail) }
                return [.picker(Picker(title: text("Edit an event"), items: items, selection: 0), chosen: Message.editChosen)]
            }
        case .message(.editChosen(.item(let index))) where state.editable.indices.contains(index):
            return [Self.editForm(state.editable[index], environment)]
        case .message(.editSubmitted(let event, let form)):
            return editSubmitted(event, form, &state, environment)
        case .message(.edited(.success(let edited))):
            state.form.saved()
            state.editing = nil
            return [.message(.success(text("Saved %1.", environment.name(edited.title))))]
        case .message(.edited(.failure(let failure))):
            // The form again, with what was typed and why (a file another program changed or
            // removed, a store that cannot be written): nothing written, nothing typed lost.
            guard let editing = state.editing else { return [.message(.failure(failure.text(environment)))] }
            return state.form.failed(failure.text(environment), submitted: { .editSubmitted(editing, $0) })
        case .message(.removed(.success(let removed))):
            return [.message(.success(text("Removed %1.", environment.name(removed.title))))]
        case .message(.added(.failure(let failure))):
            return state.form.failed(failure.text(environment), submitted: Message.addSubmitted)
        case .message(.removed(.failure(let failure))):
            return [.message(.failure(failure.text(environment)))]
        case .action, .message(.chosen), .message(.editChosen):
            return []
        }
    }

    /// How the pickers, the edit form's title and the removal question name one of the day's
    /// events: its day and time on the dashboard's clock, as the day list shows them (a timed
    /// event kept in another zone is not shown at that zone's time), and how it repeats in
    /// words, as the rest of the calendar says it ("every week on Monday until 2027-01-15").
    static func shownWhen(_ occurrence: EventOccurrence) -> String {
        let event = occurrence.event
        let day = occurrence.date.iso + (occurrence.time.map { " \($0)" } ?? "")
        switch event.when {
        case .lunar: return day + " · " + event.whenText
        case .solar(_, _, let rule, _): return rule.isEmpty ? day : day + " · " + RecurrenceRule.words(rule)
        }
    }

    /// An event in the pickers of `e` and `x`, which list one day's events: its calendar (a
    /// vdir's display name; the store's events by their id), its time on the dashboard's clock
    /// and how it repeats in words ("Work · 15:00 · every week on Monday until 2027-01-15").
    /// `name` masks the calendar's name in privacy mode, as the titles are.
    static func pickerDetail(_ occurrence: EventOccurrence, name: (String) -> String = { $0 }) -> String {
        let event = occurrence.event
        var parts = [event.calendar.map(name) ?? "#\(event.id)"]
        if let time = occurrence.time { parts.append("\(time)") }
        switch event.when {
        case .lunar: parts.append(event.whenText)
        case .solar(_, _, let rule, _): if !rule.isEmpty { parts.append(RecurrenceRule.words(rule)) }
        }
        return parts.joined(separator: " · ")
    }

    // MARK: - Editing an event

    /// The edit form: the title and the note, the only values `event edit` changes (the date
    /// and repeat stay as they are). A note's line breaks show as ↵, and a ↵ typed is one.
    static func editForm(_ event: EditableEvent, _ environment: FeatureEnvironment) -> FeatureEffect<Message, NoMemory> {
        let language = environment.language
        func text(_ english: String, _ values: String...) -> String { language.text(english, in: words, values: values) }
        let note = shownNote(event.note)
        let form = Form(title: text("Edit %1 (%2)", environment.name(event.title), event.when), fields: [
            Form.Field(text("Title"), text: event.title, placeholder: "Giỗ ông nội", maxLength: max(200, event.title.count)),
            Form.Field(text("Note"), text: note, placeholder: text("(optional)"), hint: text("↵ is a line break; empty removes the note"),
                       maxLength: max(500, note.count)),
        ])
        return .form(form, submitted: { .editSubmitted(event, $0) })
    }

    /// A note on one line of a form: each line break as ↵.
    static func shownNote(_ note: String) -> String {
        note.replacingOccurrences(of: "\r\n", with: "↵").replacingOccurrences(of: "\n", with: "↵")
    }

    /// Checks the edit form as `event edit` checks its options, then writes only what changed:
    /// the store's row, or (a vdir's event) its own file, if no program changed it since it was read.
    private func editSubmitted(_ event: EditableEvent, _ form: Form, _ state: inout State, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, NoMemory>] {
        var check = FormCheck(form, language: environment.language)
        // A field left as it was shown is not written (a vdir's line stays byte for byte).
        let titleChanged = form.fields[0].text != event.title
        let noteChanged = form.fields[1].text != Self.shownNote(event.note)
        var title: String?, note: String?
        if titleChanged {
            do throws(EventInput.Problem) { title = try EventInput.title(check[0]) } catch { check.fail(0, error.description) }
        }
        if noteChanged {
            do throws(EventInput.Problem) { note = try EventInput.note(check[1].replacingOccurrences(of: "↵", with: "\n")) } catch { check.fail(1, error.description) }
        }
        if let rejected = check.rejected(form) { return [.form(rejected, submitted: { .editSubmitted(event, $0) })] }
        guard title != nil || note != nil else {
            return [.message(.info(environment.language.text("Nothing changed in %1.", in: Self.words, values: [environment.name(event.title)])))]
        }
        state.form.submitted(form)
        state.editing = event
        let (newTitle, newNote) = (title, note)
        if let file = event.file {
            return [.write(FeatureJob(.calendar, "edit-event \(file.path)", { _, _, now in
                try VdirWriter.rewrite(file, VdirWriter.Change(title: newTitle, note: newNote), now: now)
                return CalendarEvent(id: event.id, uid: event.uid, title: newTitle ?? event.title, note: newNote ?? event.note,
                                     when: .solar(start: LocalDate(now, in: .utc), time: nil, rule: "", except: []), createdAt: now)
            }, then: Message.edited))]
        }
        let id = event.id
        return [.write(FeatureJob(.calendar, "edit-event \(id)", { store, _, _ in try EventRepository(store).editEvent(id: id, title: newTitle, note: newNote) },
                                  then: Message.edited))]
    }

    /// The question says what goes: one day, every year, or every repeat.
    static func confirmRemoval(_ event: RemovableEvent, _ environment: FeatureEnvironment) -> FeatureEffect<Message, NoMemory> {
        let question = event.yearly ? "Remove %1 (event %2) from every year?" : event.repeats ? "Remove %1 (event %2) and all its repeats?" : "Remove %1 (event %2, %3)?"
        // A vdir's event by its file (its number is not kept from one reading to the next).
        let named = event.file.map { ($0.path as NSString).lastPathComponent } ?? String(event.id)
        return .confirm(environment.language.text(question, in: words, values: [environment.name(event.title), named, event.when]),
                        yes: .remove(id: event.id, file: event.file))
    }

    /// The add form's fields, in order (Calendar only when vdirs are configured).
    enum Field {
        static let title = 0, date = 1, time = 2, minutes = 3, repeats = 4, note = 5, calendar = 6
    }

    /// Title, date (the chosen day), time and minutes (empty: all day; a time is on `timeZone`'s
    /// clock, which the hint names), repeat (empty: once; "lunar": every lunar year on the day's
    /// lunar date, which the hint names), note, and the calendar when vdirs are configured.
    static func form(_ language: Language, date: String, lunar: String, timeZone: Zone = .utc, calendars: [String] = []) -> Form {
        func text(_ english: String, _ values: String...) -> String { language.text(english, in: words, values: values) }
        let repeats = text("empty: once · lunar: every year on %1 ÂL · yearly, monthly, weekly", lunar)
        let zone = EventInput.zoneName(timeZone)
        let time = zone.isEmpty ? text("HH:MM (24-hour) on this machine's clock; empty: all day")
            : text("HH:MM (24-hour) on %1 time (this machine's TZ); empty: all day", zone)
        var fields = [
            Form.Field(text("Title"), placeholder: "Giỗ ông nội", maxLength: 200),
            Form.Field(text("Date"), text: date, hint: text("YYYY-MM-DD, tomorrow, +3d, or a lunar date: 15/3"), maxLength: 20),
            Form.Field(text("Time"), placeholder: text("(optional)"), hint: time, maxLength: 5),
            Form.Field(text("Minutes"), placeholder: text("(optional)"), hint: text("how long, 1 to 100000, with a time; empty: no end"), maxLength: 6),
            Form.Field(text("Repeat"), placeholder: repeats, hint: repeats, maxLength: 10),
            Form.Field(text("Note"), placeholder: text("(optional)"), maxLength: 500),
        ]
        // With vdirs: which calendar keeps it (empty: this store).
        if !calendars.isEmpty {
            let choice = text("empty: this store · or %1", calendars.joined(separator: ", "))
            fields.append(Form.Field(text("Calendar"), placeholder: choice, hint: choice, maxLength: 100))
        }
        return Form(title: text("Add an event"), fields: fields)
    }

    /// The calendar's dashboard words (its panes stay Vietnamese).
    static let words = Translations([
        ("Add an event", "Ajouter un événement", "Aggiungi un evento", "Thêm sự kiện"),
        ("Title", "Titre", "Titolo", "Tiêu đề"), ("Date", "Date", "Data", "Ngày"), ("Repeat", "Répétition", "Ripetizione", "Lặp lại"),
        ("Note", "Note", "Nota", "Ghi chú"), ("(optional)", "(facultatif)", "(facoltativo)", "(không bắt buộc)"),
        ("Calendar", "Calendrier", "Calendario", "Lịch"), ("Time", "Heure", "Ora", "Giờ"), ("Minutes", "Minutes", "Minuti", "Số phút"),
        ("HH:MM (24-hour) on %1 time (this machine's TZ); empty: all day", "HH:MM (24 h) à l'heure de %1 (le TZ de cette machine) ; vide : toute la journée",
         "HH:MM (24 ore) all'ora di %1 (il TZ di questa macchina); vuoto: tutto il giorno", "HH:MM (24 giờ) theo giờ %1 (TZ của máy này); để trống: cả ngày"),
        ("HH:MM (24-hour) on this machine's clock; empty: all day", "HH:MM (24 h) à l'heure de cette machine ; vide : toute la journée",
         "HH:MM (24 ore) all'ora di questa macchina; vuoto: tutto il giorno", "HH:MM (24 giờ) theo giờ của máy này; để trống: cả ngày"),
        ("how long, 1 to 100000, with a time; empty: no end", "la durée, de 1 à 100000, avec une heure ; vide : sans fin",
         "la durata, da 1 a 100000, con un'ora; vuoto: senza fine", "kéo dài bao lâu, 1 đến 100000, khi có giờ; để trống: không có giờ kết thúc"),
        ("empty: this store · or %1", "vide : ce magasin · ou %1", "vuoto: questo archivio · o %1", "để trống: kho này · hoặc %1"),
        ("YYYY-MM-DD, tomorrow, +3d, or a lunar date: 15/3", "AAAA-MM-JJ, demain, +3d, ou une date lunaire : 15/3",
         "AAAA-MM-GG, domani, +3d, o una data lunare: 15/3", "YYYY-MM-DD, ngày mai, +3d, hoặc ngày âm lịch: 15/3"),
        ("empty: once · lunar: every year on %1 ÂL · yearly, monthly, weekly", "vide : une fois · lunar : chaque année le %1 ÂL · yearly, monthly, weekly",
         "vuoto: una volta · lunar: ogni anno il %1 ÂL · yearly, monthly, weekly", "để trống: một lần · lunar: hằng năm ngày %1 ÂL · yearly, monthly, weekly"),
        ("Added %1 (%2).", "%1 ajouté (%2).", "%1 aggiunto (%2).", "Đã thêm %1 (%2)."),
        ("No event on this day; n adds one.", "Aucun événement ce jour-là ; n en ajoute un.", "Nessun evento in questo giorno; n ne aggiunge uno.",
         "Không có sự kiện nào trong ngày này; n để thêm."),
        ("Remove an event", "Retirer un événement", "Rimuovi un evento", "Xóa sự kiện"),
        ("Remove %1 (event %2) from every year?", "Retirer %1 (événement %2) de toutes les années ?", "Rimuovere %1 (evento %2) da ogni anno?",
         "Xóa %1 (sự kiện %2) khỏi mọi năm?"),
        ("Remove %1 (event %2) and all its repeats?", "Retirer %1 (événement %2) et toutes ses répétitions ?", "Rimuovere %1 (evento %2) e tutte le ripetizioni?",
         "Xóa %1 (sự kiện %2) và mọi lần lặp lại?"),
        ("Remove %1 (event %2, %3)?", "Retirer %1 (événement %2, %3) ?", "Rimuovere %1 (evento %2, %3)?", "Xóa %1 (sự kiện %2, %3)?"),
        ("Removed %1.", "%1 retiré.", "%1 rimosso.", "Đã xóa %1."),
        ("Edit an event", "Modifier un événement", "Modifica un evento", "Sửa sự kiện"),
        ("Edit %1 (%2)", "Modifier %1 (%2)", "Modifica %1 (%2)", "Sửa %1 (%2)"),
        ("↵ is a line break; empty removes the note", "↵ est un saut de ligne ; vide retire la note", "↵ è un a capo; vuoto rimuove la nota",
         "↵ là xuống dòng; để trống để xóa ghi chú"),
        ("Saved %1.", "%1 enregistré.", "%1 salvato.", "Đã lưu %1."),
        ("Nothing changed in %1.", "Rien de changé dans %1.", "Niente di cambiato in %1.", "Không có gì thay đổi trong %1."),
        // Its refusals (`EventError`).
        ("there is no event with id %1; `homescreen event list` shows the ids.", "il n'y a pas d'événement d'id %1 ; `homescreen event list` montre les id.", "non esiste un evento con id %1; `homescreen event list` mostra gli id.", "không có sự kiện nào có id %1; `homescreen event list` cho xem các id."),
    ])

    public func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {
        // A giỗ three days from today's lunar date and a birthday kept by the solar date.
        guard let lunar = VietnameseCalendar.lunarDate(for: today.adding(days: 3)) else { return }
        _ = try EventRepository(store).addEvent(EventDraft(title: "Giỗ ông nội", when: .lunar(month: lunar.month, day: lunar.day, leap: false, firstYear: nil)), at: date)
        _ = try EventRepository(store).addEvent(EventDraft(title: "Sinh nhật Lan", when: .solar(start: today.adding(days: 12), time: nil, rule: "FREQ=YEARLY", except: [])), at: date)
    }

    public func contents(_ store: any StoreBackend) throws -> String? {
        let count = try EventRepository(store).events().count
        return count == 0 ? nil : "\(count) " + Language.english.plural(count, one: "calendar event", other: "calendar events")
    }

    /// Each vdir's line, and the lunar anniversaries whose dates run out: said, not done (doctor
    /// changes no file; the dashboard and the event commands extend them).
    func vdirsDoctor(_ store: (any StoreBackend)?) -> String {
        let zone = Zone.current(environment: ProcessInfo.processInfo.environment), now = Date()
        // One read of the vdirs for both: their lines, and the anniversaries that would be extended.
        let calendars = VdirCalendars.read(timeZone: zone, store: store)
        let runningOut = VdirWriter.extendLunarAnniversaries(calendars.flatMap(\.events), today: LocalDate(now, in: zone), timeZone: zone, now: now,
                                                             writing: false).extended.map {
            "\na lunar anniversary's dates run out within \(VdirWriter.lunarYearsKept) years in \($0); the dashboard, `event list` or `event add --calendar` writes \(VdirWriter.lunarYears) more years"
        }.joined()
        return calendars.flatMap(\.doctorLines).map { "\n" + $0 }.joined() + runningOut
    }

    public func doctorBeforeStore() -> String? {
        VdirCalendars.configured.isEmpty ? nil : "no events in a store yet" + vdirsDoctor(nil)
    }

    public func doctor(_ store: any StoreBackend) throws -> String? {
        let events = try EventRepository(store).storedEvents()
        let unreadable = events.filter { event in
            if case .solar(_, _, let rule, _) = event.when, !rule.isEmpty { return (try? RecurrenceRule(parsing: rule)) == nil }
            return false
        }
        let lunar = events.filter(\.isLunar).count
        return "\(events.count) " + Language.english.plural(events.count, one: "event", other: "events") + " (\(lunar) lunar)"
            + (unreadable.isEmpty ? "" : "; \(unreadable.count) with a repeat rule this version cannot expand (shown on their first day only): ids " + unreadable.map { String($0.id) }.joined(separator: ", "))
            + vdirsDoctor(store)
    }
}

/// The calendar's `[calendar]` table.
public struct CalendarSettings: Sendable, Equatable, ConfigWritten {
    public var vdirs: [String] = []
    public init(vdirs: [String] = []) { self.vdirs = vdirs }
    public var configValue: ConfigValue { .table(["vdirs": .list(vdirs.map(ConfigValue.string))]) }
}
