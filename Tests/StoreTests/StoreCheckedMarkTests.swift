import Foundation
import GRDB
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenWidgets
import Testing
@testable import HomescreenStore

/// Issue 36: opening for writing runs `PRAGMA quick_check` (issue 21) only when the file is not
/// as a Homescreen process last left it (`CheckedMark`). Counted by `Store.checkedOnOpen`.
struct StoreCheckedMarkTests {
    let folder = TemporaryFolder()

    /// Opens for writing, reports whether the check ran, and closes (as a command does).
    static func opensChecking(_ path: String, _ work: (Store) throws -> Void = { _ in }) throws -> Bool {
        let store = try Store.prepared(at: path)
        try work(store)
        return store.checkedOnOpen
    }

    static func addMilk(_ store: Store) throws {
        _ = try PantryRepository(store).addProduct(name: "Milk", amount: .one, unit: "l", due: LocalDateFixture.day)
    }

    @Test func aFileAsAHomescreenProcessLeftItIsNotCheckedAgain() throws {
        let path = folder.path("store.sqlite")
        #expect(try Self.opensChecking(path, Self.addMilk), "a new file has no mark: checked")
        #expect(try !Self.opensChecking(path), "unchanged since the last close")
        #expect(try !Self.opensChecking(path, Self.addMilk), "unchanged since the last write and close")
        #expect(try !Self.opensChecking(path))
        // Readers (a status line, the dashboard's change feed) change nothing that counts.
        _ = try PantryRepository(Store.openReadOnly(at: path)).products()
        #expect(try !Self.opensChecking(path))
        #expect(try PantryRepository(Store.openReadOnly(at: path)).products().count == 2)
    }

    @Test func writesOfOtherHomescreenProcessesWhileOneIsOpenKeepTheMark() throws {
        let path = folder.path("store.sqlite")
        _ = try Self.opensChecking(path, Self.addMilk)
        // The dashboard holds the store open while commands write and close.
        do {
            let dashboard = try Store.prepared(at: path)
            #expect(!dashboard.checkedOnOpen)
            #expect(try !Self.opensChecking(path, Self.addMilk))
            try Self.addMilk(dashboard)
            #expect(try !Self.opensChecking(path, Self.addMilk))
            try Self.addMilk(dashboard)
        }
        #expect(try !Self.opensChecking(path))
        #expect(try PantryRepository(Store.openReadOnly(at: path)).products().count == 5)
    }

    @Test func aWriteByAnotherProgramMakesTheNextOpenCheck() throws {
        let path = folder.path("store.sqlite")
        _ = try Self.opensChecking(path, Self.addMilk)
        #expect(try !Self.opensChecking(path))
        try Self.foreignWrite(path)
        #expect(try Self.opensChecking(path), "written by another program")
        #expect(try !Self.opensChecking(path), "checked and marked")

        // Another program writes while a Homescreen process has the store open, which then
        // writes too: its write does not vouch for the other's.
        do {
            let dashboard = try Store.prepared(at: path)
            try Self.foreignWrite(path)
            try Self.addMilk(dashboard)
        }
        #expect(try Self.opensChecking(path, Self.addMilk))
        #expect(try !Self.opensChecking(path))
    }

    /// A commit through another SQLite connection (what `sqlite3` or another program does).
    static func foreignWrite(_ path: String) throws {
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "UPDATE product SET name = name || '!' WHERE id = (SELECT MIN(id) FROM product)") }
        try other.close()
    }

    @Test func bytesWrittenWithoutSQLiteMakeTheNextOpenCheckEvenWithTheOldTimes() throws {
        let path = folder.path("store.sqlite")
        _ = try Self.opensChecking(path, Self.addMilk)
        #expect(try !Self.opensChecking(path))
        // The same bytes written back and the modification time set back: the change time moved.
        var before = stat()
        #expect(stat(path, &before) == 0)
        let bytes = try #require(FileSnapshot.bytes(path))
        try bytes.write(to: URL(fileURLWithPath: path))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        #expect(try Self.opensChecking(path))
        #expect(try !Self.opensChecking(path))
    }

    @Test func aStoreDamagedAfterItWasMarkedIsRefusedAndStaysUnwritten() throws {
        let path = folder.path("store.sqlite")
        _ = try Self.opensChecking(path) { store in
            try PantryRepository(store).addProducts((0..<3_000).map { (name: "Product \($0)", amount: .one, unit: "", due: LocalDateFixture.day) })
        }
        #expect(try !Self.opensChecking(path), "marked")
        var bytes = try #require(FileSnapshot.bytes(path))
        let middle = bytes.count / 2 / 4096 * 4096
        for index in middle..<middle + 4096 { bytes[index] ^= 0xFF }
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect {
            try Self.opensChecking(path, Self.addMilk)
        } throws: { error in
            guard case .corrupt(let place, let detail) = error as? StoreError else { return false }
            return place == path && detail.hasPrefix("quick_check")
        }
        #expect(FileSnapshot.bytes(path) == bytes, "nothing written")
        #expect(CheckedMark.recorded(path) == nil, "the mark is gone")
        #expect(throws: StoreError.self) { try Self.opensChecking(path) }
    }

    @Test func aFileReplacedByACopyIsChecked() throws {
        let path = folder.path("store.sqlite")
        _ = try Self.opensChecking(path, Self.addMilk)
        let copy = folder.path("copy.sqlite")
        #expect(copyfile(path, copy))
        #expect(rename(copy, path) == 0)
        #expect(try Self.opensChecking(path), "another file at the path")
        #expect(try !Self.opensChecking(path))
    }

    @Test func throughALinkTheWALBesideTheLinkedFileCounts() throws {
        let path = folder.path("real/store.sqlite"), link = folder.path("link.sqlite")
        _ = try Self.opensChecking(path, Self.addMilk)
        #expect(symlink(path, link) == 0)
        _ = try Self.opensChecking(link, Self.addMilk)
        #expect(try !Self.opensChecking(link))
        // Another program commits through the link and keeps the file open, so its commit stays
        // in the -wal beside the real file (nothing reaches the file itself yet).
        let other = try DatabaseQueue(path: link)
        try other.write { try $0.execute(sql: "UPDATE product SET name = name || '!' WHERE id = (SELECT MIN(id) FROM product)") }
        #expect(try Self.opensChecking(link), "the commit in the -wal beside the real file")
        try other.close()
    }

    private func copyfile(_ from: String, _ to: String) -> Bool {
        (try? FileManager.default.copyItem(atPath: from, toPath: to)) != nil
    }
}
