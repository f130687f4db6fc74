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
    public static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
