import Foundation
import HomescreenRender
import HomescreenWidgetCore

/// Writing to the standard streams.
public enum Output {
    /// `text` and a newline on standard output, written as they are (no `FileHandle` or `Data`:
    /// a status line's start, issue 36).
    public static func line(_ text: String) {
        _ = write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes all of `text`; false when the descriptor refuses it (a closed pipe).
    public static func write(_ text: String, to descriptor: Int32) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0 { if errno == EINTR { continue } else { return false } }
            offset += written
        }
        return true
    }

    /// Every error message passes here, so values from data or arguments (a product name, an
    /// argument the parser echoes) never reach the terminal with control characters.
    public static func error(_ text: String) {
        let safe = text.split(separator: "\n", omittingEmptySubsequences: false).map { SafeText.clean(String($0)) }
        FileHandle.standardError.write(Data((safe.joined(separator: "\n") + "\n").utf8))
    }

    public static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Stable, documented JSON: sorted keys, ISO 8601 dates with the local offset.
    /// Standard output written in 64 KB blocks: for lists of any length in bounded memory.
    public final class Stream {
        public init() {}
        private var buffer = Data()
        public func write(_ text: String) {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 65_536 { flush() }
        }
        public func flush() {
            FileHandle.standardOutput.write(buffer)
            buffer.removeAll(keepingCapacity: true)
        }
    }

    /// A JSON string literal as `JSONEncoder` writes it (slashes not escaped).
    public static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 { result += String(format: "\\u%04x", scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }

    public static func json<T: Encodable>(_ value: T, timeZone: Zone) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(InstantParser.internet(date, in: timeZone))
        }
        return escapingC1Controls(String(decoding: try encoder.encode(value), as: UTF8.self))
    }

    /// JSON may carry DEL and the C1 controls raw (U+009B is CSI to some terminals); written as
    /// \u escapes the document means the same and stays inert when printed.
    public static func escapingC1Controls(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { (0x7F...0x9F).contains($0.value) }) else { return json }
        var result = ""
        for scalar in json.unicodeScalars {
            if (0x7F...0x9F).contains(scalar.value) {
                result += "\\u00" + String(scalar.value, radix: 16)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
