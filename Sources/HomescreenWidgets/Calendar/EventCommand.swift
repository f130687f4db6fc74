import ArgumentParser
import HomescreenCommandLine
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

struct EventCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "event",
        abstract: "Add, list, remove, export and import the calendar's own dates: lunar anniversaries and solar events.",
        discussion: """
            A lunar anniversary (--lunar D/M) falls every lunar year on that lunar date, from --year
            when given. With --leap, the first year's date was in that year's leap month; later years
            keep it in the regular month of the same number (the common practice). A 30th falls on
            the 29th in a lunar month of 29 days. A solar event (--date) falls once, or every year,
            month or week. The calendar widget marks the days, lists the day's events and the next
            ones with the holidays, and shows the next one within a week in its small views.
            """,
        subcommands: [Add.self, List.self, Edit.self, Remove.self, Export.self, Import.self]
    )

    struct Add: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "add", abstract: "Add an event: --lunar D/M (every lunar year) or --date DATE (once, or repeating).")

        @Argument(help: "The title (\"Gio ong noi\" - any text, Vietnamese included).") var title: String
        @Option(help: ArgumentHelp("A lunar date as D/M (15/3): the event repeats every lunar year on it.", valueName: "D/M")) var lunar: String?
        @Flag(help: "With --lunar and --year: that year's month was its leap month.") var leap = false
        @Option(help: ArgumentHelp("With --lunar: the first lunar year (the event is not shown before it).", valueName: "year")) var year: Int?
        @Option(parsing: .unconditional, help: ArgumentHelp("A solar date: YYYY-MM-DD, today, tomorrow, a weekday, +3d, +1w, +2m.", valueName: "date"), completion: Completions.dates) var date: String?
        @Flag(help: "With --date: every year.") var yearly = false
        @Flag(help: "With --date: every month (months without that day are skipped).") var monthly = false
        @Flag(help: "With --date: every week.") var weekly = false
        @Flag(help: "With --date: every day.") var daily = false
        @Option(help: ArgumentHelp("With --date: the start time, HH:MM (24-hour).", valueName: "HH:MM")) var time: String?
        @Option(help: ArgumentHelp("With --date: how it repeats, as an RRULE (FREQ=MONTHLY;BYDAY=2SU), instead of --yearly...", valueName: "RRULE")) var rule: String?
        @Option(help: ArgumentHelp("With a repeating --date: days left out, YYYY-MM-DD,YYYY-MM-DD.", valueName: "days")) var except: String?
        @Option(help: ArgumentHelp("With --date and no --time: how many days it covers.", valueName: "n")) var days: Int?
        @Option(help: ArgumentHelp("With --time: how long, in minutes.", valueName: "minutes")) var minutes: Int?
        @Option(help: ArgumentHelp("With --time: the time zone the time is on (Europe/Paris); default: floating in the store, this machine's zone (TZ) in a vdir.", valueName: "zone"))
        var zone: String?
        @Option(help: ArgumentHelp("A note kept with the event.", valueName: "text")) var note: String?
        @Option(help: ArgumentHelp("Write the event to this vdir of [calendar] vdirs (its displayname or folder name) as a new .ics file, not to the store.", valueName: "name"))
        var calendar: String?
        @OptionGroup var storeOptions: StoreOptions

        /// Option combinations, checked before anything is opened (thrown from `run`, so the
        /// sentence and exit status 2 reach the user as every other refusal).
        func checkOptions() throws {
            if (lunar == nil) == (date == nil) { throw CLIError.usage("give the event either --lunar D/M (a lunar date) or --date YYYY-MM-DD (a solar date).") }
            if lunar != nil && (yearly || monthly || weekly || daily) { throw CLIError.usage("--yearly, --monthly, --weekly and --daily go with --date; a --lunar date repeats every lunar year.") }
            if date != nil && (leap || year != nil) { throw CLIError.usage("--leap and --year go with --lunar; a --date is a solar day.") }
            if time == nil && (zone != nil || minutes != nil) { throw CLIError.usage("--zone and --minutes go with --time HH:MM; an event without a time lasts its day.") }
            if lunar != nil && time != nil { throw CLIError.usage("--time goes with --date; a --lunar anniversary lasts its day.") }
            if lunar != nil && (rule != nil || except != nil || days != nil) { throw CLIError.usage("--rule, --except and --days go with --date; a --lunar date repeats every lunar year.") }
            if time != nil && days != nil { throw CLIError.usage("--days goes with an all-day --date; give a timed event --minutes.") }
            if [yearly, monthly, weekly, daily, rule != nil].filter({ $0 }).count > 1 { throw CLIError.usage("choose one of --yearly, --monthly, --weekly and --daily.") }
        }

        func run(_ context: any CommandContext) throws {
            try EventCommand.readVdirs(context)
            try checkOptions()
            let when: EventDate
            if let lunar {
                when = try EventInput.lunar(lunar, leap: leap, year: year)
            } else {
                let day = try context.day(date ?? "", option: "--date")
                var clock: EventTime?
                if let time {
                    guard let parsed = EventTime(text: time) else { throw CLIError.usage("--time '\(time)' is not a time; use HH:MM from 00:00 to 23:59, such as 18:30.") }
                    clock = parsed
                }
                let repeats = try EventInput.rule(rule ?? (yearly ? "yearly" : monthly ? "monthly" : weekly ? "weekly" : daily ? "daily" : ""))
                var left: [LocalDate] = []
                for text in (except ?? "").split(separator: ",") {
                    guard let day = LocalDate(iso: text.trimmingCharacters(in: .whitespaces)) else {
                        throw CLIError.usage("--except '\(text)' is not a day; use YYYY-MM-DD, several separated by commas.")
                    }
                    left.append(day)
                }
                if !left.isEmpty && repeats.isEmpty { throw CLIError.usage("--except goes with a repeating --date (--weekly, --rule...); a single day has nothing to leave out.") }
                when = .solar(start: day, time: clock, rule: repeats, except: left.sorted())
            }
            if let zone, Zone(identifier: zone) == nil { throw CLIError.usage("--zone '\(zone)' is not a time zone this machine knows; use a tz database name such as Europe/Paris or UTC.") }
            if let minutes, !(1...100_000).contains(minutes) { throw CLIError.usage("--minutes \(minutes) is out of range; use 1 to 100000.") }
            let eventZone = time == nil ? "" : zone ?? (calendar == nil ? "" : context.timeZone.identifier)
            if let days, !(2...366).contains(days) { throw CLIError.usage("--days \(days) is out of range; use 2 to 366 (one day is the default).") }
            let draft = EventDraft(title: try EventInput.title(title), note: try EventInput.note(note ?? ""), when: when, zone: eventZone,
                                   length: minutes.map { .minutes($0) } ?? days.map { .days($0) })
            let today = LocalDate(Date(), in: context.timeZone)
            if let calendar {
                let vdir = try EventInput.vdir(calendar)
                for refused in VdirCalendars.keepLunarAnniversariesAhead(timeZone: context.timeZone) { Output.error("a lunar anniversary was not extended: \(refused)") }
                let event: CalendarEvent
                do { event = try VdirWriter.add(draft, to: vdir.path, timeZone: context.timeZone, now: Date()) } catch { throw CLIError.runtime(error.description) }
                let next = event.days(in: today...today.adding(days: 3660), timeZone: context.timeZone).first.map { "; next: \($0.iso)" } ?? ""
                Output.line("added event to \(Display.safe(vdir.name)): \(Display.safe(DisplayWidth.truncate(event.title, to: 80))) (\(event.whenText))\(next); file \(Display.safe(event.file?.path ?? ""))")
                return
            }
            let event = try EventRepository(context.openForWriting()).addEvent(draft)
            let next = event.days(in: today...today.adding(days: 3660), timeZone: context.timeZone).first.map { "; next: \($0.iso)" } ?? ""
            Output.line("added event \(event.id): \(Display.safe(DisplayWidth.truncate(event.title, to: 80))) (\(event.whenText))\(next)")
        }
    }

    struct List: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the days events fall on, from --from to --to (default: today and the year after).",
            discussion: """
                One line per day an event falls on: the solar date, the lunar date, the event's id and
                title (an event of several days says until when). Times are on this machine's clock
                (TZ), whatever zone an imported event is kept in. --json prints [{"id", "uid", "title",
                "note", "date", "lunar", "lunarLeap", "repeat" ("lunar" or the RRULE, "" for once),
                "daysLeft", "time" (HH:MM or null), "lastDate" (the last day it covers: "date" for a
                one-day event), "end" (YYYY-MM-DDTHH:MM when a timed event has a length, else null),
                "zone" (the zone an imported timed event keeps, null for local), "calendar" (the vdir's
                display name, null for the store's own events)}]. A vdir's event names its calendar
                in the text too.
                """)

        @Option(parsing: .unconditional, help: ArgumentHelp("The first day (YYYY-MM-DD, today, +1w...). Default: --today.", valueName: "date"), completion: Completions.dates) var from: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("The last day (YYYY-MM-DD, +2m...). Default: a year after --from.", valueName: "date"), completion: Completions.dates) var to: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("The day daysLeft counts from: YYYY-MM-DD, tomorrow, +3d... (default: today).", valueName: "date"), completion: Completions.dates) var today: String?
        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Item: Encodable {
            let id: Int64, uid: String, title: String, note: String, date: String
            @NullWhenAbsent var time: String?
            let lunar: String, lunarLeap: Bool, `repeat`: String, daysLeft: Int, lastDate: String
            @NullWhenAbsent var end: String?
            @NullWhenAbsent var zone: String?
            @NullWhenAbsent var calendar: String?
        }

        func run(_ context: any CommandContext) throws {
            try EventCommand.readVdirs(context)
            let today = try context.day(today, option: "--today")
            let first = try from.map { try context.day($0, option: "--from") } ?? today
            let last = try to.map { try context.day($0, option: "--to") } ?? first.adding(days: 365)
            guard first <= last else { throw CLIError.usage("--to \(last.iso) is before --from \(first.iso); give a --to on or after --from.") }
            guard last.dayNumber - first.dayNumber <= 366 * 100 else { throw CLIError.usage("--from \(first.iso) to --to \(last.iso) spans more than 100 years; list at most 100 years at a time.") }
            for refused in VdirCalendars.keepLunarAnniversariesAhead(timeZone: context.timeZone) { Output.error("a lunar anniversary was not extended: \(refused)") }
            let events = try context.storeExists() ? EventRepository(context.openForReading()).events() : EventRepository.vdirEvents()
            let occurrences = EventSchedule.occurrences(of: events, in: first...last, timeZone: context.timeZone)
            if json {
                let items = occurrences.map { occurrence in
                    let lunar = VietnameseCalendar.lunarDate(for: occurrence.date)
                    let repeats: String
                    switch occurrence.event.when {
                    case .lunar: repeats = "lunar"
                    case .solar(_, _, let rule, _): repeats = rule
                    }
                    return Item(id: occurrence.event.id, uid: occurrence.event.uid, title: occurrence.event.title, note: occurrence.event.note,
                                date: occurrence.date.iso, time: occurrence.time?.description, lunar: lunar.map { "\($0.day)/\($0.month)" } ?? "", lunarLeap: lunar?.isLeapMonth ?? false,
                                repeat: repeats, daysLeft: occurrence.date.dayNumber - today.dayNumber, lastDate: occurrence.lastDate.iso,
                                end: occurrence.endDate.flatMap { day in occurrence.endTime.map { day.iso + "T" + $0.description } },
                                zone: occurrence.event.zone.isEmpty ? nil : occurrence.event.zone, calendar: occurrence.event.calendar)
                }
                Output.line(try Output.json(items, timeZone: context.timeZone))
                return
            }
            if events.isEmpty { Output.line("no events; add one with `homescreen event add \"Giỗ ông nội\" --lunar 15/3`") }
            else if occurrences.isEmpty { Output.line("no event falls from \(first.iso) to \(last.iso)") }
            let hasTimes = occurrences.contains { $0.time != nil }
            for occurrence in occurrences {
                let lunar = VietnameseCalendar.lunarDate(for: occurrence.date).map { $0.dayMonth + " ÂL" } ?? ""
                // A time column only when some event has one, so the columns stay aligned.
                let time = hasTimes ? " " + (occurrence.time.map { "\($0)" } ?? "     ") : ""
                // A vdir's event is named by its UID (its number is not kept from one reading to the next).
                let vdir = occurrence.event.file != nil
                Output.line("\(occurrence.date.iso)\(time)  \(Display.column(lunar, 9))  \(Display.column(vdir ? "vdir" : String(occurrence.event.id), 4))  "
                            + Display.safe(DisplayWidth.truncate(occurrence.event.title, to: 120))
                            + (occurrence.lastDate > occurrence.date ? " (until \(occurrence.lastDate.iso))" : "")
                            + (vdir ? "  · " + Display.safe(DisplayWidth.truncate(occurrence.event.calendar ?? "", to: 40)) + " · UID \(Display.safe(occurrence.event.uid))" : ""))
            }
        }
    }

    struct Remove: KindCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an event (every day it falls on).")
        @Argument(help: "The event's id (see `event list`) or its UID; a vdir's event by its UID.", completion: Completions.eventIDs) var event: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            try EventCommand.readVdirs(context)
            let id = try EventCommand.id(of: event, context)
            if id < 0 {
                // A vdir's event: its file goes, if no program changed it since it was read.
                let event = try EventInput.vdirEvent(id: id, timeZone: context.timeZone)
                guard let file = event.file else { throw EventError.unknownEvent(id: id) }
                do { try VdirWriter.remove(file) } catch { throw CLIError.runtime(error.description) }
                Output.line("removed event \(event.id): \(Display.safe(DisplayWidth.truncate(event.title, to: 80))); file \(Display.safe(file.path)) removed")
                return
            }
            let event = try EventRepository(context.openExistingForWriting(otherwise: EventError.unknownEvent(id: id))).removeEvent(id: id)
            Output.line("removed event \(event.id): \(Display.safe(DisplayWidth.truncate(event.title, to: 80)))")
        }
    }

    struct Edit: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change an event's title or note.",
            discussion: """
                A vdir's event (named by its UID) is changed in its own file, only if no program
                changed the file since it was read: the SUMMARY, DESCRIPTION and DTSTAMP lines (and
                LAST-MODIFIED and SEQUENCE when present) are written again, every other line is kept
                byte for byte.
                """)
        @Argument(help: "The event's id (see `event list`) or its UID; a vdir's event by its UID.", completion: Completions.eventIDs) var event: String
        @Option(help: ArgumentHelp("The new title.", valueName: "text")) var title: String?
        @Option(help: ArgumentHelp("The new note (\"\" removes it).", valueName: "text")) var note: String?
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            try EventCommand.readVdirs(context)
            guard title != nil || note != nil else { throw CLIError.usage("give --title TEXT, --note TEXT or both; nothing was changed.") }
            let newTitle = try title.map { text throws(EventInput.Problem) in try EventInput.title(text) }
            let newNote = try note.map { text throws(EventInput.Problem) in try EventInput.note(text) }
            let id = try EventCommand.id(of: event, context)
            if id < 0 {
                let event = try EventInput.vdirEvent(id: id, timeZone: context.timeZone)
                guard let file = event.file else { throw EventError.unknownEvent(id: id) }
                do { try VdirWriter.rewrite(file, VdirWriter.Change(title: newTitle, note: newNote), now: Date()) } catch { throw CLIError.runtime(error.description) }
                Output.line("changed event \(event.id): \(Display.safe(DisplayWidth.truncate(newTitle ?? event.title, to: 80))); file \(Display.safe(file.path))")
                return
            }
            let event = try EventRepository(context.openExistingForWriting(otherwise: EventError.unknownEvent(id: id))).editEvent(id: id, title: newTitle, note: newNote)
            Output.line("changed event \(event.id): \(Display.safe(DisplayWidth.truncate(event.title, to: 80)))")
        }
    }

    struct Export: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "export", abstract: "Write the events as iCalendar (.ics) to standard output.",
            discussion: """
                `homescreen event export > family.ics`, then open the file on a phone or import it into
                any calendar. A lunar anniversary becomes one event per lunar year for --years years
                from this one, on the right solar dates; a solar event keeps its repeat rule, a timed
                one its zone (TZID, with a VTIMEZONE) and its length. UIDs are stable: importing a
                newer export updates the events instead of adding them twice.
                """)
        @Option(help: ArgumentHelp("How many lunar years of anniversaries to write (1 to 100).", valueName: "n")) var years = 10
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            guard (1...100).contains(years) else { throw CLIError.usage("--years \(years) is out of range; use a number of years from 1 to 100.") }
            // The store's own events: a vdir's files are already files.
            let events = try context.storeExists() ? EventRepository(context.openForReading()).storedEvents() : []
            let text = ICalendar.export(events, today: LocalDate(Date(), in: context.timeZone), years: years, timeZone: context.timeZone)
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }

    struct Import: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "import", abstract: "Read events from an .ics file or a folder of them (a vdir, as khal and vdirsyncer keep it).",
            discussion: """
                Reads single and repeating events (RRULE with FREQ=DAILY, WEEKLY, MONTHLY or YEARLY,
                INTERVAL, COUNT, UNTIL, BYDAY, BYMONTHDAY, BYMONTH; EXDATE; changed and cancelled
                occurrences; DTEND, DURATION), in one transaction. A timed event keeps its zone: its
                rule is expanded on that zone's clock and shown at local time. An event whose UID is already in the store is updated, not added
                again. An event with a rule this program cannot expand is skipped and named on
                standard error (exit status 1); the others are still imported.
                """)
        @Argument(help: ArgumentHelp("An .ics file, or a folder of .ics files.", valueName: "path"), completion: .file()) var path: String
        @Option(help: ArgumentHelp("Refuse an .ics file larger than this many megabytes, before reading it.", valueName: "MB"))
        var maxSize: Int = 20
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw CLIError.usage("'\(path)' does not exist; give an .ics file or a folder of .ics files.")
            }
            let files = isFolder.boolValue
                ? try FileManager.default.contentsOfDirectory(atPath: path).filter { $0.lowercased().hasSuffix(".ics") }.sorted().map { (path as NSString).appendingPathComponent($0) }
                : [path]
            guard maxSize > 0 else { throw CLIError.usage("--max-size \(maxSize) is not a size; give a number of megabytes, 1 or more.") }
            // Every file measured before any is read: a calendar is a few megabytes at most.
            for file in files {
                let size = ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.int64Value ?? 0
                guard size <= Int64(maxSize) * 1_000_000 else {
                    throw CLIError.usage("'\(file)' is \(size / 1_000_000) MB, more than the \(maxSize) MB an import reads; nothing was imported "
                        + "(give --max-size \((size + 999_999) / 1_000_000) to read it).")
                }
            }
            // Read from disk a block at a time, in three passes (`ICalendar.prepare`, `read`):
            // neither the text nor the events are all held, so memory stays within three times
            // the files, the executable's own included (BENCHMARKS.md).
            let prepared: ICalendar.Prepared
            var result = ICalendar.ImportResult()
            let count: EventImportCount
            do {
                prepared = try ICalendar.prepare(files: files, timeZone: context.timeZone)
                count = prepared.eventCount == 0 ? EventImportCount()
                    : try EventRepository(context.openForWriting()).importEvents { write in result = try ICalendar.read(prepared, write) }
            } catch ICalendar.FileProblem.unreadable(let file) {
                throw CLIError.runtime("cannot read \(file); check its permissions.")
            } catch ICalendar.FileProblem.notACalendar(let file) {
                throw CLIError.usage("'\(file)' is not an iCalendar file; give a UTF-8 .ics file with BEGIN:VCALENDAR.")
            }
            let truncated = prepared.truncated
            for skipped in result.skipped { Output.error("skipped \"\(Display.safe(skipped.title))\": \(skipped.reason).") }
            for cut in result.cut { Output.error("\"\(Display.safe(cut.title))\": \(cut.reason).") }
            for cut in truncated {
                Output.error("'\(cut.file)' ends at line \(cut.line), before END:VCALENDAR (cut short?); the events complete before that line were imported.")
            }
            Output.line("imported \(files.count) " + Language.english.plural(files.count, one: "file", other: "files")
                        + ": \(count.added) added, \(count.updated) updated, \(count.unchanged) unchanged, \(result.skipped.count) skipped")
            if !result.skipped.isEmpty || !truncated.isEmpty { throw ExitCode(1) }
        }
    }
}

extension EventCommand {
    /// Reads the config for its `[calendar] vdirs`: a config that does not read is refused with
    /// its sentence (exit 2), never taken for one without vdirs.
    static func readVdirs(_ context: any CommandContext) throws {
        _ = try context.settings()
    }

    /// The store's event with that id, or the event with that UID (a vdir's first), as an id.
    /// A vdir's event is named by its UID only: its number in `event list` is where it came in
    /// that reading, and another program's change to the vdir gives the number to another event.
    static func id(of text: String, _ context: any CommandContext) throws -> Int64 {
        if let id = Int64(text) {
            guard id < 0 else { return id }
            let uid = VdirCalendars.read(timeZone: context.timeZone).flatMap(\.events).first(where: { $0.id == id })?.uid
            throw CLIError.usage("'\(text)' is a vdir event's number, which changes whenever its vdir does; name the event by its UID instead"
                                 + (uid.map { ", such as '\(Display.safe($0))'" } ?? "") + " (`homescreen event list` shows each vdir event's UID).")
        }
        if let event = VdirCalendars.read(timeZone: context.timeZone).flatMap(\.events).first(where: { $0.uid == text }) { return event.id }
        if try context.storeExists(), let event = try EventRepository(context.openForReading()).storedEvents().first(where: { $0.uid == text }) { return event.id }
        throw CLIError.usage("'\(text)' is neither an event id nor the UID of an event; `homescreen event list --json` shows both.")
    }
}

extension CalendarFeature: CommandsOfAKind {
    public var commands: [any ParsableCommand.Type] { [EventCommand.self] }
}

extension Completions {
    static let eventIDs = Completions.ids { try EventRepository($0).events().map(\.id) }
}
