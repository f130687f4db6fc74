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

    /// The constructors a start runs (`.init_array`, by symbol): ours (the arguments handed to
    /// the standard library, a status line's memory mapped at once) and none of the ones
    /// linker/start.ld leaves out (the standard library's /proc/self/maps search, the
    /// backtracer's set-up, the C++ standard streams').
    @Test func theReleaseExecutableRunsOurConstructorsAndNotTheDroppedOnes() throws {
        let path = Homescreen.executable.path
        let environment = ["PATH": "/usr/bin:/bin"]
        let sections = try Shell.run("readelf -SW '\(path)'", environment: environment)
        guard let line = sections.stdout.split(separator: "\n").first(where: { $0.contains(" .init_array ") }) else {
            Issue.record("no .init_array: \(sections.stdout)")
            return
        }
        let fields = line.split(separator: "]").last!.split(separator: " ")
        let (offset, size) = (Int(fields[3], radix: 16)!, Int(fields[4], radix: 16)!)
        let file = try #require(FileHandle(forReadingAtPath: path))
        try file.seek(toOffset: UInt64(offset))
        let bytes = [UInt8](try #require(try file.read(upToCount: size)))
        let pointers = stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        let symbols = try Shell.run("nm --defined-only '\(path)'", environment: environment)
        var names: [UInt64: [String]] = [:]
        for entry in symbols.stdout.split(separator: "\n") {
            let parts = entry.split(separator: " ")
            if parts.count == 3, let address = UInt64(parts[0], radix: 16) { names[address, default: []].append(String(parts[2])) }
        }
        let constructors = Set(pointers.flatMap { names[$0] ?? [] })
        #expect(constructors.contains("hs_take_arguments") && constructors.contains("hs_prefault_status_line"), "\(constructors.sorted())")
        // A debug build links the standard library as a shared one, without linker/start.ld.
        let dynamic = try Shell.run("readelf -d '\(path)'", environment: environment)
        guard !dynamic.stdout.contains("libswiftCore") else { return }
        for dropped in ["_GLOBAL__sub_I_CommandLine.cpp", "_GLOBAL__sub_I_Backtrace.cpp", "_GLOBAL__sub_I_Node.cpp",
                        "_GLOBAL__sub_I_Table.cpp", "_GLOBAL__sub_I_calendar.cpp", "_GLOBAL__sub_I_astro.cpp", "_GLOBAL__sub_I_hebrwcal.cpp",
                        "_GLOBAL__sub_I_chnsecal.cpp", "_GLOBAL__sub_I_dangical.cpp", "_GLOBAL__sub_I_hinducal.cpp", "_GLOBAL__sub_I_islamcal.cpp"] {
            #expect(!constructors.contains(dropped), "\(dropped) still runs")
        }
    }
}
