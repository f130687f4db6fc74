import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, point 7: a guest knows where they are, and a status line asked for without a
/// terminal comes as text.
@Suite(.serialized) struct ServeGuestWelcomeTests {
    typealias Server = ServeTests.Server

    @Test func aGuestsFirstScreenSaysItIsAThrowawayDemoAndWhenItEnds() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        let guest = try ServeTests.client(server, user: "demo", columns: 160, rows: 40)
        #expect(guest.wait(timeout: 15) { $0.contains("Guest demo: your own copy of the demo data, gone when you leave; ends in 30 min") }, "\(guest.text)")
        guest.send("q")
        // In the interface's language (the client's LANG).
        let french = try TmuxDashboard(columns: 160, rows: 40, command: ServeTests.unblocked + ["/usr/bin/ssh"] + server.options() + ["-o", "SendEnv=LANG", "-t", "demo@127.0.0.1"],
                                       store: server.store, environment: ["TERM": "xterm-256color", "LANG": "fr_FR.UTF-8"], configHome: server.folder.url.path)
        #expect(french.wait(timeout: 15) { $0.contains("Invité demo : votre propre copie des données de démo") && $0.contains("fin dans 30 min") }, "\(french.text)")
        french.send("q")
        // A member sees no such line.
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let member = try ServeTests.client(server, user: "lan", key: key, columns: 160, rows: 40)
        #expect(member.wait(timeout: 15) { $0.contains("╭─ Pantry") }, "\(member.text)")
        #expect(!member.text.contains("demo data"))
        member.send("q")
    }

    @Test func aStatusLineWithoutATerminalIsPlainText() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        let plain = try ServeTests.run("/usr/bin/ssh", server.options() + ["demo@127.0.0.1", "status", "pantry"])
        #expect(plain.status == 0 && plain.out.contains("Milk") && !plain.out.contains("#[") && !plain.out.contains("\u{1B}"), "\(plain)")
        // A format asked for is kept.
        let tmux = try ServeTests.run("/usr/bin/ssh", server.options() + ["demo@127.0.0.1", "status", "pantry", "--format", "tmux"])
        #expect(tmux.status == 0 && tmux.out.contains("#[fg="), "\(tmux)")
        let json = try ServeTests.run("/usr/bin/ssh", server.options() + ["demo@127.0.0.1", "status", "pantry", "--format=json"])
        #expect(json.status == 0 && json.out.hasPrefix("{"), "\(json)")
    }
}
