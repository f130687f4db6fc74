/// The status line's message.
public struct StatusMessage: Equatable, Sendable {
    public enum Tone: Equatable, Sendable { case info, success, failure }
    public let text: String
    public let tone: Tone

    /// How long information and confirmations stay on the status line, in seconds.
    public static let lifetime: Double = 4

    public static func info(_ text: String) -> StatusMessage { StatusMessage(text: text, tone: .info) }
    public static func success(_ text: String) -> StatusMessage { StatusMessage(text: text, tone: .success) }
    public static func failure(_ text: String) -> StatusMessage { StatusMessage(text: text, tone: .failure) }

    /// A store message (lowercase for the command line) as a status-line sentence.
    /// Capitalized, unless it starts with a file's name or a path (`extra.journal:9:1: …`).
    public static func sentence(_ text: String) -> String {
        let first = text.prefix { $0 != " " }
        return first.contains(":") || first.contains("/") ? text : text.prefix(1).uppercased() + text.dropFirst()
    }
}
