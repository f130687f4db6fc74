import Foundation

/// The terminal's own background, as far as it can be learnt: dark or light.
public enum TerminalBackground: String, Sendable, CaseIterable {
    case dark, light

    /// A color's side: dark when its luma (ITU-R BT.601 weights, 0…255) is under the middle.
    public init(_ color: RGB) {
        let luma = (299 * Int(color.red) + 587 * Int(color.green) + 114 * Int(color.blue)) / 1000
        self = luma < 128 ? .dark : .light
    }

    /// The background an OSC 11 reply reports (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL
    /// or ST), found anywhere in `bytes` (other replies may come with it); nil when none is there.
    public static func fromOSC11(_ bytes: [UInt8]) -> TerminalBackground? { osc11Color(bytes).map(TerminalBackground.init) }

    /// The color of an OSC 11 reply: `rgb:` with 1 to 4 hex digits per channel (xterm's
    /// `XParseColor` forms; `rgba:` with its alpha ignored), scaled to 8 bits.
    public static func osc11Color(_ bytes: [UInt8]) -> RGB? {
        let introducer: [UInt8] = [0x1B, 0x5D, 0x31, 0x31, 0x3B]   // ESC ] 1 1 ;
        guard bytes.count >= introducer.count else { return nil }
        var start: Int?
        for index in 0...(bytes.count - introducer.count) where Array(bytes[index..<index + introducer.count]) == introducer {
            start = index + introducer.count
            break
        }
        guard let start else { return nil }
        // The body runs to BEL, or to ST (ESC \), which must be there: a cut reply is no reply.
        var end = start
        while end < bytes.count, bytes[end] != 0x07, bytes[end] != 0x1B { end += 1 }
        guard end < bytes.count, bytes[end] == 0x07 || (end + 1 < bytes.count && bytes[end + 1] == 0x5C) else { return nil }
        let body = String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
        let channels: [Substring]
        if body.hasPrefix("rgb:") {
            channels = body.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard channels.count == 3 else { return nil }
        } else if body.hasPrefix("rgba:") {
            channels = Array(body.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).prefix(3))
            guard body.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false).count == 4 else { return nil }
        } else {
            return nil
        }
        var values: [UInt8] = []
        for channel in channels {
            guard (1...4).contains(channel.count), let value = Int(channel, radix: 16) else { return nil }
            // h, hh, hhh, hhhh: a fraction of 16^n − 1, scaled to 0…255.
            let maximum = (1 << (4 * channel.count)) - 1
            values.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        return RGB(values[0], values[1], values[2])
    }

    /// The background `COLORFGBG` names (rxvt, Konsole, iTerm2 set it: `15;0`, `0;default;15`):
    /// its last field is the background's color index, as vim reads it: 0–6 and 8 dark, 7 and
    /// 9–15 light. nil for anything else (`default`, empty, not a number).
    public static func fromCOLORFGBG(_ value: String) -> TerminalBackground? {
        guard let last = value.split(separator: ";", omittingEmptySubsequences: false).last,
              let index = Int(last.trimmingCharacters(in: .whitespaces)), (0...15).contains(index) else { return nil }
        return index == 7 || index >= 9 ? .light : .dark
    }
}

/// Which terminal backgrounds a theme is readable on: its `background` key, else inferred.
public enum ThemeFit: String, Sendable, CaseIterable {
    case dark, light, any

    /// Whether a theme for this fits a terminal of that background (unknown: every theme does).
    public func fits(_ background: TerminalBackground?) -> Bool {
        guard let background else { return true }
        switch self {
        case .any: return true
        case .dark: return background == .dark
        case .light: return background == .light
        }
    }
}
