import HomescreenHosting
import HomescreenWidgetCore

/// The full-screen view of one pane (Enter): which pane, how far its view is scrolled (what a
/// kind makes of it: rows, or the calendar's days from today's) and how many months ←/→ moved
/// it (`cursor`). The arrows do what the kind's `DetailNavigation` says for the entry on show.
public struct DetailView: Equatable, Sendable {
    public private(set) var pane: Int?
    public private(set) var scroll = 0
    public private(set) var cursor = 0
    /// The key of the selected row (a list whose kind gives `rowKeys`): followed across reloads.
    public private(set) var followed: String?

    public init() {}

    public mutating func open(_ pane: Int) {
        self.pane = pane
        scroll = 0
        cursor = 0
        followed = nil
    }

    /// A new entry of the view's list is on show: the selection moves to where its row is now,
    /// or, when the row is gone, stays at its place within the list. - Returns: whether it moved.
    @discardableResult
    public mutating func follow(_ navigation: DetailNavigation) -> Bool {
        let keys = navigation.rowKeys
        guard !keys.isEmpty else { return false }
        let before = scroll
        if let followed, let index = keys.firstIndex(of: followed) { scroll = index } else { scroll = min(max(scroll, 0), keys.count - 1) }
        followed = keys[scroll]
        return scroll != before
    }

    public mutating func close() { pane = nil }

    /// What an action does in the view.
    public enum Outcome: Equatable, Sendable {
        /// Handled; the entry stays as it is (a list only moves its view).
        case handled
        /// The entry is made for the new scroll or month: its pane reloads.
        case reload
        /// Esc: the view closes.
        case closed
    }

    /// - Parameters:
    ///   - navigation: what the arrows may do, as the kind says for the entry on show (nil
    ///     before it is loaded).
    ///   - pageRows: how far PgUp/PgDn scroll a list.
    /// - Returns: nil for an action the view leaves to the dashboard.
    public mutating func handle(_ action: Action, navigation: DetailNavigation?, pageRows: Int) -> Outcome? {
        switch action {
        case .back:
            pane = nil
            return .closed
        case .focusUp, .focusDown, .focusLeft, .focusRight, .previousPage, .nextPage:
            guard let navigation else { return .handled }
            let pages = action == .previousPage || action == .nextPage
            let sideways = action == .focusLeft || action == .focusRight
            // Months: ←/→ when they do not scroll, PgUp/PgDn when they do.
            if navigation.movesByMonth, sideways ? navigation.sideStep == nil : pages && navigation.sideStep != nil {
                cursor += action == .focusRight || action == .nextPage ? 1 : -1
                scroll = 0
                return .reload
            }
            guard !sideways || navigation.sideStep != nil else { return .handled }
            let forward = action == .focusDown || action == .focusRight || action == .nextPage
            let step = (sideways ? navigation.sideStep ?? 1 : pages ? pageRows : navigation.verticalStep) * (forward ? 1 : -1)
            let target = scroll + step, range = navigation.scroll
            // Past an end, into the next or the previous month where the kind says where that lands.
            if !pages, target > range.upperBound, let after = navigation.scrollAfter {
                cursor += 1
                scroll = after + (target - range.upperBound - 1)
                return .reload
            }
            if !pages, target < range.lowerBound, let before = navigation.scrollBefore {
                cursor -= 1
                scroll = before - (range.lowerBound - target - 1)
                return .reload
            }
            return scrolled(to: min(max(range.lowerBound, target), range.upperBound), navigation)
        case .firstRow, .lastRow:
            guard let navigation else { return .handled }
            return scrolled(to: action == .firstRow ? navigation.scroll.lowerBound : navigation.scroll.upperBound, navigation)
        case .focusNext, .focusPrevious, .open:
            return .handled
        default:
            return nil
        }
    }

    private mutating func scrolled(to target: Int, _ navigation: DetailNavigation) -> Outcome {
        guard target != scroll else { return .handled }
        scroll = target
        if navigation.rowKeys.indices.contains(target) { followed = navigation.rowKeys[target] }
        return navigation.scrollReloads ? .reload : .handled
    }
}
