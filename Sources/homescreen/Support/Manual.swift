import Foundation
import HomescreenCommandLine
import HomescreenHosting
import HomescreenWidgetCore
import HomescreenWidgets

/// The parts of `man homescreen` that swift-argument-parser's generate-manual cannot write from
/// the command definitions: the dashboard's keys, the exit status contract and the related
/// pages. `scripts/install.sh` asks the binary for them (`--experimental-manual-sections`) and
/// puts them in place of the generator's generic EXIT STATUS.
enum Manual {
    /// The exit status contract, the words of the README's "Commands" section (ManualTests
    /// checks that the README still says them).
    static let exitStatuses: [(status: String, meaning: String)] = [
        ("0", "success"),
        ("1", "runtime failure (the store, the terminal)"),
        ("2", "bad usage or bad input"),
    ]
    static let errors = "Errors are one sentence on stderr naming the value and what is accepted; bad input writes nothing (the store is not even created)."
    static let signals = "The dashboard ended by SIGTERM or SIGHUP exits 128+N, as does one that dies of a signal after restoring the terminal."

    /// Pages about the programs Homescreen works with, and its own section 5 pages.
    static let seeAlso: [(page: String, section: Int)] = [
        ("homescreen-config", 5), ("homescreen-themes", 5), ("homescreen-store", 5),
        ("tmux", 1), ("sqlite3", 1), ("psql", 1), ("khal", 1),
    ]

    /// KEYS, EXIT STATUS and SEE ALSO in mdoc, the keys from the table the dashboard and its
    /// `?` help use (the default one: the kinds' bindings, then the dashboard's own).
    static func sections(keys: KeyTable = WidgetCatalog.standard.keyTable) -> String {
        var lines = [".Sh KEYS",
                     "The dashboard's default keys, the table its", ".Sy \\&?", "help shows.",
                     "The config file's", ".Li [keys]", "table gives any action other keys, by the name in parentheses; see",
                     ".Xr homescreen-config 5 .",
                     ".Bl -tag -width \"PageDown, ]\""]
        for binding in keys.bindings where !binding.keys.isEmpty {
            lines.append(".It " + binding.keys.map { "Sy " + argument($0.name) }.joined(separator: " Ns , "))
            lines.append(text(binding.action.summary(in: .english) + " (" + binding.action.name + ")."))
        }
        lines += [".El", ".Sh \"EXIT STATUS\"", ".Bl -tag -width Ds"]
        for (status, meaning) in exitStatuses { lines += [".It \(status)", text(meaning.prefix(1).uppercased() + meaning.dropFirst() + ".")] }
        lines += [".El", text(errors), text(signals), ".Sh \"SEE ALSO\""]
        for (index, reference) in seeAlso.enumerated() {
            lines.append(".Xr \(reference.page) \(reference.section)" + (index == seeAlso.count - 1 ? "" : " ,"))
        }
        return lines.joined(separator: "\n")
    }

    /// A macro argument printed as it is (`\&` keeps `?`, `[` or `.` from being read as
    /// punctuation or a request).
    static func argument(_ word: String) -> String { "\\&" + escaped(word) }

    /// A text line: backslashes escaped, and a leading dot or quote kept as text.
    static func text(_ line: String) -> String {
        let line = escaped(line)
        return line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : line
    }

    static func escaped(_ text: String) -> String { text.replacingOccurrences(of: "\\", with: "\\e") }
}
