import Foundation
import Testing
@testable import HomescreenStore

/// A store's path is made absolute and standardized by string, exactly as
/// `URL(fileURLWithPath:).standardized.path` does it.
struct StoreLocationTests {
    @Test(arguments: ["/a/b/store.sqlite", "/a//b///store.sqlite", "/a/./b/./store.sqlite", "/a/b/../c/store.sqlite",
                      "/a/b/c/../../store.sqlite", "/../store.sqlite", "/a/../../b/store.sqlite", "/a/b/", "/a/b/.", "/a/b/..",
                      "/", "//", "/a/.../b", "/a/..b/c", "/a/b../c", "/a/ b /c.sqlite", "/é/ü/store.sqlite", "/a/b/.hidden",
                      "/a//b/..", "/a//", "//a", "/a///", "/a/b//..", "/a/.//b", "/a//./b", "/a/b/.//", "///", "/a/..//b",
                      "/..//a", "/a/b/../", "/a//../b"])
    func standardizingAgreesWithFoundation(path: String) {
        #expect(StoreLocation.standardized(path) == URL(fileURLWithPath: path).standardized.path)
    }

    @Test(arguments: ["store.sqlite", "./a/../store.sqlite", "../x/store.sqlite", "a//b/"])
    func aRelativePathIsTakenFromTheWorkingFolder(path: String) {
        for folder in [FileManager.default.currentDirectoryPath, "/", "/tmp", "/a//b"] {
            #expect(StoreLocation.absolute(path, from: folder) == URL(fileURLWithPath: folder).appendingPathComponent(path).standardized.path,
                    "\(folder)")
        }
        let folder = FileManager.default.currentDirectoryPath
        #expect(StoreLocation.absolute(path) == URL(fileURLWithPath: folder).appendingPathComponent(path).standardized.path)
    }
}

/// The identifiers a kind's data description takes: an ASCII letter, then ASCII letters and digits.
struct PlainIdentifierTests {
    @Test(arguments: ["product", "amountMilli", "a1", "Z", "expenseDay2"])
    func plainNamesAreTaken(name: String) {
        #expect(DataTable.isPlain(name))
    }

    @Test(arguments: ["", "1a", "a_b", "a-b", "a b", "é", "aé", "@a", "a[", "`a", "{", "a\u{0}"])
    func anythingElseIsRefused(name: String) {
        #expect(!DataTable.isPlain(name))
    }
}
