import Foundation
import Testing

/// The dashboard runtime hosts kinds through `WidgetFeature` alone: its sources name no kind,
/// no kind's entry type and no kind's table, outside comments.
struct ArchitectureTests {
    static let runtimeFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/HomescreenRuntime")

    @Test func theRuntimeNamesNoKind() throws {
        let files = try #require(FileManager.default.enumerator(at: Self.runtimeFolder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" })
        #expect(files.count > 10, "the runtime's sources were not found at \(Self.runtimeFolder.path)")
        let names = /(?i)pantry|budget|calendar|card|\byear\b|expense|product|consum/
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (number, line) in lines.enumerated() {
                let code = line.components(separatedBy: "//").first ?? ""
                #expect(code.firstMatch(of: names) == nil, "\(file.lastPathComponent):\(number + 1): \(line)")
            }
        }
    }
}
