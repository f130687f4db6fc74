import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// A kind's view: what it draws in.
protocol PaneView {
    var context: WidgetContext { get }
}

extension PaneView {
    var isCompact: Bool { context.density == .compact }
}

/// A kind's views, one per family; `draw(for:)` picks the context's.
protocol FamilyViews: PaneView {
    func inline() -> CellGrid
    func circular() -> CellGrid
    func rectangular() -> CellGrid
    func small() -> CellGrid
    func medium() -> CellGrid
    func large() -> CellGrid
}

extension FamilyViews {
    func drawForFamily() -> CellGrid {
        switch context.family {
        case .accessoryInline: return inline()
        case .accessoryCircular: return circular()
        case .accessoryRectangular: return rectangular()
        case .systemSmall: return small()
        case .systemMedium: return medium()
        case .systemLarge: return large()
        }
    }
}
