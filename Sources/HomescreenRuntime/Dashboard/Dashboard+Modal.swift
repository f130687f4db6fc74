import HomescreenHosting
import HomescreenWidgetCore

extension Modal {
    /// What a key does to the modal: it stays open (changed), it is cancelled, or what it was
    /// for is done (a kind hears back, or the theme is chosen).
    public enum Step: Equatable, Sendable {
        case open(Modal)
        /// Closed without a change; the words say what was not done.
        case cancelled(String)
        /// Closed; this goes back to the kind that opened it.
        case reply(KindMessage)
        /// Closed; the theme picker chose this theme.
        case theme(Int)
        /// Closed with nothing to do.
        case closed
    }

    /// A key in the modal: a form's field or submission, y/n for a question, a picker's keys.
    public func step(_ key: Key) -> Step {
        switch content {
        case .form(var form):
            switch form.handle(key) {
            case .editing: return .open(Modal(purpose, .form(form)))
            case .cancelled: return .cancelled("Cancelled; nothing was saved.")
            case .submitted:
                guard case .kind(let reply) = purpose, let submitted = reply.submitted else { return .closed }
                return .reply(submitted(form))
            }
        case .confirm:
            switch key {
            case .character("y"), .character("Y"):
                guard case .kind(let reply) = purpose, let yes = reply.yes else { return .closed }
                return .reply(yes)
            case .character("n"), .character("N"), .escape: return .cancelled("Cancelled; nothing was changed.")
            default: return .open(self)
            }
        case .picker(var picker):
            let outcome = picker.handle(key)
            let choice: Picker.Choice
            switch outcome {
            case .browsing: return .open(Modal(purpose, .picker(picker)))
            case .cancelled: return .cancelled("Cancelled.")
            case .chosen(let index): choice = .item(index)
            case .pressed(let key, let index): choice = .key(key, item: index)
            }
            switch purpose {
            case .chooseTheme:
                guard case .item(let index) = choice else { return .closed }
                return .theme(index)
            case .kind(let reply): return reply.chosen.map { .reply($0(choice)) } ?? .closed
            }
        }
    }
}

extension KindMessage: Equatable {
    /// Messages compare by whose they are (their values are the kind's own types).
    public static func == (lhs: KindMessage, rhs: KindMessage) -> Bool { lhs.kind == rhs.kind }
}
