import Foundation
import Testing
import HomescreenTestSupport

/// A store on a file system mounted read-only is read by every command and the dashboard, and a
/// change is refused with a sentence that names the mount; a full disk is said as such. Real
/// mounts: a small tmpfs, remounted read-only or filled up (the tests run as root in CI).
@Suite(.serialized)
struct ReadOnlyAndFullDiskTests {
    /// A tmpfs of `size` at a new folder, unmounted when the value goes.
    final class Mount {
        let folder = TemporaryFolder()
        var path: String { folder.path("mnt") }
        init(size: String) throws {
            try #require(getuid() == 0, "mounting a tmpfs needs root (CI runs the tests as root)")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            try Self.mount(["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path])
        }
        func remountReadOnly() throws { try Self.mount(["-o", "remount,ro", path]) }
        deinit { _ = try? Self.mount(["-l", path], command: "/usr/bin/umount") }
        static func mount(_ arguments: [String], command: String = "/usr/bin/mount") throws {
            let result = try Spawn.runWithStatus(command, arguments)
            try #require(result.status == 0, "\(command) \(arguments): \(result.output)")
        }
    }

    @Test func aStoreOnAReadOnlyMountIsReadAndChangesAreRefusedNamingTheMount() throws {
        let mount = try Mount(size: "8m")
        let store = mount.path + "/store.sqlite"
        #expect(try Homescreen.run(["demo", "--today", "2026-11-25"], store: store).status == 0)
        let before = try Homescreen.run(["pantry", "list", "--today", "2026-11-25"], store: store)
        try mount.remountReadOnly()

        // Read: every reading command, as before.
        let listed = try Homescreen.run(["pantry", "list", "--today", "2026-11-25"], store: store)
        #expect(listed.status == 0 && listed.stdout == before.stdout, "\(listed.stderr)")
        for arguments in [["status"], ["render", "budget"], ["card", "list"], ["event", "list"], ["doctor"]] {
            let result = try Homescreen.run(arguments, store: store)
            #expect(result.status == 0 && !result.stderr.contains("unable to open"), "\(arguments): \(result.stderr)")
        }
        // Written: refused in one sentence naming the mount, nothing else.
        let sentence = "the store's file system is mounted read-only at \(mount.path), so \(store) can be read but not changed; remount \(mount.path) read-write or copy the store somewhere writable and use --store."
        for arguments in [["pantry", "consume"], ["pantry", "add", "Tofu", "--due", "2026-12-01"], ["expense", "add", "12.50"]] {
            let result = try Homescreen.run(arguments, store: store)
            #expect(result.status == 1 && result.stderr == "homescreen: \(sentence)\n", "\(arguments): \(result.stderr)")
        }

        // The dashboard shows it; a consume is refused on screen and the product stays.
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, arguments: ["--now", "2026-11-25"], configHome: mount.folder.path("home"))
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("Milk") && $0.contains("? help") }, "\(dashboard.text)")
        dashboard.send("c")
        #expect(dashboard.wait { $0.contains("file system is mounted read-only") }, "\(dashboard.text)")
        #expect(dashboard.wait { $0.contains("Milk") })
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
        #expect(try Homescreen.run(["pantry", "list", "--today", "2026-11-25"], store: store).stdout == before.stdout)
    }

    /// Issue 51, point 7: a bind mount has its source's device, so the device alone named `/`
    /// ("remount / read-write"); the refusal names the bind mount itself.
    @Test func aStoreOnAReadOnlyBindMountNamesItsOwnMountPoint() throws {
        try #require(getuid() == 0, "a bind mount needs root (CI runs the tests as root)")
        let folder = TemporaryFolder()
        let (source, bound) = (folder.path("data"), folder.path("read only"))
        for path in [source, bound] { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "2026-12-01"], store: source + "/store.sqlite").status == 0)
        try Mount.mount(["--bind", source, bound])
        defer { _ = try? Mount.mount(["-l", bound], command: "/usr/bin/umount") }
        try Mount.mount(["-o", "remount,ro,bind", bound])
        let store = bound + "/store.sqlite"
        #expect(try Homescreen.run(["pantry", "list"], store: store).stdout.contains("Milk"))
        let result = try Homescreen.run(["pantry", "add", "Tofu", "--due", "2026-12-01"], store: store)
        let sentence = "the store's file system is mounted read-only at \(bound), so \(store) can be read but not changed; remount \(bound) read-write or copy the store somewhere writable and use --store."
        #expect(result.status == 1 && result.stderr == "homescreen: \(sentence)\n", "\(result.stderr)")
    }

    @Test func aFullDiskIsSaidAsSuchAndTheStoreStaysWhole() throws {
        let mount = try Mount(size: "1m")
        let store = mount.path + "/store.sqlite"
        #expect(try Homescreen.run(["pantry", "add", "Rice", "--due", "2026-12-01"], store: store).status == 0)
        // Fill what is left.
        let filler = mount.path + "/filler"
        FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: filler))
        let block = Data(repeating: 0x41, count: 4096)
        while (try? handle.write(contentsOf: block)) != nil {}
        try? handle.close()

        var refused: CommandResult?
        for index in 0..<200 {   // until a page the store needs does not fit
            let result = try Homescreen.run(["pantry", "add", "Product \(index) " + String(repeating: "x", count: 150), "--due", "2026-12-01"], store: store)
            if result.status != 0 { refused = result; break }
        }
        let result = try #require(refused, "the disk never filled")
        #expect(result.status == 1)
        #expect(result.stderr == "homescreen: the disk holding the store is full (\(mount.path)), so nothing was written to \(store); free some space there (df -h \(mount.path) shows it) and try again.\n",
                "\(result.stderr)")
        #expect(!result.stderr.contains("unexpected failure") && !result.stderr.contains("SQLite error"))
        try FileManager.default.removeItem(atPath: filler)
        let listed = try Homescreen.run(["pantry", "list"], store: store)
        #expect(listed.status == 0 && listed.stdout.contains("Rice"), "\(listed.stderr)")
        #expect(try SQLiteShell.run(store, "PRAGMA integrity_check").stdout == "ok\n")
    }
}
