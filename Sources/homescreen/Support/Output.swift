import Foundation

/// Writing to the standard streams.
enum Output {
    static func line(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// Stable, documented JSON: sorted keys, ISO 8601 dates with the local offset.
    static func json<T: Encodable>(_ value: T, timeZone: TimeZone) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(formatter.string(from: date))
        }
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
