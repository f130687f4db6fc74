import ArgumentParser
import Foundation
import HomescreenCommandLine

/// "Did you mean": the nearest of some names to what was typed, for unknown commands, options
/// and kinds, and the argument parser's other refusals said in one sentence.
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

    /// The command a line names (`homescreen pantry add`): its type, its words, and the words
    /// after them. A word that names no subcommand ends the walk; a command with a default
    /// subcommand (the root's `run`) stands for it when no subcommand follows.
    static func command(of arguments: [String], root: any ParsableCommand.Type) -> (type: any ParsableCommand.Type, path: [String], rest: ArraySlice<String>, also: [any ParsableCommand.Type]) {
        var command = root
        var path = [root.configuration.commandName ?? "homescreen"]
        var rest = arguments[...]
        while let word = rest.first, let next = command.configuration.subcommands.first(where: { $0.configuration.commandName == word }) {
            command = next
            path.append(word)
            rest = rest.dropFirst()
        }
        if let fallback = command.configuration.defaultSubcommand { return (fallback, path, rest, [command]) }
        return (command, path, rest, [])
    }

    /// What a command accepts, as its help describes it (`--due` takes a value, `--json` none).
    struct Accepted {
        var valued: Set<String> = []
        var flags: Set<String> = ["help"]
        var shortValued: Set<Character> = []
        var shortFlags: Set<Character> = ["h"]
        /// The long names, in the help's order, for the nearest one.
        var longNames: [String] = []
        /// Each argument's help line by its name as the parser quotes it (`--due <date>`, `<name>`).
        var helps: [String: String] = [:]

        init(_ command: any ParsableCommand.Type) {
            guard let document = try? JSONDecoder().decode(HelpDocument.self, from: Data(command._dumpHelp().utf8)) else { return }
            for argument in document.command.arguments ?? [] {
                let takesValue = argument.kind == "option"
                for name in argument.names ?? [] {
                    switch (name.kind, takesValue) {
                    case ("short", true): if let letter = name.name.first { shortValued.insert(letter) }
                    case ("short", false): if let letter = name.name.first { shortFlags.insert(letter) }
                    case (_, true): valued.insert(name.name)
                    case (_, false): flags.insert(name.name)
                    }
                    if name.kind != "short", argument.shouldDisplay ?? true, !longNames.contains(name.name) { longNames.append(name.name) }
                }
                if let abstract = argument.abstract, !abstract.isEmpty {
                    if argument.kind == "positional" { helps["<\(argument.valueName ?? "")>"] = abstract }
                    if let preferred = argument.preferredName, preferred.kind != "short" {
                        helps["--\(preferred.name)" + (takesValue ? " <\(argument.valueName ?? "")>" : "")] = abstract
                    }
                }
            }
        }

        /// The first word of `words` that is no option of the command (`--dur`, `-x`), skipping
        /// the values options take; numbers and dates (`-5`, `-3d`) are values, `--` ends options.
        func unknownOption(in words: ArraySlice<String>) -> String? {
            var words = words
            while let word = words.popFirst() {
                if word == "--" { return nil }
                if word.hasPrefix("--") {
                    let name = String(word.dropFirst(2).prefix { $0 != "=" })
                    if valued.contains(name) { if !word.contains("=") { _ = words.popFirst() }; continue }
                    if flags.contains(name) { continue }
                    return String(word.prefix { $0 != "=" })
                }
                guard word.count > 1, word.hasPrefix("-"), let first = word.dropFirst().first, first.isLetter else { continue }
                for letter in word.dropFirst() {
                    if shortFlags.contains(letter) { continue }
                    if shortValued.contains(letter) { if word.last == letter { _ = words.popFirst() }; break }
                    return word
                }
            }
            return nil
        }
    }

    /// The sentence for an option the command does not have (`homescreen pantry add Milk --dur
    /// tomorrow`), with the nearest one; nil when every option is the command's.
    static func unknownOption(in arguments: [String], root: any ParsableCommand.Type) -> String? {
        let (command, path, rest, also) = command(of: arguments, root: root)
        var accepted = Accepted(command)
        for other in also {
            let more = Accepted(other)
            accepted.valued.formUnion(more.valued); accepted.flags.formUnion(more.flags); accepted.longNames += more.longNames
        }
        guard let word = accepted.unknownOption(in: rest) else { return nil }
        let name = path.dropFirst().isEmpty ? path.joined(separator: " ") : path.dropFirst().joined(separator: " ")
        let help = "`\(path.joined(separator: " ")) --help` lists them"
        let typed = word.hasPrefix("--") ? String(word.dropFirst(2)) : String(word.dropFirst())
        if let nearest = nearest(to: typed, among: accepted.longNames) {
            return "'\(word)' is not an option of '\(name)'; did you mean '--\(nearest)'? (\(help))."
        }
        return "'\(word)' is not an option of '\(name)'; \(help)."
    }

    /// The argument parser's refusal (a missing option, a value of the wrong type, a word too
    /// many) as one sentence: the parser's words, what the argument takes, and where the help is.
    static func usageSentence(_ message: String, arguments: [String], root: any ParsableCommand.Type) -> String {
        let (command, path, _, _) = command(of: arguments, root: root)
        var said = message.split(separator: "\n").first.map(String.init) ?? message
        said = said.trimmingCharacters(in: .whitespaces)
        if said.hasPrefix("Error: ") { said.removeFirst(7) }
        while said.hasSuffix(".") { said.removeLast() }
        if let first = said.first { said = first.lowercased() + said.dropFirst() }
        // The argument the parser quotes ('--due <date>', '<id>'), and what its help says it takes.
        let quoted = said.split(separator: "'", omittingEmptySubsequences: false)
        let helps = quoted.count > 2 ? Accepted(command).helps : [:]
        let takes = quoted.dropFirst().enumerated().compactMap { $0.offset % 2 == 0 ? helps[String($0.element)] : nil }.first
        let name = path.dropFirst().isEmpty ? path.joined(separator: " ") : path.dropFirst().joined(separator: " ")
        let what = takes.map { help -> String in
            let help = help.hasSuffix(".") ? String(help.dropLast()) : help
            return " (" + (help.first.map { $0.lowercased() + help.dropFirst() } ?? help) + ")"
        } ?? ""
        return "\(name): \(said)\(what); `\(path.joined(separator: " ")) --help` shows what it takes."
    }

    /// The part of `--experimental-dump-help`'s document these sentences read.
    struct HelpDocument: Decodable {
        struct Name: Decodable { let kind: String; let name: String }
        struct Argument: Decodable {
            let kind: String
            let names: [Name]?
            let preferredName: Name?
            let valueName: String?
            let abstract: String?
            let shouldDisplay: Bool?
        }
        struct Command: Decodable { let arguments: [Argument]? }
        let command: Command
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
