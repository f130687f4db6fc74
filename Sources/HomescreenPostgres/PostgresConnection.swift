import CLibpq
import Foundation
import HomescreenStore

/// One libpq connection. Not shared between threads without the store's lock. Statements are
/// sent with parameters in text format (`$1`, `$2`…), never spliced into SQL.
final class PostgresConnection {
    private let connection: OpaquePointer
    /// libpq's functions (loaded on the first connection, not linked: see CLibpq.h).
    private let pq: hs_libpq
    /// Where it is, for messages: the URL without its password.
    let location: String
    /// The URL's secrets, kept out of every message (libpq's errors may quote the URL).
    private let secrets: [String]

    /// Connects (blocking, within `connect_timeout`, 5 s unless the URL says otherwise).
    init(url: String, timeoutSeconds: Int = 5) throws(PostgresError) {
        location = PostgresLocation.redacted(url)
        let secrets = PostgresSecrets.values(in: url)
        self.secrets = secrets
        guard let pq = hs_libpq()?.pointee else { throw .libpqMissing(reason: String(cString: hs_libpq_error())) }
        self.pq = pq
        // The session's settings travel with the connection request (no round trip of their
        // own, and a reset keeps them): UTF-8, ISO days, UTC, the store's schema first. The
        // URL comes last, so what it says wins.
        // A server that stops answering (a network gone quiet) is noticed: TCP keepalives and
        // a user timeout of 15 s; a statement the server runs is cancelled by it after 14 s (it
        // says why, and the session stays), a second before the client's own deadline.
        let keys = ["connect_timeout", "application_name", "client_encoding", "keepalives", "keepalives_idle", "keepalives_interval",
                    "keepalives_count", "tcp_user_timeout", "options", "dbname"]
        let values = [String(timeoutSeconds), "homescreen", "UTF8", "1", "10", "5", "2", "15000",
                      "-c search_path=homescreen -c DateStyle=ISO,YMD -c TimeZone=UTC -c statement_timeout=14000", url]
        let pointers = (keys.map { strdup($0) } + [nil], values.map { strdup($0) } + [nil])
        defer { (pointers.0 + pointers.1).forEach { free($0) } }
        let keyArray = pointers.0.map { UnsafePointer($0) }, valueArray = pointers.1.map { UnsafePointer($0) }
        guard let opened = pq.PQconnectdbParams(keyArray, valueArray, 1) else { throw .cannotConnect(location: location, reason: "out of memory") }
        guard pq.PQstatus(opened) == CONNECTION_OK else {
            let reason = PostgresSecrets.scrub(PostgresError.reason(text(pq.PQerrorMessage(opened))), secrets)
            pq.PQfinish(opened)
            throw .cannotConnect(location: location, reason: reason)
        }
        connection = opened
        // Sent without blocking: every round trip waits in poll() with the deadline.
        _ = pq.PQsetnonblocking(opened, 1)
        // libpq prints notices (and a server's goodbye) on stderr, over the dashboard's screen:
        // they are dropped; errors reach the caller as results.
        _ = pq.PQsetNoticeProcessor(opened, { _, _ in }, nil)
    }

    /// Connects again when the server dropped the connection (it restarted, the network went
    /// away): a statement then runs on a new session instead of failing forever.
    func reconnectIfBroken() throws(PostgresError) {
        guard isBroken else { return }
        pq.PQreset(connection)
        abandoned = false
        _ = pq.PQsetnonblocking(connection, 1)
        guard !isBroken else { throw .connectionLost(location: location, reason: reason()) }
    }

    /// How long one round trip may take before the connection is given up (the statement's
    /// outcome then comes from the server alone: rolled back, unless it was the COMMIT). The
    /// same budget as the SQLite store's busy wait; creating or migrating a store takes longer.
    var deadline: TimeInterval = PostgresConnection.roundTrip
    static let roundTrip: TimeInterval = Store.busyTimeout
    /// A round trip ran past its deadline: the socket was shut, the session is gone.
    private var abandoned = false
    /// The last round trip ran past its deadline (until the next connection).
    var abandonedForTime: Bool { abandoned }

    deinit { pq.PQfinish(connection) }

    /// libpq's last error as one clause, without the connection's secrets.
    private func reason() -> String { PostgresSecrets.scrub(PostgresError.reason(text(pq.PQerrorMessage(connection))), secrets) }

    var isBroken: Bool { abandoned || pq.PQstatus(connection) != CONNECTION_OK }

    /// The descriptor that becomes readable when a notification (or anything) arrives.
    var socket: Int32 { pq.PQsocket(connection) }

    /// Runs one statement. - Returns: its rows (empty for a command).
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let values = copies.map { UnsafePointer($0) }
        guard !abandoned, pq.PQsendQueryParams(connection, sql, Int32(values.count), nil, values, nil, nil, 0) == 1 else {
            throw abandoned ? .connectionLost(location: location, reason: "it stopped answering") : .failed(location: location, sqlState: nil, message: reason())
        }
        guard let result = try awaitResult(committing: sql == "COMMIT") else { throw .failed(location: location, sqlState: nil, message: reason()) }
        defer { pq.PQclear(result) }
        switch pq.PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_EMPTY_QUERY:
            return PostgresRows(columns: [], rows: [], affected: Int(text(pq.PQcmdTuples(result))) ?? 0)
        case PGRES_TUPLES_OK:
            let columns = (0..<pq.PQnfields(result)).map { text(pq.PQfname(result, $0)) }
            let rows = (0..<pq.PQntuples(result)).map { row in
                (0..<pq.PQnfields(result)).map { column -> String? in
                    pq.PQgetisnull(result, row, column) == 1 ? nil : text(pq.PQgetvalue(result, row, column))
                }
            }
            return PostgresRows(columns: columns, rows: rows, affected: rows.count)
        default:
            throw failure(of: result)
        }
    }

    /// Runs several statements without parameters (the schema's creation).
    func executeScript(_ sql: String) throws(PostgresError) {
        guard !abandoned, pq.PQsendQuery(connection, sql) == 1 else {
            throw abandoned ? .connectionLost(location: location, reason: "it stopped answering") : .failed(location: location, sqlState: nil, message: reason())
        }
        // One result per statement: the first that failed says why.
        var failed: PostgresError?
        while let result = try awaitResult(committing: false, many: true) {
            if failed == nil, ![PGRES_COMMAND_OK, PGRES_TUPLES_OK, PGRES_EMPTY_QUERY].contains(pq.PQresultStatus(result)) { failed = failure(of: result) }
            pq.PQclear(result)
        }
        if let failed { throw failed }
    }

    private func failure(of result: OpaquePointer) -> PostgresError {
        let field = { (code: Int32) -> String? in self.pq.PQresultErrorField(result, code).map { String(cString: $0) } }
        let message = PostgresSecrets.scrub(field(Int32(UInt8(ascii: "M"))) ?? reason(), secrets)
        return .failed(location: location, sqlState: field(Int32(UInt8(ascii: "C"))), message: message)
    }

    /// The statement's result, sent and read within the deadline (the rest of libpq's results
    /// for it read and dropped). Past the deadline the socket is shut: the server, whenever it
    /// wakes, sees the client gone and rolls back what it had not committed.
    /// - Parameter many: return each result in turn (nil after the last), for a script.
    private func awaitResult(committing: Bool, many: Bool = false) throws(PostgresError) -> OpaquePointer? {
        let until = Date().addingTimeInterval(deadline)
        while true {
            let flushed = pq.PQflush(connection)
            if flushed == 0 { break }
            if flushed < 0 { throw .connectionLost(location: location, reason: reason()) }
            try wait(for: Int16(POLLOUT | POLLIN), until: until, committing: committing)
            guard pq.PQconsumeInput(connection) == 1 else { throw .connectionLost(location: location, reason: reason()) }
        }
        var first: OpaquePointer?
        while true {
            while pq.PQisBusy(connection) == 1 {
                try wait(for: Int16(POLLIN), until: until, committing: committing)
                guard pq.PQconsumeInput(connection) == 1 else { throw .connectionLost(location: location, reason: reason()) }
            }
            guard let next = pq.PQgetResult(connection) else { break }
            if many { return next }
            if first == nil { first = next } else { pq.PQclear(next) }
        }
        if many { return nil }
        guard let first else { throw .failed(location: location, sqlState: nil, message: reason()) }
        return first
    }

    private func wait(for events: Int16, until: Date, committing: Bool) throws(PostgresError) {
        while true {
            let remaining = until.timeIntervalSinceNow
            guard remaining > 0 else {
                abandoned = true
                shutdown(pq.PQsocket(connection), Int32(SHUT_RDWR))
                throw .timedOut(location: location, seconds: Int(deadline.rounded()), committing: committing)
            }
            var descriptor = pollfd(fd: pq.PQsocket(connection), events: events, revents: 0)
            let ready = poll(&descriptor, 1, Int32(clamping: Int((remaining * 1000).rounded(.up))))
            if ready > 0 || (ready < 0 && errno != EINTR) { return }
        }
    }

    /// Reads what arrived on the socket. - Returns: the payloads of the notifications received.
    func notifications() throws(PostgresError) -> [String] {
        guard pq.PQconsumeInput(connection) == 1 else {
            throw .connectionLost(location: location, reason: reason())
        }
        var payloads: [String] = []
        while let notice = pq.PQnotifies(connection) {
            payloads.append(String(cString: notice.pointee.extra))
            pq.PQfreemem(notice)
        }
        return payloads
    }
}

/// A string libpq returned (none when it had no memory left for it).
private func text(_ characters: UnsafePointer<CChar>?) -> String {
    characters.map { String(cString: $0) } ?? ""
}

/// The rows of a result, every value as PostgreSQL's text form (nil for NULL).
struct PostgresRows {
    let columns: [String]
    let rows: [[String?]]
    /// Rows changed by a command.
    let affected: Int

    struct Row {
        let columns: [String]
        let values: [String?]
        subscript(_ name: String) -> String? {
            columns.firstIndex(of: name.lowercased()).flatMap { values[$0] }
        }
        func int(_ name: String) -> Int64? { self[name].flatMap { Int64($0) } }
    }

    var all: [Row] { rows.map { Row(columns: columns, values: $0) } }
    var first: Row? { all.first }
}

/// A PostgreSQL store URL as messages show it: without its password.
public enum PostgresLocation {
    public static func isPostgres(_ text: String) -> Bool { StoreLocation.isServer(text) }

    /// `postgresql://lan:secret@host/db` → `postgresql://lan@host/db`; password-like parameters
    /// (`password=`, `sslpassword=`, `%70assword=`) dropped; any secret left, as in a broken URL,
    /// masked.
    public static func redacted(_ url: String) -> String {
        let secrets = PostgresSecrets.values(in: url)
        var text = url
        if let scheme = text.range(of: "://") {
            let rest = text[scheme.upperBound...]
            let authority = rest[..<(rest.firstIndex(of: "?") ?? rest.endIndex)]
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                text.removeSubrange(colon..<at)
            }
        }
        if let query = text.firstIndex(of: "?") {
            let parameters = text[text.index(after: query)...].split(separator: "&").filter { pair in
                !PostgresSecrets.isSecret(key: String(pair.split(separator: "=", maxSplits: 1).first ?? ""))
            }
            text = String(text[..<query]) + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        }
        return PostgresSecrets.scrub(text, secrets)
    }
}
