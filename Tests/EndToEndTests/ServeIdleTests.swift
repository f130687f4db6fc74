import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, point 8: idle is free — two guests and two members connected, typing nothing: the
/// server (every thread, /proc/PID/task/*/status) makes no wake-up in 60 s. Its timers are armed
/// for their deadlines only (--guest-idle 10 min, --guest-timeout 30 min); the deadlines before
/// login (its first bytes, the login, a guest's first session) are past before the window starts.
@Suite(.serialized) struct ServeIdleTests {
    @Test func twoGuestsAndTwoMembersIdleMakeNoWakeUpIn60Seconds() throws {
        let folder = TemporaryFolder()
        let server = try ServeTests.Server(folder, arguments: ["--login-grace", "3s"])
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let clients = try [ServeTests.client(server, user: "demo"), ServeTests.client(server, user: "demo"),
                           ServeTests.client(server, user: "lan", key: key), ServeTests.client(server, user: "lan", key: key)]
        for client in clients { #expect(client.wait(timeout: 15) { $0.contains("╭─ Pantry") }, "\(client.text)") }
        // Past every deadline before login (3 s), and the first frames sent.
        sleep(5)
        let pid = server.process.processIdentifier
        let children = Processes.children(of: pid)
        #expect(children.count == 4)
        let before = Processes.contextSwitches(of: pid), childrenBefore = children.map(Processes.contextSwitches(of:))
        let start = Date()
        sleep(60)
        let wakeUps = Processes.contextSwitches(of: pid) - before
        let childWakeUps = zip(children.map(Processes.contextSwitches(of:)), childrenBefore).map { $0 - $1 }
        // A window across the start of an hour may hold the dashboards' hourly reload: theirs is said, not checked.
        #expect(wakeUps == 0, "the server woke \(wakeUps) times in 60 idle seconds from \(start); its children: \(childWakeUps)")
        #expect(server.text.components(separatedBy: "ended:").count == 1, "nobody was logged out: \(server.text)")
        // (The clients are used here, so they stay connected until now.)
        for client in clients { #expect(client.text.contains("╭─ Pantry"), "\(client.text)") }
    }
}
