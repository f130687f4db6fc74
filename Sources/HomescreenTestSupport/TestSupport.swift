import Foundation
import HomescreenRender

/// A folder that exists for the life of the value, for stores and files made by one test.
public final class TemporaryFolder: @unchecked Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("homescreen-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// What a run of the `homescreen` executable produced.
public struct CommandResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String
}

/// Runs the built `homescreen` executable, as a user would.
public enum Homescreen {
    /// The executable next to the test bundle (SwiftPM builds it for the tests that depend on it),
    /// or `$HOMESCREEN_BINARY`.
    public static var executable: URL {
        if let explicit = ProcessInfo.processInfo.environment["HOMESCREEN_BINARY"] { return URL(fileURLWithPath: explicit) }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = folder.appendingPathComponent("homescreen")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/homescreen")
    }

    /// A clean environment: no user store, no color settings, English, a fixed time zone.
    public static func environment(store: String?, _ extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path,
                           "TZ": "Europe/Zurich", "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        if let store { environment["HOMESCREEN_STORE"] = store }
        return environment.merging(extra) { _, new in new }
    }

    /// Starts the executable (for tests that signal it).
    public static func start(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs the executable to completion.
    public static func run(_ arguments: [String], store: String?, environment extra: [String: String] = [:]) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment(store: store, extra)
        return try CommandResult.collect(process)
    }
}

extension CommandResult {
    /// Starts `process` with stdin from /dev/null, and collects its status and both outputs.
    static func collect(_ process: Process) throws -> CommandResult {
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes while the process runs, so a large output cannot block it.
        nonisolated(unsafe) var errorData = Data()
        let reader = Thread { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
        reader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !reader.isFinished { usleep(1000) }
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                             stderr: String(decoding: errorData, as: UTF8.self))
    }
}

/// Reading files in tests.
public enum FileSnapshot {
    /// The bytes of a file, or nil when it does not exist (to prove "nothing written").
    public static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }
}

/// Whether text holds a character a terminal would act on (C0/C1 controls, DEL) other than
/// line feeds; used to prove data comes out inert.
public func containsControlCharacters(_ text: String, allowingSGR: Bool = false) -> Bool {
    var text = text
    if allowingSGR {
        text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }
    return text.unicodeScalars.contains { scalar in
        scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
    }
}

/// The themes shipped in the source tree's `Themes/` folder.
public enum ShippedThemes {
    public static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Themes")
    public static var library: ThemeLibrary { ThemeLibrary(folders: [folder.path]) }
}

/// The `sqlite3` command-line shell: another program writing the store with plain SQL, knowing
/// nothing of Homescreen.
public enum SQLiteShell {
    public static let path = "/usr/bin/sqlite3"
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Runs `sql` on the database at `store`. - Returns: the exit status and what it printed.
    @discardableResult
    public static func run(_ store: String, _ sql: String) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-bail", store, sql]
        // On the clock the Homescreen commands of the tests keep (`environment`'s TZ), so a day
        // SQL writes as `date('now', 'localtime')` is their today, also between 23:00 and midnight UTC.
        process.environment = ProcessInfo.processInfo.environment.merging(["TZ": "Europe/Zurich"]) { $1 }
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(status: process.terminationStatus, stdout: String(decoding: outputData, as: UTF8.self),
                             stderr: String(decoding: errorData, as: UTF8.self))
    }
}

/// A bash script run in a folder with exactly the environment given, as a user's shell would:
/// for the install script, the completions and the README's examples.
public enum Shell {
    public static func run(_ script: String, environment: [String: String], in directory: String = "/") throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        return try CommandResult.collect(process)
    }
}

/// The source tree the tests were built from (the install script, the README).
public enum SourceRoot {
    public static let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static func path(_ relative: String) -> String { url.appendingPathComponent(relative).path }
}

/// A tool a test needs is not installed: the test fails and says which, never skips quietly
/// (`.ci/run` installs them; on a machine of your own, the package named here).
public struct MissingTool: Error, CustomStringConvertible {
    public let path: String, package: String
    public init(path: String, package: String) {
        self.path = path
        self.package = package
    }
    public var description: String { "\(path) is needed by this test and is not installed: apt-get install \(package) (.ci/run installs it)." }

    /// Throws when the executable at `path` is missing.
    public static func check(_ path: String, package: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else { throw MissingTool(path: path, package: package) }
    }
}
