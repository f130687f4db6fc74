import HomescreenWidgetCore

/// Which pane has the focus and which page of the home screen is shown: Tab walks the panes in
/// reading order (rows top to bottom, left to right), the arrows go to the neighbour on screen (and past the edge, to the
/// next page), PgUp/PgDn turn pages.
public struct FocusAndPages: Equatable, Sendable {
    /// The focused pane: an index into the current mode's list of panes.
    public private(set) var focus: Int?
    public private(set) var page = 0

    public init() {}

    /// Keeps the focus where it was if the new layout still places it, else the first pane.
    public mutating func adopt(_ layout: HomeLayout?, paneCount: Int) {
        guard let layout else { focus = nil; return }
        if let current = focus, current < paneCount, let placed = layout.page(of: current) {
            page = placed
        } else {
            focus = layout.readingOrder.first
            page = 0
        }
        page = min(page, layout.pages.count - 1)
    }

    /// A click's pane.
    public mutating func focus(_ pane: Int) { focus = pane }

    public mutating func move(by step: Int, in layout: HomeLayout?) {
        guard let layout, !layout.order.isEmpty else { return }
        let order = layout.readingOrder
        let position = focus.flatMap { order.firstIndex(of: $0) } ?? 0
        focus = order[(position + step + order.count) % order.count]
        page = layout.page(of: focus!) ?? 0
    }

    public mutating func move(dx: Int, dy: Int, in layout: HomeLayout?) {
        guard let layout, let focus else { return }
        if let next = layout.neighbor(of: focus, dx: dx, dy: dy) {
            self.focus = next
        } else if dx != 0, layout.pages.count > 1 {
            turnPage(by: dx, in: layout)
        }
    }

    public mutating func turnPage(by step: Int, in layout: HomeLayout?) {
        guard let layout, layout.pages.count > 1 else { return }
        page = (page + step + layout.pages.count) % layout.pages.count
        focus = layout.pages[page].first?.pane
    }
}
