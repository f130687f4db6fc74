import CSystemEvents
import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenWidgetCore
import TOMLKit

/// The config file's `[[widget]]` tables: each one a command that becomes a kind. A mistake
/// names the table's line and key and what is accepted.
enum WidgetDeclarations {
    /// The keys a `[[widget]]` table takes.
    static let keys = ["name", "title", "command", "format", "interval", "timeout", "families", "signal", "on-click", "on-key"]

    /// The largest `signal`: SIGRTMIN+N must be a realtime signal (30 with glibc on Linux).
    static var largestSignal: Int { Int(hs_signal_realtime_last() - hs_signal_realtime_first()) }

    /// - Parameters:
    ///   - value: the `widget` key's value (an array of tables).
    ///   - text: the file's text, to find the lines mistakes are on.
    ///   - folder: the config file's folder, where the commands run.
    ///   - taken: the kinds' names already used.
    ///   - home: the home folder, for a command file named `~/…` (nil: not looked for).
    static func parse(_ value: any TOMLValueConvertible, text: String, folder: String, taken: Set<String>,
                      home: String? = ProcessInfo.processInfo.environment["HOME"]) throws -> [WidgetDeclaration] {
        guard let array = value.array else { throw ConfigError("widget must be tables written [[widget]], each with a name and a command.") }
        var names = taken
        var declared: [WidgetDeclaration] = []
        return try array.enumerated().map { index, item in
            let at = { (key: String?) in "line \(line(of: key, inTable: index, text: text)): [[widget]] \(index + 1)" }
            guard let table = item.table else { throw ConfigError("\(at(nil)) must be a table written [[widget]].") }
            if let unknown = table.keys.sorted().first(where: { !keys.contains($0) }) {
                throw ConfigError("\(at(unknown)): unknown key '\(unknown)'; the keys are \(keys.joined(separator: ", ")).")
            }
            func string(_ key: String) throws -> String? {
                guard let value = table[key] else { return nil }
                guard let text = value.string else { throw ConfigError("\(at(key)): \(key) must be a string, not \(value.debugDescription).") }
                return text
            }
            func seconds(_ key: String) throws -> Int? {
                guard let value = table[key], value.string == nil else { return nil }
                guard let number = value.int, number > 0, number <= 86_400 * 366 else {
                    throw ConfigError("\(at(key)): \(key) = \(value.debugDescription) is not accepted; use a whole number of seconds, 1 or more.")
                }
                return number
            }
            guard let name = try string("name") else { throw ConfigError("\(at(nil)) has no name; add name = \"weather\" (lowercase letters, digits and -).") }
            guard !name.isEmpty, name.count <= 32, name.first?.isASCIILetter == true,
                  name.allSatisfy({ ($0.isASCIILetter && $0.isLowercase) || $0.isASCIIDigit || $0 == "-" }) else {
                throw ConfigError("\(at("name")): name = \"\(name)\" is not accepted; use lowercase letters, digits and - (up to 32, a letter first).")
            }
            guard names.insert(name).inserted else {
                throw ConfigError("\(at("name")): name = \"\(name)\" is taken; the names in use are \(names.sorted().joined(separator: ", ")).")
            }
            guard let command = try string("command"), !command.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw ConfigError("\(at("command")): \(name) has no command; add command = \"…\" (run by /bin/sh -c in \(folder)).")
            }
            var declaration = WidgetDeclaration(name: name, title: try string("title"), command: command, folder: folder)
            if let format = try string("format") {
                guard let parsed = WidgetDeclaration.Format(rawValue: format) else {
                    throw ConfigError("\(at("format")): format = \"\(format)\" is not accepted; use \(WidgetDeclaration.Format.allCases.map(\.rawValue).joined(separator: ", ")).")
                }
                declaration.format = parsed
            }
            if let interval = table["interval"] {
                if interval.string == "once" { declaration.schedule = .once } else if interval.string == "persist" { declaration.schedule = .persist } else if let every = try seconds("interval") {
                    declaration.schedule = .every(every)
                } else {
                    throw ConfigError("\(at("interval")): interval = \(interval.debugDescription) is not accepted; use a number of seconds, \"once\" or \"persist\".")
                }
            }
            if let value = table["signal"] {
                guard let number = value.int, (1...largestSignal).contains(number) else {
                    throw ConfigError("\(at("signal")): signal = \(value.debugDescription) is not accepted; use a number from 1 to \(largestSignal) (SIGRTMIN+N runs it).")
                }
                if let other = declared.first(where: { $0.signal == number }) {
                    throw ConfigError("\(at("signal")): signal = \(number) is \(other.name)'s already; give each widget its own.")
                }
                declaration.signal = number
            }
            declaration.onClick = try string("on-click")
            declaration.onKey = try string("on-key")
            if let problem = ScriptSafety.commandProblem(command, folder: folder, home: home) {
                throw ConfigError("\(at("command")): \(name)'s command is not run: \(problem)")
            }
            if table["timeout"] != nil {
                guard let timeout = try seconds("timeout") else { throw ConfigError("\(at("timeout")): timeout must be a number of seconds, 1 or more.") }
                declaration.timeout = timeout
            }
            if let families = table["families"] {
                let words = families.array?.compactMap { $0.string } ?? []
                let parsed = words.compactMap { WidgetFamily(argument: $0) }
                guard !words.isEmpty, parsed.count == words.count, parsed.count == families.array?.count else {
                    throw ConfigError("\(at("families")): families = \(families.debugDescription) is not accepted; use a list of \(WidgetFamily.allCases.map(\.shortName).joined(separator: ", ")).")
                }
                declaration.families = parsed
            }
            declared.append(declaration)
            return declaration
        }
    }

    /// The line of `key` in the file's `index`th `[[widget]]` table (the table's own line when
    /// the key is nil or not found), counted from 1.
    static func line(of key: String?, inTable index: Int, text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let headers = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("[[widget]]") }
        guard index < headers.count else { return 1 }
        let start = headers[index]
        guard let key else { return start + 1 }
        for number in (start + 1)..<lines.count {
            let line = lines[number].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") { break }
            if line.hasPrefix(key), line.dropFirst(key.count).trimmingCharacters(in: .whitespaces).hasPrefix("=") { return number + 1 }
        }
        return start + 1
    }
}
