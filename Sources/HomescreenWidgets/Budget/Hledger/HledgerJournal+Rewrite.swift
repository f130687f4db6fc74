import Foundation
import HomescreenCommandLine
import HomescreenStore
import HomescreenWidgetCore

/// Editing and removing what Homescreen wrote to the journal, and nothing else: a transaction is
/// offered only when it is exactly as `transaction(…)` writes it (its header ends with the
/// `homescreen:` tag, one expense posting, one paying posting). The rewrite goes to a new file
/// in the journal's folder, is flushed to disk and renamed over the journal, so a reader sees
/// the old file or the new one; every byte outside those lines is kept.
extension HledgerJournal {
    /// One transaction Homescreen wrote, where it is in the file, as it was read.
    public struct Written: Sendable, Equatable {
        /// The file as it was when the transaction was found.
        public let reading: Reading
        /// Its bytes' place in the file (the header to the paying line's newline).
        public let offset: Int
        public let text: String
        public let day: LocalDate
        public let note: String
        public let account: String
        /// The amount as written, with its commodity (`12.50 CHF`).
        public let amount: String
        public let paying: String
    }

    /// The transactions of the journal at `path` that Homescreen wrote.
    public static func written(in path: String) throws -> [Written] {
        let reading = try Reading.of(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw HledgerError("the journal \(path) cannot be read; check its permissions.")
        }
        let tag = Data("  ; \(Self.tag)\n".utf8), newline = UInt8(ascii: "\n")
        var found: [Written] = [], from = data.startIndex
        while let hit = data.range(of: tag, in: from..<data.endIndex) {
            from = hit.upperBound
            let start = data[..<hit.lowerBound].lastIndex(of: newline).map { $0 + 1 } ?? data.startIndex
            guard let postingEnd = data[hit.upperBound...].firstIndex(of: newline) else { continue }
            let payingEnd = data[(postingEnd + 1)...].firstIndex(of: newline).map { $0 + 1 } ?? data.endIndex
            let header = String(decoding: data[start..<hit.lowerBound], as: UTF8.self)
            let posting = String(decoding: data[hit.upperBound..<postingEnd], as: UTF8.self)
            let payingLine = String(decoding: data[(postingEnd + 1)..<payingEnd], as: UTF8.self).trimmingCharacters(in: .newlines)
            // Exactly our shape: `DAY NOTE`, `    ACCOUNT  AMOUNT`, `    PAYING`, then a blank line or the end.
            guard header.count > 11, let day = LocalDate(iso: String(header.prefix(10))), header.dropFirst(10).first == " ",
                  posting.hasPrefix("    "), payingLine.hasPrefix("    "), !payingLine.dropFirst(4).hasPrefix(" "),
                  !payingLine.dropFirst(4).contains("  "), let gap = posting.dropFirst(4).range(of: "  ") else { continue }
            let after = data[payingEnd...].prefix(1)
            guard after.isEmpty || after.first == newline else { continue }
            let account = String(posting.dropFirst(4)[..<gap.lowerBound])
            let amount = posting[gap.upperBound...].trimmingCharacters(in: .whitespaces)
            guard !account.hasPrefix(" "), !amount.isEmpty else { continue }
            found.append(Written(reading: reading, offset: start - data.startIndex, text: String(decoding: data[start..<payingEnd], as: UTF8.self), day: day,
                                 note: String(header.dropFirst(11)), account: account, amount: amount, paying: String(payingLine.dropFirst(4))))
            from = payingEnd
        }
        return found
    }

    /// The amount of a transaction Homescreen wrote, as the form shows it (`12.50`); nil when
    /// it is not in `commodity` (it is then not offered: the panes show that commodity only).
    static func number(_ written: Written, commodity: String) -> String? {
        let quoted = "\"\(commodity)\""
        let symbol = written.amount.contains(quoted) ? quoted : commodity
        guard written.amount.hasPrefix(symbol) || written.amount.hasSuffix(symbol) else { return nil }
        let text = written.amount.replacingOccurrences(of: symbol, with: "").trimmingCharacters(in: .whitespaces)
        return text.isEmpty || text.contains(where: { !$0.isNumber && $0 != "." && $0 != "," }) ? nil : text
    }

    static func money(_ written: Written, commodity: String, currency: Currency) -> Money? {
        number(written, commodity: commodity).flatMap { try? Money.parse($0, currency: currency).get() }
    }

    /// Edits a transaction Homescreen wrote: the amount in the budget's commodity, written as
    /// the journal writes it; refused with a sentence (nothing written) when the journal changed.
    public static func editExpense(_ source: BudgetSource, _ written: Written, text: String, day: LocalDate, note: String, account chosen: String?,
                                   store: (any StoreBackend)? = nil, environment: [String: String] = processEnvironment) throws -> (amount: String, account: String) {
        let path = source.journalPath(environment: environment)
        let report = try Hledger.budget(source, year: day.year, store: store, environment: environment)
        let root = source.accounts.first ?? "expenses"
        let account = try account(chosen, root: root) ?? written.account
        // A number alone stays in the transaction's commodity: moved to an account budgeted in
        // another one, it is refused, never turned into that commodity.
        let kept = split(written.amount).commodity
        let typed = split(text).commodity == nil ? kept.map { text.trimmingCharacters(in: .whitespaces) + " " + $0 } ?? text : text
        let amount = try amount(typed, source: source, report: report, account: account, day: day)
        try replace(written, in: path, day: day, note: note, account: account, amount: amount)
        return (amount, account)
    }

    /// Removes a transaction Homescreen wrote (and the blank line it was appended after).
    public static func remove(_ written: Written, from path: String) throws {
        try rewrite(path, written) { data, range in
            var start = range.lowerBound
            // The blank line `append` wrote before it goes with it.
            if start >= 2, data[start - 1] == UInt8(ascii: "\n"), data[start - 2] == UInt8(ascii: "\n") { start -= 1 }
            var result = data
            result.removeSubrange(start..<range.upperBound)
            return result
        }
    }

    /// Replaces a transaction Homescreen wrote by a new one (tagged the same way).
    public static func replace(_ written: Written, in path: String, day: LocalDate, note: String, account: String, amount: String) throws {
        let text = transaction(day: day, description: description(note), account: account, amount: amount, paying: written.paying)
        try rewrite(path, written) { data, range in
            var result = data
            result.replaceSubrange(range, with: Data(text.utf8))
            return result
        }
    }

    /// Writes `change(file)` to a new file beside the journal (its mode kept), flushes it, and
    /// renames it over the journal: refused, nothing written, when the journal is not the file
    /// read (`written.reading`) or the transaction's bytes are not where they were.
    private static func rewrite(_ path: String, _ written: Written, _ change: (Data, Range<Int>) -> Data) throws {
        let real = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map {
            $0.hasPrefix("/") ? $0 : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)
        } ?? path
        let changed = HledgerError("the journal \(path) changed since it was read; nothing was written, look at the expense again and retry.")
        guard let now = try? Reading.of(real), now == written.reading, let data = FileManager.default.contents(atPath: real) else { throw changed }
        let range = written.offset..<(written.offset + written.text.utf8.count)
        guard range.upperBound <= data.count, data.subdata(in: range) == Data(written.text.utf8) else { throw changed }
        let result = change(data, range)
        var info = stat()
        guard stat(real, &info) == 0 else { throw changed }
        let folder = (real as NSString).deletingLastPathComponent
        var template = Array((folder + "/." + (real as NSString).lastPathComponent + ".homescreen-XXXXXX").utf8CString)
        let descriptor = mkstemp(&template)
        guard descriptor >= 0 else {
            throw HledgerError("the journal's folder \(folder) cannot be written (\(String(cString: strerror(errno)))); nothing was changed.")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            close(descriptor)
            if !done { unlink(temporary) }
        }
        _ = fchmod(descriptor, info.st_mode & 0o7777)
        let wrote = result.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                offset += count
            }
            return true
        }
        guard wrote || result.isEmpty, fsync(descriptor) == 0 else {
            throw HledgerError("the journal \(path) could not be written (\(String(cString: strerror(errno)))); it was not changed.")
        }
        // Checked once more just before the rename: an edit since is never lost.
        guard let last = try? Reading.of(real), last == written.reading else { throw changed }
        guard rename(temporary, real) == 0 else {
            throw HledgerError("the journal \(path) could not be replaced (\(String(cString: strerror(errno)))); it was not changed.")
        }
        done = true
        let directory = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 { fsync(directory); close(directory) }
    }
}
