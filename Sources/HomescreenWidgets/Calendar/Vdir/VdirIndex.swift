import Foundation
import HomescreenStore
import HomescreenWidgetCore

extension StoreTable {
    /// What the calendar knows of each vdir file it read: its version and its events.
    public static let vdirIndex = StoreTable(rawValue: "vdirIndex")
}

/// The vdir files' events as last read, kept in the store (issue 54, point 5): a process that
/// starts (the dashboard, `status`, `event list`) takes an unchanged file's events from here,
/// by its path, inode, size and modification time, instead of reading and parsing it again;
/// only new and changed files are read; a dashboard's first frame takes only the rows of the
/// days it shows (`entries(showing:folders:zone:)`). Either backend keeps it (it is the
/// calendar's table); a command that opened the store for reading writes it only where the
/// store's file exists and can be written (`save`).
public struct VdirIndex: Sendable {
    public let store: any StoreBackend

    public init(_ store: any StoreBackend) { self.store = store }

    /// One file's row.
    struct Entry: Sendable {
        let version: VdirCalendar.Version
        let parsed: VdirCalendar.Parsed
    }

    /// Every row, by path (nil: the store cannot be read).
    func entries() -> [String: Entry]? {
        try? store.reading { sql in
            var entries: [String: Entry] = [:]
            for row in try sql.rows("SELECT path, inode, size, modified, hash, zone, events FROM vdirIndex") {
                if let (path, entry) = Self.entry(row) { entries[path] = entry }
            }
            return entries
        }
    }

    /// The rows a window of days needs (a dashboard's first frame): the files with an event
    /// covering a day of `window.days`, and those whose first occurrence comes next, until
    /// `window.following` of them are found — by the `firstDay` and `lastDay` columns, on their
    /// indexes, so that 10,000 files cost the few rows a month shows. `covered`: every file with
    /// an event on a day of it is among `entries`. nil: the index is empty, or holds rows read
    /// in another zone (the caller then takes every row).
    func entries(showing window: EventWindow, folders: [String], zone: Zone) -> (entries: [String: Entry], covered: ClosedRange<LocalDate>)? {
        guard !folders.isEmpty else { return nil }
        let from = window.days.lowerBound.dayNumber, to = window.days.upperBound.dayNumber
        // The files of the folders read (a folder no longer configured keeps its rows a while).
        let inFolders = "(" + folders.map { _ in "substr(path, 1, ?) = ?" }.joined(separator: " OR ") + ")"
        let folderValues = folders.flatMap { folder -> [StoreValue] in
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return [.integer(Int64(prefix.count)), .text(prefix)]
        }
        return try? store.reading { sql -> (entries: [String: Entry], covered: ClosedRange<LocalDate>)? in
            guard try sql.row("SELECT path FROM vdirIndex LIMIT 1") != nil,
                  try sql.row("SELECT path FROM vdirIndex WHERE zone < ? LIMIT 1", [.text(zone.identifier)]) == nil,
                  try sql.row("SELECT path FROM vdirIndex WHERE zone > ? LIMIT 1", [.text(zone.identifier)]) == nil else { return nil }
            // The day by which `following` files have begun: every file that begins by then is
            // read, so the first `following` occurrences after the window are all there.
            var through = Self.unbounded.last
            if window.following > 0, let row = try sql.row("""
                SELECT firstDay FROM vdirIndex WHERE zone = ? AND firstDay > ? AND \(inFolders) ORDER BY firstDay LIMIT 1 OFFSET ?
                """, [.text(zone.identifier), .integer(Int64(to))] + folderValues + [.integer(Int64(window.following - 1))]), let day = row.int("firstDay") {
                through = max(to, Int(day))
            } else if window.following == 0 {
                through = to
            }
            var entries: [String: Entry] = [:]
            for row in try sql.rows("""
                SELECT path, inode, size, modified, hash, zone, events FROM vdirIndex WHERE zone = ? AND lastDay >= ? AND firstDay <= ? AND \(inFolders)
                """, [.text(zone.identifier), .integer(Int64(from)), .integer(Int64(through))] + folderValues) {
                if let (path, entry) = Self.entry(row) { entries[path] = entry }
            }
            let last = LocalDate(dayNumber: min(through, LocalDate.supported.upperBound.dayNumber))
            return (entries, window.days.lowerBound...max(last, window.days.lowerBound))
        }
    }

    private static func entry(_ row: StoreRow) -> (String, Entry)? {
        guard let path = row.text("path"), let inode = row.int("inode"), let size = row.int("size"), let modified = row.int("modified"),
              let hash = row.int("hash"), let zone = row.text("zone"), let text = row.text("events"), let result = decode(text) else { return nil }
        let version = VdirCalendar.Version(inode: UInt64(bitPattern: inode), size: size, modified: modified, zone: zone)
        let file = VdirFile(path: path, inode: version.inode, size: size, modified: modified, hash: UInt64(bitPattern: hash))
        return (path, Entry(version: version, parsed: VdirCalendar.Parsed(result: result, modified: Date(timeIntervalSince1970: Double(modified) / 1e9), file: file)))
    }

    /// Writes the files read now (with the days their events cover, read in `zone`) and drops
    /// the rows of `gone` files, in one transaction. A store opened for reading only (`status`,
    /// `event list`, `render`, `timeline`) is written through a connection of its own when its
    /// file exists and can be written, so that the next status line reads only what changed
    /// since; a store that does not exist is never made for it, and one that cannot be written
    /// keeps what it had.
    func save(_ read: [String: Entry], gone: [String], zone: Zone) {
        let rows = read.compactMap { path, entry in Self.encode(entry.parsed.result).map { (path, entry, $0) } }
        guard !rows.isEmpty || !gone.isEmpty else { return }
        let write = { (sql: any StoreSQL) throws in
            for path in gone + rows.map(\.0) { _ = try sql.execute("DELETE FROM vdirIndex WHERE path = ?", [.text(path)]) }
            for (path, entry, events) in rows {
                let days = Self.days(of: entry.parsed.result, in: zone)
                _ = try sql.execute("INSERT INTO vdirIndex (path, inode, size, modified, hash, zone, events, firstDay, lastDay) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", [
                    .text(path), .integer(Int64(bitPattern: entry.version.inode)), .integer(entry.version.size), .integer(entry.version.modified),
                    .integer(Int64(bitPattern: entry.parsed.file.hash)), .text(entry.version.zone), .text(events),
                    .integer(Int64(days.first)), .integer(Int64(days.last)),
                ])
            }
        }
        do { try store.writing(write) } catch {
            guard !StoreLocation.isServer(store.path), FileManager.default.fileExists(atPath: store.path), access(store.path, W_OK) == 0,
                  let writable = try? Store.open(at: store.path) else { return }
            _ = try? writable.writing(write)
        }
    }

    // MARK: - The days a file's events fall on

    /// `firstDay` of a file that may have an event on any day (a lunar anniversary of every
    /// year), and `lastDay` of one that repeats without end: every window reads them.
    static let unbounded = (first: Int(Int32.min), last: Int(Int32.max))

    /// The file's first day and last day, as day numbers on the clock of `zone`: `first` is the
    /// day its first occurrence starts (exactly: the coming list counts on it) or `unbounded`;
    /// `last` the last day an occurrence covers, or later. A file without occurrence has
    /// first > last, and no window reads it.
    static func days(of result: ICalendar.ImportResult, in zone: Zone) -> (first: Int, last: Int) {
        var first = unbounded.last, last = unbounded.first
        for draft in result.drafts {
            let event = CalendarEvent(id: 0, uid: draft.uid ?? "", title: draft.title, note: draft.note, when: draft.when, zone: draft.zone,
                                      length: draft.length, createdAt: Date(timeIntervalSince1970: 0))
            let days = self.days(of: event, in: zone)
            (first, last) = (min(first, days.first), max(last, days.last))
        }
        return (first, last)
    }

    static func days(of event: CalendarEvent, in zone: Zone) -> (first: Int, last: Int) {
        let end = LocalDate.supported.upperBound
        switch event.when {
        case .lunar(_, _, _, let firstYear):
            // Once a lunar year without end; from its first year when it has one.
            guard let firstYear, let from = LocalDate(year: firstYear, month: 1, day: 1),
                  let first = event.occurrences(in: from...from.adding(days: 800), timeZone: zone).first else { return unbounded }
            return (first.date.dayNumber, unbounded.last)
        case .solar(let start, _, let text, _):
            let rule = text.isEmpty ? nil : try? RecurrenceRule(parsing: text)
            // A zone's day may be the viewer's day before or after.
            var first: EventOccurrence?
            for span in rule == nil ? [2] : [400, 4000, end.dayNumber - start.dayNumber + 2] {
                first = event.occurrences(in: start.adding(days: -2)...start.adding(days: span), timeZone: zone).first
                if first != nil { break }
            }
            guard let first else { return (unbounded.last, unbounded.first) }
            guard let rule else { return (first.date.dayNumber, first.lastDate.dayNumber) }
            guard rule.count != nil || rule.until != nil else { return (first.date.dayNumber, unbounded.last) }
            let until = rule.until.map { $0.adding(days: 2) } ?? end
            let lastCovered = event.occurrences(in: first.date...max(first.date, until), timeZone: zone).map(\.lastDate).max() ?? first.lastDate
            return (first.date.dayNumber, lastCovered.dayNumber)
        }
    }

    // MARK: - A file's events as one text

    /// Records end with U+001E, fields with U+001F: "E" and an event's fields, or "S" and a
    /// skipped event's title and reason. nil when some text holds those characters (the file is
    /// then read each time, never indexed wrongly).
    static func encode(_ result: ICalendar.ImportResult) -> String? {
        var text = ""
        func record(_ fields: [String]) -> Bool {
            guard !fields.contains(where: { $0.contains("\u{1E}") || $0.contains("\u{1F}") }) else { return false }
            text += fields.joined(separator: "\u{1F}") + "\u{1E}"
            return true
        }
        for draft in result.drafts {
            var fields = ["E", draft.uid ?? "", draft.title, draft.note, draft.zone, draft.length?.description ?? ""]
            switch draft.when {
            case .lunar(let month, let day, let leap, let first):
                fields += ["L", String(month), String(day), leap ? "1" : "0", first.map(String.init) ?? ""]
            case .solar(let start, let time, let rule, let except):
                fields += ["D", start.iso, time?.description ?? "", rule, except.map(\.iso).joined(separator: ",")]
            }
            guard record(fields) else { return nil }
        }
        for skipped in result.skipped { guard record(["S", skipped.title, skipped.reason]) else { return nil } }
        return text
    }

    static func decode(_ text: String) -> ICalendar.ImportResult? {
        var result = ICalendar.ImportResult()
        // By UTF-8 bytes: the separators are ASCII, never inside another character's bytes.
        for record in text.utf8.split(separator: 0x1E) {
            let fields = record.split(separator: 0x1F, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
            if fields.first == "S", fields.count == 3 {
                result.skipped.append((fields[1], fields[2]))
                continue
            }
            guard fields.first == "E", fields.count == 11 else { return nil }
            let when: EventDate
            if fields[6] == "L" {
                guard let month = Int(fields[7]), let day = Int(fields[8]) else { return nil }
                when = .lunar(month: month, day: day, leap: fields[9] == "1", firstYear: Int(fields[10]))
            } else {
                guard let start = LocalDate(iso: fields[7]) else { return nil }
                when = .solar(start: start, time: EventTime(text: fields[8]), rule: fields[9],
                              except: fields[10].split(separator: ",").compactMap { LocalDate(iso: String($0)) })
            }
            result.drafts.append(EventDraft(uid: fields[1].isEmpty ? nil : fields[1], title: fields[2], note: fields[3], when: when,
                                            zone: fields[4], length: EventLength(text: fields[5])))
        }
        return result
    }
}
