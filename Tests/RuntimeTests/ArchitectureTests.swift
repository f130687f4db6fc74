import Foundation
import Testing

/// The module graph keeps the boundaries, read from Package.swift itself: the runtime hosts kinds
/// through `HomescreenHosting` and cannot name one (it does not depend on the kinds' module), the
/// stores know no kind, and only the terminal backend sees ncurses.
struct ArchitectureTests {
    static let packageFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Package.swift")

    /// Each target's direct dependencies (targets and products by name), as Package.swift lists them.
    static func dependencies() throws -> [String: Set<String>] {
        let text = try String(contentsOf: packageFile, encoding: .utf8)
        var result: [String: Set<String>] = [:]
        let target = /\.(?:target|executableTarget|testTarget)\(\s*name:\s*"([\w-]+)"(?:,\s*dependencies:\s*\[((?:[^\[\]]|\[[^\]]*\])*)\])?/
        for match in text.matches(of: target) {
            let list = match.output.2.map(String.init) ?? ""
            result[String(match.output.1)] = Set(list.matches(of: /"([\w-]+)"/).map { String($0.output.1) })
        }
        return result
    }

    /// Every target `name` depends on, directly or not.
    static func closure(of name: String, in graph: [String: Set<String>]) -> Set<String> {
        var seen: Set<String> = [], stack = [name]
        while let next = stack.popLast() {
            for dependency in graph[next] ?? [] where seen.insert(dependency).inserted { stack.append(dependency) }
        }
        return seen
    }

    @Test func theRuntimeCannotNameAKind() throws {
        let graph = try Self.dependencies()
        #expect(graph.count > 15, "Package.swift's targets were not read from \(Self.packageFile.path)")
        #expect(graph["HomescreenWidgets"]?.contains("HomescreenHosting") == true)
        for host in ["HomescreenHosting", "HomescreenRuntime", "HomescreenTerminal", "HomescreenStore", "HomescreenPostgres"] {
            let reached = Self.closure(of: host, in: graph)
            #expect(!reached.contains("HomescreenWidgets"), "\(host) depends on the kinds' module")
        }
        #expect(Self.closure(of: "HomescreenRuntime", in: graph).contains("HomescreenHosting"))
        for store in ["HomescreenStore", "HomescreenPostgres"] {
            #expect(!Self.closure(of: store, in: graph).contains("HomescreenHosting"), "\(store) depends on the feature protocol")
        }
        let ncursesUsers = graph.filter { $0.value.contains("CNcursesw") }.map(\.key)
        #expect(ncursesUsers == ["HomescreenTerminal"])
    }

    /// The kinds check their own command-line values (`PantryInput`, `BudgetInput`…) as plain
    /// functions, and declare their own commands (`pantry add`) through `HomescreenCommandLine`,
    /// the one library that knows the argument parser: the runtime and the hosting layer do not
    /// reach it, and `homescreen` never links SwiftNIO (the `serve` options both executables parse).
    @Test func onlyTheCommandLineKnowsTheArgumentParser() throws {
        let graph = try Self.dependencies()
        #expect(Set(graph.filter { $0.value.contains("ArgumentParser") }.map(\.key))
                == ["homescreen", "homescreen-serve", "HomescreenServeOptions", "HomescreenCommandLine"])
        #expect(!Self.closure(of: "homescreen", in: graph).contains("HomescreenServe"), "the dashboard's executable links the SSH server")
        for module in ["HomescreenHosting", "HomescreenRuntime", "HomescreenStore", "HomescreenPostgres"] {
            #expect(!Self.closure(of: module, in: graph).contains("ArgumentParser"), "\(module) depends on the argument parser")
        }
        #expect(!Self.closure(of: "HomescreenCommandLine", in: graph).contains("HomescreenPostgres"), "a kind's command opens no store itself")
    }

    /// The test reads what it claims: a graph where the runtime reaches the kinds is caught.
    @Test func theCheckSeesAnIndirectDependency() {
        let graph: [String: Set<String>] = ["HomescreenRuntime": ["Helper"], "Helper": ["HomescreenWidgets"]]
        #expect(Self.closure(of: "HomescreenRuntime", in: graph).contains("HomescreenWidgets"))
    }
}
