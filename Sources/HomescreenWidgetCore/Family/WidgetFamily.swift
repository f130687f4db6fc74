/// The WidgetKit families, as pane sizes in terminal cells.
public enum WidgetFamily: String, CaseIterable, Sendable, Codable {
    case systemSmall, systemMedium, systemLarge
    case accessoryRectangular, accessoryCircular, accessoryInline

    /// Accepts the WidgetKit name (`systemSmall`) or the short one (`small`), any case.
    public init?(argument: String) {
        let lowered = argument.lowercased()
        guard let match = WidgetFamily.allCases.first(where: { $0.rawValue.lowercased() == lowered || $0.shortName == lowered }) else {
            return nil
        }
        self = match
    }

    /// A home-screen family (framed, on the grid), as opposed to the lock screen's accessories.
    public var isSystem: Bool { [.systemSmall, .systemMedium, .systemLarge].contains(self) }

    public var shortName: String {
        switch self {
        case .systemSmall: return "small"
        case .systemMedium: return "medium"
        case .systemLarge: return "large"
        case .accessoryRectangular: return "rectangular"
        case .accessoryCircular: return "circular"
        case .accessoryInline: return "inline"
        }
    }

    /// The pane size at a density. Derived from the iPhone 390-pt class point sizes with a cell
    /// about twice as tall as wide: regular is 4 pt per column and 8 pt per row, compact half.
    public func size(_ density: Density) -> CellSize {
        let regular: CellSize
        switch self {
        case .systemSmall: regular = CellSize(columns: 40, rows: 20)
        case .systemMedium: regular = CellSize(columns: 84, rows: 20)
        case .systemLarge: regular = CellSize(columns: 84, rows: 44)
        case .accessoryRectangular: regular = CellSize(columns: 40, rows: 9)
        case .accessoryCircular: regular = CellSize(columns: 18, rows: 9)
        case .accessoryInline: regular = CellSize(columns: 58, rows: 1)
        }
        switch density {
        case .regular: return regular
        case .compact: return CellSize(columns: (regular.columns + 1) / 2, rows: self == .accessoryInline ? 1 : (regular.rows + 1) / 2)
        }
    }

    public static let accepted = allCases.map(\.rawValue).joined(separator: ", ") + " (or " + allCases.map(\.shortName).joined(separator: ", ") + ")"
}

/// How many terminal cells a point-sized family gets: `regular` for roomy terminals,
/// `compact` (half in each direction) for small panes.
public enum Density: String, CaseIterable, Sendable, Codable {
    case regular, compact
}

/// A size in terminal cells.
public struct CellSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// Parses `COLSxROWS` (also with `×`), each 1…1000.
    public init?(argument: String) {
        let parts = argument.lowercased().replacingOccurrences(of: "×", with: "x").split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (1...1000).contains(columns), (1...1000).contains(rows) else { return nil }
        self.init(columns: columns, rows: rows)
    }

    public var description: String { "\(columns)×\(rows)" }
}
