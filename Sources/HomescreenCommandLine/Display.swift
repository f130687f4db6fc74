import Foundation
import HomescreenRender

/// Where a JSON document went wrong, in words.
public enum JSONProblem {
    public static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context): return context.underlyingError.map { "\($0.localizedDescription)" } ?? context.debugDescription
        case .keyNotFound(let key, let context): return "\(path(context.codingPath)) is missing \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "\(error)"
        }
    }

    public static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty ? "the document" : keys.map { $0.intValue.map { "product \($0 + 1)" } ?? $0.stringValue }.joined(separator: ".")
    }
}

/// Text from the store made safe and aligned for line output.
public enum Display {
    public static func safe(_ text: String) -> String { SafeText.clean(text) }

    public static func column(_ text: String, _ width: Int) -> String { DisplayWidth.pad(SafeText.clean(text), to: width) }

    /// Words as an English list: "pantry, budget and card".
    public static func list(_ words: [String]) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words[words.count - 1]
    }
}
