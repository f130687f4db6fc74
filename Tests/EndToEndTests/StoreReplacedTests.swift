import Foundation
import HomescreenTestSupport
import Testing

/// The store file deleted, moved away or replaced while `homescreen tmux`, `status --follow`
/// and a dashboard follow it: a command at the path works at once (the followers' old -wal and
/// -shm are set aside, not taken for the new store's), every follower says the store is gone,
/// and each picks up the new store when one is made there.
@Suite(.serialized)
struct StoreReplacedTests {
    @Test(arguments: ["rm", "mv"]) func followersReleaseAGoneStoreAndFollowTheNewOne(_ how: String) throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let socket = "hs-gone-\(UUID().uuidString.prefix(8))"
        let server = TmuxCommandTests.server(socket, sessions: ["main"])
        defer { if server > 0 { kill(server, SIGKILL) } }
        let feeder = try TmuxCommandTests.feed(socket, store: store, kinds: ["pantry"])
        defer { if feeder.isRunning { feeder.terminate() } }
        let option = { TmuxCommandTests.tmux(socket, "show", "-gv", "@homescreen-pantry") }
        #expect(TmuxCommandTests.wait { option().contains("Milk expired") }, "\(option())")

        let follow = folder.path("follow.out")
        let follower = Process()
        follower.executableURL = Homescreen.executable
        follower.arguments = ["status", "pantry", "--follow"]
        follower.environment = Homescreen.environment(store: store)
        FileManager.default.createFile(atPath: follow, contents: nil)
        follower.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: follow))
        try follower.run()
        defer { if follower.isRunning { follower.terminate() } }
        let followed = { (try? String(contentsOfFile: follow, encoding: .utf8)) ?? "" }
        #expect(TmuxCommandTests.wait { followed().contains("Milk expired") })

        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, configHome: folder.url.path)
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("Milk") && $0.contains("? help") }, "\(dashboard.text)")

        if how == "rm" {
            try FileManager.default.removeItem(atPath: store)
        } else {
            try FileManager.default.moveItem(atPath: store, toPath: folder.path("store.sqlite.bak"))
        }
        // Every follower says so.
        #expect(TmuxCommandTests.wait { option() == "homescreen: store gone" }, "\(option())")
        #expect(TmuxCommandTests.wait { followed().contains("homescreen: the store file was deleted or moved; a new store at \(store) is followed") }, "\(followed())")
        #expect(dashboard.wait { $0.contains("Store offline") }, "\(dashboard.text)")
        // A change on the dashboard is not shown as done: the store it had is gone.
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("The store file was deleted or moved while open") }, "\(dashboard.text)")

        // A command at the path works at once.
        let started = Date()
        let added = try Homescreen.run(["pantry", "add", "Fresh tofu", "--due", "+5d"], store: store)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(Date().timeIntervalSince(started) < 2, "pantry add took \(Date().timeIntervalSince(started)) s")
        #expect(try Homescreen.run(["doctor"], store: store).status == 0)

        // And every follower shows the new store.
        #expect(TmuxCommandTests.wait { option().contains("Fresh tofu") }, "\(option())")
        #expect(TmuxCommandTests.wait { followed().hasSuffix("Fresh tofu in 5 days\n") || followed().contains("Fresh tofu") }, "\(followed())")
        #expect(dashboard.wait { $0.contains("Fresh tofu") && !$0.contains("Milk") }, "\(dashboard.text)")
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("Consumed 1 of Fresh tofu") }, "\(dashboard.text)")
        #expect(TmuxCommandTests.wait { (try? SQLiteShell.run(store, "SELECT amountMilli FROM product").stdout) == "0\n" }, "the consume reached the new store")
    }

    /// Another store moved over the followed one (a backup put back): the followers take it,
    /// without the old file's -wal and -shm, which would corrupt it; writes go to it.
    @Test func aStoreMovedOverTheFollowedOneIsTakenWhole() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite"), backup = folder.path("backup.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        #expect(try Homescreen.run(["pantry", "add", "Backup tofu", "--due", "+5d"], store: backup).status == 0)
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, configHome: folder.url.path)
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("Milk") && $0.contains("? help") }, "\(dashboard.text)")
        #expect(rename(backup, store) == 0)
        #expect(dashboard.wait { $0.contains("Backup tofu") && !$0.contains("Milk") }, "\(dashboard.text)")
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("Consumed 1 of Backup tofu") }, "\(dashboard.text)")
        #expect(TmuxCommandTests.wait { (try? SQLiteShell.run(store, "SELECT amountMilli FROM product").stdout) == "0\n" }, "the consume reached the new file")
        #expect(try SQLiteShell.run(store, "PRAGMA integrity_check").stdout == "ok\n")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
        #expect(try Homescreen.run(["pantry", "list"], store: store).stdout.contains("Backup tofu"))
        #expect(try SQLiteShell.run(store, "PRAGMA integrity_check").stdout == "ok\n")
    }
}
