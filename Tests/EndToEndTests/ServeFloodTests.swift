import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, point 2: places before login that a flood cannot take from members.
@Suite(.serialized) struct ServeFloodTests {
    typealias Server = ServeTests.Server

    /// 300 silent connections from 11 loopback addresses, each reopened as soon as the server
    /// closes it, for `seconds`; meanwhile a member (the `ssh` command after the arguments) tries
    /// at 3 s and again once the first silent connections have been closed (12 s), up to 3
    /// attempts each time. Prints the attempt that got in each time (0: none did), how many
    /// connections the flood opened (at least 70,000), and the server's RSS (kB) once 10,000 were
    /// and at the end.
    static let flood = """
        import selectors, socket, subprocess, sys, threading, time
        port, seconds, server, member = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
        def rss():
            for line in open("/proc/%d/status" % server):
                if line.startswith("VmRSS:"): return int(line.split()[1])
        addresses = ["127.0.3.%d" % (i + 1) for i in range(11)]
        selector = selectors.DefaultSelector()
        opened = [0]
        def open_one(i):
            s = socket.socket()
            s.setblocking(False)
            s.bind((addresses[i % len(addresses)], 0))
            try:
                s.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            selector.register(s, selectors.EVENT_READ, i)
            opened[0] += 1
        for i in range(300): open_one(i)
        rounds = []
        def tries():
            for at in (3, 12):
                time.sleep(max(0, start + at - time.time()))
                got = 0
                for attempt in (1, 2, 3):
                    done = subprocess.run(member, stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
                    if done.returncode == 0 and b"Milk" in done.stdout:
                        got = attempt
                        break
                rounds.append(got)
        start = time.time()
        thread = threading.Thread(target=tries)
        thread.start()
        # Until the member's tries are done and 70,000 connections were opened (60 s at most);
        # the server's RSS once 10,000 were, and at the end.
        first_rss = None
        while (time.time() < start + seconds or thread.is_alive() or opened[0] < 70000) and time.time() < start + 60:
            if first_rss is None and opened[0] >= 10000: first_rss = rss()
            for key, _ in selector.select(timeout=0.05):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except OSError:
                    data = b""
                if data: continue   # the server's version line: the flood stays silent
                selector.unregister(s)
                s.close()
                open_one(key.data)
        time.sleep(1)
        print(" ".join(str(r) for r in rounds), opened[0], first_rss, rss())
        """

    @Test func aMemberGetsInWithinThreeAttemptsUnderAFloodFromElevenAddresses() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let member = ["/usr/bin/ssh"] + server.options(key: key, source: "127.0.0.2") + ["-o", "ConnectTimeout=10", "lan@127.0.0.1", "status", "pantry", "--format", "plain"]
        let result = try ServeTests.run("/usr/bin/python3", ["-c", Self.flood, "\(server.port)", "16", "\(server.process.processIdentifier)"] + member, timeout: 120)
        let numbers = result.out.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        #expect(numbers.count == 5, "\(result)")
        #expect(numbers.prefix(2).allSatisfy { (1...3).contains($0) }, "the attempt that got in, at 3 s and at 12 s: \(numbers)\n\(server.text.suffix(3000))")
        if numbers.count == 5 {
            #expect(numbers[2] >= 60_000, "the flood reopened what was closed: \(numbers[2]) connections")
            // The server's memory does not grow with the connections it has seen (± 2 MB).
            #expect(abs(numbers[4] - numbers[3]) <= 2048, "RSS \(numbers[3]) kB after 10,000 connections, \(numbers[4]) kB after \(numbers[2])")
        }
        #expect(server.alive)
        let log = server.text
        #expect(log.contains("(--max-per-address)") && log.contains("sent nothing within 10 s"), "\(log.suffix(3000))")
        // A flood writes no log of its size: refusals and silent closings at most once a second.
        let lines = log.split(separator: "\n").count
        #expect(lines < 120, "\(lines) log lines for a 16 s flood")
    }

    /// Scanners that connect, say their version and go: a line a second at most of each kind, saying how many.
    @Test func connectionsThatNeverTryToLogInWriteALineASecondAtMost() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        let script = """
            import socket, sys, time
            start = time.time()
            for i in range(3000):
                s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
                s.sendall(b"SSH-2.0-scanner\\r\\n")
                s.close()
            print(time.time() - start)
            """
        let result = try ServeTests.run("/usr/bin/python3", ["-c", script, "\(server.port)"], timeout: 120)
        let seconds = Double(result.out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        #expect(seconds > 0, "\(result)")
        #expect(ServeTests.wait { server.text.contains("more such lines left out") }, "\(server.text.suffix(2000))")
        let lines = server.text.split(separator: "\n").count
        // Two kinds of line (connections closed before login, and refusals when they pile up), each at most once a second.
        #expect(Double(lines) <= 2 * seconds + 3, "\(lines) log lines for 3000 connections in \(seconds) s:\n\(server.text.suffix(3000))")
    }

    /// Between START and FULL connections not logged in, one from an address already waiting is
    /// dropped (RATE 100 here: always); at FULL, a newcomer from another address takes the place
    /// of the oldest waiting connection of the address holding the most. Either way the member,
    /// from a fourth address, gets in at once.
    @Test(arguments: [(["--max-per-address", "3", "--max-startups", "6:100:9"], "refused, 6 connections not logged in yet (random early drop, --max-startups 6:100:9)"),
                      (["--max-per-address", "2", "--max-startups", "6:30:6"], "ended: closed for a newcomer from another address (6 connections not logged in, --max-startups)")])
    func aNewcomerFromAnotherAddressGetsAPlace(arguments: [String], logged: String) throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: arguments)
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        // 10 silent connections from each of 3 addresses, in turn, held; then the member.
        let script = """
            import socket, subprocess, sys, time
            port, member = int(sys.argv[1]), sys.argv[2:]
            held = []
            for round in range(10):
                for a in range(3):
                    s = socket.socket(); s.bind(("127.0.4.%d" % (a + 1), 0)); s.connect(("127.0.0.1", port)); held.append(s)
            time.sleep(1)
            done = subprocess.run(member, stdin=subprocess.DEVNULL, capture_output=True, timeout=30)
            print(done.returncode, b"Milk" in done.stdout)
            """
        let member = ["/usr/bin/ssh"] + server.options(key: key, source: "127.0.0.2") + ["lan@127.0.0.1", "status", "pantry", "--format", "plain"]
        let result = try ServeTests.run("/usr/bin/python3", ["-c", script, "\(server.port)"] + member, timeout: 60)
        #expect(result.out.trimmingCharacters(in: .whitespacesAndNewlines) == "0 True", "\(result)\n\(server.text)")
        #expect(ServeTests.wait { server.text.contains(logged) }, "\(server.text)")
    }

    @Test func aSilentConnectionIsClosedWithinTenSeconds() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)  // --login-grace 20s, the default
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: in_port_t(UInt16(server.port).bigEndian),
                                  sin_addr: in_addr(s_addr: inet_addr("127.0.0.1")), sin_zero: (0, 0, 0, 0, 0, 0, 0, 0))
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        #expect(connected == 0)
        let start = Date()
        // The server's version line, then the end of the connection.
        var buffer = [UInt8](repeating: 0, count: 512)
        var timeout = timeval(tv_sec: 15, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while read(socket, &buffer, buffer.count) > 0 {}
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds <= 11, "closed after \(seconds) s")
        #expect(ServeTests.wait { server.text.contains("ended: sent nothing within 10 s") }, "\(server.text)")
    }
}
