import Foundation
import HomescreenTestSupport
import Testing

/// Issue 30: calendars as Google Calendar, Thunderbird, Apple Calendar and Exchange export them (zones with
/// VTIMEZONE blocks, weekly BYDAY rules across both daylight saving changes, a UTC UNTIL,
/// overrides and cancelled instances, EXDATE lists, all-day events of several days, DURATION,
/// a floating time) are listed occurrence for occurrence as references nobody here wrote read
/// them — recurring_ical_events and khal (Debian's; CI installs them, and without them these
/// tests fail rather than skip) — in three zones, and so is the calendar Homescreen exports.
@Suite(.serialized) struct ImportedCalendarTests {
    static let files = ["google", "thunderbird", "apple", "outlook"]
    static let zones = ["Asia/Ho_Chi_Minh", "Europe/Paris", "America/New_York"]
    static let reference = SourceRoot.path("scripts/reference-occurrences.py")

    static func file(_ name: String) -> String { SourceRoot.path("Tests/EndToEndTests/Vectors/calendars/\(name).ics") }

    /// "YYYY-MM-DD<TAB>HH:MM or -<TAB>title" lines of `event list --json` for 2026–2027, sorted.
    static func listed(_ store: String, zone: String) throws -> [String] {
        let result = try Homescreen.run(["event", "list", "--from", "2026-01-01", "--to", "2027-12-31", "--json"], store: store, environment: ["TZ": zone])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        return items.map { "\($0["date"] as? String ?? "?")\t\($0["time"] as? String ?? "-")\t\($0["title"] as? String ?? "?")" }.sorted()
    }

    /// The reference's lines for a file (`tool`: recurring or khal).
    static func referenced(_ tool: String, _ path: String, zone: String) throws -> [String] {
        let (status, output) = try Spawn.runWithStatus("/usr/bin/python3", [reference, tool, path, zone, "2026-01-01", "2027-12-31"])
        #expect(status == 0, "\(tool) could not read \(path): is it installed (scripts/test.sh installs it)?")
        return output.split(separator: "\n").map(String.init).sorted()
    }

    static func imported(_ name: String, zone: String, in folder: TemporaryFolder) throws -> String {
        let store = folder.path("\(name).sqlite")
        let result = try Homescreen.run(["event", "import", file(name)], store: store, environment: ["TZ": zone])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
        return store
    }

    /// Every line only one side has, marked with who has it.
    static func differences(_ ours: [String], _ theirs: [String]) -> [String] {
        var theirs = theirs
        var only: [String] = []
        for line in ours {
            if let index = theirs.firstIndex(of: line) { theirs.remove(at: index) } else { only.append("homescreen only: " + line) }
        }
        return only + theirs.map { "reference only: " + $0 }
    }

    @Test(arguments: files) func importedEventsAreListedAsRecurringIcalEventsExpandsThem(_ name: String) throws {
        let folder = TemporaryFolder()
        for zone in Self.zones {
            let store = try Self.imported(name, zone: zone, in: folder)
            let ours = try Self.listed(store, zone: zone), theirs = try Self.referenced("recurring", Self.file(name), zone: zone)
            #expect(!ours.isEmpty && Self.differences(ours, theirs).isEmpty,
                    "\(name).ics in \(zone): \(ours.count) listed, \(theirs.count) expected\n\(Self.differences(ours, theirs).prefix(12).joined(separator: "\n"))")
            try? FileManager.default.removeItem(atPath: store)
        }
    }

    @Test(arguments: files) func theExportReadsBackTheSameInRecurringIcalEventsAndKhal(_ name: String) throws {
        let folder = TemporaryFolder()
        for zone in Self.zones {
            let store = try Self.imported(name, zone: zone, in: folder)
            let exported = try Homescreen.run(["event", "export"], store: store, environment: ["TZ": zone])
            #expect(exported.status == 0, "\(exported.stderr)")
            let path = folder.path("\(name)-\(zone.replacingOccurrences(of: "/", with: "-")).ics")
            try exported.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            let ours = try Self.listed(store, zone: zone)
            for tool in ["recurring", "khal"] {
                let theirs = try Self.referenced(tool, path, zone: zone)
                #expect(Self.differences(ours, theirs).isEmpty,
                        "\(tool) on the export of \(name).ics in \(zone):\n\(Self.differences(ours, theirs).prefix(12).joined(separator: "\n"))")
            }
            // Timed events keep their zone: no floating DTSTART for them.
            #expect(!exported.stdout.contains("\r\nDTSTART:2026") || exported.stdout.contains("Z\r\n"), "a timed start without a zone")
            try? FileManager.default.removeItem(atPath: store)
        }
    }

    /// The details the references cannot see one by one: the UNTIL instant, BYDAY on the zone's
    /// day, a length kept, a multi-day event on each of its days in the month grid.
    @Test func theZoneDecidesTheDayTheUntilAndTheLength() throws {
        let folder = TemporaryFolder()
        let store = try Self.imported("thunderbird", zone: "Asia/Ho_Chi_Minh", in: folder)
        let listed = try Self.listed(store, zone: "Asia/Ho_Chi_Minh")
        // UNTIL=20261127T075959Z: 27 November 09:00 in Berlin (08:00Z) is past it.
        #expect(listed.contains("2026-11-25\t15:00\tStand-up (Berlin)") && !listed.contains { $0.hasPrefix("2026-11-27") && $0.hasSuffix("Stand-up (Berlin)") })
        // Across Berlin's changes of clock the Saigon time moves: 15:00 in winter, 14:00 in summer.
        #expect(listed.contains("2026-03-27\t15:00\tStand-up (Berlin)") && listed.contains("2026-03-30\t14:00\tStand-up (Berlin)"))
        #expect(listed.contains("2026-10-23\t14:00\tStand-up (Berlin)") && listed.contains("2026-10-26\t15:00\tStand-up (Berlin)"))
        let google = try Self.imported("google", zone: "Asia/Ho_Chi_Minh", in: folder)
        // 20:00 on Tuesdays in New York is Wednesday morning in Saigon.
        #expect(try Self.listed(google, zone: "Asia/Ho_Chi_Minh").contains("2026-01-07\t08:00\tChoir practice (New York)"))
        // The retreat (24–26 July) is listed once, until its last day, and marks three days of
        // the month grid; a timed event with a length says when it ends, and its zone.
        let list = try Homescreen.run(["event", "list", "--from", "2026-07-20", "--to", "2026-07-31", "--json"], store: google, environment: ["TZ": "Asia/Ho_Chi_Minh"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let retreat = try #require(items.first { $0["title"] as? String == "Retreat in Đà Lạt" })
        #expect(retreat["date"] as? String == "2026-07-24" && retreat["lastDate"] as? String == "2026-07-26" && retreat["end"] is NSNull && retreat["zone"] is NSNull)
        let choir = try #require(items.first { $0["title"] as? String == "Choir practice (New York)" })
        #expect(choir["time"] as? String == "07:00" && choir["end"] as? String == "2026-07-22T08:30" && choir["zone"] as? String == "America/New_York", "\(choir)")
        let text = try Homescreen.run(["event", "list", "--from", "2026-07-20", "--to", "2026-07-31"], store: google, environment: ["TZ": "Asia/Ho_Chi_Minh"])
        #expect(text.stdout.contains("Retreat in Đà Lạt (until 2026-07-26)"), "\(text.stdout)")
        let month = try Homescreen.run(["timeline", "calendar", "--json", "--now", "2026-07-25T10:00"], store: google, environment: ["TZ": "Asia/Ho_Chi_Minh"])
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(month.stdout.utf8)) as? [String: Any], "\(month.stdout.prefix(300))")
        let days = try #require(((timeline["entries"] as? [[String: Any]])?.first?["days"]) as? [[String: Any]])
        let marked = days.filter { ($0["events"] as? Int ?? 0) > 0 }.compactMap { $0["date"] as? String }
        #expect(["2026-07-24", "2026-07-25", "2026-07-26"].allSatisfy(marked.contains) && !marked.contains("2026-07-27"), "\(marked)")
    }
}
