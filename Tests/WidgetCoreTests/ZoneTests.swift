import Foundation
import HomescreenWidgetCore
import Testing

/// `Zone` against Python's zoneinfo reading the same TZif files (scripts/generate-zone-vectors.py).
struct ZoneTests {
    struct Vectors: Decodable {
        struct Case: Decodable {
            let file: String
            /// [instant, offset, abbreviation, next offset change or null]
            let offsets: [[Value]]
            /// [day, first instant]
            let starts: [[Value]]
            /// [day, seconds into it, instant]
            let locals: [[Value]]
        }
        enum Value: Decodable {
            case number(Int), text(String), none
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() { self = .none } else if let number = try? container.decode(Int.self) { self = .number(number) } else { self = .text(try container.decode(String.self)) }
            }
            var number: Int? { if case .number(let value) = self { value } else { nil } }
            var text: String? { if case .text(let value) = self { value } else { nil } }
        }
        let tzdata: String
        let zones: [String: Case]
    }

    static let vectors: Vectors = {
        let url = Bundle.module.url(forResource: "Vectors/zones", withExtension: "json")!
        return try! JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }()

    static func zone(_ name: String) throws -> Zone {
        let file = try #require(vectors.zones[name]?.file)
        let url = try #require(Bundle.module.url(forResource: "Vectors/zoneinfo/" + file, withExtension: nil))
        return try #require(Zone(identifier: name, tzif: Data(contentsOf: url)))
    }

    static func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: Double(seconds)) }

    @Test(arguments: vectors.zones.keys.sorted())
    func offsetsAbbreviationsAndChangesMatchZoneinfo(_ name: String) throws {
        let zone = try Self.zone(name), vectors = try #require(Self.vectors.zones[name])
        #expect(vectors.offsets.count > 300)
        for vector in vectors.offsets {
            let instant = try #require(vector[0].number), date = Self.date(instant)
            #expect(zone.secondsFromGMT(for: date) == vector[1].number, "\(name) \(instant)")
            #expect(zone.abbreviation(for: date) == vector[2].text, "\(name) \(instant)")
            // The next change of offset (a change of daylight saving time alone is also one).
            var next = zone.nextDaylightSavingTimeTransition(after: date)
            while let change = next, zone.secondsFromGMT(for: change) == zone.secondsFromGMT(for: change.addingTimeInterval(-1)),
                  change.timeIntervalSince1970 < 3_000_000_000 {
                next = zone.nextDaylightSavingTimeTransition(after: change)
            }
            if let expected = vector[3].number {
                #expect(next.map { Int($0.timeIntervalSince1970) } == expected, "\(name) after \(instant)")
            }
        }
    }

    @Test(arguments: vectors.zones.keys.sorted())
    func daysStartAndWallClocksReadAsZoneinfoReadsThem(_ name: String) throws {
        let zone = try Self.zone(name), vectors = try #require(Self.vectors.zones[name])
        for vector in vectors.starts {
            let day = try #require(vector[0].text.flatMap(LocalDate.init(iso:)))
            let start = zone.start(of: day)
            #expect(Int(start.timeIntervalSince1970) == vector[1].number, "\(name) \(day)")
            #expect(zone.wallClock(start).day == day && zone.wallClock(start.addingTimeInterval(-1)).day < day, "\(name) \(day)")
        }
        for vector in vectors.locals {
            let day = try #require(vector[0].text.flatMap(LocalDate.init(iso:))), seconds = try #require(vector[1].number)
            #expect(Int(zone.instant(day, seconds: seconds).timeIntervalSince1970) == vector[2].number, "\(name) \(day) \(seconds)")
        }
    }

    @Test func namesAreTheDatabasesAndNeverAPath() {
        #expect(Zone(identifier: "Europe/Zurich")?.identifier == "Europe/Zurich")
        #expect(Zone(identifier: "UTC") == .utc && Zone(identifier: "GMT") == .utc)
        for hostile in ["../../etc/passwd", "/etc/localtime", "Europe/../Europe/Zurich", "Europe//Zurich", "", "Europe/Zurich\u{0}", "Nowhere/City", ".", "posixrules/.."] {
            #expect(Zone(identifier: hostile) == nil, "\(hostile)")
        }
        // Not a TZif file.
        #expect(Zone(identifier: "x", tzif: Data("TZif2 not really".utf8)) == nil)
        #expect(Zone(identifier: "x", tzif: Data()) == nil)
        #expect(Zone.knownIdentifiers.contains("Asia/Ho_Chi_Minh") && Zone.knownIdentifiers.contains("US/Eastern"))
        #expect(Zone(secondsFromGMT: 5 * 3600 + 1800)?.secondsFromGMT(for: Date()) == 19_800)
        #expect(Zone(secondsFromGMT: 19 * 3600) == nil)
    }

    @Test func theLocalZoneIsTZThenTheSystems() {
        #expect(Zone.current(environment: ["TZ": ":Asia/Ho_Chi_Minh"]).identifier == "Asia/Ho_Chi_Minh")
        #expect(Zone.current(environment: ["TZ": "Europe/Zurich"]).identifier == "Europe/Zurich")
        #expect(Zone.current(environment: ["TZ": "Not/AZone"]) == Zone.system)
        #expect(Zone.current(environment: [:]) == Zone.system)
    }

    /// Every instant's answer is a TZif file's or its footer's: a truncated or hostile file is
    /// refused, never read past its end.
    @Test func everyTruncationOfAFileIsRefusedOrRead() throws {
        let url = try #require(Bundle.module.url(forResource: "Vectors/zoneinfo/Europe_Zurich", withExtension: nil))
        let data = try Data(contentsOf: url)
        for length in stride(from: 0, to: data.count, by: 7) {
            _ = Zone(identifier: "cut", tzif: data.prefix(length)).map { $0.secondsFromGMT(for: Date()) }
        }
        var damaged = data
        for index in stride(from: 20, to: data.count, by: 13) {
            damaged[index] = 0xFF
            _ = Zone(identifier: "damaged", tzif: damaged).map { ($0.secondsFromGMT(for: Date()), $0.nextDaylightSavingTimeTransition(after: Date())) }
        }
    }

    /// Foundation's offset names, which stored events and `TZ` may hold; `init(secondsFromGMT:)`'s
    /// names read back.
    @Test func offsetNamesAreZones() throws {
        #expect(Zone(identifier: "GMT+7")?.secondsFromGMT(for: Date()) == 25_200)
        #expect(Zone(identifier: "UTC-05:30")?.secondsFromGMT(for: Date()) == -19_800)
        let named = try #require(Zone(secondsFromGMT: 3600))
        #expect(named.identifier == "GMT+0100" && Zone(identifier: named.identifier) == named)
        for refused in ["GMT+", "GMT+123", "GMT+19", "UTC+05:3", "GMT+٣", "GMT*5"] { #expect(Zone(identifier: refused) == nil, "\(refused)") }
    }

    /// POSIX rules (every footer of the system's zone database, and forms it does not use) read
    /// as glibc reads them: the offset and abbreviation at 32 instants over four years
    /// (scripts/generate-posix-rule-vectors.py). `PosixRule` reads the rules by byte.
    @Test func posixRulesMatchGlibc() throws {
        struct Vectors: Decodable {
            struct Rule: Decodable { let rule: String; let at: [[Vectors.Value]] }
            let rules: [Rule]
            typealias Value = ZoneTests.Vectors.Value
        }
        let url = try #require(Bundle.module.url(forResource: "Vectors/posix-rules", withExtension: "json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
        #expect(vectors.rules.count > 50)
        for rule in vectors.rules {
            let zone = try #require(Zone(tz: rule.rule), "\(rule.rule)")
            for vector in rule.at {
                let date = Self.date(try #require(vector[0].number))
                #expect(zone.secondsFromGMT(for: date) == vector[1].number, "\(rule.rule) at \(vector[0])")
                #expect(zone.abbreviation(for: date) == vector[2].text, "\(rule.rule) at \(vector[0])")
            }
        }
        // What glibc refuses is no rule here either.
        for refused in ["", "AB1", "CET-1CEST,M3.5.0", "CET-1CEST,M13.5.0,M10.5.0", "CET-1CEST,M3.5.0,M10.5.0/3x", "CET-1234", "<+07-7"] {
            #expect(Zone(tz: refused) == nil, "\(refused)")
        }
    }

    /// `TZ` may be a POSIX rule rather than a name, as glibc reads it.
    @Test func aPOSIXRuleInTZIsTheLocalZone() {
        let zone = Zone.current(environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"])
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_768_000_000)) == 3600)   // January 2026
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_783_000_000)) == 7200)   // July 2026
        #expect(zone.isDaylightSavingTime(for: Date(timeIntervalSince1970: 1_783_000_000)))
        // Daylight saving time all year (RFC 8536 §3.3.1's form): no change ever comes.
        let always = Zone.current(environment: ["TZ": "EST5EDT,0/0,J365/25"])
        #expect(always.secondsFromGMT(for: Date(timeIntervalSince1970: 1_783_000_000)) == -14_400)
        #expect(always.nextDaylightSavingTimeTransition(after: Date(timeIntervalSince1970: 1_783_000_000)) == nil)
    }

    /// Europe/Dublin's file marks winter as daylight saving time (negative DST); summer is the
    /// daylight time, as ICU and calendars mean it.
    @Test func summerIsDaylightTimeWhereWinterIsMarked() throws {
        let dublin = try Self.zone("Europe/Dublin")
        #expect(dublin.isDaylightSavingTime(for: Date(timeIntervalSince1970: 1_783_000_000)))    // July 2026, IST
        #expect(!dublin.isDaylightSavingTime(for: Date(timeIntervalSince1970: 1_768_000_000)))   // January 2026, GMT
    }

    /// Where clocks once went back across midnight (St. John's, 24-25 October 1987), the next
    /// midnight is still ahead.
    @Test func theNextMidnightIsAlwaysAhead() throws {
        let stJohns = try Self.zone("America/St_Johns")
        for seconds in stride(from: 561_500_000, to: 563_000_000, by: 600) {
            let date = Self.date(seconds)
            #expect(TimeBoundaries.nextMidnight(after: date, in: stJohns) > date, "\(seconds)")
        }
    }
}

