import Foundation
import Testing

/// ARCHITECTURE.md stays a page a newcomer reads, and its "How to add a kind" is the example
/// kind: every Swift block of that section is one of `NoteKind/`'s files, byte for byte, each
/// file is quoted, and `SixthKindTests` registers the kind those files make.
struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let exampleFolder = "Tests/RuntimeTests/NoteKind/"

    static func text(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }

    /// The section under `heading`, up to the next `## `.
    static func section(_ heading: String, of document: String) throws -> String {
        let start = try #require(document.range(of: "\n## \(heading)\n"))
        let rest = document[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)])
    }

    /// Each ```swift block with the file path named in backquotes on the last line of text before it.
    static func quotedFiles(in section: String) -> [(path: String?, code: String)] {
        var result: [(String?, String)] = [], lines = section.components(separatedBy: "\n")[...]
        var lastPath: String?
        while let line = lines.popFirst() {
            if line.trimmingCharacters(in: .whitespaces) == "```swift" {
                var code: [String] = []
                while let next = lines.popFirst(), next != "```" { code.append(next) }
                result.append((lastPath, code.joined(separator: "\n") + "\n"))
                lastPath = nil
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lastPath = line.firstMatch(of: /`(Tests\/RuntimeTests\/NoteKind\/\w+\.swift)`:\s*$/).map { String($0.output.1) }
            }
        }
        return result
    }

    @Test func howToAddAKindQuotesTheExampleKindsFilesExactly() throws {
        let section = try Self.section("How to add a kind", of: try Self.text("ARCHITECTURE.md"))
        let quoted = Self.quotedFiles(in: section)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent(Self.exampleFolder).path)
            .filter { $0.hasSuffix(".swift") }.sorted().map { Self.exampleFolder + $0 }
        #expect(files.count >= 4)
        #expect(quoted.map(\.path).compactMap { $0 }.sorted() == files, "every block names its file, and every file is quoted")
        for (path, code) in quoted {
            let path = try #require(path, "a Swift block without its file: \(code.prefix(80))")
            #expect(try Self.text(path) == code, "\(path) differs from what ARCHITECTURE.md quotes")
        }
        #expect(try Self.text("Tests/RuntimeTests/SixthKindTests.swift").contains("WidgetCatalog.standard.register(NoteFeature("))
    }

    /// A page: every module of Package.swift in the table, each row short.
    @Test func theModuleTableNamesEveryModuleInShortRows() throws {
        let document = try Self.text("ARCHITECTURE.md")
        let table = try Self.section("Modules", of: document).components(separatedBy: "\n").filter { $0.hasPrefix("| `") }
        let named = Set(table.flatMap { row in row.split(separator: "|")[0].matches(of: /`([\w-]+)`/).map { String($0.output.1) } })
        let modules = try ArchitectureTests.dependencies().keys.filter { !$0.hasSuffix("Tests") }
        #expect(Set(modules).subtracting(named).isEmpty, "not in the module table: \(Set(modules).subtracting(named).sorted())")
        for row in table { #expect(row.count <= 170, "a long row: \(row.prefix(60))…") }
        let prose = document.replacingOccurrences(of: #"```swift\n[\s\S]*?```\n"#, with: "", options: .regularExpression)
        #expect(prose.components(separatedBy: "\n").count <= 180, "ARCHITECTURE.md's text beyond the example kind is a page")
    }
}
