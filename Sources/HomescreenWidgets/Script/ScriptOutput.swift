import Foundation
import HomescreenHosting
import HomescreenRender

/// What a run's output says, in any format: the widget's text, its longer body, its role and
/// its percentage, for one instant (a timeline's entries carry a date each).
public struct ScriptDisplay: Sendable, Equatable, Encodable {
    /// The class names a script may give, mapped to roles: a script never picks a color.
    public enum Role: String, Sendable, Equatable, Encodable {
        case normal, good, warning, critical, urgent, muted
    }

    public var text: String
    /// The short form (i3blocks' `short_text`, waybar's `alt`) for the narrowest panes.
    public var short: String?
    public var body: [String] = []
    public var role: Role = .normal
    /// 0…100.
    public var percentage: Int?

    public init(text: String, short: String? = nil, body: [String] = [], role: Role = .normal, percentage: Int? = nil) {
        self.text = text
        self.short = short
        self.body = body
        self.role = role
        self.percentage = percentage
    }

    /// The role a `class` names (the first known one of a list); unknown names are normal.
    static func role(_ names: [String]) -> Role {
        for name in names {
            if let role = Role(rawValue: name.lowercased()), role != .normal { return role }
        }
        return .normal
    }
}

/// A run's output read in one of the formats: displays, and for the timeline format each one's
/// date and when to run again.
public struct ScriptOutput: Sendable, Equatable {
    public enum Policy: Sendable, Equatable {
        /// The declaration's interval says (every format but the timeline).
        case interval
        case atEnd
        case after(Date)
        case never
    }

    public var entries: [(date: Date?, display: ScriptDisplay)]
    public var policy: Policy = .interval

    public static func == (lhs: ScriptOutput, rhs: ScriptOutput) -> Bool {
        lhs.policy == rhs.policy && lhs.entries.map { $0.date } == rhs.entries.map { $0.date } && lhs.entries.map { $0.display } == rhs.entries.map { $0.display }
    }

    /// The longest line kept, in bytes; a longer one is cut at a word.
    public static let lineLimit = 4_096

    /// Reads `text`, which a command wrote, as `format` says (auto: a JSON object with
    /// `entries` is a timeline, another object waybar's, else plain text). Exit status 33 is
    /// i3blocks' "urgent". Every control sequence but none is dropped: nothing a script writes
    /// reaches the terminal as anything but text.
    /// - Throws: `ScriptFormatError` when the text is not in the format named.
    public static func parse(_ text: String, format: WidgetDeclaration.Format, exitStatus: Int32 = 0) throws -> ScriptOutput {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { cutLine(String($0)) }
        var output: ScriptOutput
        switch format {
        case .auto:
            let first = lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
            if first.hasPrefix("{"), let object = jsonObject(text) ?? lines.last(where: { !$0.isEmpty }).flatMap(jsonObject) {
                output = object["entries"] != nil ? try timeline(object) : waybar(object)
            } else {
                output = plain(lines)
            }
        case .waybar:
            // One object a line: the last complete one is the state; lines that are not JSON are
            // read as i3blocks lines, as waybar does.
            if let object = lines.reversed().lazy.compactMap(jsonObject).first { output = waybar(object) } else { output = i3blocks(lines) }
        case .i3blocks: output = i3blocks(lines)
        case .plain: output = plain(lines)
        case .timeline:
            guard let object = jsonObject(text) else { throw ScriptFormatError("the output is not a JSON object with entries") }
            output = try timeline(object)
        }
        if exitStatus == 33 { output.entries = output.entries.map { ($0.date, with($0.display) { $0.role = .urgent }) } }
        return output
    }

    // MARK: - Formats

    static func plain(_ lines: [String]) -> ScriptOutput {
        let kept = lines.map(clean)
        var body = Array(kept.dropFirst())
        while body.last?.isEmpty == true { body.removeLast() }
        return ScriptOutput(entries: [(nil, ScriptDisplay(text: kept.first ?? "", body: body, role: sgrRole(lines.first ?? "")))])
    }

    /// The role the first SGR color of a line stands for (red: critical, green: good, yellow:
    /// warning, dim or bright black: muted): a script's colors keep their meaning, drawn in the
    /// theme's colors.
    static func sgrRole(_ line: String) -> ScriptDisplay.Role {
        for sequence in line.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let end = sequence.firstIndex(where: { !$0.isASCIIDigit && $0 != ";" }), sequence[end] == "m" else { continue }
            for parameter in sequence[..<end].split(separator: ";").compactMap({ Int($0) }) {
                switch parameter {
                case 31, 91: return .critical
                case 32, 92: return .good
                case 33, 93: return .warning
                case 2, 90: return .muted
                default: continue
                }
            }
        }
        return .normal
    }

    /// i3blocks' lines: full_text, short_text, color (a color is no role: it is not kept).
    static func i3blocks(_ lines: [String]) -> ScriptOutput {
        let kept = lines.map(clean)
        let short = kept.count > 1 && !kept[1].isEmpty ? kept[1] : nil
        return ScriptOutput(entries: [(nil, ScriptDisplay(text: kept.first ?? "", short: short))])
    }

    static func waybar(_ object: [String: Any]) -> ScriptOutput {
        let classes = (object["class"] as? String).map { [$0] } ?? (object["class"] as? [Any])?.compactMap { $0 as? String } ?? []
        let tooltip = (object["tooltip"] as? String).map { $0.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { clean(cutLine(String($0))) } } ?? []
        let display = ScriptDisplay(text: clean(string(object["text"])), short: (object["alt"] as? String).map(clean),
                                    body: tooltip, role: ScriptDisplay.role(classes), percentage: percentage(object["percentage"]))
        return ScriptOutput(entries: [(nil, display)])
    }

    static func timeline(_ object: [String: Any]) throws -> ScriptOutput {
        guard let items = object["entries"] as? [Any], !items.isEmpty else { throw ScriptFormatError("entries must be a list of at least one {\"date\": …, \"text\": …}") }
        let entries = try items.enumerated().map { index, item -> (Date?, ScriptDisplay) in
            guard let entry = item as? [String: Any], let date = date(entry["date"]) else {
                throw ScriptFormatError("entries[\(index)] has no date (an ISO 8601 date or seconds since 1970)")
            }
            var display = waybar(entry).entries[0].display
            if let body = entry["body"] as? String { display.body = body.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { clean(cutLine(String($0))) } }
            return (date, display)
        }
        let policy: Policy
        let named = object["policy"] as? String
        if object["policy"] == nil || named == "atEnd" {
            policy = .atEnd
        } else if named == "never" {
            policy = .never
        } else if let after = object["policy"] as? [String: Any], let date = date(after["after"]) {
            policy = .after(date)
        } else {
            throw ScriptFormatError("policy must be \"atEnd\", \"never\" or {\"after\": DATE}")
        }
        return ScriptOutput(entries: entries, policy: policy)
    }

    // MARK: - Values

    private static func jsonObject(_ text: String) -> [String: Any]? {
        guard let data = text.data(using: .utf8) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    private static func string(_ value: Any?) -> String {
        switch value {
        case let text as String: return text
        case let number as NSNumber: return number.stringValue
        default: return ""
        }
    }

    private static func percentage(_ value: Any?) -> Int? {
        guard let number = value as? NSNumber, number.doubleValue.isFinite else { return nil }
        return max(0, min(100, Int(number.doubleValue.rounded())))
    }

    private static func date(_ value: Any?) -> Date? {
        if let number = value as? NSNumber { return Date(timeIntervalSince1970: number.doubleValue) }
        guard let text = value as? String else { return nil }
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    private static func with(_ display: ScriptDisplay, _ change: (inout ScriptDisplay) -> Void) -> ScriptDisplay {
        var display = display
        change(&display)
        return display
    }

    // MARK: - Text a script wrote

    /// A line of at most `lineLimit` bytes, cut at the last space before it (or at a
    /// character), with an ellipsis.
    static func cutLine(_ line: String) -> String {
        guard line.utf8.count > lineLimit else { return line }
        var kept = ""
        for character in line {
            if kept.utf8.count + character.utf8.count > lineLimit - 3 { break }
            kept.append(character)
        }
        if let space = kept.lastIndex(of: " "), kept.distance(from: kept.startIndex, to: space) > kept.count / 2 { kept = String(kept[..<space]) }
        return kept + "…"
    }

    /// The text with every escape sequence removed (CSI, OSC, DCS and the rest, whole), then
    /// every remaining control character made harmless (`SafeText`).
    public static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else { return SafeText.clean(text) }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let scalar = pending { pending = nil; return scalar }
            return scalars.next()
        }
        while let scalar = next() {
            switch scalar.value {
            case 0x1B:
                guard let kind = next() else { break }
                switch kind {
                case "[": skipCSI(&scalars)
                case "]", "P", "X", "^", "_": skipString(&scalars)
                case "(", ")", "*", "+", "#", "%": _ = next()
                default: break   // a two-character sequence: both dropped
                }
            case 0x9B: skipCSI(&scalars)
            case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars)
            case 0x09: result.append(" ")
            default: result.append(scalar)
            }
        }
        return SafeText.clean(String(result))
    }

    /// A control sequence's parameters and its final byte (0x40…0x7E).
    private static func skipCSI(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next(), !(0x40...0x7E).contains(scalar.value) {}
    }

    /// A string sequence up to BEL, ST (ESC \) or the C1 ST.
    private static func skipString(_ scalars: inout String.UnicodeScalarView.Iterator) {
        while let scalar = scalars.next() {
            if scalar.value == 0x07 || scalar.value == 0x9C { return }
            if scalar.value == 0x1B { _ = scalars.next(); return }
        }
    }
}

/// Output that is not in the format a widget declared.
public struct ScriptFormatError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
