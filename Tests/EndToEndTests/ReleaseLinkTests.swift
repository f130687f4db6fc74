import Foundation
import HomescreenTestSupport
import Testing

/// What the executable users install loads at every start (issue 36: a status line starts every
/// few seconds): the C library and its maths library, and nothing else. SQLite, ncurses, the C++
/// runtime, the unwinder and Swift's own libraries are linked in, and the loader is given no
/// folder of its own to search. A debug build links Swift's libraries as shared ones, so only a
/// release executable is held to this (CI runs the end-to-end tests on one).
struct ReleaseLinkTests {
    @Test func theReleaseExecutableLoadsOnlyTheCLibraries() throws {
        let dynamic = try Shell.run("readelf -d '\(Homescreen.executable.path)'", environment: ["PATH": "/usr/bin:/bin"])
        #expect(dynamic.status == 0 && dynamic.stdout.contains("(NEEDED)"), "\(dynamic.stderr)")
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }
            .compactMap { $0.split(separator: "[").last?.split(separator: "]").first.map(String.init) }
        guard !needed.contains(where: { $0.hasPrefix("libswiftCore") }) else {
            #expect(needed.contains("libc.so.6"), "a debug build: \(needed)")
            return
        }
        #expect(Set(needed) == ["libc.so.6", "libm.so.6", "ld-linux-x86-64.so.2"], "\(needed)")
        #expect(!dynamic.stdout.contains("RUNPATH") && !dynamic.stdout.contains("RPATH"), "\(dynamic.stdout)")
    }
}
