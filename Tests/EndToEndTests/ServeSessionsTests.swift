import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, points 3 and 4: session channels are counted (OpenSSH's ControlMaster opens many on
/// one connection), and every guest connection ends — exec sessions and `ssh -N` too — measured
/// with the real OpenSSH client.
@Suite(.serialized) struct ServeSessionsTests {
    typealias Server = ServeTests.Server

    /// Runs `clients` `ssh` commands at once over one ControlMaster connection (or, with
    /// `masters` > 1, over as many connections from their own addresses), each `status pantry
    /// --follow`, and samples the server's children while they run (until `expected` are seen,
    /// then 3 s more). Prints the largest number of children seen, then how many clients were refused.
    /// Python: how many live children the process `server` has (read from /proc).
    static let childCounter = """
        def children():
            count = 0
            for name in os.listdir("/proc"):
                if not name.isdigit(): continue
                try:
                    text = open("/proc/%s/stat" % name).read()
                except OSError:
                    continue
                fields = text[text.rindex(")") + 2:].split()
                if int(fields[1]) == server and fields[0] != "Z": count += 1
            return count
        """

    static let sampler = """
        import os, subprocess, sys, time
        server, port, user, masters, clients, folder, expected = int(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]), sys.argv[6], int(sys.argv[7])
        options = sys.argv[8:]
        \(ServeSessionsTests.childCounter)
        started = []
        for m in range(masters):
            path = "%s/cm%d" % (folder, m)
            source = "127.0.2.%d" % (m + 1)
            started.append(subprocess.Popen(["/usr/bin/ssh"] + options + ["-b", source, "-o", "ControlMaster=yes", "-o", "ControlPath=" + path, "-N", user + "@127.0.0.1"],
                                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for m in range(masters):
            path = "%s/cm%d" % (folder, m)
            deadline = time.time() + 15
            while not os.path.exists(path) and started[m].poll() is None and time.time() < deadline: time.sleep(0.05)
        # A session the master's server refuses makes OpenSSH's client connect on its own instead:
        # a closed port keeps every session on the master's connection.
        direct = list(options)
        direct[direct.index("-p") + 1] = "1"
        sessions = []
        for i in range(clients):
            path = "%s/cm%d" % (folder, i % masters)
            sessions.append(subprocess.Popen(["/usr/bin/ssh"] + direct + ["-o", "ControlMaster=no", "-o", "ControlPath=" + path, user + "@127.0.0.1", "status", "pantry", "--follow"],
                                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        # Sampled until the expected number is reached (at most 40 s), then 3 s more: never above it.
        most = 0
        deadline = time.time() + 40
        while time.time() < deadline:
            most = max(most, children())
            if most >= expected: deadline = min(deadline, time.time() + 3)
            time.sleep(0.02)
        refused = sum(1 for s in sessions if s.poll() is not None and s.returncode != 0)
        for p in sessions + started: p.kill()
        for p in sessions + started: p.wait()
        print(most, refused)
        """

    static func sample(_ server: Server, user: String, key: String? = nil, masters: Int, clients: Int, expected: Int) throws -> (most: Int, refused: Int) {
        let result = try ServeTests.run("/usr/bin/python3", ["-c", Self.sampler, "\(server.process.processIdentifier)", "\(server.port)", user, "\(masters)", "\(clients)",
                                                              server.folder.url.path, "\(expected)"] + server.options(key: key), timeout: 90)
        let numbers = result.out.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 2, "\(result)")
        return (numbers.first ?? -1, numbers.last ?? -1)
    }

    @Test func aGuestConnectionHasOneSessionAtATime() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        let (most, refused) = try Self.sample(server, user: "demo", masters: 1, clients: 30, expected: 1)
        #expect(most == 1, "children of one guest connection at once: \(most)")
        #expect(refused == 29, "\(server.text.suffix(1500))")
        #expect(ServeTests.wait { server.text.contains("29 session channels refused (a guest has one at a time)") }, "\(server.text.suffix(1500))")
        #expect(ServeTests.wait { server.guestFolders.isEmpty })
    }

    @Test func maxSessionsCountsGuestChildrenAcrossConnections() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--max-sessions", "20"])
        // 30 connections from 30 addresses, two sessions asked on each.
        let (most, _) = try Self.sample(server, user: "demo", masters: 30, clients: 60, expected: 20)
        #expect(most == 20, "guest children at once: \(most)")
        #expect(ServeTests.wait { server.text.contains("guest sessions are running, as many as this server takes (--max-sessions)") }, "\(server.text.suffix(1500))")
    }

    /// The issue's three `ssh -N` guests with --max-sessions 3: they hold no session, so a fourth
    /// guest still gets one.
    @Test func guestsThatOpenNoSessionHoldNoGuestsPlace() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--max-sessions", "3", "--max-per-address", "10", "--login-grace", "1m"])
        // Spawned directly: Foundation's Process kept the next command's output open while they ran.
        let idle = try (0..<3).map { index in
            // LocalCommand runs once the client is logged in.
            try Spawn.start("/usr/bin/ssh", server.options() + ["-o", "PermitLocalCommand=yes", "-o", "LocalCommand=touch \(folder.path("in-\(index)"))", "-N", "demo@127.0.0.1"])
        }
        defer { for pid in idle { kill(pid, SIGKILL); var status: Int32 = 0; waitpid(pid, &status, 0) } }
        #expect(ServeTests.wait(timeout: 15) { (0..<3).allSatisfy { FileManager.default.fileExists(atPath: folder.path("in-\($0)")) } })
        let fourth = try ServeTests.run("/usr/bin/ssh", server.options() + ["demo@127.0.0.1", "status", "pantry"])
        #expect(fourth.status == 0 && fourth.out.contains("Milk"), "\(fourth)\n\(server.text)")
        #expect(idle.allSatisfy { Processes.alive($0) })
    }

    @Test func aMemberConnectionHasAtMostMaxMemberSessions() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--max-member-sessions", "3"])
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let (most, refused) = try Self.sample(server, user: "lan", key: key, masters: 1, clients: 5, expected: 3)
        #expect(most == 3 && refused == 2, "\(most) children, \(refused) refused: \(server.text.suffix(1500))")
    }

    /// Starts `ssh` clients at once; returns each one's seconds from its login (its LocalCommand
    /// touches a file then) until it ended (nil: not logged in, or still running after `timeout`).
    static func durations(_ commands: [[String]], in folder: TemporaryFolder, timeout: TimeInterval = 30) throws -> [Double?] {
        let processes = try commands.enumerated().map { index, arguments -> Process in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/ssh")
            process.arguments = ["-o", "PermitLocalCommand=yes", "-o", "LocalCommand=touch \(folder.path("login-\(index)"))"] + arguments
            (process.standardInput, process.standardOutput, process.standardError) = (FileHandle.nullDevice, FileHandle.nullDevice, FileHandle.nullDevice)
            try process.run()
            return process
        }
        var ended = [Date?](repeating: nil, count: processes.count)
        _ = ServeTests.wait(timeout: timeout) {
            for (index, process) in processes.enumerated() where ended[index] == nil && !process.isRunning { ended[index] = Date() }
            return ended.allSatisfy { $0 != nil }
        }
        for process in processes where process.isRunning { kill(process.processIdentifier, SIGKILL) }
        for process in processes { process.waitUntilExit() }
        return ended.enumerated().map { index, end in
            let login = (try? FileManager.default.attributesOfItem(atPath: folder.path("login-\(index)")))?[.modificationDate] as? Date
            guard let end, let login else { return nil }
            return end.timeIntervalSince(login)
        }
    }

    @Test func execAndNoSessionGuestsEndAtTheGuestTimeout() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--guest-timeout", "6s", "--guest-idle", "1h", "--login-grace", "1m"])
        let options = server.options()
        let ended = try Self.durations([options + ["demo@127.0.0.1", "status", "pantry", "--follow"], options + ["-N", "demo@127.0.0.1"]], in: folder)
        for (index, seconds) in ended.enumerated() {
            #expect(seconds.map { abs($0 - 6) <= 2 } == true, "client \(index): \(String(describing: seconds)) s\n\(server.text)")
        }
        #expect(ServeTests.wait { server.text.components(separatedBy: "ended: the guest time (--guest-timeout) is up").count == 3 }, "\(server.text)")
        #expect(ServeTests.wait { server.guestFolders.isEmpty })
    }

    @Test func execAndNoSessionGuestsEndAtTheGuestIdle() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--guest-timeout", "1h", "--guest-idle", "4s", "--login-grace", "1m"])
        let options = server.options()
        let ended = try Self.durations([options + ["demo@127.0.0.1", "status", "pantry", "--follow"], options + ["-N", "demo@127.0.0.1"]], in: folder)
        for (index, seconds) in ended.enumerated() {
            #expect(seconds.map { abs($0 - 4) <= 2 } == true, "client \(index): \(String(describing: seconds)) s\n\(server.text)")
        }
        #expect(ServeTests.wait { server.text.components(separatedBy: "ended: idle for 4 s (--guest-idle)").count == 3 }, "\(server.text)")
    }

    @Test func aGuestThatOpensNoSessionIsClosedAfterTheLoginGrace() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--login-grace", "3s"])
        let ended = try Self.durations([server.options() + ["-N", "demo@127.0.0.1"]], in: folder)
        #expect(ended[0].map { abs($0 - 3) <= 2 } == true, "\(String(describing: ended[0])) s\n\(server.text)")
        #expect(ServeTests.wait { server.text.contains("ended: no session opened within 3 s (--login-grace)") }, "\(server.text)")
    }
}

/// Session channels asked for directly, as OpenSSH's client cannot: asyncssh (Debian's
/// python3-asyncssh; Debian's paramiko has none of swift-nio-ssh's AES-GCM ciphers) opens many on
/// one connection, each running `status pantry --follow`.
@Suite(.serialized) struct ServeDirectSessionsTests {
    /// Opens `channels` session channels on one connection (a guest with `none`, or a member with
    /// a key), an exec on each; prints how many opened, then the server's largest child count.
    static let script = """
        import asyncio, os, sys, time, warnings
        warnings.simplefilter("ignore")
        import asyncssh
        port, server, user, key, channels = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5])
        \(ServeSessionsTests.childCounter)
        async def main():
            keys = [key] if key != "-" else []
            async with asyncssh.connect("127.0.0.1", port, username=user, known_hosts=None, client_keys=keys, agent_path=None, password=None) as connection:
                opened, most = [], 0
                for i in range(channels):
                    try:
                        channel, _ = await connection.create_session(asyncssh.SSHClientSession, "status pantry --follow")
                        opened.append(channel)
                    except asyncssh.ChannelOpenError:
                        pass
                    most = max(most, children())
                end = time.time() + 3
                while time.time() < end:
                    most = max(most, children())
                    await asyncio.sleep(0.05)
                print(len(opened), most)
        asyncio.run(main())
        """

    static func open(_ server: ServeTests.Server, user: String, key: String?, channels: Int) throws -> [Int] {
        let result = try ServeTests.run("/usr/bin/python3", ["-c", Self.script, "\(server.port)", "\(server.process.processIdentifier)", user, key ?? "-", "\(channels)"], timeout: 120)
        #expect(!result.err.contains("No module named 'asyncssh'"), "python3-asyncssh is needed (scripts/test.sh should install it)")
        let counts = result.out.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        if counts.isEmpty { Issue.record("\(result.err.suffix(1500))") }
        return counts
    }

    @Test func fiftyChannelsOnAGuestConnectionRunOneChild() throws {
        let folder = TemporaryFolder()
        let server = try ServeTests.Server(folder)
        let counts = try Self.open(server, user: "demo", key: nil, channels: 50)
        #expect(counts == [1, 1], "channels opened, children at most: \(counts)\n\(server.text.suffix(1500))")
        #expect(ServeTests.wait { server.text.contains("49 session channels refused (a guest has one at a time)") }, "\(server.text.suffix(1500))")
    }

    @Test func aMembersConnectionHasEightSessionsByDefault() throws {
        let folder = TemporaryFolder()
        let server = try ServeTests.Server(folder)
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let counts = try Self.open(server, user: "lan", key: key, channels: 20)
        #expect(counts == [8, 8], "channels opened, children at most: \(counts)\n\(server.text.suffix(1500))")
    }
}
