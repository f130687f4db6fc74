import ArgumentParser
import Foundation

/// What `homescreen serve` accepts. Parsed and checked by `homescreen` (for `--help` and exit
/// status 2 with one sentence, without loading SwiftNIO) and again by `homescreen-serve`, which
/// it runs.
public struct ServeOptions: ParsableArguments, Sendable {
    @Option(help: ArgumentHelp("Where to listen, ADDRESS:PORT; an address other than loopback lets other machines in.", valueName: "address:port"))
    public var listen = "127.0.0.1:2222"

    @Option(help: ArgumentHelp("The host key (Ed25519, OpenSSH format), made on first run and never overwritten. Default: $XDG_STATE_HOME/homescreen/ssh_host_ed25519_key.", valueName: "file"))
    public var hostKey: String?

    @Option(help: ArgumentHelp("Household members' public keys, one per line as in ~/.ssh/authorized_keys (Ed25519, ECDSA), with sshd's options (from=, expiry-time=, command=, restrict, no-pty, pty...; an option this server does not implement refuses its key). Default: $XDG_CONFIG_HOME/homescreen/authorized_keys.", valueName: "file"))
    public var authorizedKeys: String?

    @Flag(help: "Let no guest in: only the keys of --authorized-keys.")
    public var noGuests = false

    @Option(help: ArgumentHelp("The user name guests log in with, no password, onto a demo store of their own.", valueName: "name"))
    public var guestUser = "demo"

    @Option(help: ArgumentHelp("At most this many guest sessions (children) at once (1 to 1000); a guest's connection has one session at a time, and guests hold at most twice as many connections.", valueName: "n"))
    public var maxSessions = 20

    @Option(help: ArgumentHelp("At most this many sessions at once on one member's connection (1 to 100; OpenSSH's ControlMaster opens several).", valueName: "n"))
    public var maxMemberSessions = 8

    @Option(help: ArgumentHelp("At most this many connections not logged in yet, and this many guests, from one address (an IPv6 /64) (1 to 1000).", valueName: "n"))
    public var maxPerAddress = 4

    @Option(help: ArgumentHelp("Connections not logged in yet, as OpenSSH's MaxStartups: from START of them a newcomer from an address already waiting is refused with RATE % chance, rising to 100 % at FULL; a newcomer from another address is never refused early.", valueName: "start:rate:full"))
    public var maxStartups = "10:30:100"

    @Option(help: ArgumentHelp("How long a guest's connection may stay, dashboard, status --follow or ssh -N alike: 30m, 1h, 90s (a notice shows a minute before).", valueName: "duration"))
    public var guestTimeout = "30m"

    @Option(help: ArgumentHelp("A guest typing nothing this long is logged out (exec sessions and ssh -N too): 10m, 1h.", valueName: "duration"))
    public var guestIdle = "10m"

    @Option(help: ArgumentHelp("A connection not logged in by then is closed (one that sends nothing, after 10 s or this if shorter), and a guest that opened no session: 20s, 1m.", valueName: "duration"))
    public var loginGrace = "20s"

    @Option(help: ArgumentHelp("The store members see: a file, or a PostgreSQL URL (default: as `homescreen` finds it).", valueName: "path|url"))
    public var store: String?

    @Flag(help: "Print the host key's fingerprint as `ssh-keygen -lf` does, and exit.")
    public var fingerprint = false

    public init() {}

    /// A usage problem in one sentence (exit status 2).
    public struct Problem: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The address and port to listen on.
    public func address() throws(Problem) -> (host: String, port: Int) {
        guard let colon = listen.lastIndex(of: ":"), let port = Int(listen[listen.index(after: colon)...]), (0...65535).contains(port) else {
            throw Problem(description: "--listen '\(listen)' is not ADDRESS:PORT; use for example 127.0.0.1:2222 or [::1]:2222 (port 0: any free one, said in the log).")
        }
        var host = String(listen[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, host == "localhost" || host.allSatisfy({ $0.isHexDigit || $0 == "." || $0 == ":" }) else {
            throw Problem(description: "--listen '\(listen)' needs a numeric address (127.0.0.1, 0.0.0.0, ::1) or localhost before the port.")
        }
        return (host == "localhost" ? "127.0.0.1" : host, port)
    }

    /// Seconds in "30m", "1h", "90s", "2h30m".
    public static func seconds(_ text: String, option: String) throws(Problem) -> Int {
        var total = 0, number = ""
        for character in text {
            if character.isNumber { number.append(character); continue }
            guard let value = Int(number), let unit = ["s": 1, "m": 60, "h": 3600][character] else {
                throw Problem(description: "\(option) '\(text)' is not a duration; use for example 90s, 30m, 1h or 2h30m.")
            }
            total += value * unit
            number = ""
        }
        guard number.isEmpty, total > 0, total <= 7 * 86_400 else {
            throw Problem(description: "\(option) '\(text)' is not a duration; use for example 90s, 30m, 1h or 2h30m (at most a week).")
        }
        return total
    }

    /// Every check, in one place: what `homescreen serve` refuses before anything starts.
    public func checked() throws(Problem) -> Checked {
        let address = try address()
        guard (1...1000).contains(maxSessions) else { throw Problem(description: "--max-sessions \(maxSessions) is out of range; use 1 to 1000.") }
        guard (1...100).contains(maxMemberSessions) else { throw Problem(description: "--max-member-sessions \(maxMemberSessions) is out of range; use 1 to 100.") }
        guard (1...1000).contains(maxPerAddress) else { throw Problem(description: "--max-per-address \(maxPerAddress) is out of range; use 1 to 1000.") }
        guard !guestUser.isEmpty, guestUser.count <= 32, guestUser.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw Problem(description: "--guest-user '\(guestUser)' is not a user name; use letters, digits, '-', '_' or '.' (at most 32).")
        }
        let startups = maxStartups.split(separator: ":").compactMap { Int($0) }
        guard startups.count == 3, maxStartups.split(separator: ":", omittingEmptySubsequences: false).count == 3, startups[0] >= 1, (1...100).contains(startups[1]),
              startups[2] >= startups[0], startups[2] <= 10_000 else {
            throw Problem(description: "--max-startups '\(maxStartups)' is not START:RATE:FULL; use for example 10:30:100 (RATE 1 to 100, START at most FULL).")
        }
        return Checked(host: address.host, port: address.port, maxStartups: (startups[0], startups[1], startups[2]), guestTimeout: try Self.seconds(guestTimeout, option: "--guest-timeout"),
                       guestIdle: try Self.seconds(guestIdle, option: "--guest-idle"), loginGrace: try Self.seconds(loginGrace, option: "--login-grace"))
    }

    public struct Checked: Sendable {
        public let host: String
        public let port: Int
        public let maxStartups: (start: Int, rate: Int, full: Int)
        public let guestTimeout: Int
        public let guestIdle: Int
        public let loginGrace: Int
    }

    /// ArgumentParser's message for a parse error, on one line.
    public static func message(for error: Error) -> String {
        fullMessage(for: error).split(separator: "\n").first.map { $0.replacingOccurrences(of: "Error: ", with: "") } ?? "\(error)"
    }

    /// The folder of the running executable (found by /proc/self/exe: run by name through PATH,
    /// argv[0] has no folder), where homescreen and homescreen-serve are installed side by side.
    public static func executableFolder() -> URL {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = count > 0 ? String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The host key's default place, in the state folder.
    public static func defaultHostKey(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let state = environment["XDG_STATE_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/state"
        return state + "/homescreen/ssh_host_ed25519_key"
    }

    /// The authorized keys' default place, in the config folder.
    public static func defaultAuthorizedKeys(environment: [String: String]) -> String {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return config + "/homescreen/authorized_keys"
    }
}
