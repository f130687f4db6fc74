import HomescreenHosting
import HomescreenWidgetCore

/// A modal over the dashboard: what it is for, and its form or picker. The dashboard's update
/// hands a submitted form or a chosen item to the kind that opened it.
public struct Modal: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        /// The dashboard's theme picker.
        case chooseTheme
        /// A kind's form, picker or question, and what goes back to the kind.
        case kind(KindReply)
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

/// What a kind's modal gives back to it: its submitted form, its picker's choice, or yes.
public struct KindReply: Equatable, Sendable {
    public let kind: WidgetKind
    let submitted: (@Sendable (Form) -> KindMessage)?
    let chosen: (@Sendable (Picker.Choice) -> KindMessage)?
    let yes: KindMessage?

    init(_ kind: WidgetKind, submitted: (@Sendable (Form) -> KindMessage)? = nil, chosen: (@Sendable (Picker.Choice) -> KindMessage)? = nil,
         yes: KindMessage? = nil) {
        self.kind = kind
        self.submitted = submitted
        self.chosen = chosen
        self.yes = yes
    }

    /// Replies compare by whose they are (their closures cannot be compared).
    public static func == (lhs: KindReply, rhs: KindReply) -> Bool { lhs.kind == rhs.kind }
}
