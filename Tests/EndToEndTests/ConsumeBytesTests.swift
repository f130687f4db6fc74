import Foundation
import HomescreenTestSupport
import Testing

/// Issue 18: one consume sends at most 512 bytes to the terminal, also when the consumed
/// product runs out and every listed row moves up (a count of bytes, not a timing).
@Suite(.serialized)
struct ConsumeBytesTests {
    @Test func aConsumeThatEmptiesTheFirstProductSendsAtMost512Bytes() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        // Rows like the benchmark's: a bold name and a plain amount that change on every row.
        let products = (0..<16).map { index in
            "{\"name\": \"Product \(1000 + index * 379)\", \"due\": \"\(DashboardTests.day(-20))\", \"amount\": \"\(index == 0 ? 1 : 1 + index % 9)\"}"
        }
        let file = folder.path("products.json")
        try ("[" + products.joined(separator: ", ") + "]").write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try Homescreen.run(["pantry", "import", file], store: store).status == 0)
        let dashboard = try TmuxDashboard(columns: 160, rows: 48, store: store, configHome: folder.url.path)
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("Product 1000") && $0.contains("? help") }, "\(dashboard.text)")
        let bytes = try dashboard.bytesWritten(by: { dashboard.send("c") }, until: { $0.contains("Consumed") && $0.contains("consume 1 · Product 1379") })
        // Every listed row changed (the names moved up one row): 1,422 bytes before the paint plan.
        #expect(bytes > 0 && bytes <= 512, "\(bytes) bytes")
    }
}
