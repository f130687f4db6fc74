import ArgumentParser
import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// What the shell completions (`--generate-completion-script bash|zsh|fish`) offer for each
/// value: fixed lists are written into the script; the ids in the store are asked of
/// `homescreen` itself when Tab is pressed. The kinds add their own (`productIDs`) in their
/// folders, the executable its own (kinds, families, themes).
public enum Completions {
    public static let dates = CompletionKind.list(FriendlyDate.completions)
    public static let storeFile = CompletionKind.file()
    public static let jsonFile = CompletionKind.file(extensions: ["json"])

    /// The ids `read` finds in the store the line names (`--store PATH`), else the
    /// environment's, opened read-only: nothing when it does not exist (completing never
    /// creates it) or cannot be read.
    public static func ids(_ read: @escaping @Sendable (any StoreBackend) throws -> [Int64]) -> CompletionKind {
        .custom { words, _, _ in (try? store(words).map { try read($0).map(String.init) }) ?? [] }
    }

    private static func store(_ words: [String]) -> Store? {
        var option: String?
        for (index, word) in words.enumerated() {
            if word == "--store", index + 1 < words.count { option = words[index + 1] }
            if word.hasPrefix("--store=") { option = String(word.dropFirst("--store=".count)) }
        }
        let path = StoreLocation.resolve(option: option, environment: processEnvironment)
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return try? Store.openReadOnly(at: path)
    }
}

/// The process's environment, read once (after `LocaleEnvironment.sanitize()`, the only change
/// the program makes to it): Foundation builds a new dictionary at every ask. Read from
/// `environ` as Foundation reads it (split at the first `=`, an entry without one left out, the
/// last of a name kept), without its bridging at every status line's start (issue 36).
public let processEnvironment: [String: String] = {
    var count = 0
    while environ[count] != nil { count += 1 }
    // Sized ahead: growing a dictionary ran the standard library's own copy of the code, which
    // looks its key's conformances up by scanning them all (issue 36).
    var environment = [String: String](minimumCapacity: count)
    for index in 0..<count {
        guard let text = environ[index] else { continue }
        // Name and value decoded straight from the entry's bytes, without a String of the whole
        // entry cut in two: a third of what a status line's start spent here (issue 36).
        let length = strlen(text)
        text.withMemoryRebound(to: UInt8.self, capacity: length) { start in
            let entry = UnsafeBufferPointer(start: start, count: length)
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")) else { return }
            let name = String(decoding: UnsafeBufferPointer(rebasing: entry[..<equals]), as: UTF8.self)
            environment[name] = String(decoding: UnsafeBufferPointer(rebasing: entry[(equals + 1)...]), as: UTF8.self)
        }
    }
    return environment
}()
