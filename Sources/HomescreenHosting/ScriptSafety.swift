import Foundation

/// Files whose contents become commands are refused when another user could write them, as
/// OpenSSH refuses such files: otherwise that user's commands would run as this one.
public enum ScriptSafety {
    /// Why `path` (or its folder) could be written by another user, as a sentence; nil when only
    /// its owner (this user or root) can.
    public static func writableByOthers(_ path: String) -> String? {
        var info = stat()
        let user = getuid()
        for file in [path, URL(fileURLWithPath: path).deletingLastPathComponent().path] {
            guard stat(file, &info) == 0 else { continue }
            let sticky = info.st_mode & S_ISVTX != 0 && file != path
            if info.st_uid != user && info.st_uid != 0 {
                return "\(file) belongs to another user (uid \(info.st_uid)); make it yours (chown) or move it."
            }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 && !sticky {
                return "\(file) can be written by other users (mode \(String(info.st_mode & 0o777, radix: 8))); run chmod go-w \(file)."
            }
        }
        return nil
    }

    /// The file a widget's command starts, when its first word is a path to one (`./weather.sh`,
    /// `~/bin/load`, `/opt/x/bar`), or an interpreter's script (`sh ./x.sh`, `python3
    /// ~/bin/w.py`; `exec`, `env` and `NAME=value` before it are passed over): a relative path
    /// is in `folder`, where the command runs, and `~` and `$HOME` are the home folder. nil when
    /// the command starts a program found on PATH, or the file does not exist (the run says so).
    public static func commandFile(_ command: String, folder: String, home: String?) -> String? {
        guard let path = commandPath(command, folder: folder, home: home) else { return nil }
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return path
    }

    /// The path `commandFile` looks at, whether a file is there or not.
    public static func commandPath(_ command: String, folder: String, home: String?) -> String? {
        let interpreters: Set<String> = ["sh", "bash", "dash", "zsh", "ksh", "fish", "python", "python3", "perl", "ruby", "node", "lua", "awk"]
        var words = ArraySlice(firstWords(command))
        while let word = words.first, word == "exec" || word == "env" || (word.contains("=") && !word.hasPrefix("=") && !word.contains("/")) {
            words = words.dropFirst()
        }
        guard var word = words.first else { return nil }
        if !word.contains("/"), interpreters.contains(word) {
            guard let script = words.dropFirst().first(where: { !$0.hasPrefix("-") }) else { return nil }
            word = script
        }
        if let home {
            if word == "~" || word.hasPrefix("~/") { word = home + word.dropFirst() }
            for variable in ["$HOME", "${HOME}"] where word.hasPrefix(variable + "/") { word = home + word.dropFirst(variable.count) }
        }
        guard word.contains("/"), !word.contains("$"), !word.hasPrefix("~") else { return nil }
        return word.hasPrefix("/") ? word : URL(fileURLWithPath: folder).appendingPathComponent(word).standardizedFileURL.path
    }

    /// Why a widget's command file could be written by another user, as a sentence; nil when it
    /// has none (see `commandFile`) or only its owner can write it.
    public static func commandProblem(_ command: String, folder: String, home: String?) -> String? {
        commandFile(command, folder: folder, home: home).flatMap(writableByOthers)
    }

    /// The command's first words, as the shell splits them before its first operator (`;`, `|`,
    /// `&`, a redirection, a parenthesis): quotes removed, nothing expanded.
    static func firstWords(_ command: String) -> [String] {
        var words: [String] = [], word = "", quote: Character? = nil, inWord = false
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "'", "\"": quote = character; inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(word); word = ""; inWord = false }
            case ";", "|", "&", "<", ">", "(", ")", "`":
                if inWord { words.append(word) }
                return words
            default: word.append(character); inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
