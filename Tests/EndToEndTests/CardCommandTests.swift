import Foundation
import Testing
import HomescreenTestSupport

/// The card commands as a user runs them, and what `render card` shows after each.
struct CardCommandTests {
    let folder = TemporaryFolder()
    var store: String { folder.path("store.sqlite") }

    func run(_ arguments: [String], _ environment: [String: String] = [:]) throws -> CommandResult {
        try Homescreen.run(arguments, store: store, environment: environment)
    }

    func shown() throws -> String { try run(["render", "card", "--family", "inline", "--format", "plain"]).stdout }

    @Test func addListSelectAndRemove() throws {
        #expect(try shown() == "Card: No cards\n")
        #expect(!FileManager.default.fileExists(atPath: store), "reading creates no store")
        let lan = try run(["card", "add", "--first", "Lan", "--last", "Nguyen", "--company", "Saigon Coffee", "--server-id", "4821"])
        #expect(lan.status == 0 && lan.stdout == "added card 1: Lan Nguyen\n")
        #expect(try run(["card", "add", "--first", "Thu Hương", "--last", "Nguyễn", "--title", "Giám đốc", "--email", "huong@example.vn"]).status == 0)
        #expect(try run(["card", "add", "--first", "Marco", "--last", "Rossi", "--inactive"]).status == 0)
        // None chosen: the first active card.
        #expect(try shown() == "Lan Nguyen · Saigon Coffee\n")
        let list = try run(["card", "list"])
        #expect(list.stdout.hasPrefix("* 1 ") && list.stdout.contains("Thu Hương Nguyễn") && list.stdout.contains("inactive") && list.stdout.contains("vCard"))

        #expect(try run(["card", "select", "2"]).stdout == "showing card 2: Thu Hương Nguyễn\n")
        #expect(try shown() == "Thu Hương Nguyễn\n")
        let json = try run(["card", "list", "--json"]).stdout
        #expect(json.contains(#""selected" : 2"#) && json.contains(#""shown" : 2"#) && json.contains(#""serverCardId" : "4821""#))
        #expect(json.contains(#""active" : false"#))
        let timeline = try run(["timeline", "card", "--json"]).stdout
        #expect(timeline.contains(#""payloadKind" : "vcard""#) && timeline.contains("BEGIN:VCARD") && timeline.contains(#""qrCodeUrl" : null"#))
        #expect(timeline.contains(#""policy" : "never""#) || timeline.contains("never"), "\(timeline)")

        // An inactive card can be chosen on purpose.
        #expect(try run(["card", "select", "3"]).status == 0)
        #expect(try shown() == "Marco Rossi\n")
        // The chosen card removed: the widget says so, not another person's card.
        #expect(try run(["card", "remove", "3"]).stdout == "removed card 3: Marco Rossi\n")
        #expect(try shown() == "Card: Card unavailable\n")
        #expect(try run(["render", "card", "--family", "medium", "--format", "plain"]).stdout.contains("It was removed; press s to choose another."))
        #expect(try run(["card", "list"]).stdout.contains("the chosen card 3 was removed"))
        #expect(try run(["card", "select", "1"]).status == 0)
        #expect(try shown() == "Lan Nguyen · Saigon Coffee\n")
        let failed = try run(["card", "select", "3"])
        #expect(failed.status == 2 && failed.stderr.contains("there is no card with id 3"))
    }

    @Test func theURLComesFromTheConfigTemplate() throws {
        #expect(try run(["card", "add", "--first", "Lan", "--last", "Nguyen", "--server-id", "a/b c?"]).status == 2, "spaces refused")
        #expect(try run(["card", "add", "--first", "Lan", "--last", "Nguyen", "--server-id", "a/b&c"]).status == 0)
        let standard = try run(["timeline", "card", "--json"]).stdout
        #expect(standard.contains(#""qrCodeUrl" : "https://sharemycard.app/card.php?id=a%2Fb%26c&src=qr-app""#), "\(standard)")
        let config = folder.path("config.toml")
        try Data(#"card-url = "https://cards.example.org/{serverCardId}?from=terminal""#.utf8).write(to: URL(fileURLWithPath: config))
        let custom = try run(["timeline", "card", "--json", "--config", config]).stdout
        #expect(custom.contains(#""qrCodeUrl" : "https://cards.example.org/a%2Fb%26c?from=terminal""#), "\(custom)")
        // The default config file is read too.
        let home = folder.path("xdg")
        try FileManager.default.createDirectory(atPath: home + "/homescreen", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: config, toPath: home + "/homescreen/config.toml")
        #expect(try run(["timeline", "card", "--json"], ["XDG_CONFIG_HOME": home]).stdout.contains("cards.example.org"))

        for bad in [#"card-url = "ftp://x/{serverCardId}""#, #"card-url = "https://x.example/""#, #"card-url = "https://x/{serverCardId} y""#] {
            try Data(bad.utf8).write(to: URL(fileURLWithPath: config))
            let result = try run(["render", "card", "--config", config])
            #expect(result.status == 2 && result.stderr.contains("card-url") && result.stdout.isEmpty, "\(bad): \(result.stderr)")
        }
    }

    @Test func demoHasCardsAndEveryFamilyDraws() throws {
        #expect(try run(["demo", "--today", "2026-11-22"]).stdout.contains("3 business cards"))
        let render = try run(["render", "card", "--format", "plain"])
        #expect(render.status == 0)
        for text in ["systemSmall", "╭─ Lan ", "Saigon Coffee Roasters", "Scan to open my card", "LN", "Lan Nguyen · Saigon Coffee Roasters"] {
            #expect(render.stdout.contains(text), "\(text)")
        }
        let privacy = try run(["render", "card", "--privacy", "--format", "plain"]).stdout
        #expect(!privacy.contains("Lan") && privacy.contains("QR hidden (privacy)") && !privacy.contains("▀"))
        let ascii = try run(["render", "card", "--ascii", "--family", "large", "--format", "plain"]).stdout
        #expect(ascii.unicodeScalars.allSatisfy(\.isASCII) && ascii.contains("##"))
        let french = try run(["render", "card", "--family", "large", "--locale", "fr"]).stdout
        #expect(french.contains("Scannez pour ouvrir ma carte"))
    }
}
