import Foundation
import HomescreenCommandLine
import HomescreenStore
import HomescreenWidgetCore

/// A refusal of the hledger source, as one sentence that says what to do.
public struct HledgerError: Error, Equatable, CustomStringConvertible, Sendable {
    public let description: String
    /// The refusal is of what the person typed (a command exits 2), not of the journal or hledger.
    public var isBadInput = false
    public init(_ description: String, badInput: Bool = false) {
        self.description = description
        isBadInput = badInput
    }
}

/// Refused in the dashboard, it is the journal's own sentence (not "the store refused…").
extension HledgerError: StoreRefusal {
    public var sentence: String { description }
    public var refusesInput: Bool { isBadInput }
    public func text(in language: Language) -> String { description }
}

/// One amount of one commodity, exactly as hledger's JSON gives it (mantissa and places).
public struct HledgerAmount: Hashable, Sendable {
    /// How the journal writes the commodity (hledger's `astyle`).
    public struct Style: Hashable, Sendable {
        public let left: Bool
        public let spaced: Bool
        public let decimalPoint: Character?
    }

    public let commodity: String
    public let mantissa: Int64
    public let places: Int

    /// In hundredths, as `Money` keeps amounts; nil when hledger's amount has a third decimal
    /// that is not zero (it could not be shown to its last digit).
    public var money: Money? {
        if places <= 2 {
            let (value, overflow) = mantissa.multipliedReportingOverflow(by: Int64([100, 10, 1][places]))
            return overflow ? nil : Money(cents: value)
        }
        var divisor: Int64 = 1
        for _ in 0..<(places - 2) { divisor *= 10 }
        return mantissa % divisor == 0 ? Money(cents: mantissa / divisor) : nil
    }
}

/// hledger's budget report for one year, month by month: what was spent (actual) and the
/// goal, per commodity, as `hledger balance --budget -M -O json` computes them.
public struct HledgerBudgetReport: Sendable, Equatable {
    public struct Month: Sendable, Equatable {
        public let month: YearMonth
        public let actual: [HledgerAmount]
        /// nil when no periodic transaction gives the month a goal.
        public let goal: [HledgerAmount]?

        public func actual(_ commodity: String) -> HledgerAmount? { actual.first { $0.commodity == commodity } }
        public func goal(_ commodity: String) -> HledgerAmount? { goal?.first { $0.commodity == commodity } }
    }

    public let year: Int
    public let months: [YearMonth: Month]
    /// Each account's months (hledger's rows: the budgeted accounts and their parents).
    public var accounts: [String: [YearMonth: Month]] = [:]
    /// How the journal writes each commodity, as hledger read it.
    public var styles: [String: HledgerAmount.Style] = [:]

    /// Every commodity, goals' first, in the order hledger lists them.
    public var commodities: [String] {
        var seen: [String] = []
        let sorted = months.keys.sorted()
        for amounts in sorted.map({ months[$0]?.goal ?? [] }) + sorted.map({ months[$0]?.actual ?? [] }) {
            for amount in amounts where !seen.contains(amount.commodity) { seen.append(amount.commodity) }
        }
        return seen
    }

    /// Whether any month has a goal (a periodic transaction such as `~ monthly`).
    public var hasGoals: Bool { months.values.contains { !($0.goal ?? []).isEmpty } }

    /// Reads hledger's JSON (`prDates`, `prTotals.prrAmounts[i] = [actual, goal]`).
    public static func parse(_ data: Data, year: Int) throws -> HledgerBudgetReport {
        struct Quantity: Decodable { let decimalMantissa: Int64; let decimalPlaces: Int }
        struct Style: Decodable { let ascommodityside: String?; let ascommodityspaced: Bool?; let asdecimalpoint: String? }
        struct Amount: Decodable { let acommodity: String; let aquantity: Quantity; let astyle: Style? }
        struct Row: Decodable { let prrAmounts: [[[Amount]?]] }
        struct NamedRow: Decodable { let prrName: String; let prrAmounts: [[[Amount]?]] }
        struct Report: Decodable { let prDates: [[String]]; let prTotals: Row; let prRows: [NamedRow]? }
        let report: Report
        do { report = try JSONDecoder().decode(Report.self, from: data) } catch {
            throw HledgerError("hledger's budget report could not be read (\(error)); `hledger --version` should say 1.25 or later.")
        }
        var styles: [String: HledgerAmount.Style] = [:]
        for amount in report.prTotals.prrAmounts.flatMap({ $0.compactMap { $0 }.flatMap { $0 } }) where styles[amount.acommodity] == nil {
            guard let style = amount.astyle else { continue }
            styles[amount.acommodity] = HledgerAmount.Style(left: style.ascommodityside == "L", spaced: style.ascommodityspaced ?? true,
                                                            decimalPoint: style.asdecimalpoint?.first)
        }
        func amounts(_ list: [Amount]?) -> [HledgerAmount]? {
            list.map { $0.map { HledgerAmount(commodity: $0.acommodity, mantissa: $0.aquantity.decimalMantissa, places: $0.aquantity.decimalPlaces) } }
        }
        func months(_ row: [[[Amount]?]]) -> [YearMonth: Month] {
            var months: [YearMonth: Month] = [:]
            for (index, dates) in report.prDates.enumerated() where index < row.count {
                guard let start = dates.first, let day = LocalDate(iso: start) else { continue }
                let month = YearMonth(day), pair = row[index]
                let goal = pair.count > 1 ? amounts(pair[1]) : nil
                months[month] = Month(month: month, actual: amounts(pair.first ?? []) ?? [], goal: goal?.isEmpty == true ? nil : goal)
            }
            return months
        }
        var parsed = HledgerBudgetReport(year: year, months: months(report.prTotals.prrAmounts))
        for row in report.prRows ?? [] { parsed.accounts[row.prrName] = months(row.prrAmounts) }
        parsed.styles = styles
        return parsed
    }
}

/// Runs hledger on the journal. The same run is never made twice while the journal and the
/// files it includes are unchanged (their size, time and inode): one run per change.
public enum Hledger {
    /// hledger's path on `PATH`, or nil.
    public static func executable(environment: [String: String]) -> String? {
        for folder in (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let path = String(folder) + "/hledger"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs hledger with `arguments` and waits for it; its output, or its first error line as
    /// the refusal.
    public static func run(_ arguments: [String], environment: [String: String]) throws -> Data {
        guard let path = executable(environment: environment) else {
            throw HledgerError("hledger is not installed; `apt-get install hledger` installs it (or set [budget] source = \"store\").")
        }
        let process = try HledgerProcess.start(path, arguments, environment: environment)
        process.finish()
        return try outcome(process).get()
    }

    /// hledger's error as one sentence: where (the file by its name, and its line, from the
    /// line that names it; an included file's own, not the journal that includes it) and what
    /// (the first line after hledger's excerpt that says it, with the next when it ends in ':').
    static func firstErrorLine(_ data: Data) -> String {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.contains("in file included from") }
        guard let first = lines.first else { return "hledger failed without saying why." }
        var located = first.hasPrefix("hledger: ") ? String(first.dropFirst(9)) : first
        // `"/path/j.journal" (lines 1-3)`: the path unquoted.
        if located.hasPrefix("\""), let close = located.dropFirst().firstIndex(of: "\"") {
            located = String(located[located.index(after: located.startIndex)..<close]) + located[located.index(after: close)...]
        }
        // The file by its name (a pane is narrow; `doctor` lists the journal's files in full).
        if located.hasPrefix("/"), let end = located.firstIndex(where: { $0 == ":" || $0 == " " }) {
            located = (String(located[..<end]) as NSString).lastPathComponent + located[end...]
        }
        let said = lines.dropFirst().filter { !$0.contains("|") && !$0.allSatisfy({ $0 == "^" || $0 == " " }) }
        guard var detail = said.first, located.hasSuffix(":") || located.hasSuffix(")") else { return located }
        if detail.hasSuffix(":"), said.count > 1 { detail += " " + said[said.startIndex + 1] }
        return located + (located.hasSuffix(":") ? " " : ": ") + detail
    }

    /// The files a run read: the journal and, by its `include` lines, what it includes (so an
    /// edit to any of them is a change). Only the directive's path is read here; the
    /// accounting is hledger's.
    struct JournalSignature: Equatable, Codable, Sendable {
        let files: [String: [Int]]

        init(_ journal: String) {
            var files: [String: [Int]] = [:]
            var pending = [journal]
            while let path = pending.popLast() {
                guard files[path] == nil, files.count < 200 else { continue }
                let identity = Self.identity(path)
                files[path] = identity
                guard !identity.isEmpty else { continue }
                pending += Self.includes(path, identity)
            }
            self.files = files
        }

        /// A file's size, times and inode; empty when it cannot be read.
        static func identity(_ path: String) -> [Int] {
            var info = stat()
            guard stat(path, &info) == 0 else { return [] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec), Int(info.st_ino), Int(info.st_ctim.tv_nsec)]
        }

        /// Whether every file this signature names is as it was: then the journal's includes
        /// are too (they come from those files' bytes), and nothing needs reading.
        var isCurrent: Bool { files.allSatisfy { Self.identity($0.key) == $0.value } }

        /// The files `path` includes, read again only when it changed.
        private static func includes(_ path: String, _ identity: [Int]) -> [String] {
            if let known = read.withLock({ $0[path] }), known.identity == identity { return known.includes }
            var found: [String] = []
            // The lines that start with the directive, found by memchr from newline to newline:
            // one pass over the bytes on the loop's thread after each edit (Foundation's
            // Data.range(of:) was the dashboard's largest own cost in perf during a run).
            if let data = FileManager.default.contents(atPath: path) {
                let folder = (path as NSString).deletingLastPathComponent
                for target in data.withUnsafeBytes(Self.includeTargets) where !target.isEmpty && !target.contains("*") {
                    found.append(target.hasPrefix("/") ? target : folder + "/" + target)
                }
            }
            read.withLock { $0[path] = (identity, found) }
            return found
        }

        /// What each line that starts with `include ` names, trimmed.
        private static func includeTargets(_ bytes: UnsafeRawBufferPointer) -> [String] {
            guard let base = bytes.baseAddress else { return [] }
            let directive: [UInt8] = Array("include ".utf8)
            var targets: [String] = []
            var start = 0
            while start < bytes.count {
                let next: UnsafeMutableRawPointer? = memchr(base + start, 0x0A, bytes.count - start)
                let end = next.map { UnsafeRawPointer($0) - base } ?? bytes.count
                if end - start > directive.count, memcmp(base + start, directive, directive.count) == 0 {
                    let line = UnsafeRawBufferPointer(rebasing: bytes[(start + directive.count)..<end])
                    targets.append(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespaces))
                }
                start = end + 1
            }
            return targets
        }

        private static let read = Locked<[String: (identity: [Int], includes: [String])]>([:])
    }
}

/// A value behind a lock, for the caches several threads share.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ work: (inout Value) -> T) -> T { lock.withLock { work(&value) } }
}
