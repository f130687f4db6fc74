import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// Nothing is drawn outside its place, at any size: every kind × family × density at sizes from
/// the smallest to 240×80 keeps a framed pane's frame whole, and the dashboard with its help,
/// forms and pickers open fits every terminal size from 20×6 to 240×80.
struct SweepTests {
    let folder = TemporaryFolder()
    let zone = DemoDashboard.zone, start = DemoDashboard.start

    @Test func everyPaneKeepsItsFrameAtEverySize() throws {
        let store = try DemoDashboard.store(in: folder)
        // The sizes the layout gives panes (the smallest grown slots are 20×9 and 42×9), the
        // families' fixed sizes at both densities, and full-screen views from 12×6 to 240×79.
        let sizes = [(12, 6), (20, 9), (20, 10), (29, 10), (40, 20), (42, 9), (42, 10), (42, 19), (58, 15), (84, 44), (100, 6), (120, 30), (240, 79)]
        for feature in WidgetCatalog.standard.features {
            let widget = feature.widget(store: store, settings: WidgetSettings())
            for family in feature.families where family.isSystem {
                for density in Density.allCases {
                    for (columns, rows) in sizes {
                        for detail in [false, true] {
                            let context = WidgetContext(family: family, density: density, size: CellSize(columns: columns, rows: rows),
                                                        timeZone: zone, detail: detail)
                            let grid = try widget.timeline(in: context, at: start).entries[0].render(in: context)
                            #expect(grid.width == columns && grid.height == rows, "\(feature.kind) \(family) \(columns)×\(rows)")
                            let bottom = grid.rowTexts().last ?? ""
                            guard grid.rowTexts().first?.hasPrefix("╭") == true else { continue }   // a frameless view (compact calendar)
                            #expect(bottom.hasPrefix("╰") && bottom.hasSuffix("╯") && !bottom.dropFirst().dropLast().contains { $0 != "─" },
                                    "\(feature.kind) \(family) \(density) \(columns)×\(rows) detail \(detail): \(bottom)")
                            #expect(grid.rowTexts().dropFirst().dropLast().allSatisfy { $0.hasPrefix("│") && $0.hasSuffix("│") },
                                    "\(feature.kind) \(family) \(columns)×\(rows): a side of the frame was drawn over")
                        }
                    }
                }
            }
        }
    }

    @Test func theDashboardAndItsOverlaysFitEveryTerminal() throws {
        let store = try DemoDashboard.store(in: folder)
        let smallest = HomeLayout.minimumSize(home: DashboardConfig(catalog: .standard).home, lockScreen: DashboardConfig(catalog: .standard).lockScreen,
                                              forcedDensity: nil, preferLockScreen: false)
        for columns in Array(stride(from: smallest.columns, through: 240, by: 22)) + [240] {
            for rows in Array(stride(from: smallest.rows, through: 80, by: 7)) + [80] {
                let runtime = DemoDashboard.runtime(store, size: CellSize(columns: columns, rows: rows))
                for keys: [Key] in [[.character("?")], [.character("b")], [.character("a")], [.character("s")], [.character("T")]] {
                    let under = Self.wholeBoxes(runtime.frame())
                    for key in keys { runtime.send(.key(key)) }
                    let grid = runtime.frame()
                    #expect(grid.width == columns && grid.height == rows)
                    #expect(runtime.dashboard.modal != nil || runtime.dashboard.showingHelp, "\(keys) opened nothing at \(columns)×\(rows)")
                    // The overlay is a box drawn whole (corners and sides) that was not there before.
                    #expect(!Self.wholeBoxes(grid).subtracting(under).isEmpty,
                            "\(keys) at \(columns)×\(rows)\n\(grid.rowTexts().joined(separator: "\n"))")
                    runtime.send(.key(.escape))
                }
                // A full-screen view of each pane keeps its frame.
                for _ in WidgetCatalog.standard.features {
                    runtime.send(.key(.enter))
                    let grid = runtime.frame()
                    // A framed view keeps its frame; a frameless one (the compact calendar) has none to keep.
                    #expect(grid[0, 0].text != "╭" || Self.wholeBoxes(grid).contains { $0.width == columns && $0.height == rows - HomeLayout.bottomRows(rows) },
                            "full screen at \(columns)×\(rows)\n\(grid.rowTexts().joined(separator: "\n"))")
                    runtime.send(.key(.escape))
                    runtime.send(.key(.tab))
                }
            }
        }
    }

    /// Every box in a grid drawn whole: rounded corners at the same columns, sides unbroken.
    static func wholeBoxes(_ grid: CellGrid) -> Set<Rect> {
        var boxes = Set<Rect>()
        for bottom in 0..<grid.height {
            for left in 0..<grid.width where grid[left, bottom].text == "╰" {
                var right = left + 1
                while right < grid.width, grid[right, bottom].text == "─" { right += 1 }
                guard right < grid.width, grid[right, bottom].text == "╯" else { continue }
                var top = bottom - 1
                while top >= 0, grid[left, top].text == "│", grid[right, top].text == "│" { top -= 1 }
                guard top >= 0, grid[left, top].text == "╭", grid[right, top].text == "╮" else { continue }
                boxes.insert(Rect(x: left, y: top, width: right - left + 1, height: bottom - top + 1))
            }
        }
        return boxes
    }
}
