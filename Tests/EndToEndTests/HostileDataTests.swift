import Foundation
import Testing
import HomescreenTestSupport

/// A product name holding escape sequences, control characters and tmux formats changes
/// nothing but its own cells, in every output.
struct HostileDataTests {
    static let marker = "/tmp/hs-pwn-\(UInt32.random(in: 100_000...999_999))"
    static let hostileName = "Milk\u{1B}[2J\u{1B}]0;pwned\u{07}\u{9B}1m#(touch \(marker))"

    func storeWithHostileProduct(_ folder: TemporaryFolder) throws -> String {
        let store = folder.path("store.sqlite")
        let added = try Homescreen.run(["pantry", "add", Self.hostileName, "--due", "2026-11-20"], store: store)
        #expect(added.status == 0)
        #expect(!containsControlCharacters(added.stdout))
        return store
    }

    @Test func everyOutputIsInert() throws {
        let folder = TemporaryFolder()
        let store = try storeWithHostileProduct(folder)
        var outputs: [(String, String, Bool)] = []
        for family in ["small", "medium", "large", "rectangular", "circular", "inline"] {
            for format in ["plain", "ansi"] {
                let result = try Homescreen.run(["render", "pantry", "--family", family, "--format", format, "--now", "2026-11-22"], store: store)
                #expect(result.status == 0)
                outputs.append(("render \(family) \(format)", result.stdout, format == "ansi"))
            }
        }
        for format in ["plain", "ansi", "tmux"] {
            outputs.append(("status \(format)", try Homescreen.run(["status", "--format", format, "--now", "2026-11-22"], store: store).stdout, format == "ansi"))
        }
        for arguments in [["pantry", "list"], ["pantry", "list", "--json"], ["timeline", "pantry"], ["timeline", "pantry", "--json"], ["pantry", "consume"]] {
            outputs.append((arguments.joined(separator: " "), try Homescreen.run(arguments, store: store).stdout, false))
        }
        for (label, output, allowSGR) in outputs {
            #expect(!output.isEmpty, "\(label)")
            #expect(!containsControlCharacters(output, allowingSGR: allowSGR), "\(label): \(output.debugDescription)")
        }
        let tmux = try #require(outputs.first { $0.0 == "status tmux" }?.1)
        #expect(tmux.contains("##(touch"))
    }

    @Test func errorMessagesAreInertToo() throws {
        let folder = TemporaryFolder()
        let store = try storeWithHostileProduct(folder)
        #expect(try Homescreen.run(["pantry", "consume", "--amount", "1"], store: store).status == 0)
        // A store error naming the product, and the argument parser echoing an argument.
        let empty = try Homescreen.run(["pantry", "consume", "--product", "1"], store: store)
        #expect(empty.status == 1 && empty.stderr.contains("Milk"))
        let unknown = try Homescreen.run(["render", "pantry", "--bo\u{1B}[2Jgus"], store: store)
        #expect(unknown.status == 2 && unknown.stderr.contains("gus"))
        for result in [empty, unknown] {
            #expect(!containsControlCharacters(result.stderr), "\(result.stderr.debugDescription)")
        }
    }

    @Test
    func aRealTmuxStatusLineShowsTheNameAndRunsNothing() throws {
        let folder = TemporaryFolder()
        let store = try storeWithHostileProduct(folder)
        let socket = "hs-test-\(getpid())"
        let command = "HOMESCREEN_STORE=\(store) TZ=Europe/Zurich \(Homescreen.executable.path) status pantry --format tmux"
        var servers: [pid_t] = []
        defer {
            // kill-server is not always obeyed by a server with a nested client: end them by pid.
            for pid in servers { kill(pid, SIGKILL) }
            try? FileManager.default.removeItem(atPath: Self.marker)
        }
        func serverPID(_ socket: String) throws -> pid_t {
            pid_t(try Spawn.run("/usr/bin/tmux", ["-L", socket, "display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        }
        try Spawn.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "5"])
        servers.append(try serverPID(socket))
        try Spawn.run("/usr/bin/tmux", ["-L", socket, "set", "-g", "status-interval", "1"])
        try Spawn.run("/usr/bin/tmux", ["-L", socket, "set", "-g", "status-right-length", "90"])
        try Spawn.run("/usr/bin/tmux", ["-L", socket, "set", "-g", "status-right", "<#(\(command))>"])
        // A client of that server inside an outer tmux, so its status line can be captured.
        try Spawn.run("/usr/bin/tmux", ["-L", socket + "-outer", "-f", "/dev/null", "new-session", "-d", "-x", "110", "-y", "6",
                                        "env TMUX= /usr/bin/tmux -L \(socket) attach"])
        servers.append(try serverPID(socket + "-outer"))
        var statusLine = ""
        for _ in 0..<40 where !statusLine.contains("<Milk") {
            usleep(100_000)
            statusLine = try Spawn.run("/usr/bin/tmux", ["-L", socket + "-outer", "capture-pane", "-p"]).split(separator: "\n").last.map(String.init) ?? ""
        }
        #expect(statusLine.contains("Milk"), "\(statusLine)")
        #expect(statusLine.contains("#(touch"), "\(statusLine)")
        // The name is long: the 58-column line ends truncated, and the status line still closes.
        #expect(statusLine.hasSuffix("…>"), "\(statusLine)")
        #expect(!FileManager.default.fileExists(atPath: Self.marker), "tmux ran a command from a product name")
    }
}
