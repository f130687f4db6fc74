import Foundation
import HomescreenTestSupport
import Testing

/// Issue 50, point 1: the options of an `authorized_keys` line, as sshd(8) documents them, with
/// the real OpenSSH client logging in from several loopback addresses (`ssh -b`).
@Suite(.serialized) struct ServeKeyOptionsTests {
    typealias Server = ServeTests.Server

    /// One key per options line; returns the keys' private paths, in order.
    static func keys(_ options: [String], in folder: TemporaryFolder) throws -> [String] {
        var lines = "# household, with options\n"
        var paths: [String] = []
        for (index, option) in options.enumerated() {
            let path = try ServeTests.key("ed25519", in: folder, named: "id_\(index)")
            lines += (option.isEmpty ? "" : option + " ") + (try String(contentsOfFile: path + ".pub", encoding: .utf8))
            paths.append(path)
        }
        try lines.write(toFile: folder.path("authorized_keys"), atomically: true, encoding: .utf8)
        return paths
    }

    /// `ssh lan@127.0.0.1 COMMAND…` with a key, from an address.
    static func ssh(_ server: Server, key: String, from source: String = "127.0.0.1", _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try ServeTests.run("/usr/bin/ssh", server.options(key: key, source: source) + ["lan@127.0.0.1"] + arguments)
    }

    @Test func eachOptionIsAllowedOrRefusedAsSshdDocumentsIt() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder)
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let lines = [
            "restrict,from=\"192.0.2.1\",command=\"/bin/false\",expiry-time=\"20000101\"", // 0: the line
            "from=\"192.0.2.1\"",                                                           // 1: another address only
            "from=\"127.0.0.0/8,!127.0.0.3\"",                                              // 2: CIDR, one address negated
            "from=\"127.0.0.?,10.*\"",                                                      // 3: wildcards
            "expiry-time=\"20000101\"",                                                     // 4: expired
            "expiry-time=\"29991231235959Z\"",                                              // 5: not yet
            "command=\"status pantry --format plain\"",                                     // 6: forced command
            "command=\"/bin/false\"",                                                       // 7: a command this server does not run
            "no-pty",                                                                       // 8
            "restrict",                                                                     // 9
            "restrict,pty",                                                                 // 10
            "no-port-forwarding,permitopen=\"127.0.0.1:22\",permitlisten=\"8080\"",         // 11
            "environment=\"HOMESCREEN_STORE=/tmp/elsewhere\"",                              // 12
            "frobnicate",                                                                   // 13: unknown
            "cert-authority",                                                               // 14
            "no-agent-forwarding,no-X11-forwarding,no-user-rc",                             // 15
        ]
        let keys = try Self.keys(lines, in: folder)
        let status = ["status", "pantry", "--format", "plain"]
        func loggedIn(_ index: Int, from source: String = "127.0.0.1") throws -> Bool {
            let result = try Self.ssh(server, key: keys[index], from: source, status)
            #expect(result.status == 0 || result.err.contains("Permission denied"), "line \(index + 2): \(result)")
            return result.status == 0 && result.out.contains("Milk")
        }
        #expect(try !loggedIn(0), "the issue's line is refused")
        #expect(try !loggedIn(1))
        #expect(try loggedIn(2) && loggedIn(2, from: "127.0.0.2") && !loggedIn(2, from: "127.0.0.3"))
        #expect(try loggedIn(3, from: "127.0.0.4"))
        #expect(try !loggedIn(4))
        #expect(try loggedIn(5))
        // command=: what the key asks for does not matter; the forced command runs.
        let forced = try Self.ssh(server, key: keys[6], ["timeline", "pantry"])
        #expect(forced.status == 0 && forced.out.contains("Milk") && !forced.out.contains("\u{1B}"), "\(forced)")
        let dashboard = try Self.ssh(server, key: keys[6], [])
        #expect(dashboard.status == 0 && dashboard.out.contains("Milk"), "a shell request runs the forced command too: \(dashboard)")
        let notRun = try Self.ssh(server, key: keys[7], status)
        #expect(notRun.status != 0 && !notRun.out.contains("Milk") && notRun.err.contains("'/bin/false' is not offered"), "\(notRun)")
        // no-pty and restrict: no terminal, so no dashboard; restrict,pty: a terminal.
        for index in [8, 9] {
            let refused = try Self.ssh(server, key: keys[index], ["-tt"])
            // OpenSSH's client gives up when a terminal it insisted on (-tt) is refused.
            #expect(refused.status != 0 && refused.err.contains("PTY allocation request failed") && !refused.out.contains("Pantry"), "line \(index + 2): \(refused)")
            #expect(try loggedIn(index), "line \(index + 2): exec without a terminal still runs")
        }
        let withTerminal = try ServeTests.client(server, user: "lan", key: keys[10])
        #expect(withTerminal.wait(timeout: 15) { $0.contains("╭─ Pantry") }, "\(withTerminal.text)\n\(server.text)")
        withTerminal.send("q")
        // permitopen/permitlisten: the key logs in; forwarding is refused anyway.
        #expect(try loggedIn(11))
        let forwarded = try ServeTests.run("/usr/bin/ssh", server.options(key: keys[11]) + ["-W", "127.0.0.1:22", "lan@127.0.0.1"])
        #expect(forwarded.status == 255, "\(forwarded)")
        // environment=: ignored, and said so in the log; the real store is still the one used.
        #expect(try loggedIn(12))
        #expect(ServeTests.wait { server.text.contains("environment=\"HOMESCREEN_STORE=…\" of authorized_keys line 14 ignored") }, "\(server.text)")
        // An option this server does not implement, and cert-authority: refused, said at start.
        #expect(try !loggedIn(13) && !loggedIn(14))
        #expect(try loggedIn(15))
        let log = server.text
        #expect(log.contains("line 15: the option frobnicate is not one this server implements; the key is refused"), "\(log)")
        #expect(log.contains("line 16: cert-authority"), "\(log)")
        #expect(log.contains("key refused for lan (authorized_keys line 3: its key is not for 127.0.0.1"), "\(log)")
        #expect(log.components(separatedBy: "pty refused (authorized_keys: no-pty or restrict)").count == 3, "\(log)")
        #expect(log.contains("its key expired (expiry-time=)"), "\(log)")
        #expect(log.contains("command= of authorized_keys ran instead of 'timeline pantry'"), "\(log)")
        #expect(server.alive)

        // doctor names the file, the line and the option of each refused key, and each key's restrictions.
        try FileManager.default.createDirectory(atPath: folder.path("config/homescreen"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path("authorized_keys"), toPath: folder.path("config/homescreen/authorized_keys"))
        let doctor = try Homescreen.run(["doctor"], store: folder.path("none.sqlite"), environment: ["XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state")])
        let path = folder.path("config/homescreen/authorized_keys")
        #expect(doctor.stdout.contains("\(path): 14 household keys; 2 refused by their options"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(path) line 15: option frobnicate:"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(path) line 16: option cert-authority:"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(path) line 2: only from 192.0.2.1; expired on 2000-01-01") && doctor.stdout.contains("runs only '/bin/false'; no terminal"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(path) line 14: environment= ignored"), "\(doctor.stdout)")
    }

    /// Where the issue is silent, what sshd(8) promises: with StrictModes (its default), a file
    /// that other users can write is not used.
    @Test func aFileOthersCanWriteGivesNoKey() throws {
        let folder = TemporaryFolder()
        let keysFolder = folder.path("keys")
        try FileManager.default.createDirectory(atPath: keysFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let server = try Server(folder, arguments: ["--authorized-keys", keysFolder + "/authorized_keys"])
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let keys = try Self.keys([""], in: folder)
        try FileManager.default.copyItem(atPath: folder.path("authorized_keys"), toPath: keysFolder + "/authorized_keys")
        let status = ["status", "pantry", "--format", "plain"]
        #expect(try Self.ssh(server, key: keys[0], status).status == 0)
        chmod(keysFolder + "/authorized_keys", 0o666)
        let writable = try Self.ssh(server, key: keys[0], status)
        #expect(writable.status == 255 && writable.err.contains("Permission denied"), "\(writable)")
        #expect(ServeTests.wait { server.text.contains("key refused for lan (authorized_keys the file is writable by other users (chmod go-w \(keysFolder)/authorized_keys)") }, "\(server.text)")
        chmod(keysFolder + "/authorized_keys", 0o644)
        chmod(keysFolder, 0o777)
        #expect(try Self.ssh(server, key: keys[0], status).status == 255)
        #expect(ServeTests.wait { server.text.contains("is in a folder writable by other users (chmod go-w \(keysFolder))") }, "\(server.text)")
        chmod(keysFolder, 0o755)
        #expect(try Self.ssh(server, key: keys[0], status).status == 0)
        // doctor says so.
        try FileManager.default.createDirectory(atPath: folder.path("config/homescreen"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder.path("authorized_keys"), toPath: folder.path("config/homescreen/authorized_keys"))
        chmod(folder.path("config/homescreen/authorized_keys"), 0o666)
        let doctor = try Homescreen.run(["doctor"], store: folder.path("none.sqlite"), environment: ["XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state")])
        #expect(doctor.stdout.contains(folder.path("config/homescreen/authorized_keys") + " is writable by other users"), "\(doctor.stdout)")
    }

    /// Listening on IPv6, an IPv4 client is seen at its IPv4 address (not ::ffff:…), as sshd sees it.
    @Test func fromMatchesAnIPv4ClientOfAnIPv6Listener() throws {
        let folder = TemporaryFolder()
        let server = try Server(folder, arguments: ["--listen", "[::]:0"])
        #expect(try Homescreen.run(["demo"], store: server.store).status == 0)
        let keys = try Self.keys(["from=\"127.0.0.*\""], in: folder)
        let result = try Self.ssh(server, key: keys[0], ["status", "pantry", "--format", "plain"])
        #expect(result.status == 0 && result.out.contains("Milk"), "\(result)\n\(server.text)")
        #expect(ServeTests.wait { server.text.contains("homescreen serve: 127.0.0.1:") && server.text.contains("user lan (member, publickey)") }, "\(server.text)")
    }
}
