import Foundation
import GRDB
import Testing
import HomescreenTestSupport
@testable import HomescreenStore

struct StoreOpeningTests {
    let folder = TemporaryFolder()

    @Test func aNewStoreIsCreatedPrivateInANewFolder() throws {
        let path = folder.path("deep/er/store.sqlite")
        let store = try Store.open(at: path)
        #expect(try store.schemaVersion() == Schema.version)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: folder.path("deep/er"))[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        let journal = try store.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(journal == "wal")
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func reopeningMigratesNothingAndKeepsData() throws {
        let path = folder.path("store.sqlite")
        try Store.open(at: path).addProduct(name: "Milk", amount: .one, unit: "l", due: LocalDateFixture.day)
        #expect(try Store.open(at: path).products().count == 1)
        #expect(try Store.openReadOnly(at: path).products().count == 1)
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndUntouched() throws {
        let path = folder.path("notes.txt")
        try Data("my precious notes\n".utf8).write(to: URL(fileURLWithPath: path))
        let before = FileSnapshot.bytes(path)
        #expect(throws: StoreError.notAStore(path: path)) { try Store.open(at: path) }
        #expect(throws: StoreError.notAStore(path: path)) { try Store.openReadOnly(at: path) }
        #expect(FileSnapshot.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func anotherProgramsDatabaseIsRefusedAndUntouched() throws {
        let path = folder.path("other.sqlite")
        let other = try DatabaseQueue(path: path)
        try other.write { try $0.execute(sql: "CREATE TABLE invoices (id INTEGER PRIMARY KEY); INSERT INTO invoices VALUES (1)") }
        try other.close()
        let before = FileSnapshot.bytes(path)
        #expect(throws: StoreError.notAStore(path: path)) { try Store.open(at: path) }
        #expect(throws: StoreError.notAStore(path: path)) { try Store.openReadOnly(at: path) }
        #expect(FileSnapshot.bytes(path) == before)
    }

    @Test func aStoreOfANewerSchemaIsRefusedAndUntouched() throws {
        let path = folder.path("store.sqlite")
        _ = try Store.open(at: path)
        let raw = try DatabaseQueue(path: path)
        try raw.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
        try raw.close()
        let before = FileSnapshot.bytes(path)
        #expect(throws: StoreError.newerSchema(path: path, found: 99, supported: Schema.version)) { try Store.open(at: path) }
        #expect(throws: StoreError.newerSchema(path: path, found: 99, supported: Schema.version)) { try Store.openReadOnly(at: path) }
        #expect(FileSnapshot.bytes(path) == before)
        #expect(StoreError.newerSchema(path: path, found: 99, supported: 1).description.contains(path))
    }

    @Test func anUncreatablePathSaysWhereAndWhatToDo() throws {
        #expect(throws: StoreError.self) { try Store.open(at: "/proc/homescreen/store.sqlite") }
        let file = folder.path("plain-file")
        try Data().write(to: URL(fileURLWithPath: file))
        do {
            _ = try Store.open(at: file + "/store.sqlite")
            Issue.record("opened a store under a file")
        } catch {
            #expect(error.description.contains(file + "/store.sqlite"))
            #expect(error.description.contains("--store"))
        }
    }

    @Test func aMissingStoreReadsAsEmptyWithoutBeingCreated() throws {
        let path = folder.path("nothing-here.sqlite")
        let store = try Store.openReadOnly(at: path)
        #expect(try store.products().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func locationFollowsOptionThenEnvironmentThenXDG() {
        #expect(StoreLocation.resolve(option: "/a/b.sqlite", environment: ["HOMESCREEN_STORE": "/c/d.sqlite"]) == "/a/b.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["HOMESCREEN_STORE": "/c/d.sqlite"]) == "/c/d.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/homescreen/store.sqlite")
        #expect(StoreLocation.resolve(option: nil, environment: ["HOME": "/h"]) == "/h/.local/share/homescreen/store.sqlite")
    }
}
