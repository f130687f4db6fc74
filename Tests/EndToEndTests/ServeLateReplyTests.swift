import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, point 6: a terminal's answer to the start-up query (OSC 11, then device attributes)
/// that comes late — 0.3, 0.6 or 2 s, normal over SSH — is never taken for keys: `?` would open
/// the help, `c` consume a product. On a plain pty, and through the real OpenSSH client.
@Suite(.serialized) struct ServeLateReplyTests {
    /// Runs the command after the arguments on a 120×40 pty (pyte reads the screen), answers the
    /// start-up query after `delay` seconds as a terminal does, waits 1.5 s, prints the screen;
    /// then presses `?` (the detection's control: the help must show now), prints the screen
    /// again after `=====`, and quits.
    static let terminal = """
        import fcntl, os, pty, select, struct, sys, termios, time, pyte
        delay, argv = float(sys.argv[1]), sys.argv[2:]
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
            os.execv(argv[0], argv)
        screen = pyte.Screen(120, 40)
        stream = pyte.ByteStream(screen)
        seen, due, replied, start = b"", None, None, time.time()
        def pump(seconds):
            global seen, due
            end = time.time() + seconds
            while time.time() < end:
                ready, _, _ = select.select([fd], [], [], 0.02)
                if not ready: continue
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    return
                if not data: return
                stream.feed(data)
                seen += data
                if due is None and b"\\x1b[c" in seen: due = time.time() + delay
        while due is None and time.time() < start + 20: pump(0.05)
        pump(max(0, due - time.time()) if due else 0)
        # What a terminal answers: its background (OSC 11), then its attributes (DA1).
        os.write(fd, b"\\x1b]11;rgb:0000/0000/0000\\x1b\\\\\\x1b[?1;2c")
        pump(1.5)
        print("\\n".join(screen.display))
        print("=====")
        os.write(fd, b"?")
        pump(1.5)
        print("\\n".join(screen.display))
        for key in (b"\\x1b", b"q"):
            os.write(fd, key)
            pump(0.5)
        try:
            os.kill(pid, 9)
        except OSError:
            pass
        os.waitpid(pid, 0)
        """

    /// The screen after the late answer, and after `?`.
    static func screens(delay: Double, _ command: [String]) throws -> (after: String, control: String) {
        let result = try ServeTests.run("/usr/bin/python3", ["-c", Self.terminal, "\(delay)"] + command, timeout: 60)
        let parts = result.out.components(separatedBy: "=====\n")
        #expect(parts.count == 2, "\(result)")
        return (parts.first ?? "", parts.count > 1 ? parts[1] : "")
    }

    static func consumptions(_ store: String) throws -> String {
        try SQLiteShell.run(store, "SELECT count(*) FROM consumption").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: [0.3, 0.6, 2.0])
    func aLateAnswerOnAPlainPtyIsNoKey(delay: Double) throws {
        let folder = TemporaryFolder()
        let store = folder.path("store.sqlite")
        #expect(try Homescreen.run(["demo", "--store", store], store: nil).status == 0)
        let before = try Self.consumptions(store)
        let command = ["/usr/bin/env", "-i", "TERM=xterm-256color", "LANG=C.UTF-8", "PATH=/usr/bin:/bin", "HOME=\(folder.url.path)",
                       "XDG_CONFIG_HOME=\(folder.path("config"))", "XDG_STATE_HOME=\(folder.path("state"))", Homescreen.executable.path, "--store", store]
        let (after, control) = try Self.screens(delay: delay, command)
        #expect(after.contains("Pantry") && !after.contains("Keys"), "a view opened after an answer \(delay) s late:\n\(after)")
        #expect(control.contains("Keys"), "the control: ? shows the help\n\(control)")
        #expect(try Self.consumptions(store) == before, "the store changed")
    }

    @Test(arguments: [0.3, 0.6, 2.0])
    func aLateAnswerThroughOpenSSHIsNoKey(delay: Double) throws {
        let folder = TemporaryFolder()
        let server = try ServeTests.Server(folder)
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let before = try Self.consumptions(server.store)
        let command = ["/usr/bin/env", "TERM=xterm-256color", "/usr/bin/ssh"] + server.options(key: key) + ["-tt", "lan@127.0.0.1"]
        let (after, control) = try Self.screens(delay: delay, command)
        #expect(after.contains("Pantry") && !after.contains("Keys"), "a view opened after an answer \(delay) s late:\n\(after)")
        #expect(control.contains("Keys"), "the control: ? shows the help\n\(control)")
        #expect(try Self.consumptions(server.store) == before, "the member's store changed")
    }
}
