import ArgumentParser

/// "Did you mean": the nearest of some names to what was typed, for unknown commands and kinds
/// (the argument parser already suggests the nearest option).
enum Suggestion {
    /// The name nearest to `typed`, when it is near enough to be a slip (a third of its letters
    /// at most, two at least: `pantyr` → `pantry`, `rendr` → `render`).
    static func nearest(to typed: String, among names: [String]) -> String? {
        let typed = typed.lowercased()
        let scored = names.map { ($0, distance(typed, $0.lowercased())) }.min { $0.1 < $1.1 }
        guard let (name, distance) = scored, distance <= max(2, typed.count / 3) else { return nil }
        return name
    }

    /// The sentence for a word on the command line that names no subcommand of the command it
    /// follows (`homescreen pantyr`, `homescreen pantry ad`); nil when the line has none, so the
    /// parser's own message stands.
    static func unknownCommand(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "homescreen"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !word.hasPrefix("-"), !subcommands.isEmpty else { return nil }
            let names = subcommands.compactMap { $0.configuration.commandName }
            if let index = names.firstIndex(of: word) {
                command = subcommands[index]
                path.append(word)
                continue
            }
            let help = "`\(path.joined(separator: " ")) --help` lists them"
            if let name = nearest(to: word, among: names) {
                return "'\(word)' is not a command of \(path.joined(separator: " ")); did you mean '\(name)'? (\(help))."
            }
            return "'\(word)' is not a command of \(path.joined(separator: " ")); use one of \(names.joined(separator: ", "))."
        }
        return nil
    }

    /// Edit distance counting an adjacent transposition as one edit (optimal string alignment).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
            }
        }
        return table[a.count][b.count]
    }
}
