// A kind's commands are swift-argument-parser commands: this module brings the parser with it.
@_exported import ArgumentParser
import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore

// A kind's own commands (`homescreen pantry add`, `homescreen expense list`) are written in its
// folder and declared by its feature (`CommandsOfAKind`); `homescreen` lists them under its root
// command and runs them with the store its options choose (`CommandContext`). This module is the
// part of the command line a kind sees: no kind, no store opening of its own.

/// A kind that has commands of its own on the command line.
public protocol CommandsOfAKind {
    /// Its top-level commands (`PantryCommand.self`), in the order the root help lists them.
    var commands: [any ParsableCommand.Type] { get }
}

extension WidgetCatalog {
    /// Every kind's own commands, in registration order.
    public var commands: [any ParsableCommand.Type] {
        features.flatMap { ($0.feature as? any CommandsOfAKind)?.commands ?? [] }
    }
}

/// A kind's command that reads or writes the store: `homescreen` parses it and calls
/// `run(_:)` with the store its `--store` option (or the environment, or the config) chooses.
public protocol KindCommand: ParsableCommand {
    var storeOptions: StoreOptions { get }
    func run(_ context: any CommandContext) throws
}

/// The option every command that reads or writes the store shares.
public struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The store: a file, or a PostgreSQL URL postgresql://USER@HOST/DB (default: $HOMESCREEN_STORE, else the config's store, else $XDG_DATA_HOME/homescreen/store.sqlite).", valueName: "path|url"),
            completion: Completions.storeFile)
    public var store: String?

    public init() {}
}

/// What a kind's command is given: the store the options chose, opened as it asks, and the
/// environment's zone and locale.
public protocol CommandContext {
    var environment: [String: String] { get }
    /// The local time zone: `TZ` when it names a zone, else the system's.
    var timeZone: Zone { get }
    /// The locale of the environment (LC_ALL, LC_MESSAGES, LANG) for formatting.
    var locale: FormattingLocale { get }
    /// The store for a change: created if needed, every kind's data prepared.
    func openForWriting() throws -> any StoreBackend
    /// The store for reading: a missing SQLite file reads as an empty store (nothing is created).
    func openForReading() throws -> any StoreBackend
    /// The store for a change to data that must already exist: a missing store is not created,
    /// `missing` is thrown instead.
    func openExistingForWriting(otherwise missing: @autoclosure () -> any Error) throws -> any StoreBackend
    /// Whether the store exists: a file on disk; a server's store is always asked.
    func storeExists() throws -> Bool
    /// The kinds' settings from the config file (`[budget] source`), the defaults without one.
    func settings() throws -> WidgetSettings
    /// The interface's language: the config file's `locale`, else the environment's.
    func language() -> Language
}

extension CommandContext {
    public func settings() throws -> WidgetSettings { WidgetSettings() }
    public func language() -> Language { Language.fromEnvironment(environment) }

    /// Today in the local time zone.
    public var today: LocalDate { LocalDate(Date(), in: timeZone) }

    /// The day given in `option` (YYYY-MM-DD, `tomorrow`, `+3d`…: `FriendlyDate`), or today.
    public func day(_ text: String?, option: String) throws -> LocalDate {
        let today = today
        return try text.map { try LocalDate(argument: $0, option: option, today: today) } ?? today
    }
}

/// What a command reads besides its arguments.
public enum CommandInput {
    /// A file's bytes, or standard input's for "-", read only up to `limit` bytes and one more
    /// (a larger input is refused by the caller without being read whole).
    public static func contents(of file: String, limit: Int) throws -> Data {
        let handle: FileHandle
        if file == "-" {
            handle = FileHandle.standardInput
        } else {
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let opened = FileHandle(forReadingAtPath: file) else {
                throw CLIError.usage("cannot read '\(file)'; give a readable JSON file or - for standard input.")
            }
            handle = opened
        }
        defer { if file != "-" { try? handle.close() } }
        var data = Data()
        while data.count <= limit, let chunk = try? handle.read(upToCount: limit + 1 - data.count), !chunk.isEmpty { data += chunk }
        return data
    }
}
