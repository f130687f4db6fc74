import Foundation
import HomescreenRender
import HomescreenTestSupport
import HomescreenWidgetCore
import Testing
@testable import HomescreenRuntime

/// Issue 51, point 8: the key bar always keeps the way to every key (`? help`) and the way out
/// (`q quit`): what does not fit is left out before them, at every width, in every language, on
/// the home screen with any pane focused and in a full-screen view.
struct KeyBarTests {
    @Test(arguments: Language.allCases)
    func helpAndQuitAreAlwaysOnTheBar(_ language: Language) throws {
        let folder = TemporaryFolder()
        let store = try DemoDashboard.store(in: folder)
        for columns in stride(from: 50, through: 200, by: 5) {
            let runtime = DemoDashboard.runtime(store, size: CellSize(columns: columns, rows: 24), language: language)
            for pane in runtime.dashboard.panes.indices {
                for _ in runtime.dashboard.panes.indices where runtime.dashboard.focus != pane { runtime.send(.key(.tab)) }
                for fullScreen in [false, true] {
                    if fullScreen { runtime.send(.key(.enter)) }
                    let placed = runtime.dashboard.keyBarPlacements().map(\.item)
                    #expect(placed.contains { $0.key == .character("?") } && placed.contains { $0.key == .character("q") },
                            "\(language) \(columns)×24, pane \(pane)\(fullScreen ? " full screen" : ""): \(placed.map { $0.name + " " + $0.label })")
                }
                runtime.send(.key(.escape))
            }
        }
    }

    @Test func at80x24TheBarEndsWithQuit() throws {
        let folder = TemporaryFolder()
        let runtime = DemoDashboard.runtime(try DemoDashboard.store(in: folder), size: CellSize(columns: 80, rows: 24))
        let bar = try #require(runtime.frame().rowTexts().last)
        #expect(bar.contains("? help") && bar.contains("q quit"), "\(bar)")
        #expect(bar.trimmingCharacters(in: .whitespaces).hasSuffix("q quit"), "what is left out is before it: \(bar)")
    }
}
