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
/// only new and changed files are read. Either backend keeps it (it is the calendar's table);
/// a read-only store is read, not written.
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
                guard let path = row.text("path"), let inode = row.int("inode"), let size = row.int("size"), let modified = row.int("modified"),
                      let hash = row.int("hash"), let zone = row.text("zone"), let text = row.text("events"), let result = Self.decode(text) else { continue }
                let version = VdirCalendar.Version(inode: UInt64(bitPattern: inode), size: size, modified: modified, zone: zone)
                let file = VdirFile(path: path, inode: version.inode, size: size, modified: modified, hash: UInt64(bitPattern: hash))
                entries[path] = Entry(version: version, parsed: VdirCalendar.Parsed(result: result, modified: Date(timeIntervalSince1970: Double(modified) / 1e9), file: file))
            }
            return entries
        }
    }

    /// Writes the files read now and drops the rows of `gone` files, in one transaction; a store
    /// that cannot be written (read-only) keeps what it had.
    func save(_ read: [String: Entry], gone: [String]) {
        let rows = read.compactMap { path, entry in Self.encode(entry.parsed.result).map { (path, entry, $0) } }
        guard !rows.isEmpty || !gone.isEmpty else { return }
        _ = try? store.writing { sql in
            for path in gone + rows.map(\.0) { _ = try sql.execute("DELETE FROM vdirIndex WHERE path = ?", [.text(path)]) }
            for (path, entry, events) in rows {
                _ = try sql.execute("INSERT INTO vdirIndex (path, inode, size, modified, hash, zone, events) VALUES (?, ?, ?, ?, ?, ?, ?)", [
                    .text(path), .integer(Int64(bitPattern: entry.version.inode)), .integer(entry.version.size), .integer(entry.version.modified),
                    .integer(Int64(bitPattern: entry.parsed.file.hash)), .text(entry.version.zone), .text(events),
                ])
            }
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
