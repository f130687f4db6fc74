/// One terminal cell: a single grapheme cluster (already made safe and measured) and its style.
/// The trailing half of a wide character is a *continuation* cell with empty text.
public struct Cell: Hashable, Sendable {
    public var text: String
    public var style: Style

    public init(_ text: String = " ", style: Style = .plain) {
        self.text = text
        self.style = style
    }

    public var isContinuation: Bool { text.isEmpty }
    public static let blank = Cell()
}
