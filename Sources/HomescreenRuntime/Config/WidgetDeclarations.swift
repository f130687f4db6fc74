import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenWidgetCore
import TOMLKit

/// The config file's `[[widget]]` tables: each one a command that becomes a kind. A mistake
/// names the table's line and key and what is accepted.
enum WidgetDeclarations {
    /// The keys a `[[widget]]` table takes.
    static let keys = ["name", "title", "command", "format", "interval", "timeout", "families"]

    /// - Parameters:
    ///   - value: the `widget` key's value (an array of tables).
    ///   - text: the file's text, to find the lines mistakes are on.
    ///   - folder: the config file's folder, where the commands run.
    ///   - taken: the kinds' names already used.
    static func parse(_ value: any TOMLValueConvertible, text: String, folder: String, taken: Set<String>) throws -> [WidgetDeclaration] {
        guard let array = value.array else { throw ConfigError("widget must be tables written [[widget]], each with a name and a command.") }
        var names = taken
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
                if interval.string == "once" { declaration.schedule = .once } else if let every = try seconds("interval") {
                    declaration.schedule = .every(every)
                } else {
                    throw ConfigError("\(at("interval")): interval = \(interval.debugDescription) is not accepted; use a number of seconds or \"once\".")
                }
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
