import Foundation

/// An `authorized_keys` file read as sshd(8) reads it (AUTHORIZED_KEYS FILE FORMAT): one key a
/// line, comma-separated options before it (no spaces outside double quotes), a comment after
/// it. With no SwiftNIO, so `homescreen doctor` says what `homescreen serve` will do with each
/// line. An option this server does not implement, `cert-authority` among them, makes its key
/// refuse to log in (fail closed), as sshd refuses a line whose options it cannot read.
public struct AuthorizedKeysFile: Sendable {
    /// A key line that may log in (subject to its options).
    public struct Entry: Sendable {
        /// Its line number, from 1.
        public let line: Int
        /// "ssh-ed25519", "ecdsa-sha2-nistp256"…
        public let keyType: String
        /// "ssh-ed25519 AAAA…", as `NIOSSHPublicKey(openSSHPublicKey:)` reads it.
        public let publicKey: String
        public let options: KeyOptions
    }

    /// A line that cannot log in, and why.
    public struct Problem: Sendable {
        public let line: Int
        /// The option that refuses it, when an option does.
        public let option: String?
        /// "an RSA key, which this server does not take; use an Ed25519 or ECDSA key".
        public let reason: String
        /// Whether the line's key is of a type the server takes (only its options refuse it).
        public let isRSAOrDSA: Bool
        /// "ssh-ed25519 AAAA…" when only its options refuse the key.
        public var publicKey: String?
    }

    public var entries: [Entry] = []
    public var problems: [Problem] = []

    public init() {}

    /// Why no key of the file is taken, when its permissions would let another user add one.
    public var unsafe: String?

    /// The file's lines; none when it does not exist (only guests then), or when it or its folder
    /// can be written by another user (sshd's StrictModes: then nobody logs in with a key).
    public static func load(at path: String) -> AuthorizedKeysFile {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return AuthorizedKeysFile() }
        if let unsafe = unsafe(path) {
            var file = AuthorizedKeysFile()
            file.unsafe = unsafe
            return file
        }
        return parse(text)
    }

    /// "is writable by other users (chmod go-w …): …", or nil when only its owner (this user or
    /// root) can change the file and its folder.
    public static func unsafe(_ path: String) -> String? {
        let folder = (path as NSString).deletingLastPathComponent
        let checks = [(path, "is", "belongs to"), (folder.isEmpty ? "." : folder, "is in a folder", "is in a folder of")]
        for (place, writable, owned) in checks {
            var status = stat()
            guard stat(place, &status) == 0 else { continue }
            if status.st_uid != getuid() && status.st_uid != 0 {
                return "\(owned) another user (uid \(status.st_uid)): no key of it is taken (as sshd's StrictModes)"
            }
            if status.st_mode & 0o022 != 0 {
                return "\(writable) writable by other users (chmod go-w \(place)): no key of it is taken (as sshd's StrictModes)"
            }
        }
        return nil
    }

    public static func parse(_ text: String) -> AuthorizedKeysFile {
        var file = AuthorizedKeysFile()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = raw.trimmingCharacters(in: .whitespaces.union(.controlCharacters))
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let tokens = fields(line)
            // Options come first when the first field is not a key type.
            let optionText = tokens.first.map { isKeyType($0) ? nil : $0 } ?? nil
            let rest = optionText == nil ? tokens : Array(tokens.dropFirst())
            guard rest.count >= 2, isKeyType(rest[0]) else {
                file.problems.append(Problem(line: number, option: nil, reason: "no key type (ssh-ed25519, ecdsa-sha2-nistp256…) found", isRSAOrDSA: false))
                continue
            }
            let type = rest[0]
            if type.hasPrefix("ssh-rsa") || type.hasPrefix("ssh-dss") || type.hasPrefix("rsa-") {
                file.problems.append(Problem(line: number, option: nil, reason: "an \(type.hasPrefix("ssh-dss") ? "DSA" : "RSA") key, which this server does not take; use an Ed25519 or ECDSA key", isRSAOrDSA: true))
                continue
            }
            switch KeyOptions.parse(optionText ?? "") {
            case .success(let options):
                file.entries.append(Entry(line: number, keyType: type, publicKey: type + " " + rest[1], options: options))
            case .failure(let refusal):
                file.problems.append(Problem(line: number, option: refusal.option, reason: refusal.reason, isRSAOrDSA: false, publicKey: type + " " + rest[1]))
            }
        }
        return file
    }

    static func isKeyType(_ token: String) -> Bool {
        ["ssh-ed25519", "ecdsa-sha2-", "ssh-rsa", "ssh-dss", "sk-ssh-ed25519", "sk-ecdsa-sha2-", "rsa-sha2-"].contains { token.hasPrefix($0) }
    }

    /// The line's fields, split at blanks outside double quotes (an option's value may hold spaces).
    static func fields(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false, escaped = false
        for character in line {
            if escaped { current.append(character); escaped = false; continue }
            if quoted && character == "\\" { current.append(character); escaped = true; continue }
            if character == "\"" { quoted.toggle() }
            if !quoted && (character == " " || character == "\t") {
                if !current.isEmpty { fields.append(current); current = "" }
                continue
            }
            current.append(character)
        }
        if !current.isEmpty { fields.append(current) }
        return fields
    }
}

/// The options of one key, applied in order as sshd applies them (`restrict` then `pty` lets a
/// terminal in again).
public struct KeyOptions: Sendable, Equatable {
    /// `from=`: the patterns the client's address must match (nil: any address).
    public var from: [String]?
    /// `expiry-time=`: the key does not log in after it.
    public var expiry: Date?
    /// `command=`: what every session of the key runs, whatever it asks for.
    public var command: String?
    /// `no-pty`, `restrict` (and `pty` back): whether a terminal is given.
    public var pty = true
    /// `environment=` values: ignored (this server sets no client's variables), said in the log.
    public var ignoredEnvironment: [String] = []
    /// The options as written, for `doctor`.
    public var written: [String] = []

    public init() {}

    /// Why a line's options refuse its key.
    public struct Refusal: Error, Sendable {
        public let option: String
        public let reason: String
    }

    /// What this server does with each option sshd(8) documents: honoured, or accepted because
    /// what it permits is never offered here (forwarding, agent, X11, ~/.ssh/rc, tunnels). The
    /// others (cert-authority, principals, verify-required, no-touch-required) and any unknown
    /// option refuse the key.
    static let notOffered: Set<String> = ["agent-forwarding", "no-agent-forwarding", "port-forwarding", "no-port-forwarding",
                                          "x11-forwarding", "no-x11-forwarding", "user-rc", "no-user-rc", "permitopen", "permitlisten", "tunnel"]

    public static func parse(_ text: String) -> Result<KeyOptions, Refusal> {
        var options = KeyOptions()
        for option in split(text) where !option.isEmpty {
            options.written.append(option)
            let name: String, value: String?
            if let equals = option.firstIndex(of: "=") {
                name = option[..<equals].lowercased()
                let quoted = option[option.index(after: equals)...]
                guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else {
                    return .failure(Refusal(option: name, reason: "the option \(name)= has no value in double quotes; the key is refused"))
                }
                value = String(quoted.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            } else {
                (name, value) = (option.lowercased(), nil)
            }
            let needsValue: Set<String> = ["from", "expiry-time", "command", "environment", "permitopen", "permitlisten", "tunnel", "principals"]
            let flags: Set<String> = ["restrict", "pty", "no-pty", "cert-authority"]
            if needsValue.contains(name), value == nil {
                return .failure(Refusal(option: name, reason: "the option \(name) needs a value (\(name)=\"…\"); the key is refused"))
            }
            if value != nil, flags.contains(name) || (notOffered.contains(name) && !needsValue.contains(name)) {
                return .failure(Refusal(option: name, reason: "the option \(name) takes no value; the key is refused"))
            }
            switch name {
            case "restrict": options.pty = false
            case "pty": options.pty = true
            case "no-pty": options.pty = false
            case "from":
                guard options.from == nil else { return .failure(Refusal(option: name, reason: "from= is given twice; the key is refused")) }
                let patterns = value!.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
                guard !patterns.isEmpty, patterns.allSatisfy({ !$0.isEmpty && AddressPattern.isValid($0) }) else {
                    return .failure(Refusal(option: name, reason: "from=\"\(value!)\" has a pattern that cannot be read; the key is refused"))
                }
                options.from = patterns
            case "expiry-time":
                guard let date = parseExpiry(value!) else {
                    return .failure(Refusal(option: name, reason: "expiry-time=\"\(value!)\" is not YYYYMMDD[HHMM[SS]][Z]; the key is refused"))
                }
                // Several: the earliest counts, as sshd keeps it.
                options.expiry = min(options.expiry ?? date, date)
            case "command":
                guard options.command == nil else { return .failure(Refusal(option: name, reason: "command= is given twice; the key is refused")) }
                options.command = value!
            case "environment":
                options.ignoredEnvironment.append(value!)
            case _ where notOffered.contains(name):
                break
            case "cert-authority":
                return .failure(Refusal(option: name, reason: "cert-authority: certificates are not taken by this server; the key is refused"))
            default:
                return .failure(Refusal(option: name, reason: "the option \(name) is not one this server implements; the key is refused"))
            }
        }
        return .success(options)
    }

    /// The options, split at commas outside double quotes.
    static func split(_ text: String) -> [String] {
        var parts: [String] = [], current = "", quoted = false, escaped = false
        for character in text {
            if escaped { current.append(character); escaped = false; continue }
            if quoted && character == "\\" { current.append(character); escaped = true; continue }
            if character == "\"" { quoted.toggle() }
            if !quoted && character == "," { parts.append(current); current = ""; continue }
            current.append(character)
        }
        parts.append(current)
        return parts
    }

    /// YYYYMMDD, YYYYMMDDHHMM or YYYYMMDDHHMMSS, local time unless it ends in Z.
    static func parseExpiry(_ text: String) -> Date? {
        var digits = Substring(text)
        var zone = TimeZone.current
        if digits.hasSuffix("Z") || digits.hasSuffix("z") { digits = digits.dropLast(); zone = TimeZone(identifier: "UTC")! }
        guard [8, 12, 14].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        func field(_ from: Int, _ length: Int) -> Int {
            guard digits.count >= from + length else { return 0 }
            let start = digits.index(digits.startIndex, offsetBy: from)
            return Int(digits[start..<digits.index(start, offsetBy: length)]) ?? 0
        }
        var components = DateComponents(year: field(0, 4), month: field(4, 2), day: field(6, 2), hour: field(8, 2), minute: field(10, 2), second: field(12, 2))
        components.timeZone = zone
        guard (1...12).contains(components.month!), (1...31).contains(components.day!), components.hour! < 24, components.minute! < 60, components.second! < 61 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: components)
    }

    /// Whether a client at `address` may log in with this key now. - Returns: nil when it may,
    /// else the reason (for the log).
    public func refusal(address: String, now: Date = Date()) -> String? {
        if let expiry, now > expiry { return "its key expired (expiry-time=) on \(Self.describe(expiry))" }
        if let from, !AddressPattern.allows(address, patterns: from) { return "its key is not for \(address) (from=\"\(from.joined(separator: ","))\")" }
        return nil
    }

    static func describe(_ date: Date) -> String {
        // In local time, as expiry-time= is written.
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter.string(from: date)
    }

    /// The restrictions in words, for `doctor` ("only from 192.0.2.1; runs only 'status pantry'; no terminal").
    public var summary: String {
        var parts: [String] = []
        if let from { parts.append("only from \(from.joined(separator: ","))") }
        if let expiry { parts.append((expiry < Date() ? "expired on " : "expires on ") + Self.describe(expiry)) }
        if let command { parts.append("runs only '\(command)'") }
        if !pty { parts.append("no terminal") }
        if !ignoredEnvironment.isEmpty { parts.append("environment= ignored") }
        return parts.joined(separator: "; ")
    }
}

/// sshd's `from=` patterns: `*` and `?` wildcards matched against the client's address (this
/// server looks no names up, as sshd with UseDNS no), address/length CIDR blocks, and `!` before a
/// pattern that refuses what it matches, whatever else matches.
public enum AddressPattern {
    public static func allows(_ address: String, patterns: [String]) -> Bool {
        var matched = false
        for raw in patterns {
            let negated = raw.hasPrefix("!")
            let pattern = negated ? String(raw.dropFirst()) : raw
            guard matches(address, pattern) else { continue }
            if negated { return false }
            matched = true
        }
        return matched
    }

    static func isValid(_ raw: String) -> Bool {
        let pattern = raw.hasPrefix("!") ? String(raw.dropFirst()) : raw
        guard !pattern.isEmpty else { return false }
        if pattern.contains("/") { return cidr(pattern) != nil }
        return true
    }

    static func matches(_ address: String, _ pattern: String) -> Bool {
        if pattern.contains("/") {
            guard let (network, length) = cidr(pattern), let bytes = self.bytes(address), bytes.count == network.count else { return false }
            var left = length
            for (a, b) in zip(bytes, network) {
                let bits = min(8, left)
                let mask: UInt8 = bits == 0 ? 0 : UInt8(truncatingIfNeeded: 0xFF << (8 - bits))
                if a & mask != b & mask { return false }
                left -= bits
            }
            return true
        }
        return wildcard(Array(address.lowercased().utf8), Array(pattern.lowercased().utf8))
    }

    /// `*` any run, `?` one character.
    static func wildcard(_ text: [UInt8], _ pattern: [UInt8]) -> Bool {
        var t = 0, p = 0, star = -1, mark = 0
        while t < text.count {
            if p < pattern.count && (pattern[p] == UInt8(ascii: "?") || pattern[p] == text[t]) { t += 1; p += 1 }
            else if p < pattern.count && pattern[p] == UInt8(ascii: "*") { star = p; mark = t; p += 1 }
            else if star >= 0 { p = star + 1; mark += 1; t = mark }
            else { return false }
        }
        while p < pattern.count && pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }

    /// "192.0.2.0/24" as its address bytes and prefix length; nil when it is not one.
    static func cidr(_ text: String) -> ([UInt8], Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let length = Int(parts[1]), let network = bytes(String(parts[0])), (0...network.count * 8).contains(length) else { return nil }
        return (network, length)
    }

    /// An IPv4 or IPv6 address's bytes (an IPv4-mapped IPv6 address as IPv4).
    public static func bytes(_ text: String) -> [UInt8]? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: &v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 {
            let all = withUnsafeBytes(of: &v6) { Array($0) }
            if all[0..<10].allSatisfy({ $0 == 0 }) && all[10] == 0xFF && all[11] == 0xFF { return Array(all[12...]) }
            return all
        }
        return nil
    }
}
