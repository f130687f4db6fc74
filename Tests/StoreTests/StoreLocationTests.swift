import Foundation
import HomescreenRender
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

/// A store's folder and a URL's mark are found in the path's bytes, as NSString and String's
/// Foundation search find them.
struct StorePathBytesTests {
    @Test(arguments: ["/a/b/store.sqlite", "/a/b/", "/a/b//", "/store.sqlite", "/", "store.sqlite", "a/b",
                      "//a", "/a//b", "/a//b/", "/é/ü/s.sqlite", "..", "/a/./b", "a//b//"])
    func theFolderIsNSStringsDeletingLastPathComponent(path: String) {
        #expect(PathText.folder(of: path) == (path as NSString).deletingLastPathComponent)
    }

    /// Where NSString gives "" (the root written twice), the folder is the root; a path with
    /// no folder before its name has none (swift-corelibs-foundation's getter traps on "", "."
    /// and "a/").
    @Test func theRootWrittenTwiceIsTheRoot() {
        #expect(PathText.folder(of: "") == "")
        #expect(PathText.folder(of: ".") == "")
        #expect(PathText.folder(of: "a/") == "")
        #expect(PathText.folder(of: "//") == "/")
        #expect(PathText.folder(of: "///") == "/")
    }

    @Test(arguments: ["postgresql://x", "a://", "://", "x:/y", "x:", "", ":/", "a:/:/b", "file:///tmp/s", "é://ü", "/tmp/:///s"])
    func aURLsMarkIsFoundAsContainsFindsIt(location: String) {
        #expect(StoreLocation.looksLikeURL(location) == location.contains("://"))
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
