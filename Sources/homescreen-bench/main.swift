import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

// In-process timings for BENCHMARKS.md (run by scripts/benchmark.sh, release build):
// the pantry timeline with N products, from products in memory and through the store.
// Prints the median and the 90th percentile of many runs; not a test, machines are noisy.

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
let zone = TimeZone(identifier: "Europe/Zurich")!
let now = ISO8601DateFormatter().date(from: "2026-11-22T10:00:00+01:00")!
let today = LocalDate(now, in: zone)

// Deterministic products: due dates spread from 30 days ago to a year ahead.
var seed: UInt64 = 42
var rows: [(name: String, amount: Quantity, unit: String, due: LocalDate)] = []
for index in 0..<count {
    var draws: [Int] = []
    for bound in [9, 395] {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        draws.append(Int((seed >> 33) % UInt64(bound)))
    }
    rows.append((name: "Product \(index)", amount: Quantity(units: Int64(1 + draws[0])), unit: "pcs", due: today.adding(days: draws[1] - 30)))
}
let products = rows.enumerated().map { Product(id: Int64($0.offset + 1), name: $0.element.name, amount: $0.element.amount, unit: $0.element.unit, due: $0.element.due) }

func measure(_ label: String, runs: Int, _ work: () throws -> Void) rethrows {
    var samples: [Double] = []
    for _ in 0..<3 { try work() }   // warm up
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try work()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    }
    samples.sort()
    let median = samples[samples.count / 2], p90 = samples[samples.count * 9 / 10]
    print(String(format: "%-58@ median %7.3f ms   p90 %7.3f ms   (%d runs)", label as NSString, median, p90, runs))
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homescreen-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: folder) }
let store = try Store.open(at: folder.appendingPathComponent("store.sqlite").path)
try store.addProducts(rows)
let widget = PantryWidget(store: store)
let medium = WidgetContext(family: .systemMedium, timeZone: zone)
let large = WidgetContext(family: .systemLarge, timeZone: zone)

print("pantry with \(count) products")
measure("timeline from products in memory (FEFO, counts, policy)", runs: 200) {
    _ = PantryWidget.timeline(products: products, at: now, timeZone: zone, dueSoonDays: 5)
}
try measure("timeline through the store (read + FEFO), pool", runs: 100) {
    _ = try widget.timeline(in: medium, at: now)
}
let readOnly = try Store.openReadOnly(at: store.path)
try measure("timeline through the store (read + FEFO), read-only queue", runs: 100) {
    _ = try PantryWidget(store: readOnly).timeline(in: medium, at: now)
}
let entry = PantryWidget.timeline(products: products, at: now, timeZone: zone, dueSoonDays: 5).entries[0]
measure("draw systemMedium", runs: 200) { _ = PantryWidget.draw(entry, in: medium) }
measure("draw systemLarge", runs: 200) { _ = PantryWidget.draw(entry, in: large) }
