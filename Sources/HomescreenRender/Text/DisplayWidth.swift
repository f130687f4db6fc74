/// How many terminal columns text occupies.
///
/// Measured per grapheme cluster: a base letter with its combining marks (Vietnamese "ế"
/// precomposed or decomposed) is one column; East Asian wide and fullwidth characters and
/// emoji shown as emoji are two; zero-width joiners and variation selectors add nothing.
/// Written by hand because neither Foundation nor the available packages measure terminal
/// columns; checked against the `wcwidth` reference (vectors in RenderTests).
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.isASCII { return first.value < 0x20 || first.value == 0x7F ? 0 : 1 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        if scalars.count > 1, scalars.contains(where: { (0x1F1E6...0x1F1FF).contains($0.value) }) { return 2 }
        if isZeroWidth(first) { return scalars.count > 1 ? of(scalarWidth: scalars.dropFirst().first!) : 0 }
        return of(scalarWidth: first)
    }

    public static func of(_ text: String) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    private static func of(scalarWidth scalar: Unicode.Scalar) -> Int {
        if isZeroWidth(scalar) { return 0 }
        return isWide(scalar) ? 2 : 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value == 0x200B || value == 0x200C || value == 0x200D || value == 0x2060 || value == 0xFEFF { return true }
        if (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value) { return true }
        // Below the combining marks (U+0300) only the soft hyphen is a mark or format character:
        // a status line's "·" skips the Unicode property tables (RenderTests checks every one).
        if value < 0x300 { return value == 0xAD }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges, and emoji with default emoji presentation.
    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x1100 { return false }
        if scalar.properties.isEmojiPresentation { return true }
        for range in wideRanges where range.contains(value) { return true }
        return false
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
        0x2FF0...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E,
        0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0xA48C, 0xA490...0xA4C6,
        0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE52,
        0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6,
        0x16FE0...0x16FE4, 0x17000...0x187F7, 0x18800...0x18CD5, 0x1B000...0x1B122, 0x1B150...0x1B152,
        0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248,
        0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    /// The text cut to at most `width` columns, ending in "…" when something was cut.
    public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if of(text) <= width { return text }
        let budget = width - of(ellipsis)
        var result = "", used = 0
        for character in text {
            let w = of(character)
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return budget >= 0 ? result + ellipsis : result
    }

    /// The text padded with spaces (or truncated) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int) -> String {
        let fitted = truncate(text, to: width)
        return fitted + String(repeating: " ", count: max(0, width - of(fitted)))
    }

    /// The text broken into lines of at most `width` columns, at spaces where possible.
    public static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if of(candidate) <= width { line = candidate; continue }
            if !line.isEmpty { lines.append(line) }
            line = ""
            var rest = word
            while of(rest) > width {
                var head = "", used = 0
                for character in rest {
                    if used + of(character) > width { break }
                    head.append(character)
                    used += of(character)
                }
                if head.isEmpty { break }
                lines.append(head)
                rest = String(rest.dropFirst(head.count))
            }
            line = rest
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
