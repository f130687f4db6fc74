import Foundation
import HomescreenWidgetCore

/// An import read from disk a block at a time (issue 51, point 7: memory within three times the
/// file, the executable's own included): neither the file's text nor its events are ever all
/// held. Three passes over the files: the first checks them (UTF-8, a calendar, cut short) and
/// finds their time zones; the second gathers what a VEVENT needs from others (the days a
/// series leaves out for its changed occurrences, the anniversaries this program exported, one
/// VEVENT a year); the third gives each event to the store's transaction as soon as it ends.
extension ICalendar {
    /// Why a file cannot be imported; nothing was written.
    public enum FileProblem: Error, Equatable {
        case unreadable(file: String)
        /// Not UTF-8, or neither BEGIN:VCALENDAR nor BEGIN:VEVENT in it.
        case notACalendar(file: String)
    }

    /// What the first two passes found, ready for the third (`read`).
    public struct Prepared: Sendable {
        let files: [String]
        let timeZone: Zone
        let aliases: [String: String]
        let overridden: [String: [LocalDate]]
        /// The anniversaries, written first (as `parse` gives them).
        let anniversaries: [EventDraft]
        /// The files that end before END:VCALENDAR (cut short), with their last line.
        public let truncated: [(file: String, line: Int)]
        /// How many VEVENTs the files hold (0: nothing to write, no store opened).
        public let eventCount: Int
    }

    /// The first two passes over `files`. - Throws: `FileProblem` for the first file that
    /// cannot be read or is no calendar.
    public static func prepare(files: [String], timeZone: Zone) throws -> Prepared {
        var truncated: [(file: String, line: Int)] = []
        let aliases = try zoneAliases(lines: { body in
            for file in files {
                var last = (text: "", line: 0), marked = false, calendar = false
                try forEachLine(ofFile: file) { line, number in
                    if !line.trimmingCharacters(in: .whitespaces).isEmpty { last = (line, number) }
                    if line.contains("BEGIN:VCALENDAR") { (calendar, marked) = (true, true) } else if line.contains("BEGIN:VEVENT") { marked = true }
                    try body(line, number)
                }
                guard marked else { throw FileProblem.notACalendar(file: file) }
                if calendar, last.text.trimmingCharacters(in: .whitespaces).uppercased() != "END:VCALENDAR" { truncated.append((file, last.line)) }
            }
        })
        var reader = ImportReader(timeZone: timeZone, aliases: aliases)
        var count = 0
        try components(lines: { body in for file in files { try forEachLine(ofFile: file, body) } }) { component in
            count += 1
            if component.property("RECURRENCE-ID") != nil || component.property("X-HOMESCREEN-EVENT") != nil { _ = reader.read(component) }
        }
        return Prepared(files: files, timeZone: timeZone, aliases: aliases, overridden: reader.overridden, anniversaries: reader.anniversaries,
                        truncated: truncated, eventCount: count)
    }

    /// The third pass: each event to `write` as soon as its VEVENT ends (the anniversaries
    /// first), the same drafts `parse` gives for the files' text. - Returns: what was skipped or
    /// cut (`drafts` is empty: they were written).
    public static func read(_ prepared: Prepared, _ write: (EventDraft) throws -> Void) throws -> ImportResult {
        for anniversary in prepared.anniversaries { try write(anniversary) }
        var reader = ImportReader(timeZone: prepared.timeZone, aliases: prepared.aliases, knownOverrides: prepared.overridden)
        try components(lines: { body in for file in prepared.files { try forEachLine(ofFile: file, body) } }) { component in
            for draft in reader.read(component) { try write(draft) }
        }
        return reader.result
    }

    /// Each content line of a file and the number of the line it starts on (folds joined), read
    /// 64 KB at a time: as `text(of:)` then `forEachLine` read the whole file's text, a line at
    /// a time (a fold may fall inside a UTF-8 character; CRLF, a bare CR or a bare LF ends a
    /// line; a file cut inside its last character keeps what came before it).
    /// - Throws: `FileProblem` when it cannot be read or a line is not UTF-8.
    static func forEachLine(ofFile path: String, _ body: (_ text: String, _ line: Int) throws -> Void) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileProblem.unreadable(file: path) }
        defer { close(descriptor) }
        var block = [UInt8](repeating: 0, count: 65_536)
        var line: [UInt8] = [], number = 0
        // A line break seen and not yet known to end the line (a space or tab after it folds it):
        // a CR that a LF may still join, or a whole break.
        enum Break { case none, carriageReturn, whole }
        var pending = Break.none
        func emit(atEnd: Bool) throws {
            number += 1
            guard let text = String(validating: line, as: UTF8.self) else {
                let cut = cutCharacter(line)
                guard atEnd, cut > 0, cut < line.count, let kept = String(validating: line.dropLast(cut), as: UTF8.self) else {
                    throw FileProblem.notACalendar(file: path)
                }
                return try body(kept, number)
            }
            line.removeAll(keepingCapacity: true)
            try body(text, number)
        }
        while true {
            let count = block.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw FileProblem.unreadable(file: path) }
            if count == 0 { break }
            for byte in block[0..<count] {
                if pending != .none {
                    if pending == .carriageReturn && byte == 10 { pending = .whole; continue }
                    pending = .none
                    if byte == 32 || byte == 9 { continue }   // a fold: the break and this byte go
                    try emit(atEnd: false)
                }
                if byte == 13 || byte == 10 { pending = byte == 13 ? .carriageReturn : .whole; continue }
                line.append(byte)
            }
        }
        if pending != .none || !line.isEmpty { try emit(atEnd: pending == .none) }
    }
}
