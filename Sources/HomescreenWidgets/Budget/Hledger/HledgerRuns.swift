import Foundation
import HomescreenCommandLine
import HomescreenWidgetCore

/// One run of hledger as it is kept: in memory, and in a file under `$XDG_CACHE_HOME/homescreen`
/// that every process reads (so `status budget` and the tmux feeder answer from it, and a
/// journal is run once per change whoever asks).
struct HledgerRun: Codable, Sendable {
    /// The journal and its includes as they were when hledger read them.
    let signature: Hledger.JournalSignature
    /// hledger's JSON from the last run that succeeded (kept when a later one fails).
    let output: Data?
    /// The latest run's refusal, hledger's first error line; nil when it succeeded.
    let error: String?
    let ranAt: Date
    let seconds: Double
    /// `hledger accounts` of the spending accounts (the add-expense form's choices).
    var accounts: [String]? = nil
}

/// What the panes show from the journal: the last good report, the latest refusal, and
/// whether a run is under way.
public struct HledgerState: Sendable {
    public var report: HledgerBudgetReport?
    public var error: HledgerError?
    public var updating: Bool
    public var accounts: [String] = []
}

extension Hledger {
    static func arguments(_ source: BudgetSource, journal: String, year: Int) -> [String] {
        ["-f", journal, "balance", "--budget", "-M", "-b", "\(year)-01-01", "-e", "\(year + 1)-01-01", "--depth", "1", "-O", "json"] + source.accounts
    }

    /// The budget report of `year`: from the cache while the journal and its includes are
    /// unchanged, else from a run of hledger now. A refusal throws, with hledger's sentence.
    public static func budget(_ source: BudgetSource, year: Int, environment: [String: String] = processEnvironment) throws -> HledgerBudgetReport {
        let state = state(source, year: year, environment: environment, wait: true)
        if let error = state.error { throw error }
        guard let report = state.report else { throw HledgerError("hledger gave no budget report.") }
        return report
    }

    /// The journal's figures. With `wait` false (the dashboard) hledger never runs on the
    /// caller's thread: a changed journal starts a run in the background and the last result
    /// is returned with `updating`; the caller asks again.
    public static func state(_ source: BudgetSource, year: Int, environment: [String: String] = processEnvironment, wait: Bool) -> HledgerState {
        let journal = source.journalPath(environment: environment)
        if let refusal = refusal(journal: journal, environment: environment) { return HledgerState(report: nil, error: refusal, updating: false) }
        let arguments = arguments(source, journal: journal, year: year)
        let signature = JournalSignature(journal)
        let last = lastRun(arguments, environment: environment)
        if let last, last.signature == signature { return state(of: last, year: year, updating: false) }
        if wait { return state(of: perform(arguments, signature: signature, year: year, environment: environment), year: year, updating: false) }
        let starts = inFlight.withLock { running in running.insert(arguments).inserted }
        if starts {
            DispatchQueue.global().async {
                _ = perform(arguments, signature: signature, year: year, environment: environment, listingAccounts: true)
                _ = inFlight.withLock { $0.remove(arguments) }
            }
        }
        var shown = last.map { state(of: $0, year: year, updating: true) } ?? HledgerState(report: nil, error: nil, updating: true)
        shown.updating = true
        return shown
    }

    /// The refusals found before running hledger: it is missing, the journal is.
    static func refusal(journal: String, environment: [String: String]) -> HledgerError? {
        guard executable(environment: environment) != nil else {
            return HledgerError("hledger is not installed; `apt-get install hledger` installs it (or set [budget] source = \"store\").")
        }
        guard FileManager.default.fileExists(atPath: journal) else {
            return HledgerError("the journal \(journal) does not exist; set [budget] journal = \"PATH\" (or $LEDGER_FILE) to your hledger journal.")
        }
        guard FileManager.default.isReadableFile(atPath: journal) else {
            return HledgerError("the journal \(journal) cannot be read; check its permissions.")
        }
        return nil
    }

    private static func state(of run: HledgerRun, year: Int, updating: Bool) -> HledgerState {
        var state = HledgerState(report: nil, error: run.error.map(HledgerError.init), updating: updating, accounts: run.accounts ?? [])
        if let output = run.output {
            do { state.report = try report(output, year: year) } catch let error as HledgerError { state.error = error } catch {}
        }
        return state
    }

    /// Parsed reports, by their JSON, so a cached run is read once.
    private static let parsed = Locked<[Data: HledgerBudgetReport]>([:])

    private static func report(_ output: Data, year: Int) throws -> HledgerBudgetReport {
        if let known = parsed.withLock({ $0[output] }) { return known }
        let report = try HledgerBudgetReport.parse(output, year: year)
        parsed.withLock { $0 = [output: report] }
        return report
    }

    /// Runs hledger and keeps the result: in memory and in the cache file (written whole, then
    /// renamed into place).
    static func perform(_ arguments: [String], signature: JournalSignature, year: Int, environment: [String: String], listingAccounts: Bool = false) -> HledgerRun {
        let started = Date()
        var output: Data?, error: String?
        do {
            let data = try run(arguments, environment: environment)
            _ = try report(data, year: year)
            output = data
        } catch {
            let sentence = (error as? HledgerError)?.description ?? "\(error)"
            return keep(HledgerRun(signature: signature, output: lastRun(arguments, environment: environment)?.output, error: sentence,
                                   ranAt: started, seconds: Date().timeIntervalSince(started)), arguments, environment: environment)
        }
        var run = HledgerRun(signature: signature, output: output, error: error, ranAt: started, seconds: Date().timeIntervalSince(started))
        // The accounts as hledger lists them, for the dashboard's form (after the report: the
        // time above is the report's; a command waiting for the figures does not wait for them).
        guard listingAccounts else { return keep(run, arguments, environment: environment) }
        let accounts = ["-f", arguments[1], "accounts"] + arguments.suffix(from: arguments.firstIndex(of: "json").map { $0 + 1 } ?? arguments.endIndex)
        run.accounts = (try? self.run(Array(accounts), environment: environment)).map { String(decoding: $0, as: UTF8.self).split(separator: "\n").map(String.init) }
        return keep(run, arguments, environment: environment)
    }

    private static func keep(_ run: HledgerRun, _ arguments: [String], environment: [String: String]) -> HledgerRun {
        runs.withLock { $0[arguments] = run }
        let path = cachePath(arguments, environment: environment)
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if let data = try? JSONEncoder().encode(run) { try? data.write(to: URL(fileURLWithPath: path), options: .atomic) }
        return run
    }

    /// The latest run of these arguments: this process's, else the cache file's.
    static func lastRun(_ arguments: [String], environment: [String: String]) -> HledgerRun? {
        if let run = runs.withLock({ $0[arguments] }) { return run }
        guard let data = FileManager.default.contents(atPath: cachePath(arguments, environment: environment)),
              let run = try? JSONDecoder().decode(HledgerRun.self, from: data) else { return nil }
        runs.withLock { $0[arguments] = run }
        return run
    }

    /// The latest run for the source's journal this year (`doctor`).
    public static func lastRun(_ source: BudgetSource, year: Int, environment: [String: String] = processEnvironment) -> (at: Date, seconds: Double, error: String?, files: [String])? {
        let journal = source.journalPath(environment: environment)
        return lastRun(arguments(source, journal: journal, year: year), environment: environment).map { ($0.ranAt, $0.seconds, $0.error, $0.signature.files.keys.sorted()) }
    }

    /// `$XDG_CACHE_HOME/homescreen/hledger-HASH.json`, the hash of the run's arguments.
    static func cachePath(_ arguments: [String], environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let folder = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.cache"
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in arguments.joined(separator: "\u{0}").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100000001b3 }
        return folder + "/homescreen/hledger-" + String(hash, radix: 16) + ".json"
    }

    private static let runs = Locked<[[String]: HledgerRun]>([:])
    private static let inFlight = Locked<Set<[String]>>([])
}
