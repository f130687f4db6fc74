import Foundation
import HomescreenStore

/// Why the PostgreSQL store cannot be used or refused a change: one sentence naming the
/// store (its URL without the password) and the fix. libpq's own words are kept as the reason.
/// The dashboard says it as it is (a `StoreRefusal`, in English).
public enum PostgresError: StoreRefusal, Equatable {
    public var refusesInput: Bool { false }

    case cannotConnect(location: String, reason: String)
    case connectionLost(location: String, reason: String)
    case notAStore(location: String, reason: String)
    case newerSchema(location: String, found: Int, supported: Int)
    case failed(location: String, sqlState: String?, message: String)
    case libpqMissing(reason: String)
    /// The server did not answer a round trip within the deadline; the connection was dropped.
    /// `committing`: it was the COMMIT, which the server may still carry out when it resumes.
    case timedOut(location: String, seconds: Int, committing: Bool)

    /// Said as it is: no values to put in.
    public var sentence: String { description }

    public var description: String {
        switch self {
        case .cannotConnect(let location, let reason):
            return "cannot connect to the PostgreSQL store \(location) (\(reason)); check the host, the port, the database, the user and the password (PGPASSWORD or ~/.pgpass)."
        case .connectionLost(let location, let reason):
            return "the connection to the PostgreSQL store \(location) was lost (\(reason)); nothing was written, try again when the server is back."
        case .notAStore(let location, let reason):
            return "\(location) is not a Homescreen store (\(reason)); point --store at an empty database or at one with a Homescreen schema."
        case .newerSchema(let location, let found, let supported):
            return "\(location) was written by a newer Homescreen (schema \(found), this version reads up to \(supported)); upgrade homescreen or use another store with --store."
        case .failed(let location, _, let message):
            return "the PostgreSQL store \(location) refused the change (\(message))."
        case .timedOut(let location, let seconds, false):
            return "the PostgreSQL store did not answer within \(seconds) s, so this change was not saved; Homescreen connects to \(location) again by itself."
        case .timedOut(let location, let seconds, true):
            return "the PostgreSQL store did not confirm the change within \(seconds) s: it is saved only if \(location) got it before it stopped answering, which the dashboard shows once it answers again."
        case .libpqMissing(let reason):
            return "a PostgreSQL store needs libpq, PostgreSQL's client library, which could not be loaded (\(reason)); install it (Debian and Ubuntu: apt-get install libpq5)."
        }
    }

    /// The clause a message needs from any error ("Connection refused").
    static func reasonOf(_ error: any Error) -> String {
        switch error as? PostgresError {
        case .cannotConnect(_, let reason), .connectionLost(_, let reason): return reason
        case .failed(_, _, let message): return message
        default: return "\(error)"
        }
    }

    var isTimeout: Bool { if case .timedOut = self { return true } else { return false } }

    /// Whether a transaction may succeed if run again (a serialization failure, a deadlock).
    var isRetryable: Bool {
        if case .failed(_, let state, _) = self { return state == "40001" || state == "40P01" }
        return false
    }

    /// libpq's message as one clause: its last meaningful line, without "FATAL:" and the
    /// trailing newline ("password authentication failed for user "lan"").
    static func reason(_ message: String) -> String {
        let lines = message.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard var line = lines.first(where: { $0.contains("FATAL:") || $0.contains("failed:") }) ?? lines.first else { return "no reason given" }
        for marker in ["FATAL:", "ERROR:"] where line.contains(marker) { line = String(line[line.range(of: marker)!.upperBound...]) }
        if let failed = line.range(of: "failed: ") { line = String(line[failed.upperBound...]) }
        return line.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
