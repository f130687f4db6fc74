import Foundation
import HomescreenStore

/// hledger's results kept in the store (`hledgerRun`, the budget kind's table), so every process
/// on the store shares one run per change of the journal: `status budget` and the tmux feeder
/// answer from it, and a dashboard that sees another process's run under way waits for its
/// write instead of running hledger too. The same statements on SQLite and PostgreSQL.
struct HledgerCache {
    let store: any StoreBackend

    /// How long a run claimed by a process may take before another process runs it instead
    /// (the claimant hung, or is on another machine and was killed). A claimant on this machine
    /// that has ended is taken over at once (`HledgerClaimant`).
    static let claimLapse: TimeInterval = 120

    /// What a process finds when it is about to run hledger.
    enum Claim {
        /// Another process kept a result for these files meanwhile.
        case fresh(HledgerRun)
        /// Another process is reading these files since then: its write will say the result.
        /// `claimant` is that process (nil: the claim does not say).
        case elsewhere(since: Date, claimant: HledgerClaimant?)
        /// This process runs it (the claim is written, or the store cannot take one).
        case ours
    }

    static func key(_ arguments: [String]) -> String {
        String(decoding: (try? JSONEncoder().encode(arguments)) ?? Data(), as: UTF8.self)
    }

    static func text(_ signature: Hledger.JournalSignature) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: (try? encoder.encode(signature)) ?? Data(), as: UTF8.self)
    }

    /// The kept result of these arguments, nil when none (or the store has no such table yet).
    func run(_ arguments: [String]) -> HledgerRun? {
        guard let row = try? store.reading({ try $0.row("SELECT signature, output, error, accounts, ranAt, milliseconds FROM hledgerRun WHERE arguments = ?",
                                                          [.text(Self.key(arguments))]) }) else { return nil }
        return Self.run(row)
    }

    private static func run(_ row: StoreRow?) -> HledgerRun? {
        guard let row, let text = row.text("signature"), let signature = try? JSONDecoder().decode(Hledger.JournalSignature.self, from: Data(text.utf8)),
              let ranAt = row.date("ranAt") else { return nil }
        return HledgerRun(signature: signature, output: row.text("output").map { Data($0.utf8) }, error: row.text("error"), ranAt: ranAt,
                          seconds: Double(row.int("milliseconds") ?? 0) / 1000, accounts: row.text("accounts").map { $0.split(separator: "\n").map(String.init) })
    }

    /// Claims the run of these files for this process, unless another process kept their result
    /// or is running it: alive (its pid and start time on this machine), or on another machine
    /// and not for longer than `claimLapse`. A claimant that has ended is taken over at once.
    func claim(_ arguments: [String], _ signature: Hledger.JournalSignature, now: Date = Date(), claimant: HledgerClaimant = .current) -> Claim {
        let key = Self.key(arguments), files = Self.text(signature)
        let claim = try? write { sql -> Claim in
            let row = try sql.row("SELECT signature, output, error, accounts, ranAt, milliseconds, running, runningSince, claimant FROM hledgerRun WHERE arguments = ?\(dialectLock)",
                                  [.text(key)])
            if let row, row.text("signature") == files, let kept = Self.run(row) { return .fresh(kept) }
            if let row, row.text("running") == files, let since = row.date("runningSince"), now.timeIntervalSince(since) < Self.claimLapse {
                let other = row.text("claimant").flatMap(HledgerClaimant.init)
                if other?.liveness != .dead { return .elsewhere(since: since, claimant: other) }
            }
            if row == nil {
                _ = try sql.execute("INSERT INTO hledgerRun (arguments, signature, ranAt, milliseconds, running, runningSince, claimant) VALUES (?, '', ?, 0, ?, ?, ?)",
                                    [.text(key), StoreValue(now), .text(files), StoreValue(now), .text(claimant.text)])
            } else {
                _ = try sql.execute("UPDATE hledgerRun SET running = ?, runningSince = ?, claimant = ? WHERE arguments = ?",
                                    [.text(files), StoreValue(now), .text(claimant.text), .text(key)])
            }
            return .ours
        }
        return claim ?? .ours
    }

    /// Keeps a run's result (and ends this process's claim, if it was for these files).
    func keep(_ run: HledgerRun, _ arguments: [String]) {
        let key = Self.key(arguments), files = Self.text(run.signature)
        let values: [StoreValue] = [.text(key), .text(files), StoreValue(run.output.map { String(decoding: $0, as: UTF8.self) }), StoreValue(run.error.map { String($0.prefix(4_000)) }),
                                    StoreValue(run.accounts?.joined(separator: "\n")), StoreValue(run.ranAt), .integer(Int64(max(0, run.seconds * 1000).rounded()))]
        _ = try? write { sql in
            try sql.execute("""
                INSERT INTO hledgerRun (arguments, signature, output, error, accounts, ranAt, milliseconds) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (arguments) DO UPDATE SET signature = excluded.signature, output = excluded.output, error = excluded.error,
                    accounts = excluded.accounts, ranAt = excluded.ranAt, milliseconds = excluded.milliseconds,
                    running = CASE WHEN hledgerRun.running = excluded.signature THEN NULL ELSE hledgerRun.running END,
                    runningSince = CASE WHEN hledgerRun.running = excluded.signature THEN NULL ELSE hledgerRun.runningSince END,
                    claimant = CASE WHEN hledgerRun.running = excluded.signature THEN NULL ELSE hledgerRun.claimant END
                """, values)
        }
    }

    /// Gives up this process's claim of these files (it quit before hledger ended).
    func release(_ arguments: [String], _ signature: Hledger.JournalSignature) {
        _ = try? write { sql in
            try sql.execute("UPDATE hledgerRun SET running = NULL, runningSince = NULL, claimant = NULL WHERE arguments = ? AND running = ?",
                            [.text(Self.key(arguments)), .text(Self.text(signature))])
        }
    }

    /// PostgreSQL's row lock for the claim (SQLite's write transaction already holds the file).
    private var dialectLock: String { store is Store || store is SQLiteReader ? "" : " FOR UPDATE" }

    /// One write transaction. A store opened for reading only (a status line's) takes the
    /// result through a connection of its own when its file can be written; a store that does
    /// not exist yet is never made for it.
    private func write<T>(_ work: (any StoreSQL) throws -> T) throws -> T {
        do { return try store.writing(work) } catch let error where !(error is ConstraintViolation) {
            guard !StoreLocation.isServer(store.path), FileManager.default.fileExists(atPath: store.path), access(store.path, W_OK) == 0 else { throw error }
            let writable = try Self.writable(store.path)
            return try writable.writing(work)
        }
    }

    /// One writable connection per store file and process, opened on the first need.
    private static func writable(_ path: String) throws -> Store {
        if let open = opened.withLock({ $0[path] }) { return open }
        let store = try Store.open(at: path)
        opened.withLock { $0[path] = store }
        return store
    }

    private static let opened = Locked<[String: Store]>([:])
}
