import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport

/// The commands a user runs, checked through the real executable.
struct CommandTests {
    @Test func demoThenRenderStatusAndTimeline() throws {
        let folder = TemporaryFolder()
        let store = folder.path("demo.sqlite")
        let demo = try Homescreen.run(["demo", "--today", "2026-11-22"], store: store)
        #expect(demo.status == 0 && demo.stdout.contains("14 pantry products"))
        let again = try Homescreen.run(["demo"], store: store)
        #expect(again.status == 1 && again.stderr.contains("already holds 14 pantry products"))

        let medium = try Homescreen.run(["render", "pantry", "--family", "medium", "--now", "2026-11-22T10:00:00+01:00"], store: store)
        #expect(medium.status == 0)
        #expect(medium.stdout.split(separator: "\n").count == 20)
        #expect(medium.stdout.contains("2 expired · 5 due soon") && medium.stdout.contains("Milk"))

        let status = try Homescreen.run(["status", "--format", "plain", "--now", "2026-11-22"], store: store)
        #expect(status.stdout == "Milk expired 2 days ago · 7 urgent\nBudget: CHF\u{00A0}1,656.25 left · 45%\nSu 22/11 · Lunar 14/10 Bính Ngọ · • Giỗ ông nội in 3 days\nLan Nguyen · Saigon Coffee Roasters\n")
        let french = try Homescreen.run(["status", "--format", "plain", "--now", "2026-11-22"], store: store, environment: ["LANG": "fr_CH.UTF-8"])
        #expect(french.stdout.hasPrefix("Milk périmé depuis 2 jours · 7 urgent\nBudget du mois: 1\u{202F}656,25\u{00A0}CHF restant"), "\(french.stdout)")
        // A day later, everything is one day older: 3 expired, 4 due within 5 days.
        let tomorrow = try Homescreen.run(["status", "pantry", "--format", "plain", "--now", "2026-11-23T09:00:00+01:00", "--locale", "it"], store: store)
        #expect(tomorrow.stdout == "Milk scaduto da 3 giorni · 7 urgenti\n")
    }

    @Test func timelineJSONIsTheDocumentedShape() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        #expect(try Homescreen.run(["demo", "--today", "2026-03-28"], store: store).status == 0)
        let result = try Homescreen.run(["timeline", "pantry", "--json", "--now", "2026-03-28T20:00:00+01:00"], store: store)
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(document["kind"] as? String == "pantry")
        #expect(document["family"] as? String == "systemMedium")
        let policy = try #require(document["policy"] as? [String: Any])
        #expect(policy["type"] as? String == "after")
        // The night before Zurich moves to summer time: midnight is still at +01:00.
        #expect(policy["date"] as? String == "2026-03-28T23:00:00Z" || policy["date"] as? String == "2026-03-29T00:00:00+01:00")
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        let entry = entries[0]
        #expect(entry["today"] as? String == "2026-03-28")
        #expect(entry["state"] as? String == "attention")
        #expect(entry["expiredCount"] as? Int == 2 && entry["dueSoonCount"] as? Int == 5 && entry["inStockCount"] as? Int == 14)
        let products = try #require(entry["products"] as? [[String: Any]])
        #expect(products.count == 5)
        #expect(products[0]["name"] as? String == "Milk" && products[0]["urgency"] as? String == "expired" && products[0]["daysUntilDue"] as? Int == -2)
        #expect(Set(products[0].keys) == ["id", "name", "amount", "unit", "due", "urgency", "daysUntilDue"])
    }

    @Test func consumeTakesTheFirstExpiringAndUndoPutsItBack() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        #expect(try Homescreen.run(["pantry", "add", "Rice", "--due", "2027-06-01", "--amount", "2", "--unit", "kg"], store: store).status == 0)
        #expect(try Homescreen.run(["pantry", "add", "Yogurt", "--due", "2026-11-20", "--amount", "1,5"], store: store).status == 0)
        let consumed = try Homescreen.run(["pantry", "consume"], store: store)
        #expect(consumed.stdout == "consumed 1 of Yogurt (product 2); 0.5 left\n")
        let again = try Homescreen.run(["pantry", "consume"], store: store)
        #expect(again.stdout == "consumed 0.5 of Yogurt (product 2); 0 left\n")
        let rice = try Homescreen.run(["pantry", "consume"], store: store)
        #expect(rice.stdout == "consumed 1 kg of Rice (product 1); 1 kg left\n", "the unit is kept (issue 28)")
        #expect(try Homescreen.run(["pantry", "undo"], store: store).stdout == "put back 1 kg of Rice (product 1); 2 kg left\n")
        #expect(try Homescreen.run(["pantry", "remove", "2"], store: store).status == 0)
        let list = try Homescreen.run(["pantry", "list", "--today", "2026-11-22"], store: store)
        #expect(list.stdout.contains("Rice") && !list.stdout.contains("Yogurt"))
    }

    @Test func readingNeverCreatesTheStore() throws {
        let folder = TemporaryFolder()
        let store = folder.path("never.sqlite")
        for arguments in [["status"], ["render", "pantry", "--family", "inline"], ["timeline", "pantry"], ["pantry", "list"], ["doctor"],
                          ["pantry", "consume"], ["pantry", "undo"]] {
            let result = try Homescreen.run(arguments, store: store)
            #expect(result.status == 0 || result.status == 1, "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: store))
        let empty = try Homescreen.run(["status", "--format", "plain"], store: store)
        #expect(empty.stdout.hasPrefix("Pantry: Nothing in stock\nBudget: No budget set\n"))
        #expect(empty.stdout.hasSuffix("Card: No cards\n"))
        #expect(empty.stdout.split(separator: "\n").count == 4, "and the calendar's line")
    }

    @Test func noColorAndAsciiAreHonoured() throws {
        let ansi = try Homescreen.run(["render", "pantry", "--demo", "--family", "medium", "--format", "ansi"], store: nil, environment: ["NO_COLOR": "1"])
        #expect(ansi.status == 0)
        #expect(!ansi.stdout.contains("38;") && !ansi.stdout.contains("48;"))
        let ascii = try Homescreen.run(["render", "pantry", "--demo", "--ascii", "--format", "plain"], store: nil)
        #expect(ascii.status == 0 && ascii.stdout.unicodeScalars.allSatisfy { $0.isASCII })
        let themed = try Homescreen.run(["render", "pantry", "--demo", "--family", "inline", "--format", "ansi", "--theme", "high-contrast", "--colors", "truecolor"], store: nil)
        #expect(themed.stdout.contains("38;2;255;0;0"))
    }

    @Test func doctorReportsAHealthyStore() throws {
        let folder = TemporaryFolder()
        let store = folder.path("s.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let doctor = try Homescreen.run(["doctor"], store: store)
        #expect(doctor.status == 0)
        for word in ["terminal", "colors", "locale", "themes", "dark, ", "high-contrast", "schema \(Store.currentSchema)", "mode 600", "2 events (1 lunar)", "integrity ok", "14 products", "10 monthly budgets", "3 cards, 2 active; shown: card 1 (the first active one"] {
            #expect(doctor.stdout.contains(word), "\(word)")
        }
        #expect(doctor.stdout.contains("timezone  Europe/Zurich") && !doctor.stdout.contains("names no zone"), "\(doctor.stdout)")
        // A TZ that is no zone is said, with the zone used instead.
        let unknown = try Homescreen.run(["doctor"], store: store, environment: ["TZ": "Nowhere/City"])
        #expect(unknown.stdout.contains("TZ 'Nowhere/City' names no zone of /usr/share/zoneinfo"), "\(unknown.stdout)")
        let rule = try Homescreen.run(["doctor"], store: store, environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"])
        #expect(rule.stdout.contains("timezone  CET-1CEST,M3.5.0,M10.5.0/3") && !rule.stdout.contains("names no zone"), "\(rule.stdout)")
    }
}
