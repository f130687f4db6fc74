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

    /// The release executable is what the linker wrote, with every constructor of the toolchain's
    /// libraries it links in (issue 49: no step rewrites it after the link, no linker script
    /// leaves the toolchain's code out): the standard library's argument search, the backtracer's
    /// set-up and the C++ streams' are in `.init_array`, and no post-link optimizer's marks
    /// (llvm-bolt's `.note.bolt_info`, `__hot_start`) are in the file.
    @Test func theReleaseExecutableIsAsLinkedWithTheToolchainsConstructors() throws {
        let path = Homescreen.executable.path
        let environment = ["PATH": "/usr/bin:/bin"]
        guard try !Self.isDebugBuild(path) else { return }
        let sections = try Shell.run("readelf -SW '\(path)'", environment: environment)
        #expect(!sections.stdout.contains("bolt"), "\(sections.stdout)")
        guard let line = sections.stdout.split(separator: "\n").first(where: { $0.contains(" .init_array ") }) else {
            Issue.record("no .init_array: \(sections.stdout)")
            return
        }
        let fields = line.split(separator: "]").last!.split(separator: " ")
        let (offset, size) = (try #require(Int(fields[3], radix: 16)), try #require(Int(fields[4], radix: 16)))
        let file = try #require(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        try file.seek(toOffset: UInt64(offset))
        let bytes = [UInt8](try #require(try file.read(upToCount: size)))
        let pointers = stride(from: 0, to: bytes.count, by: 8).map { start in
            bytes[start..<start + 8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        let symbols = try Self.symbols(path)
        #expect(!symbols.contains { $0.name == "__hot_start" })
        var names: [UInt64: [String]] = [:]
        for (name, address) in symbols { names[address, default: []].append(name) }
        let constructors = Set(pointers.flatMap { names[$0] ?? [] })
        for kept in ["_GLOBAL__sub_I_CommandLine.cpp", "_GLOBAL__sub_I_Backtrace.cpp", "_GLOBAL__sub_I_Node.cpp"] {
            #expect(constructors.contains(kept), "\(kept) does not run: \(constructors.sorted())")
        }
    }

    /// The executables users install carry no debug information (60% of their size) but keep
    /// their symbol table, so a crash's backtrace still names its functions (scripts/install.sh
    /// strips them; CI runs the end-to-end tests on executables stripped the same way).
    @Test func theInstalledExecutableHasNoDebugInformationButItsFunctionNames() throws {
        let path = Homescreen.executable.path
        guard try !Self.isDebugBuild(path) else { return }
        let sections = try Shell.run("readelf -SW '\(path)'", environment: ["PATH": "/usr/bin:/bin"]).stdout
        #expect(!sections.contains(".debug_info"), "\(path) still has its debug information")
        #expect(sections.contains(".symtab"))
        let names = Set(try Self.symbols(path).map(\.name))
        #expect(names.contains("main") && names.contains("swift_retain"), "\(names.count) symbols")
    }

    /// A debug build links Swift's libraries as shared ones, with none of the release link's settings.
    private static func isDebugBuild(_ path: String) throws -> Bool {
        try Shell.run("readelf -d '\(path)'", environment: ["PATH": "/usr/bin:/bin"]).stdout.contains("libswiftCore")
    }

    /// The executable's defined symbols and their addresses (`nm`; a name with spaces is skipped).
    private static func symbols(_ path: String) throws -> [(name: String, address: UInt64)] {
        try Shell.run("nm --defined-only '\(path)'", environment: ["PATH": "/usr/bin:/bin"]).stdout.split(separator: "\n").compactMap { entry in
            let parts = entry.split(separator: " ")
            guard parts.count == 3, let address = UInt64(parts[0], radix: 16) else { return nil }
            return (String(parts[2]), address)
        }
    }
}
