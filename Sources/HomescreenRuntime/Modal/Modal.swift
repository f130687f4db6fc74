import HomescreenWidgetCore

/// A modal over the dashboard: what it is for, and its form or picker. The dashboard's update
/// hands a submitted form or a chosen item to the kind that opened it.
public struct Modal: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        /// The dashboard's theme picker.
        case chooseTheme
        /// A kind's form or picker, opened with a tag the kind gets back.
        case kind(WidgetKind, tag: String)
    }

    public enum Content: Equatable, Sendable {
        case form(Form)
        case picker(Picker)
        /// A yes/no question (y or n, Esc for no).
        case confirm(String)
    }

    public let purpose: Purpose
    public var content: Content

    public init(_ purpose: Purpose, _ content: Content) {
        self.purpose = purpose
        self.content = content
    }
}
