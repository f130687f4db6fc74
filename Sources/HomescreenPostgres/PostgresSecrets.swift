import Foundation

/// The secrets a PostgreSQL connection string carries, and their removal from any text that
/// could reach a user: the URL's password, and every password-like parameter (`password`,
/// `sslpassword`, keys written percent-encoded such as `%70assword`), in the URL and the
/// `key=value` forms, as written and percent-decoded. libpq quotes the connection string in
/// some of its errors (a malformed URL, a bad percent-escape): those go through here too.
public enum PostgresSecrets {
    /// A key libpq reads a secret from, or one a person may have meant for it (`passwd`, `pass`:
    /// libpq refuses them, but `config path` would show them).
    static func isSecret(key: String) -> Bool { (key.removingPercentEncoding ?? key).lowercased().contains("pass") }

    /// The secret values `connection` holds, longest first.
    public static func values(in connection: String) -> [String] {
        var found: [String] = []
        var parameters = connection
        if let scheme = connection.range(of: "://") {
            let rest = connection[scheme.upperBound...]
            // The password as the person meant it runs from the user's colon to the last `@`,
            // whatever `@`, `?`, `/` or `#` it holds; libpq ends it at the first `@` and takes the
            // rest for the host (`u:pass@word@host` is password `pass`, host `word@host`, which
            // its errors quote), and `Sec/ret` makes it quote `Sec` alone: each piece is a secret.
            if let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") {
                let password = String(rest[rest.index(after: colon)..<at])
                found.append(password)
                found += password.split(whereSeparator: { "@/?#".contains($0) }).map(String.init)
            }
            let query = rest.firstIndex(of: "?")
            parameters = query.map { String(rest[rest.index(after: $0)...]) } ?? ""
        }
        // libpq's key=value form lets a backslash escape any character of a value, quoted or
        // not (`password=a\ b` is `a b`); a URL's query does not.
        for pair in pairs(parameters, escapes: !connection.contains("://")) where isSecret(key: pair.key) {
            // As read, as written, and as written inside quotes (`'it\'s'`), which a message may quote.
            found += [pair.value, pair.written, pair.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")]
        }
        let all = found + found.compactMap { $0.removingPercentEncoding }
        return Array(Set(all.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
    }

    /// The `key=value` pairs of a URL's query (`&`) or of a libpq string (spaces; a value may be
    /// 'quoted', with \' and \\ inside; with `escapes`, a backslash escapes the next character of
    /// an unquoted value too, as libpq reads it). `written` is the value as the text holds it.
    static func pairs(_ text: String, escapes: Bool = false) -> [(key: String, value: String, written: String)] {
        var result: [(key: String, value: String, written: String)] = []
        var key = "", value = "", written = "", inValue = false, quoted = false, escaped = false
        func finish() {
            if inValue { result.append((key, value, written)) }
            (key, value, written, inValue) = ("", "", "", false)
        }
        for character in text {
            let before = value.count
            defer { if inValue, value.count > before || escaped || quoted || character == "'" { written.append(character) } }
            if escaped { value.append(character); escaped = false; continue }
            if escapes, inValue, !quoted, character == "\\" { escaped = true; continue }
            if quoted {
                if character == "\\" { escaped = true } else if character == "'" { quoted = false } else { value.append(character) }
                continue
            }
            switch character {
            case " " where !inValue && key.isEmpty: continue
            case " " where inValue && value.isEmpty: continue   // `password = s3cret`
            case " " where !inValue: continue                   // `password =`
            case "&" where !escapes, " ": finish()   // a key=value string's `&` is the value's
            case "=" where !inValue: inValue = true
            case "'" where inValue && value.isEmpty: quoted = true
            default: if inValue { value.append(character) } else { key.append(character) }
            }
        }
        finish()
        return result
    }

    /// `text` with each of `secrets` replaced by •••.
    public static func scrub(_ text: String, _ secrets: [String]) -> String {
        secrets.reduce(text) { $0.replacingOccurrences(of: $1, with: "•••") }
    }

    /// Whether `text` is a libpq `key=value` connection string (`host=… dbname=…`).
    public static func isKeyValueConnection(_ text: String) -> Bool {
        let keys = ["host", "hostaddr", "port", "dbname", "user", "password", "sslmode", "sslpassword", "service", "passfile"]
        return text.split(separator: " ").contains { pair in
            guard let equals = pair.firstIndex(of: "=") else { return false }
            return keys.contains(String(pair[..<equals]).lowercased())
        }
    }
}
