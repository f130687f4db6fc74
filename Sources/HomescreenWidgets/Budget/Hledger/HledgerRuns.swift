import Foundation
import HomescreenCommandLine
import HomescreenStore
import HomescreenWidgetCore

/// One run of hledger as it is kept: in this process's memory, and in the store's `hledgerRun`
/// table that every process reads (so `status budget` and the tmux feeder answer from it, and a
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
    /// When to look again though nothing is reported: a run claimed by another process may lapse.
    public var lookAgain: Date? = nil
}

extension Hledger {
    static func arguments(_ source: BudgetSource, journal: String, year: Int) -> [String] {
        guard source.periodStart > 1 else {
            return ["-f", journal, "balance", "--budget", "-M", "-b", "\(year)-01-01", "-e", "\(year + 1)-01-01", "-O", "json"] + source.accounts
        }
        // Periods from the start day: hledger's report interval `every 25th day of month`.
        let day = String(format: "%02d", source.periodStart), number = source.periodStart
        let ordinal = "\(number)" + ((11...13).contains(number) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th")
        return ["-f", journal, "balance", "--budget", "-p", "every \(ordinal) day of month", "-b", "\(year)-01-\(day)", "-e", "\(year + 1)-01-\(day)",
                "-O", "json"] + source.accounts
    }

    /// The arguments of `hledger accounts` for the report's journal and accounts.
    static func accountArguments(_ arguments: [String]) -> [String] {
        ["-f", arguments[1], "accounts"] + arguments.suffix(from: arguments.firstIndex(of: "json").map { $0 + 1 } ?? arguments.endIndex)
    }

    /// The budget report of `year`: from the cache while the journal and its includes are
    /// unchanged, else from a run of hledger now. A refusal throws, with hledger's sentence.
    public static func budget(_ source: BudgetSource, year: Int, store: (any StoreBackend)? = nil, environment: [String: String] = processEnvironment) throws -> HledgerBudgetReport {
        let state = state(source, year: year, store: store, environment: environment, wait: true)
        if let error = state.error { throw error }
        guard let report = state.report else { throw HledgerError("hledger gave no budget report.") }
        return report
    }

    /// The journal's figures. A fresh result (same files, same sizes and times) is taken from
    /// this process's memory or from the store, and hledger does not run. Otherwise, where a
    /// loop watches the journal (`HledgerChangeFeed`, and `wait` is not true), hledger starts as
    /// a child of that loop and the last result is returned with `updating`; the loop reports
    /// `hledgerRun` when it ends. Elsewhere (a command, or `wait`) hledger runs now.
    public static func state(_ source: BudgetSource, year: Int, store: (any StoreBackend)? = nil, environment: [String: String] = processEnvironment,
                             wait: Bool? = nil) -> HledgerState {
        let journal = source.journalPath(environment: environment)
        let feed = wait == true ? nil : HledgerChangeFeed.attached
        // Watched even while missing: its creation is a change too.
        feed?.watch([journal])
        if let refusal = refusal(journal: journal, environment: environment) { return HledgerState(report: nil, error: refusal, updating: false) }
        let arguments = arguments(source, journal: journal, year: year)
        let cache = store.map(HledgerCache.init)
        // The last result's files unchanged (a stat of each): fresh, without reading the journal
        // for its includes (a status line on a large journal).
        if let last = lastRun(arguments, signature: nil, cache: cache), last.signature.files[journal] != nil, last.signature.isCurrent {
            feed?.watch(Array(last.signature.files.keys))
            feed?.settled(arguments)
            return state(of: last, year: year, updating: false)
        }
        let signature = JournalSignature(journal)
        feed?.watch(Array(signature.files.keys))
        let last = lastRun(arguments, signature: signature, cache: cache)
        if let last, last.signature == signature {
            feed?.settled(arguments)
            return state(of: last, year: year, updating: false)
        }
        if let feed {
            let lookAgain = feed.start(arguments, signature: signature, year: year, environment: environment, cache: cache)
            if let kept = runs.withLock({ $0[arguments] }), kept.signature == signature { return state(of: kept, year: year, updating: false) }
            var shown = last.map { state(of: $0, year: year, updating: true) } ?? HledgerState(report: nil, error: nil, updating: true)
            shown.updating = true
            shown.lookAgain = lookAgain
            return shown
        }
        // A command: hledger now, unless another process on the store is running it on these
        // files (then its result, or the last one marked updating, never a second run).
        let (run, updating) = commandRun(arguments, signature: signature, year: year, environment: environment, cache: cache, last: last)
        guard let run else { return HledgerState(report: nil, error: nil, updating: true) }
        return state(of: run, year: year, updating: updating)
    }

    /// How long a command waits for another process's run before it shows the last result,
    /// marked updating (a status line must not hang on a large journal).
    static let briefWait: TimeInterval = 2

    /// A command's run of these files: hledger now when this process claims it; another
    /// process's result when it claimed it first and writes it within `briefWait` (or, without
    /// a last result to show, until it writes it or ends); else the last result,
    /// updating. A claimant that has ended is taken over at once (the claim checks it), and its
    /// end is waited for on a pidfd, so a killed claimant costs no wait.
    static func commandRun(_ arguments: [String], signature: JournalSignature, year: Int, environment: [String: String], cache: HledgerCache?,
                           last: HledgerRun?) -> (run: HledgerRun?, updating: Bool) {
        guard let cache else { return (perform(arguments, signature: signature, year: year, environment: environment, cache: nil), false) }
        let deadline = Date().addingTimeInterval(last == nil ? HledgerCache.claimLapse : briefWait)
        while true {
            switch cache.claim(arguments, signature) {
            case .fresh(let run):
                remember(run, arguments)
                return (run, false)
            case .ours:
                return (perform(arguments, signature: signature, year: year, environment: environment, cache: cache), false)
            case .elsewhere(_, let claimant):
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { return (last, true) }
                // Its write is looked for every 100 ms; its end wakes this at once.
                let pause = Int32(min(100, max(1, left * 1000)))
                if let descriptor = claimant?.endDescriptor() {
                    var ended = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&ended, 1, pause)
                    close(descriptor)
                } else {
                    usleep(useconds_t(pause) * 1000)
                }
            }
        }
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
        var state = HledgerState(report: nil, error: run.error.map { HledgerError($0) }, updating: updating, accounts: run.accounts ?? [])
        if let output = run.output {
            do { state.report = try report(output, year: year) } catch let error as HledgerError { state.error = error } catch {}
        }
        return state
    }

    /// Parsed reports, by their JSON, so a cached run is read once.
    private static let parsed = Locked<[Data: HledgerBudgetReport]>([:])

    static func report(_ output: Data, year: Int) throws -> HledgerBudgetReport {
        if let known = parsed.withLock({ $0[output] }) { return known }
        let report = try HledgerBudgetReport.parse(output, year: year)
        parsed.withLock { $0 = [output: report] }
        return report
    }

    /// Runs hledger now and keeps the result (a command that needs the figures).
    static func perform(_ arguments: [String], signature: JournalSignature, year: Int, environment: [String: String], cache: HledgerCache?) -> HledgerRun {
        let started = Date()
        let result: Result<Data, HledgerError>
        do {
            let process = try HledgerProcess.start(executable(environment: environment) ?? "hledger", arguments, environment: environment)
            process.finish()
            result = outcome(process)
        } catch {
            result = .failure(error as? HledgerError ?? HledgerError("\(error)"))
        }
        return keep(finished(result, arguments, signature: signature, year: year, started: started, cache: cache), arguments, cache: cache)
    }

    /// A finished run's JSON, or its refusal (hledger's first error line).
    static func outcome(_ process: HledgerProcess) -> Result<Data, HledgerError> {
        process.succeeded ? .success(Data(process.outputBytes)) : .failure(HledgerError(firstErrorLine(Data(process.errorBytes))))
    }

    /// The run to keep: its JSON when hledger gave a report this program reads; otherwise the
    /// refusal over the last good JSON (the panes keep the last good figures).
    static func finished(_ result: Result<Data, HledgerError>, _ arguments: [String], signature: JournalSignature, year: Int, started: Date,
                         cache: HledgerCache?) -> HledgerRun {
        let seconds = Date().timeIntervalSince(started)
        let last = lastRun(arguments, signature: nil, cache: cache)
        do {
            let data = try result.get()
            _ = try report(data, year: year)
            return HledgerRun(signature: signature, output: data, error: nil, ranAt: started, seconds: seconds, accounts: last?.accounts)
        } catch {
            let sentence = (error as? HledgerError)?.description ?? "\(error)"
            return HledgerRun(signature: signature, output: last?.output, error: sentence, ranAt: started, seconds: seconds, accounts: last?.accounts)
        }
    }

    /// Keeps a run in this process's memory and in the store.
    @discardableResult
    static func keep(_ run: HledgerRun, _ arguments: [String], cache: HledgerCache?) -> HledgerRun {
        runs.withLock { $0[arguments] = run }
        cache?.keep(run, arguments)
        return run
    }

    /// Notes a run another process kept (read from the store) in this process's memory.
    static func remember(_ run: HledgerRun, _ arguments: [String]) { runs.withLock { $0[arguments] = run } }

    /// The latest run of these arguments: this process's while it is for these files, else the
    /// store's.
    static func lastRun(_ arguments: [String], signature: JournalSignature?, cache: HledgerCache?) -> HledgerRun? {
        let known = runs.withLock { $0[arguments] }
        if let known, signature == nil || known.signature == signature { return known }
        guard let kept = cache?.run(arguments) else { return known }
        if known == nil || kept.ranAt >= known!.ranAt {
            runs.withLock { $0[arguments] = kept }
            return kept
        }
        return known
    }

    /// The latest run for the source's journal this year (`doctor`).
    public static func lastRun(_ source: BudgetSource, year: Int, store: (any StoreBackend)?, environment: [String: String] = processEnvironment)
        -> (at: Date, seconds: Double, error: String?, files: [String])? {
        let journal = source.journalPath(environment: environment)
        return lastRun(arguments(source, journal: journal, year: year), signature: nil, cache: store.map(HledgerCache.init))
            .map { ($0.ranAt, $0.seconds, $0.error, $0.signature.files.keys.sorted()) }
    }

    private static let runs = Locked<[[String]: HledgerRun]>([:])
}
