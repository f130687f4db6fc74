import Foundation
import Glibc
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// A vdir file as it was when read: what a rewrite or a removal checks before it touches it.
/// The modification time alone is not enough (the kernel's file clock ticks every few
/// milliseconds, so a rewrite of the same size just after a read can keep it): the bytes' hash
/// is compared too.
public struct VdirFile: Hashable, Sendable {
    /// The file's path.
    public let path: String
    public let inode: UInt64
    public let size: Int64
    /// The modification time in nanoseconds.
    public let modified: Int64
    /// FNV-1a of the bytes.
    public let hash: UInt64

    public init(path: String, inode: UInt64, size: Int64, modified: Int64, hash: UInt64) {
        self.path = path
        self.inode = inode
        self.size = size
        self.modified = modified
        self.hash = hash
    }

    /// The file as it is now (nil: it is gone or cannot be read).
    public static func current(_ path: String) -> VdirFile? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return try? read(descriptor, path: path).file
    }

    /// The open file's version and bytes.
    static func read(_ descriptor: Int32, path: String) throws(VdirWriter.Refusal) -> (file: VdirFile, bytes: [UInt8]) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw VdirWriter.Refusal("\(path) cannot be looked at (\(String(cString: strerror(errno)))); nothing was written.") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var count = 0
        while count < bytes.count {
            let read = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { throw VdirWriter.Refusal("\(path) cannot be read to the end; nothing was written.") }
            count += read
        }
        let file = VdirFile(path: path, inode: UInt64(info.st_ino), size: Int64(info.st_size),
                            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec), hash: hash(bytes))
        return (file, bytes)
    }

    /// FNV-1a, 64 bits.
    public static func hash<Bytes: Sequence>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}

/// Writes to a vdir the way vdirsyncer expects (issue 54): a new event is a new file `UID.ics`,
/// written under a temporary name in the same folder, flushed to disk and then linked to its
/// name (never over another file); a rewrite or a removal touches only the event's own file,
/// and only when it is still the file that was read (inode, size and modification time), so a
/// change made meanwhile by vdirsyncer, khal or an editor is never lost. A rewrite changes only
/// the lines it must: every other line, alarms, attendees, X- properties and other components
/// included, is kept byte for byte.
public enum VdirWriter {
    /// Why nothing was written: one sentence naming the file.
    public struct Refusal: StoreRefusal, Equatable {
        public let sentence: String
        init(_ sentence: String) { self.sentence = sentence }
        /// The vdir as it is refuses the change: status 1.
        public var refusesInput: Bool { false }
    }

    /// How many lunar years of dates a lunar anniversary's file carries.
    public static let lunarYears = 20
    /// A lunar anniversary whose file has dates for fewer years than this is written again.
    public static let lunarYearsKept = 5

    // MARK: - New events

    /// Writes `draft` as a new file in `folder`, with a fresh UID (its name), DTSTAMP `now` and
    /// the VTIMEZONE its zone needs; a lunar anniversary with its lunar rule and the solar dates
    /// of `lunarYears` lunar years from the one holding `today`.
    @discardableResult
    public static func add(_ draft: EventDraft, to folder: String, timeZone: Zone, now: Date) throws(Refusal) -> CalendarEvent {
        let uid = UUID().uuidString.lowercased()
        var event = CalendarEvent(id: 0, uid: uid, title: draft.title, note: draft.note, when: draft.when, zone: draft.zone, length: draft.length, createdAt: now)
        let path = (VdirCalendar.expand(folder) as NSString).appendingPathComponent(uid + ".ics")
        let text = Self.text(of: event, today: LocalDate(now, in: timeZone), timeZone: timeZone)
        try write(Array(text.utf8), to: path, replacing: nil)
        event.file = VdirFile.current(path)
        return event
    }

    /// The calendar file of one event: `ICalendar.export`'s for a solar event; for a lunar
    /// anniversary one VEVENT on its first date, RDATEs on the others, and its rule in
    /// X-HOMESCREEN-LUNAR properties (docs/events.md says why RDATEs).
    public static func text(of event: CalendarEvent, today: LocalDate, timeZone: Zone, years: Int = lunarYears) -> String {
        guard case .lunar(let month, let day, let leap, let first) = event.when else {
            return ICalendar.export([event], today: today, years: years, timeZone: timeZone)
        }
        let (dates, through) = lunarDates(of: event, today: today, timeZone: timeZone, years: years)
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homescreen//Lich Viet//VI", "CALSCALE:GREGORIAN",
                     "BEGIN:VEVENT", "UID:" + ICalendar.escape(event.uid), "DTSTAMP:" + ICalendar.utcStamp(event.createdAt)]
        lines += dateLines(dates)
        lines.append("SUMMARY:" + ICalendar.escape(event.title))
        if !event.note.isEmpty { lines.append("DESCRIPTION:" + ICalendar.escape(event.note)) }
        lines.append("X-HOMESCREEN-LUNAR:\(day)/\(month)")
        if leap { lines.append("X-HOMESCREEN-LUNAR-LEAP:TRUE") }
        if let first { lines.append("X-HOMESCREEN-LUNAR-FIRST-YEAR:\(first)") }
        lines.append("X-HOMESCREEN-LUNAR-THROUGH:\(through)")
        lines += ["END:VEVENT", "END:VCALENDAR"]
        return lines.map(ICalendar.fold).joined(separator: "\r\n") + "\r\n"
    }

    /// The solar dates of a lunar anniversary for `years` lunar years from the one holding
    /// `today`, and the last of those lunar years.
    static func lunarDates(of event: CalendarEvent, today: LocalDate, timeZone: Zone, years: Int) -> (dates: [LocalDate], through: Int) {
        guard case .lunar(_, _, _, let first) = event.when else { return ([], 0) }
        let firstYear = VietnameseCalendar.lunarDate(for: today)?.year ?? today.year
        let from = max(firstYear, first ?? firstYear), through = firstYear + years - 1
        guard from <= through, let start = ICalendar.LunarYearSpan(year: from), let end = ICalendar.LunarYearSpan(year: through) else { return ([], through) }
        return (event.days(in: start.first...end.last, timeZone: timeZone), through)
    }

    /// DTSTART, DTEND and RDATE of an all-day event on `dates`.
    static func dateLines(_ dates: [LocalDate]) -> [String] {
        guard let first = dates.first else { return [] }
        return ["DTSTART;VALUE=DATE:" + ICalendar.basic(first), "DTEND;VALUE=DATE:" + ICalendar.basic(first.adding(days: 1))]
            + (dates.count > 1 ? ["RDATE;VALUE=DATE:" + dates.dropFirst().map(ICalendar.basic).joined(separator: ",")] : [])
    }

    // MARK: - Lunar anniversaries kept ahead

    /// Writes again the file of each lunar anniversary Homescreen wrote (it has
    /// X-HOMESCREEN-LUNAR-THROUGH) whose dates run out within `lunarYearsKept` lunar years of
    /// `today`: its dates from this lunar year for `lunarYears` years, every other line as it
    /// was. A file changed since it was read is left alone. Returns what was extended, and the
    /// refusals, one sentence each.
    @discardableResult
    public static func extendLunarAnniversaries(_ events: [CalendarEvent], today: LocalDate, timeZone: Zone, now: Date, writing: Bool = true)
        -> (extended: [String], refused: [String]) {
        guard let thisYear = VietnameseCalendar.lunarDate(for: today)?.year else { return ([], []) }
        var extended: [String] = [], refused: [String] = []
        for event in events where event.isLunar {
            guard let file = event.file, !extended.contains(file.path) else { continue }
            do throws(Refusal) {
                let bytes = try unchangedBytes(file)
                guard let text = String(validating: bytes, as: UTF8.self),
                      let through = contentLines(text).first(where: { $0.name == "X-HOMESCREEN-LUNAR-THROUGH" }).flatMap({ Int($0.value.trimmingCharacters(in: .whitespaces)) }),
                      through - thisYear + 1 < lunarYearsKept else { continue }
                let (dates, last) = lunarDates(of: event, today: today, timeZone: timeZone, years: lunarYears)
                guard !dates.isEmpty, let edited = edited(text, Change(lunarDates: dates, through: last), now: now) else { continue }
                if writing { try write(Array(edited.utf8), to: file.path, replacing: file) }
                extended.append(file.path)
            } catch {
                refused.append(error.sentence)
            }
        }
        return (extended, refused)
    }

    // MARK: - Changing a file

    /// What a rewrite changes in the event's main VEVENT (the one without RECURRENCE-ID); nil
    /// leaves a value as it is.
    public struct Change: Sendable {
        public var title: String?
        public var note: String?
        /// A lunar anniversary's new dates (DTSTART, DTEND, RDATE) and last lunar year.
        var lunarDates: [LocalDate]?
        var through: Int?
        public init(title: String? = nil, note: String? = nil) {
            self.title = title
            self.note = note
        }
        init(lunarDates: [LocalDate], through: Int) {
            self.lunarDates = lunarDates
            self.through = through
        }
    }

    /// Rewrites `file` with `change`, if it is still as it was read. Changed: SUMMARY,
    /// DESCRIPTION, DTSTAMP (now), LAST-MODIFIED and SEQUENCE when the file has them; every
    /// other line is kept byte for byte.
    public static func rewrite(_ file: VdirFile, _ change: Change, now: Date) throws(Refusal) {
        let bytes = try unchangedBytes(file)
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Refusal("\(named(file.path)) is not UTF-8 text; it was left as it is.") }
        guard let edited = edited(text, change, now: now) else {
            throw Refusal("\(named(file.path)) holds no VEVENT without RECURRENCE-ID; it was left as it is.")
        }
        try write(Array(edited.utf8), to: file.path, replacing: file)
    }

    /// Removes `file`, if it is still as it was read.
    public static func remove(_ file: VdirFile) throws(Refusal) {
        try checkUnchanged(file)
        guard unlink(file.path) == 0 else { throw Refusal("\(named(file.path)) cannot be removed (\(String(cString: strerror(errno)))); it was left as it is.") }
        syncFolder(of: file.path)
    }

    /// The file's bytes, only when it is the version that was read (inode, size, modification
    /// time and bytes).
    @discardableResult
    static func unchangedBytes(_ file: VdirFile) throws(Refusal) -> [UInt8] {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else {
            throw Refusal(errno == ENOENT ? "\(named(file.path)) is gone since it was read (another program removed or renamed it); nothing was written."
                          : "\(named(file.path)) cannot be opened (\(String(cString: strerror(errno)))); nothing was written.")
        }
        defer { close(descriptor) }
        let (now, bytes) = try VdirFile.read(descriptor, path: file.path)
        guard now == file else { throw changedRefusal(file) }
        return bytes
    }

    static func checkUnchanged(_ file: VdirFile) throws(Refusal) { try unchangedBytes(file) }

    static func changedRefusal(_ file: VdirFile) -> Refusal {
        Refusal("\(named(file.path)) was changed by another program since it was read; nothing was written (read it again and redo the change).")
    }

    /// A vdir's file as a refusal names it: "the file phone-7.ics of Gia đình" (its name and its
    /// vdir's display name, else the folder's name), short enough for a form's last line and
    /// the status line at 80 columns; `doctor` gives the folder's path.
    static func named(_ path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let shown = VdirCalendar.firstLine(of: (folder as NSString).appendingPathComponent("displayname")).flatMap { $0.isEmpty ? nil : $0 }
            ?? (folder as NSString).lastPathComponent
        return "the file \((path as NSString).lastPathComponent) of \(DisplayWidth.truncate(shown, to: 40))"
    }

    /// Writes `bytes` under a temporary name in the file's folder, flushes them, then puts them
    /// in place: over `replacing` (checked unchanged just before), or under a name that must be
    /// free (a hard link, which never replaces a file, then the temporary name removed).
    static func write(_ bytes: [UInt8], to path: String, replacing: VdirFile?) throws(Refusal) {
        let folder = (path as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw Refusal("\(folder) is not a folder; create it (or run `vdirsyncer discover`) before adding events to it.")
        }
        let temporary = (folder as NSString).appendingPathComponent("." + (path as NSString).lastPathComponent + "." + String(UInt32.random(in: 0...UInt32.max), radix: 16) + ".tmp")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Refusal("\(folder) cannot be written (\(String(cString: strerror(errno)))); nothing was written.") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                throw Refusal("\(temporary) cannot be written (\(reason)); nothing was written.")
            }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced else {
            unlink(temporary)
            throw Refusal("\(temporary) cannot be flushed to disk; nothing was written.")
        }
        if let replacing {
            do throws(Refusal) { try checkUnchanged(replacing) } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(temporary)
                throw Refusal("\(named(path)) cannot be replaced (\(reason)); it was left as it is.")
            }
        } else {
            guard link(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw Refusal(code == EEXIST ? "\(path) already exists; nothing was written." : "\(path) cannot be made (\(String(cString: strerror(code)))); nothing was written.")
            }
            unlink(temporary)
        }
        syncFolder(of: path)
    }

    /// Flushes the folder's entry for a renamed, linked or removed file.
    static func syncFolder(of path: String) {
        let descriptor = open((path as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    // MARK: - The lines of a rewrite

    /// `text` with `change` made in its main VEVENT, each other byte as it was; nil when it has
    /// no VEVENT without RECURRENCE-ID.
    static func edited(_ text: String, _ change: Change, now: Date) -> String? {
        let lines = contentLines(text)
        // Each VEVENT's span of content lines (nested components inside), and which is the main one.
        var spans: [(begin: Int, end: Int, main: Bool)] = []
        var depth = 0, begin: Int?, main = true
        for (index, line) in lines.enumerated() {
            let (name, value) = (line.name, line.value.trimmingCharacters(in: .whitespaces).uppercased())
            if name == "BEGIN" {
                if begin == nil, value == "VEVENT" { (begin, depth, main) = (index, 0, true) } else if begin != nil { depth += 1 }
            } else if name == "END", let start = begin {
                if depth > 0 { depth -= 1 } else if value == "VEVENT" { spans.append((start, index, main)); begin = nil }
            } else if begin != nil, depth == 0, name == "RECURRENCE-ID" {
                main = false
            }
        }
        guard let span = spans.first(where: \.main) else { return nil }
        let ending = lines[span.begin].raw.hasSuffix("\r\n") ? "\r\n" : "\n"
        func line(_ content: String) -> String { ICalendar.fold(content).replacingOccurrences(of: "\r\n", with: ending) + ending }
        // Each property changed, in the order a missing one is added at the event's end; nil: removed.
        var order = ["DTSTAMP"]
        var replacements: [String: String?] = ["DTSTAMP": line("DTSTAMP:" + ICalendar.utcStamp(now))]
        func replace(_ name: String, _ value: String?) {
            order.append(name)
            replacements.updateValue(value.map { line(name + $0) }, forKey: name)
        }
        if let title = change.title { replace("SUMMARY", ":" + ICalendar.escape(title)) }
        if let note = change.note { replace("DESCRIPTION", note.isEmpty ? nil : ":" + ICalendar.escape(note)) }
        if let dates = change.lunarDates, let through = change.through {
            let written = dateLines(dates)
            for name in ["DTSTART", "DTEND", "RDATE"] {
                let own = written.first { $0.hasPrefix(name + ";") }
                order.append(name)
                replacements.updateValue(own.map(line), forKey: name)
            }
            replace("X-HOMESCREEN-LUNAR-THROUGH", ":\(through)")
        }
        var result = "", seen = Set<String>()
        depth = 0
        for (index, content) in lines.enumerated() {
            let inside = index > span.begin && index < span.end
            if inside, content.name == "BEGIN" { depth += 1 }
            defer { if inside, content.name == "END" { depth -= 1 } }
            guard inside, depth == 0 else {
                if index == span.end {
                    // What the event did not have yet goes at its end.
                    for name in order where !seen.contains(name) {
                        if case .some(.some(let added)) = replacements[name] { result += added }
                    }
                }
                result += content.raw
                continue
            }
            switch content.name {
            case let name where replacements[name] != nil:
                // A property given twice keeps one copy of its new value.
                if !seen.contains(name), case .some(.some(let replaced)) = replacements[name] { result += replaced }
                seen.insert(name)
            case "LAST-MODIFIED":
                result += line("LAST-MODIFIED:" + ICalendar.utcStamp(now))
            case "SEQUENCE":
                result += line("SEQUENCE:\((Int(content.value.trimmingCharacters(in: .whitespaces)) ?? 0) + 1)")
            default:
                result += content.raw
            }
        }
        return result
    }

    /// A content line as the file holds it: its raw bytes (the first physical line, its folds
    /// and their line ends), and its name and value once unfolded.
    struct ContentLine {
        var raw: String
        var name: String
        var value: String
    }

    /// The file's content lines; text after the last line end is one more line, kept as it is.
    static func contentLines(_ text: String) -> [ContentLine] {
        var physical: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        // "\r\n" is one Character in Swift: a line ends at it or at a bare "\n".
        while index < text.endIndex {
            let next = text.index(after: index)
            if text[index] == "\r\n" || text[index] == "\n" {
                physical.append(text[start..<next])
                start = next
            }
            index = next
        }
        if start < text.endIndex { physical.append(text[start...]) }
        var lines: [ContentLine] = []
        for line in physical {
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].raw += line
            } else {
                lines.append(ContentLine(raw: String(line), name: "", value: ""))
            }
        }
        for index in lines.indices {
            let unfolded = ICalendar.unfold(lines[index].raw)
            if let property = ICalendar.parseLine(unfolded) { (lines[index].name, lines[index].value) = (property.name, property.value) }
        }
        return lines
    }
}

extension ICalendar {
    /// One content line's raw text (its folds and line ends) as one line.
    static func unfold(_ raw: String) -> String {
        var result = ""
        var afterEnd = false
        for character in raw {
            if character == "\r\n" || character == "\n" || character == "\r" { afterEnd = true; continue }
            if afterEnd, character == " " || character == "\t" { afterEnd = false; continue }
            afterEnd = false
            result.append(character)
        }
        return result
    }
}
