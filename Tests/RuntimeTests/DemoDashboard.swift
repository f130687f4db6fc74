import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets
@testable import HomescreenRuntime

/// The demo store and a dashboard on it that writes at once, at a fixed time in Zurich.
enum DemoDashboard {
    static let zone = Zone(identifier: "Europe/Zurich")!
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    /// A store in `folder`, with every kind's demo data unless `empty`.
    static func store(in folder: TemporaryFolder, empty: Bool = false) throws -> Store {
        let store = try Store.prepared(at: folder.path("store.sqlite"))
        if !empty {
            try store.batch { for feature in WidgetCatalog.standard.features { try feature.fillDemo(store, today: LocalDate(start, in: zone), at: start) } }
        }
        return store
    }

    /// A started dashboard with the standard kinds.
    static func runtime(_ store: Store, size: CellSize, language: Language = .english, lockScreen: Bool = false) -> DashboardRuntime {
        let settings = DashboardSettings(config: DashboardConfig(catalog: .standard), catalog: .standard, lockScreen: lockScreen, language: language, timeZone: zone)
        let runtime = DashboardRuntime(dashboard: Dashboard(settings: settings, size: size), store: store,
                                       clock: ManualClock(start), asynchronousWrites: false)
        runtime.start()
        return runtime
    }
}
