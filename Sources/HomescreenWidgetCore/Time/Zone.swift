import Foundation
import HomescreenRender
import Synchronization

/// A time zone read from the system's time zone database (`/usr/share/zoneinfo`, or `TZDIR`):
/// the TZif file's transitions and, past the last one, its POSIX TZ rule (RFC 8536). Written by
/// hand instead of Foundation's `Zone`, which on Linux asks ICU and keeps 6 MB of its data
/// resident in every dashboard (BENCHMARKS.md, issue 36); the answers are compared with
/// Python's `zoneinfo` (`Tests/WidgetCoreTests/Vectors/zones.json`).
public struct Zone: Hashable, Sendable, CustomStringConvertible {
    /// "Europe/Zurich", "UTC", "GMT+0100" for a fixed offset.
    public let identifier: String
    let rules: Rules

    public var description: String { identifier }
    public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    /// Coordinated Universal Time.
    public static let utc = Zone(identifier: "UTC", rules: Rules(fixed: 0, abbreviation: "UTC"))

    /// A zone that is always `seconds` ahead of UTC (behind when negative), at most 18 hours.
    public init?(secondsFromGMT seconds: Int) {
        guard abs(seconds) <= 18 * 3600 else { return nil }
        if seconds == 0 { self = .utc; return }
        let hours = abs(seconds) / 3600, minutes = abs(seconds) / 60 % 60
        let name = "GMT" + (seconds < 0 ? "-" : "+") + hours.zeroPadded(2) + minutes.zeroPadded(2)
        self.init(identifier: name, rules: Rules(fixed: seconds, abbreviation: name))
    }

    init(identifier: String, rules: Rules) {
        self.identifier = identifier
        self.rules = rules
    }

    /// The zone of a database name ("Europe/Zurich", "UTC", "EST5EDT"), or nil when the
    /// database has no such zone or the name is not one (a path, "..", a control character).
    /// Also Foundation's offset names, `GMT+7`, `UTC-05:30`, `GMT+0100` (what
    /// `init(secondsFromGMT:)` names its zones).
    public init?(identifier: String) {
        if identifier == "UTC" || identifier == "GMT" { self = .utc; return }
        if let seconds = Self.offsetName(identifier) { self.init(secondsFromGMT: seconds); return }
        guard Self.isName(identifier), let rules = Self.cache.rules(identifier) else { return nil }
        self.init(identifier: identifier, rules: rules)
    }

    /// The seconds `GMT+7`, `UTC-05:30`, `GMT+0100` stand for (east of UTC is positive, unlike
    /// POSIX TZ strings), or nil for anything else.
    static func offsetName(_ name: String) -> Int? {
        guard name.hasPrefix("GMT") || name.hasPrefix("UTC"), name.count > 4, name.allSatisfy(\.isASCII) else { return nil }
        let sign = name.dropFirst(3).first, rest = name.dropFirst(4)
        guard sign == "+" || sign == "-", rest.allSatisfy({ $0.isNumber || $0 == ":" }) else { return nil }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        let hours: Int?, minutes: Int?
        switch (parts.count, parts[0].count) {
        case (1, 1...2): (hours, minutes) = (Int(parts[0]), 0)
        case (1, 4): (hours, minutes) = (Int(parts[0].prefix(2)), Int(parts[0].suffix(2)))
        case (2, 2) where parts[1].count == 2: (hours, minutes) = (Int(parts[0]), Int(parts[1]))
        default: return nil
        }
        guard let hours, let minutes, hours <= 18, minutes < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }

    /// A zone from a TZif file's contents, named `identifier` (the tests' copies of the database).
    public init?(identifier: String, tzif: Data) {
        guard let rules = Rules(tzif: tzif) else { return nil }
        self.init(identifier: identifier, rules: rules)
    }

    /// The local zone: `TZ` when it names a zone (POSIX allows a leading ':') or is a POSIX
    /// rule (`CET-1CEST,M3.5.0,M10.5.0/3`, `UTC0`), else the system's, else UTC.
    public static func current(environment: [String: String]) -> Zone {
        environment["TZ"].flatMap(Zone.init(tz:)) ?? system
    }

    /// The zone a `TZ` value names (POSIX allows a leading ':'), or nil (empty, no such zone).
    public init?(tz value: String) {
        let name = String(value.drop { $0 == ":" })
        if let zone = Zone(identifier: name) {
            self = zone
        } else if let rule = PosixRule(name) {
            self.init(identifier: name, rules: Rules(rule: rule))
        } else {
            return nil
        }
    }

    /// The zone `/etc/localtime` links to; a copied file (as in many containers) by the name
    /// `/etc/timezone` gives, else as "localtime"; UTC without either.
    public static var system: Zone {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/etc/localtime", &buffer, buffer.count - 1)
        if count > 0 {
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let range = target.range(of: "zoneinfo/") {
                var name = String(target[range.upperBound...])
                for prefix in ["posix/", "right/"] where name.hasPrefix(prefix) { name.removeFirst(prefix.count) }
                if let zone = Zone(identifier: name) { return zone }
            }
        }
        guard let data = tzif(at: "/etc/localtime"), let rules = Rules(tzif: data) else { return .utc }
        let named = (try? String(contentsOfFile: "/etc/timezone", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        return named.flatMap { Zone(identifier: $0) } ?? Zone(identifier: "localtime", rules: rules)
    }

    /// Every zone name the database has (its `tzdata.zi` zones and links), sorted; read once.
    public static var knownIdentifiers: [String] { known }

    private static let known: [String] = {
        guard let text = try? String(contentsOfFile: databaseDirectory + "/tzdata.zi", encoding: .utf8) else { return ["UTC"] }
        var names: Set<String> = []
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if fields.first == "Z", fields.count > 1 { names.insert(String(fields[1])) }
            if fields.first == "L", fields.count > 2 { names.insert(String(fields[2])) }
        }
        return names.sorted()
    }()

    // MARK: - Offsets

    /// Seconds ahead of UTC at an instant (daylight saving time included).
    public func secondsFromGMT(for date: Date) -> Int { rules.type(at: Self.seconds(date)).offset }

    /// Summer time, as iCalendar and ICU mean it: where the database marks winter as daylight
    /// saving time (Europe/Dublin's negative DST), the higher of the two offsets is.
    public func isDaylightSavingTime(for date: Date) -> Bool {
        let time = Self.seconds(date), here = rules.type(at: time)
        if let next = rules.nextChange(after: time) {
            let there = rules.type(at: next)
            if there.isDST != here.isDST { return here.offset > there.offset }
        }
        return here.isDST
    }

    /// The abbreviation the database gives the local time at an instant ("CET", "CEST", "+07").
    public func abbreviation(for date: Date) -> String? {
        let name = rules.type(at: Self.seconds(date)).abbreviation
        return name.isEmpty ? nil : name
    }

    /// The first instant after `date` at which the offset or daylight saving time changes.
    public func nextDaylightSavingTimeTransition(after date: Date) -> Date? {
        rules.nextChange(after: Self.seconds(date)).map { Date(timeIntervalSince1970: Double($0)) }
    }

    /// Whole seconds since 1970, rounded down (an instant inside a second has that second's offset).
    static func seconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        return value.isFinite ? Int64(max(-1e17, min(1e17, value))) : 0
    }

    // MARK: - Local time

    /// The instant of a day and `seconds` into it on the zone's wall clock. A time the zone
    /// skips (a spring-forward gap) is read with the offset before the change, as Python's
    /// zoneinfo does (02:30 → 03:30 summer time); a repeated one is the first of the two.
    public func instant(_ day: LocalDate, seconds: Int) -> Date {
        let local = Int64(day.dayNumber) * 86_400 + Int64(seconds)
        let before = Int64(rules.type(at: local - 86_400).offset)
        let guess = local - before
        let after = Int64(rules.type(at: guess).offset)
        let candidate = local - after
        return Date(timeIntervalSince1970: Double(Int64(rules.type(at: candidate).offset) == after ? candidate : guess))
    }

    /// The first instant of a local day (not always its 00:00: a zone may skip midnight).
    public func start(of day: LocalDate) -> Date {
        let local = Int64(day.dayNumber) * 86_400
        // Midnight read with each offset in force around it; the earliest that is midnight.
        let offsets = Set([local - 86_400, local, local + 86_400].map { Int64(rules.type(at: $0 - Int64(rules.type(at: $0).offset)).offset) })
        let midnights = offsets.map { local - $0 }.filter { Int64(rules.type(at: $0).offset) + $0 == local }
        if let first = midnights.min() { return Date(timeIntervalSince1970: Double(first)) }
        // Midnight is skipped: the day starts at the change that skips it.
        var at = local - 2 * 86_400
        while let change = rules.nextChange(after: at), change < local + 2 * 86_400 {
            if LocalDate(dayNumber: Int((change + Int64(rules.type(at: change).offset)).floorDivided(by: 86_400))) == day {
                return Date(timeIntervalSince1970: Double(change))
            }
            at = change
        }
        return Date(timeIntervalSince1970: Double(local - Int64(rules.type(at: local).offset)))
    }

    /// The local day and the seconds since its 00:00 on the wall clock at an instant.
    public func wallClock(_ date: Date) -> (day: LocalDate, seconds: Int) {
        let local = Self.seconds(date) + Int64(secondsFromGMT(for: date))
        let days = local.floorDivided(by: 86_400)
        return (LocalDate(dayNumber: Int(days)), Int(local - days * 86_400))
    }

    // MARK: - The database

    /// Where the zones are read from: `TZDIR`, else /usr/share/zoneinfo.
    public static var databaseDirectory: String {
        if let value = getenv("TZDIR"), let text = String(validatingCString: value), text.hasPrefix("/") { return text }
        return "/usr/share/zoneinfo"
    }

    /// Letters, digits and `_+-`, in parts separated by single slashes, none of them `.` or `..`.
    static func isName(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= 255, !name.hasPrefix("/"), !name.hasSuffix("/") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.first != "." && part.allSatisfy { $0.isASCIILetter || $0.isASCIIDigit || "_+-.".contains($0) }
        }
    }

    /// Files read once per process.
    static let cache = Cache()

    final class Cache: Sendable {
        private let zones = Mutex<[String: Rules?]>([String: Rules?](minimumCapacity: 4))

        func rules(_ name: String) -> Rules? {
            zones.withLock { zones in
                if let known = zones[name] { return known }
                let rules = Zone.tzif(at: Zone.databaseDirectory + "/" + name).flatMap(Rules.init(tzif:))
                zones[name] = .some(rules)
                return rules
            }
        }
    }

    /// A zone file's contents (a TZif file is a few KB; the largest in the database is 10 KB).
    static func tzif(at path: String) -> Data? {
        guard case .contents(let data) = BoundedFile.read(path, limit: 1 << 20) else { return nil }
        return data
    }
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
