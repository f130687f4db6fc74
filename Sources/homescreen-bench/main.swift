import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenRuntime
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

// In-process timings for BENCHMARKS.md (run by scripts/benchmark.sh, release build):
// the pantry timeline with N products, from products in memory and through the store; the
// budget and year timelines with 100,000 expenses; Enter in the add-expense form to a frame;
// the Vietnamese calendar (every day of 1900–2100, one month grid).
// Prints the median and the 90th percentile of many runs; not a test, machines are noisy.

let count = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 10_000
let zone = Zone(identifier: "Europe/Zurich")!
let now = InstantParser.internetInstant("2026-11-22T10:00:00+01:00", fraction: false, localIn: nil)!
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

// MARK: - The Vietnamese calendar (first, so the month table is built cold here)

print("calendar")
let firstDay = LocalDate(year: 1900, month: 1, day: 1)!
let dayCount = LocalDate(year: 2101, month: 1, day: 1)!.dayNumber - firstDay.dayNumber
func convertEveryDay() {
    var checksum = 0
    for offset in 0..<dayCount { checksum &+= VietnameseCalendar.lunarDate(for: firstDay.adding(days: offset))!.day }
    precondition(checksum > 0)
}
let coldStart = DispatchTime.now().uptimeNanoseconds
convertEveryDay()
print(String(format: "%-58@ %7.3f ms   (once, cold: builds the month table)", "every day 1900–2100 → lunar, first use" as NSString,
             Double(DispatchTime.now().uptimeNanoseconds - coldStart) / 1_000_000))
measure("every day 1900–2100 → lunar (\(dayCount) days)", runs: 20, convertEveryDay)
measure("every day 1900–2100 → lunar → solar", runs: 20) {
    for offset in 0..<dayCount {
        let day = firstDay.adding(days: offset)
        precondition(VietnameseCalendar.solarDate(for: VietnameseCalendar.lunarDate(for: day)!) == day)
    }
}
let calendarMonth = YearMonth(year: 2026, month: 2)!, tet = LocalDate(year: 2026, month: 2, day: 17)!
measure("one month grid (42 days, details, holidays)", runs: 2000) {
    precondition(CalendarEntry(date: now, today: tet, month: calendarMonth, selected: tet) != nil)
}
let calendarEntry = CalendarEntry(date: now, today: tet, month: calendarMonth, selected: tet)!
measure("one month grid drawn, calendar systemMedium", runs: 2000) { _ = CalendarWidget().render(calendarEntry, in: WidgetContext(family: .systemMedium, timeZone: zone)) }

// MARK: - The QR encoder (issue 6)

print("qr")
let payload200 = Array("https://sharemycard.app/card.php?id=\(String(repeating: "x", count: 153))&src=qr-app".utf8)
precondition(payload200.count == 200)
for correction in QRErrorCorrection.allCases {
    measure("encode 200 bytes, level \(correction.letter), all 8 masks scored", runs: 200) {
        _ = try! QRCode.encode(payload200, correction: correction)
    }
}
measure("encode 200 bytes, level H, mask 0 given", runs: 200) { _ = try! QRCode.encode(payload200, correction: .high, mask: 0) }

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("homescreen-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: folder) }
let store = try Store.open(at: folder.appendingPathComponent("store.sqlite").path)
try store.prepare(WidgetCatalog.standard.data)   // the kinds' own tables, as every command prepares them
try PantryRepository(store).addProducts(rows)
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

// MARK: - Budget and year with 100,000 expenses

let expenseCount = 100_000
let chf = Currency(code: "CHF")!
for month in 1...12 { try BudgetRepository(store).setBudget(MonthlyBudget(month: YearMonth(year: 2026, month: month)!, limit: Money(cents: 300_000), currency: chf)) }
var expenseRows: [(amount: Money, day: LocalDate, note: String, category: String?)] = []
for index in 0..<expenseCount {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    let day = LocalDate(year: 2026, month: 1, day: 1)!.adding(days: Int((seed >> 33) % 365))
    expenseRows.append((Money(cents: Int64(100 + (seed >> 40) % 9_900)), day, "Expense \(index)", nil))
}
try BudgetRepository(store).addExpenses(expenseRows, currency: chf)
print("")
print("budget and year with \(expenseCount) expenses over 2026 (\(expenseCount / 12) a month)")
let budgetWidget = BudgetWidget(store: store), yearWidget = YearWidget(store: store)
try measure("budget timeline through the store, pool", runs: 200) { _ = try budgetWidget.timeline(in: medium, at: now) }
try measure("budget timeline through the store, read-only queue", runs: 200) { _ = try BudgetWidget(store: readOnly).timeline(in: medium, at: now) }
try measure("year timeline through the store, pool", runs: 200) { _ = try yearWidget.timeline(in: large, at: now) }
try measure("year timeline through the store, read-only queue", runs: 200) { _ = try YearWidget(store: readOnly).timeline(in: large, at: now) }
let budgetEntry = try budgetWidget.timeline(in: large, at: now).entries[0]
let yearEntry = try yearWidget.timeline(in: large, at: now).entries[0]
measure("draw budget systemLarge", runs: 200) { _ = BudgetWidget.draw(budgetEntry, in: large) }
measure("draw year systemLarge", runs: 200) { _ = yearWidget.render(yearEntry, in: large) }

// MARK: - Enter in the add-expense form to every budget pane redrawn

// The dashboard's update, the write (one transaction), the reload of every budget and year
// pane and the composed frame, with the writer run in this thread: the work between the key
// and the bytes, without the terminal.
var config = DashboardConfig(catalog: .standard)
config.home = [PaneSpec(.budget, .systemSmall), PaneSpec(.budget, .systemMedium), PaneSpec(.year, .systemMedium), PaneSpec(.year, .systemLarge)]
config.lockScreen = [PaneSpec(.budget, .accessoryInline)]
let settings = DashboardSettings(config: config, catalog: .standard, locale: FormattingLocale(identifier: "en_US"), timeZone: zone)
let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: CellSize(columns: 160, rows: 48)), store: store,
                               clock: ManualClock(now), asynchronousWrites: false)
runtime.start()
_ = runtime.frame()
measure("a, 12.50, Enter → write, reload, frame (160x48)", runs: 100) {
    runtime.send(.key(.character("a")))
    for character in "12.50" { runtime.send(.key(.character(character))) }
    runtime.send(.key(.enter))
    precondition(runtime.dashboard.modal == nil, "the form did not save")
    _ = runtime.frame()
}

// MARK: - A change in place planned and written (ChangeWriter)

// A pantry-like list of 40 rows moving up one row at 160×48 (a bold name, a due text in one of
// two colours, a muted amount): the plan weighing its orders by the writer's exact count, and
// the bytes. This is what the dashboard adds to a frame on top of composing it.
func list(from first: Int) -> CellGrid {
    var grid = CellGrid(width: 160, height: 48)
    for row in 0..<40 {
        grid.write("Product \(first + row * 37)", x: 4, y: row + 2, style: Style(.text, [.bold]))
        grid.write("in \(first + row) days", x: 60, y: row + 2, style: Style(row < 10 ? .warning : .success))
        grid.write("\(1 + (first + row) % 9) pcs", x: 100, y: row + 2, style: Style(.muted))
    }
    return grid
}
let listBefore = list(from: 100), listAfter = list(from: 137)
let writer = ChangeWriter(controls: .ecma48) { ResolvedStyle($0, theme: .builtInDark, depth: .indexed256) }
var sentBytes = 0
measure("a list of 40 rows moving up (160x48): plan and bytes", runs: 200) {
    let counter = ChangeWriter.Counter(writer, grid: listAfter, previous: listBefore)
    let plan = PaintPlan(listAfter, from: listBefore, cost: counter.bytes)
    sentBytes = writer.bytes(plan.passes, grid: listAfter, previous: listBefore).count
}
print("  \(sentBytes) bytes")
