/// The five widget kinds of the home screen.
public enum WidgetKind: String, CaseIterable, Sendable, Codable {
    case pantry, budget, year, calendar, card

    public init?(argument: String) {
        self.init(rawValue: argument.lowercased())
    }
}
