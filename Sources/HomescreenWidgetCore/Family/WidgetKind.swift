/// A widget kind's name: `pantry`, `budget`… Kinds are not a closed list: each kind declares
/// its own name in its folder, and the catalog (`WidgetCatalog`) says which ones a build has.
public struct WidgetKind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ name: String) { self.rawValue = name }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
