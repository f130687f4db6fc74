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
        var names: [UInt64: [String]] = [:]
        for (name, address) in try Self.symbols(path) { names[address, default: []].append(name) }
        let constructors = Set(pointers.flatMap { names[$0] ?? [] })
        #expect(constructors.contains("hs_take_arguments") && constructors.contains("hs_prefault_status_line"), "\(constructors.sorted())")
        // A debug build links the standard library as a shared one, without linker/start.ld.
        guard try !Self.isDebugBuild(path) else { return }
        for dropped in ["_GLOBAL__sub_I_CommandLine.cpp", "_GLOBAL__sub_I_Backtrace.cpp", "_GLOBAL__sub_I_Node.cpp",
                        "_GLOBAL__sub_I_Table.cpp", "_GLOBAL__sub_I_calendar.cpp", "_GLOBAL__sub_I_astro.cpp", "_GLOBAL__sub_I_hebrwcal.cpp",
                        "_GLOBAL__sub_I_chnsecal.cpp", "_GLOBAL__sub_I_dangical.cpp", "_GLOBAL__sub_I_hinducal.cpp", "_GLOBAL__sub_I_islamcal.cpp"] {
            #expect(!constructors.contains(dropped), "\(dropped) still runs")
        }
    }

    /// The release executable's code laid out after the link (scripts/layout-release.py, llvm-bolt):
    /// the functions a status line and the dashboard run are in one stretch between __hot_start
    /// and __hot_end, and the data's relative references to a moved function lead to it, not to
    /// its old copy: each type descriptor's accessor (the 4 bytes at offset 12 of `…Mn`, relative
    /// to themselves) is its `…Ma`, the accessor's symbol.
    @Test func theReleaseExecutableIsLaidOutAndItsDescriptorsLeadToTheMovedAccessors() throws {
        let path = Homescreen.executable.path
        let environment = ["PATH": "/usr/bin:/bin"]
        guard try !Self.isDebugBuild(path) else { return }
        var addresses: [String: [UInt64]] = [:]
        for (name, address) in try Self.symbols(path) { addresses[name, default: []].append(address) }
        let low = try #require(addresses["__hot_start"]?.first, "not laid out: no __hot_start")
        let high = try #require(addresses["__hot_end"]?.first)
        for name in ["homescreen_main", "sqlite3_prepare_v2", "swift_retain"] {
            let address = try #require(addresses[name]?.first, "\(name)")
            #expect(low <= address && address < high, "\(name) at \(address), not in the hot stretch")
        }
        // The load segments, to read what is at an address.
        var segments: [(offset: UInt64, address: UInt64, size: UInt64)] = []
        for line in try Shell.run("readelf -lW '\(path)'", environment: environment).stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.first == "LOAD", fields.count > 4 else { continue }
            let numbers = [1, 2, 4].compactMap { UInt64(fields[$0].dropFirst(2), radix: 16) }
            if numbers.count == 3 { segments.append((numbers[0], numbers[1], numbers[2])) }
        }
        #expect(segments.count >= 4, "\(segments)")
        let file = try #require(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        func relative(at address: UInt64) throws -> UInt64? {
            guard let segment = segments.first(where: { $0.address <= address && address + 4 <= $0.address + $0.size }) else { return nil }
            try file.seek(toOffset: segment.offset + address - segment.address)
            let bytes = [UInt8](try #require(try file.read(upToCount: 4)))
            let value = Int32(bitPattern: bytes.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
            return UInt64(Int64(address) + Int64(value))
        }
        var checked = 0, hot = 0, wrong: [String] = []
        for (name, descriptors) in addresses where name.hasSuffix("Mn") && descriptors.count == 1 {
            guard let accessors = addresses[name.dropLast(2) + "Ma"], accessors.count == 1 else { continue }
            checked += 1
            if low <= accessors[0] && accessors[0] < high { hot += 1 }
            if try relative(at: descriptors[0] + 12) != accessors[0] { wrong.append(name) }
        }
        #expect(checked > 500 && hot > 50, "\(checked) descriptors with accessors, \(hot) of them moved")
        #expect(wrong.isEmpty, "\(wrong.count) descriptors lead elsewhere than their accessor: \(wrong.prefix(5))")
    }

    /// A debug build links Swift's libraries as shared ones, without linker/start.ld or the layout.
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
