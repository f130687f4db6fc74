import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting

/// Where each pane goes. The home screen is a phone's slot grid: small spans 2×2 slots, medium
/// 4×2, large 4×4, filled in order (first fit, row by row), as many slot columns as the width
/// allows, and further pages when a page is full. The slot and gap sizes are derived from the
/// family table so a spanning pane is exactly its family's size: regular 18×8 slots with 4-cell
/// gaps (2·18+4 = 40, 4·18+3·4 = 84; 2·8+4 = 20, 4·8+3·4 = 44), compact 9×4 with 2-cell gaps.
/// The lock screen is a strip: inline panes one per row, then rectangular and circular side by side.
///
/// Unless a density is forced, the home screen fills the terminal: every pane goes on page one
/// whenever slots of at least the compact size fit, and the slots grow with the terminal (the
/// slot keeps roughly the families' 18:8 proportion, within 30 %), so a 120×40 terminal shows
/// all five panes, larger than compact. Only when one page is impossible do the fixed sizes
/// and pages come back, at the density that needs the fewest pages.
public struct HomeLayout: Equatable, Sendable {
    public struct Placement: Equatable, Sendable {
        /// Index into the config's list (home or lock screen).
        public let pane: Int
        public let rect: Rect
    }

    public enum Mode: Equatable, Sendable { case home, lockScreen }

    public let mode: Mode
    public let density: Density
    /// Pages of placements; the lock screen has one.
    public let pages: [[Placement]]

    /// Rows under the panes: the status line, and the key bar below it where the terminal has
    /// rows to spare (the lock screen's strip of a 100×9 terminal keeps them for the panes).
    public static func bottomRows(_ rows: Int) -> Int { rows >= keyBarMinimumRows ? 2 : 1 }
    /// The shortest terminal with a key bar.
    public static let keyBarMinimumRows = 12

    struct Metrics {
        let slotWidth, slotHeight, gapX, gapY: Int
        static func of(_ density: Density) -> Metrics {
            density == .regular ? Metrics(slotWidth: 18, slotHeight: 8, gapX: 4, gapY: 4) : Metrics(slotWidth: 9, slotHeight: 4, gapX: 2, gapY: 2)
        }
        func span(_ family: WidgetFamily) -> (columns: Int, rows: Int) {
            switch family {
            case .systemSmall: return (2, 2)
            case .systemMedium: return (4, 2)
            default: return (4, 4)
            }
        }
        func slots(_ length: Int, slot: Int, gap: Int) -> Int { max(0, (length + gap) / (slot + gap)) }
        func extent(_ count: Int, slot: Int, gap: Int) -> Int { count * slot + max(0, count - 1) * gap }
    }

    /// The layout for a terminal size, or nil when nothing fits ("terminal too small").
    /// - Parameters:
    ///   - forcedDensity: `--density` or the config; nil picks the largest density that fits.
    ///   - lockScreen: `--lock-screen`; a terminal too short for the grid gets the strip too.
    public static func make(home: [PaneSpec], lockScreen: [PaneSpec], size: CellSize, forcedDensity: Density?, preferLockScreen: Bool) -> HomeLayout? {
        let area = CellSize(columns: size.columns, rows: size.rows - bottomRows(size.rows))
        let densities: [Density] = forcedDensity.map { [$0] } ?? [.regular, .compact]
        if !preferLockScreen, !home.isEmpty {
            if forcedDensity == nil, let filled = filling(home, in: area) { return filled }
            // Fixed sizes with pages: the density that needs the fewest pages, regular on a tie.
            let paged = densities.compactMap { density in grid(home, in: area, density: density).map { (density, $0) } }
            if let best = paged.min(by: { $0.1.count < $1.1.count }) { return HomeLayout(mode: .home, density: best.0, pages: best.1) }
        }
        for density in densities {
            if let strip = strip(lockScreen, in: area, density: density) { return HomeLayout(mode: .lockScreen, density: density, pages: [strip]) }
        }
        return nil
    }

    /// The smallest terminal that shows something, for the "too small" message: the fewest
    /// rows at which a layout exists, then the fewest columns at that height.
    public static func minimumSize(home: [PaneSpec], lockScreen: [PaneSpec], forcedDensity: Density?, preferLockScreen: Bool) -> CellSize {
        func fits(_ columns: Int, _ rows: Int) -> Bool {
            make(home: home, lockScreen: lockScreen, size: CellSize(columns: columns, rows: rows), forcedDensity: forcedDensity, preferLockScreen: preferLockScreen) != nil
        }
        let rows = (1...200).first { fits(1000, $0) } ?? 200
        let columns = (1...1000).first { fits($0, rows) } ?? 1000
        return CellSize(columns: columns, rows: rows)
    }

    /// Gaps between grown slots, widest first: two columns and one row where they fit, then
    /// one and one, then frames touching row to row (as btop packs its boxes at 80×24).
    static let fillGaps: [(x: Int, y: Int)] = [(2, 1), (1, 1), (1, 0)]

    /// All panes on one page, on the largest slots that fit: for each gap and number of slot
    /// columns, first-fit packing gives the slot rows needed and the area gives the slot size;
    /// the slot's width is kept near the families' proportion, its height takes every row (the
    /// rows the division leaves go one each to the first slot rows, so the panes meet the
    /// status line), and the slot largest in the families' proportion wins. nil when even compact slots (9×4) cannot hold
    /// every pane on one page with the narrowest gaps.
    static func filling(_ panes: [PaneSpec], in area: CellSize) -> HomeLayout? {
        let compact = Metrics.of(.compact)
        for gap in fillGaps {
            var best: (slot: (width: Int, height: Int), columns: Int, rows: Int, cells: [(column: Int, row: Int)], score: (Int, Int))?
            for columns in stride(from: max(2, (area.columns + gap.x) / (compact.slotWidth + gap.x)), through: 2, by: -1) {
                guard let (cells, rows) = pack(panes, columns: columns, metrics: compact) else { continue }
                let height = (area.rows - gap.y * (rows - 1)) / rows
                let width = min((area.columns - gap.x * (columns - 1)) / columns, widest(forHeight: height))
                guard width >= compact.slotWidth, height >= compact.slotHeight else { continue }
                // The slot that is largest in the families' shape (18:8) wins, then the larger area:
                // nine columns by 28 rows is a narrow strip, not a large slot.
                let score = (min(width * 8, height * 18), width * height)
                if best.map({ score > $0.score }) ?? true { best = ((width, height), columns, rows, cells, score) }
            }
            guard let best else { continue }
            let (width, height) = best.slot
            // Slot edges: the columns spread the width's remainder only when the width is not
            // held back by the proportion; the rows always take the whole height.
            let spareX = width < widest(forHeight: height) ? area.columns - gap.x * (best.columns - 1) - best.columns * width : 0
            let spareY = area.rows - gap.y * (best.rows - 1) - best.rows * height
            let left = (area.columns - (best.columns * width + (best.columns - 1) * gap.x + spareX)) / 2
            func x(_ column: Int) -> Int { left + column * (width + gap.x) + min(column, spareX) }
            func y(_ row: Int) -> Int { row * (height + gap.y) + min(row, spareY) }
            let placements = zip(panes.indices, best.cells).map { index, cell -> Placement in
                let span = compact.span(panes[index].family)
                let right = x(cell.column + span.columns - 1) + width + (cell.column + span.columns - 1 < spareX ? 1 : 0)
                let bottom = y(cell.row + span.rows - 1) + height + (cell.row + span.rows - 1 < spareY ? 1 : 0)
                return Placement(pane: index, rect: Rect(x: x(cell.column), y: y(cell.row), width: right - x(cell.column), height: bottom - y(cell.row)))
            }
            let density: Density = width >= Metrics.of(.regular).slotWidth && height >= Metrics.of(.regular).slotHeight ? .regular : .compact
            return HomeLayout(mode: .home, density: density, pages: [placements])
        }
        return nil
    }

    /// A slot no wider than 30 % over the families' 18:8 (a cell is about twice as tall as wide).
    static func widest(forHeight height: Int) -> Int { Int((Double(height) * 18 / 8 * 1.3).rounded(.down)) }

    /// First-fit packing of every pane on `columns` slot columns, rows unbounded.
    /// - Returns: each pane's top-left slot and the slot rows used; nil when a pane is wider.
    static func pack(_ panes: [PaneSpec], columns: Int, metrics: Metrics) -> ([(column: Int, row: Int)], Int)? {
        var taken: [[Bool]] = []
        var cells: [(column: Int, row: Int)] = []
        for pane in panes {
            let span = metrics.span(pane.family)
            guard span.columns <= columns else { return nil }
            var row = 0
            search: while true {
                while taken.count < row + span.rows { taken.append(Array(repeating: false, count: columns)) }
                for column in 0...(columns - span.columns) {
                    let free = (row..<row + span.rows).allSatisfy { r in (column..<column + span.columns).allSatisfy { !taken[r][$0] } }
                    if free {
                        for r in row..<row + span.rows { for c in column..<column + span.columns { taken[r][c] = true } }
                        cells.append((column, row))
                        break search
                    }
                }
                row += 1
            }
        }
        return (cells, taken.count)
    }

    static func grid(_ panes: [PaneSpec], in area: CellSize, density: Density) -> [[Placement]]? {
        let metrics = Metrics.of(density)
        let columns = metrics.slots(area.columns, slot: metrics.slotWidth, gap: metrics.gapX)
        let rows = metrics.slots(area.rows, slot: metrics.slotHeight, gap: metrics.gapY)
        guard panes.allSatisfy({ metrics.span($0.family).columns <= columns && metrics.span($0.family).rows <= rows }) else { return nil }
        let left = (area.columns - metrics.extent(columns, slot: metrics.slotWidth, gap: metrics.gapX)) / 2
        var pages: [[Placement]] = [[]]
        var taken = Array(repeating: Array(repeating: false, count: columns), count: rows)
        func place(_ span: (columns: Int, rows: Int)) -> (Int, Int)? {
            for row in 0...(rows - span.rows) {
                for column in 0...(columns - span.columns) {
                    let free = (row..<row + span.rows).allSatisfy { r in (column..<column + span.columns).allSatisfy { !taken[r][$0] } }
                    if free { return (column, row) }
                }
            }
            return nil
        }
        for (index, pane) in panes.enumerated() {
            let span = metrics.span(pane.family)
            var spot = place(span)
            if spot == nil {
                pages.append([])
                taken = Array(repeating: Array(repeating: false, count: columns), count: rows)
                spot = place(span)
            }
            guard let (column, row) = spot else { return nil }
            for r in row..<row + span.rows { for c in column..<column + span.columns { taken[r][c] = true } }
            let size = pane.family.size(density)
            let rect = Rect(x: left + column * (metrics.slotWidth + metrics.gapX), y: row * (metrics.slotHeight + metrics.gapY),
                            width: size.columns, height: size.rows)
            pages[pages.count - 1].append(Placement(pane: index, rect: rect))
        }
        return pages
    }

    /// Inline panes one per row at the top; the others side by side below, as many as fit,
    /// with a one-column margin (the focus mark) before each.
    static func strip(_ panes: [PaneSpec], in area: CellSize, density: Density) -> [Placement]? {
        var placements: [Placement] = []
        var y = 0
        for (index, pane) in panes.enumerated() where pane.family == .accessoryInline {
            let width = min(pane.family.size(density).columns, area.columns - 2)
            guard width >= 10 else { continue }
            placements.append(Placement(pane: index, rect: Rect(x: 2, y: y, width: width, height: 1)))
            y += 1
        }
        let blocks = panes.enumerated().filter { $0.element.family != .accessoryInline }
        let height = blocks.map { $0.element.family.size(density).rows }.max() ?? 0
        guard y + height <= area.rows, y + height > 0 else { return nil }
        var x = 2
        for (index, pane) in blocks {
            let size = pane.family.size(density)
            guard x + size.columns <= area.columns else { break }
            placements.append(Placement(pane: index, rect: Rect(x: x, y: y, width: size.columns, height: size.rows)))
            x += size.columns + 3
        }
        return placements.isEmpty ? nil : placements
    }

    /// The page that holds a pane.
    public func page(of pane: Int) -> Int? { pages.firstIndex { $0.contains { $0.pane == pane } } }

    public func rect(of pane: Int) -> Rect? { pages.lazy.flatMap { $0 }.first { $0.pane == pane }?.rect }

    /// Every placed pane, page by page: the Tab order.
    public var order: [Int] { pages.flatMap { $0.map(\.pane) } }

    /// Tab's order: each page's panes as they read, top to bottom, then left to right.
    public var readingOrder: [Int] {
        pages.flatMap { page in page.sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }.map(\.pane) }
    }

    /// The pane an arrow goes to from `pane`, on the same page: among the panes that lie that
    /// way, those beside it (overlapping its rows for ←/→, its columns for ↑/↓) come first, the
    /// nearest by the gap between the edges; then the others, by the gap and how far off the
    /// line they are. So from the year at the bottom right, ← is the calendar beside it, not the
    /// budget above.
    public func neighbor(of pane: Int, dx: Int, dy: Int) -> Int? {
        guard let page = page(of: pane), let from = rect(of: pane) else { return nil }
        var best: (pane: Int, score: (Int, Int, Int))?
        for candidate in pages[page] where candidate.pane != pane {
            let r = candidate.rect
            // The gap along the move (negative: not that way), and the overlap across it.
            let gap: Int, overlap: Int, offLine: Int
            if dx != 0 {
                gap = dx > 0 ? r.x - (from.x + from.width) : from.x - (r.x + r.width)
                overlap = min(from.y + from.height, r.y + r.height) - max(from.y, r.y)
                offLine = abs((r.y * 2 + r.height) - (from.y * 2 + from.height))
            } else {
                gap = dy > 0 ? r.y - (from.y + from.height) : from.y - (r.y + r.height)
                overlap = min(from.x + from.width, r.x + r.width) - max(from.x, r.x)
                offLine = abs((r.x * 2 + r.width) - (from.x * 2 + from.width))
            }
            guard gap >= -1 else { continue }   // frames may share a column
            let score = (overlap > 0 ? 0 : 1, max(0, gap), offLine)
            if best.map({ score < $0.score }) ?? true { best = (candidate.pane, score) }
        }
        return best?.pane
    }
}
