import Foundation
import HomescreenTestSupport
import Testing

/// Files that are not what they seem at the store path, racing creators and killed demos, run
/// against the built executable.
@Suite(.serialized) struct StoreFileTests {
    /// The file's bytes (nil when it cannot be read as a regular file), to prove it unchanged.
    static func digest(_ path: String) -> Data? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// A write and a read on the path: both exit 1 within 2 s, naming the path, leaving it as it was.
    /// - Parameter walMode: the file is a WAL database: reading it at all makes SQLite create its
    ///   `-wal` and `-shm` files (its content stays as it was).
    static func expectRefused(_ path: String, saying fragment: String, walMode: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = digest(path)
        for command in [["pantry", "add", "Oats", "--due", "2026-12-01"], ["status", "pantry"]] {
            let started = Date()
            let result = try Homescreen.run(command, store: path)
            #expect(result.status == 1 && result.stderr.contains(path) && result.stderr.contains(fragment),
                    "\(command): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
            #expect(Date().timeIntervalSince(started) < 2, "\(command) took too long", sourceLocation: sourceLocation)
        }
        #expect(digest(path) == before, "the file changed", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") || before == nil || walMode, sourceLocation: sourceLocation)
    }

    @Test func aFIFOADeviceAFolderAndASocketAreRefused() throws {
        let folder = TemporaryFolder()
        let fifo = folder.path("fifo.sqlite")
        #expect(mkfifo(fifo, 0o600) == 0)
        try Self.expectRefused(fifo, saying: "named pipe")
        try Self.expectRefused("/dev/null", saying: "device")
        try FileManager.default.createDirectory(atPath: folder.path("dir.sqlite"), withIntermediateDirectories: true)
        try Self.expectRefused(folder.path("dir.sqlite"), saying: "folder")
    }

    @Test func filesAndFoldersOthersCanWriteAreRefused() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        #expect(chmod(store, 0o666) == 0)
        try Self.expectRefused(store, saying: "other users can write it")
        #expect(chmod(store, 0o600) == 0)
        let shared = folder.path("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        #expect(chmod(shared, 0o1777) == 0)
        try Self.expectRefused(shared + "/store.sqlite", saying: "other users can write its folder")
        // A planted empty file, world-writable, is not adopted.
        #expect(chmod(shared, 0o755) == 0)
        #expect(FileManager.default.createFile(atPath: shared + "/planted.sqlite", contents: Data(), attributes: [.posixPermissions: 0o666]))
        #expect(chmod(shared + "/planted.sqlite", 0o666) == 0)
        try Self.expectRefused(shared + "/planted.sqlite", saying: "other users can write it")
    }

    @Test func anotherUsersFileOrLinkIsRefused() throws {
        try #require(geteuid() == 0, "making another user's files needs root (CI runs as root)")
        let folder = TemporaryFolder()
        let store = folder.path("theirs.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        #expect(chown(store, 65534, 65534) == 0)
        try Self.expectRefused(store, saying: "belongs to another user")
        // A link another user planted, to a store of ours: refused; our own link to it: followed.
        let mine = folder.path("mine.sqlite")
        #expect(try Homescreen.run(["demo"], store: mine).status == 0)
        let planted = folder.path("planted.sqlite")
        #expect(symlink(mine, planted) == 0 && lchown(planted, 65534, 65534) == 0)
        try Self.expectRefused(planted, saying: "symbolic link that another user made")
        let own = folder.path("own-link.sqlite")
        #expect(symlink(mine, own) == 0)
        #expect(try Homescreen.run(["status", "pantry"], store: own).status == 0)
    }

    @Test func foreignAndDamagedSQLiteFilesAreRefused() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let folder = TemporaryFolder()
        let theirs = folder.path("invoices.sqlite")
        #expect(try SQLiteShell.run(theirs, "CREATE TABLE invoice (id INTEGER PRIMARY KEY); INSERT INTO invoice VALUES (1);").status == 0)
        try Self.expectRefused(theirs, saying: "not a Homescreen store")
        let marked = folder.path("marked.sqlite")
        #expect(try SQLiteShell.run(marked, "PRAGMA user_version = 7;").status == 0)
        try Self.expectRefused(marked, saying: "not a Homescreen store")
        // In WAL mode the header may lag behind the -wal file, so SQLite itself is asked.
        let wal = folder.path("wal.sqlite")
        #expect(try SQLiteShell.run(wal, "PRAGMA journal_mode = WAL; CREATE TABLE invoice (id INTEGER PRIMARY KEY); INSERT INTO invoice VALUES (1);").status == 0)
        try Self.expectRefused(wal, saying: "not a Homescreen store", walMode: true)

        // 4 KB flipped in the middle of a store of 10,000 products.
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let products = (0..<10_000).map { "{\"name\": \"Product \($0)\", \"due\": \"2026-12-0\($0 % 9 + 1)\", \"amount\": \"1\"}" }
        try Data(("[" + products.joined(separator: ",") + "]").utf8).write(to: URL(fileURLWithPath: folder.path("p.json")))
        #expect(try Homescreen.run(["pantry", "import", folder.path("p.json")], store: store).status == 0)
        var bytes = try #require(FileManager.default.contents(atPath: store))
        let middle = bytes.count / 2 / 4096 * 4096
        for index in middle..<middle + 4096 { bytes[index] ^= 0xFF }
        try bytes.write(to: URL(fileURLWithPath: store))
        let before = Self.digest(store)
        let add = try Homescreen.run(["pantry", "add", "Oats", "--due", "2026-12-01"], store: store)
        #expect(add.status == 1 && add.stderr.contains("damaged") && add.stderr.contains(".recover"), "\(add.status) \(add.stderr)")
        let expense = try Homescreen.run(["expense", "add", "12.50"], store: store)
        #expect(expense.status == 1 && expense.stderr.contains("damaged"), "\(expense.status) \(expense.stderr)")
        #expect(Self.digest(store) == before, "a damaged store was written")
    }

    @Test func fourProcessesCreatingTheSameNewStoreAllSucceed() throws {
        let folder = TemporaryFolder()
        for round in 0..<10 {
            let store = folder.path("race-\(round)/store.sqlite")
            let processes = try (0..<4).map { index in
                try Homescreen.start(["pantry", "add", "Item \(index)", "--due", "2026-12-01"], environment: Homescreen.environment(store: store))
            }
            for process in processes { process.waitUntilExit() }
            #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "round \(round): \(processes.map(\.terminationStatus))")
            let list = try Homescreen.run(["pantry", "list", "--json"], store: store)
            #expect((0..<4).allSatisfy { list.stdout.contains("Item \($0)") }, "round \(round)")
        }
    }

    @Test func aKilledDemoLeavesTheStoreEmptyOrComplete() throws {
        try #require(SQLiteShell.available, "sqlite3 is needed (CI installs it)")
        let folder = TemporaryFolder()
        var complete = 0, empty = 0
        for run in 0..<50 {
            let store = folder.path("demo-\(run).sqlite")
            let process = try Homescreen.start(["demo"], environment: Homescreen.environment(store: store))
            usleep(useconds_t.random(in: 0...120_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            guard FileManager.default.fileExists(atPath: store) else { empty += 1; continue }
            let counts = try SQLiteShell.run(store, """
                SELECT (SELECT COUNT(*) FROM product) || ' ' || (SELECT COUNT(*) FROM budget) || ' ' || (SELECT COUNT(*) FROM expense) || ' ' || (SELECT COUNT(*) FROM card)
                """)
            let text = counts.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            if counts.status != 0 || text == "0 0 0 0" || text.isEmpty { empty += 1; continue }
            #expect(text.hasPrefix("14 10 ") && text.hasSuffix(" 3"), "run \(run): a half-filled store: \(text)")
            complete += 1
        }
        #expect(complete + empty == 50)
    }
}
