import Foundation
import HomescreenTestSupport
import Testing

/// `status --follow`: a line at start, a new one only when the text changes, no wake-ups in
/// between (counted over every thread), gone when its output is closed. And several kinds in
/// tmux format on one line.
struct StatusFollowTests {
    /// The lines a running process has printed so far, read on a thread of the test.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var text = ""
        init(_ handle: FileHandle) {
            Thread {
                while true {
                    let data = handle.availableData
                    if data.isEmpty { return }
                    self.lock.withLock { self.text += String(decoding: data, as: UTF8.self) }
                }
            }.start()
        }
        var all: [String] { lock.withLock { text.split(separator: "\n").map(String.init) } }
        func wait(timeout: TimeInterval = 10, until condition: ([String]) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline { if condition(all) { return true }; usleep(20_000) }
            return condition(all)
        }
    }

    /// `status pantry --follow --format plain` on `store`, and the lines it prints.
    static func follow(store: String) throws -> (Process, Lines) {
        let process = Process()
        process.executableURL = Homescreen.executable
        process.arguments = ["status", "pantry", "--follow", "--format", "plain"]
        process.environment = Homescreen.environment(store: store)
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, Lines(output.fileHandleForReading))
    }

    @Test func followPrintsOnlyChangesAndSleepsInBetween() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let (process, lines) = try Self.follow(store: store)
        defer { if process.isRunning { process.terminate() } }
        #expect(lines.wait { $0.count == 1 }, "printed once at start: \(lines.all)")
        #expect(lines.all.first?.contains("Milk") == true)

        // A write that leaves the text as it was prints nothing.
        #expect(try Homescreen.run(["pantry", "add", "Later", "--due", "2099-01-01"], store: store).status == 0)
        #expect(!lines.wait(timeout: 2) { $0.count > 1 }, "\(lines.all)")
        // One that changes the first-expiring product prints one new line.
        #expect(try Homescreen.run(["pantry", "add", "Anchovies", "--due", "2000-01-01"], store: store).status == 0)
        #expect(lines.wait { $0.count == 2 && $0[1].contains("Anchovies") }, "\(lines.all)")

        // Idle: no wake-ups on any thread.
        let before = Processes.contextSwitches(of: process.processIdentifier)
        sleep(10)
        #expect(Processes.contextSwitches(of: process.processIdentifier) - before == 0)

    }

    /// Started before the store exists (a bar at login): it does not create it, and follows it
    /// once another program has.
    @Test func followPicksUpAStoreCreatedAfterIt() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        let (process, lines) = try Self.follow(store: store)
        defer { if process.isRunning { process.terminate() } }
        #expect(lines.wait { $0.first?.contains("Nothing in stock") == true }, "\(lines.all)")
        #expect(!FileManager.default.fileExists(atPath: store), "status never creates the store")
        #expect(try Homescreen.run(["pantry", "add", "Kiwi", "--due", "2000-01-01"], store: store).status == 0)
        #expect(lines.wait { $0.last?.contains("Kiwi") == true }, "\(lines.all)")
    }

    /// `status --follow | head -1`: when head has its line and exits, so does the status.
    @Test func followExitsWhenItsOutputIsClosed() throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo"], store: store).status == 0)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "'\(Homescreen.executable.path)' status pantry --follow --format plain | head -1; echo done"]
        shell.environment = Homescreen.environment(store: store)
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let deadline = Date().addingTimeInterval(10)
        while shell.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!shell.isRunning, "the status kept running after its reader left")
        if shell.isRunning { shell.terminate() }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("Milk") && text.hasSuffix("done\n"), "\(text)")
    }

    @Test func severalKindsInTmuxFormatMakeOneLine() throws {
        let result = try Homescreen.run(["status", "pantry", "budget", "--demo", "--format", "tmux", "--separator", " # "], store: nil)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("Milk") && lines[0].contains("Budget") && lines[0].contains(" ## "), "\(result.stdout)")
        let json = try Homescreen.run(["status", "pantry", "budget", "--demo", "--format", "json"], store: nil).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String]
        #expect(object?["class"] == "critical" && object?["text"]?.contains(" │ Budget") == true && object?["tooltip"]?.contains("\n") == true, "\(json)")
        let bad = try Homescreen.run(["status", "pantry", "--demo", "--format", "xml"], store: nil)
        #expect(bad.status == 2 && bad.stderr.contains("use tmux, ansi, plain or json"))
    }
}
