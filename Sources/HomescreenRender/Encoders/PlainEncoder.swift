/// Plain text: the characters only, trailing blanks trimmed. For tests, pipes and `NO_COLOR`.
public struct PlainEncoder: GridEncoder {
    public init() {}

    public func encode(_ grid: CellGrid) -> String {
        grid.rowTexts().map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed = trimmed.dropLast() }
            return String(trimmed)
        }.joined(separator: "\n")
    }
}
