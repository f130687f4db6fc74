import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, point 5: nothing left behind — SIGTERM/SIGINT end every session with its log line
/// and its guest store; folders a killed server left are removed by the next one, and only those.
@Suite(.serialized) struct ServeStopTests {
    typealias Server = ServeTests.Server

    /// Three guests: two dashboards and one `status --follow`.
    static func threeGuests(_ server: Server) throws -> (clients: [TmuxDashboard], follower: Process) {
        let clients = try (0..<2).map { _ in try ServeTests.client(server, user: "demo") }
        for client in clients { #expect(client.wait(timeout: 15) { $0.contains("╭─ Pantry") }, "\(client.text)\n\(server.text)") }
        let follower = Process()
        follower.executableURL = URL(fileURLWithPath: "/usr/bin/ssh")
        follower.arguments = server.options() + ["demo@127.0.0.1", "status", "pantry", "--follow"]
        (follower.standardInput, follower.standardOutput, follower.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice, FileHandle.nullDevice)
        try follower.run()
        #expect(ServeTests.wait(timeout: 15) { server.guestFolders.count == 3 && Processes.children(of: server.process.processIdentifier).count == 3 },
                "\(server.guestFolders) \(server.text)")
        return (clients, follower)
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aStoppedServerEndsEverySessionAndLeavesNothing(signal: Int32) throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        let (clients, follower) = try Self.threeGuests(server)
        defer { if follower.isRunning { kill(follower.processIdentifier, SIGKILL) }; follower.waitUntilExit() }
        let children = Processes.children(of: server.process.processIdentifier)
        let start = Date()
        kill(server.process.processIdentifier, signal)
        #expect(ServeTests.wait(timeout: 5) { !server.alive }, "still running 5 s after the signal")
        #expect(Date().timeIntervalSince(start) <= 5)
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(server.guestFolders.isEmpty, "\(server.guestFolders)")
        #expect(server.text.components(separatedBy: "ended: the server stopped (\(name))").count - 1 == 3, "\(server.text)")
        #expect(children.allSatisfy { !Processes.alive($0) }, "a session's child outlived the server")
        #expect(ServeTests.wait { !follower.isRunning }, "the client was told")
        _ = clients
    }

    @Test func aRestartedServerRemovesWhatAKilledOneLeft() throws {
        let folder = TemporaryFolder()
        let killed = try Server(folder)
        let (clients, follower) = try Self.threeGuests(killed)
        defer { if follower.isRunning { kill(follower.processIdentifier, SIGKILL) }; follower.waitUntilExit() }
        let children = Processes.children(of: killed.process.processIdentifier)
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        for child in children { kill(child, SIGKILL) }
        #expect(killed.guestFolders.count == 3)
        // Not its own: a folder of a server still running (this test's process stands for it), and one without a marker.
        let root = killed.guestRoot
        let start = try String(contentsOfFile: "/proc/self/stat", encoding: .utf8)
        let fields = start[start.index(after: start.lastIndex(of: ")")!)...].split(separator: " ")
        try FileManager.default.createDirectory(atPath: root + "/guest-running", withIntermediateDirectories: false)
        try "\(getpid()) \(fields[19])\n".write(toFile: root + "/guest-running/.homescreen-serve", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/guest-unmarked", withIntermediateDirectories: false)
        let restarted = try Server(folder)
        #expect(restarted.text.contains("removed 3 guest folders an earlier run left in \(root)"), "\(restarted.text)")
        #expect(Set(restarted.guestFolders) == ["guest-running", "guest-unmarked"], "\(restarted.guestFolders)")
        _ = clients
    }
}
