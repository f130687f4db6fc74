import Foundation
import HomescreenTestSupport
import Testing
@testable import homescreen

/// `homescreen notify` and `homescreen tmux --reminders` for real: a notification daemon
/// (dunst under Xvfb, on a D-Bus session of its own), the user's command, a tmux server with a
/// client attached, two processes on one PostgreSQL store, and the clock across a midnight.
@Suite(.serialized)
struct ReminderDeliveryTests {
    /// A store, a config whose `[reminders]` table is `rules`, and a command channel that
    /// records each delivery as one line "title|body" in `got.txt`.
    final class Setup: @unchecked Sendable {
        let folder = TemporaryFolder()
        let store: String
        var got: String { folder.path("got.txt") }

        init(store: String? = nil, rules: String = "channels = [\"command\"]") throws {
            self.store = store ?? folder.path("store.sqlite")
            let record = folder.path("record.sh")
            try Self.executable(record, "#!/bin/sh\nprintf '%s|%s\\n' \"$1\" \"$2\" >> '\(got)'\n", in: folder)
            try FileManager.default.createDirectory(atPath: folder.path("config/homescreen"), withIntermediateDirectories: true)
            try "[reminders]\ncommand = [\"\(record)\"]\n\(rules)\n".write(toFile: folder.path("config/homescreen/config.toml"), atomically: true, encoding: .utf8)
        }

        /// A script made executable by another process (`install`): this process never holds
        /// it open for writing, so a child another test forks meanwhile cannot keep it so and
        /// make its exec fail with ETXTBSY.
        static func executable(_ path: String, _ text: String, in folder: TemporaryFolder) throws {
            let source = folder.path("source-\(UUID().uuidString)")
            try text.write(toFile: source, atomically: false, encoding: .utf8)
            let (status, _) = try Spawn.runWithStatus("/usr/bin/install", ["-m", "755", source, path])
            guard status == 0 else { throw MissingTool(path: "/usr/bin/install", package: "coreutils") }
        }

        /// The environment of every command: this folder as home, config and state.
        var environment: [String: String] { Homescreen.environment(store: store, own) }
        /// Its own home, config, state and default tmux folder (no tmux server of the machine's).
        private var own: [String: String] {
            ["HOME": folder.path(""), "XDG_CONFIG_HOME": folder.path("config"), "XDG_STATE_HOME": folder.path("state"), "TMUX_TMPDIR": folder.path("tmux")]
        }

        @discardableResult
        func run(_ arguments: [String]) throws -> CommandResult { try Homescreen.run(arguments, store: store, environment: own) }

        /// Starts a long-running command (through `env`, with this environment); killed at the end.
        func start(_ arguments: [String]) throws -> pid_t {
            try Spawn.start("/usr/bin/env", ["-i"] + environment.map { "\($0.key)=\($0.value)" } + [Homescreen.executable.path] + arguments)
        }

        var deliveries: [String] { ((try? String(contentsOfFile: got, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }

        func wait(timeout: TimeInterval = 10, until condition: ([String]) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline { if condition(deliveries) { return true }; usleep(20_000) }
            return condition(deliveries)
        }
    }

    /// Today plus `days` in the tests' zone, as YYYY-MM-DD.
    static func day(_ days: Int) -> String {
        ISO8601DateFormatter.string(from: Date().addingTimeInterval(Double(days) * 86_400), timeZone: TimeZone(identifier: "Europe/Zurich")!, formatOptions: [.withFullDate])
    }

    static func stop(_ pid: pid_t) {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// A real notification daemon: one notification with the product's name; a second
    /// `--once` adds none.
    @Test func dunstGetsOneNotificationAndASecondRunAddsNone() throws {
        for tool in [("/usr/bin/dunst", "dunst"), ("/usr/bin/Xvfb", "xvfb"), ("/usr/bin/notify-send", "libnotify-bin"), ("/usr/bin/dbus-run-session", "dbus")] {
            try MissingTool.check(tool.0, package: tool.1)
        }
        let setup = try Setup(rules: "channels = [\"notify-send\"]")
        #expect(try setup.run(["pantry", "add", "Yogurt", "--due", "tomorrow", "--amount", "1", "--unit", "l"]).status == 0)
        let script = setup.folder.path("session.sh")
        let homescreen = Homescreen.executable.path
        try """
            Xvfb -displayfd 3 -nolisten tcp 3>'\(setup.folder.path("display"))' >/dev/null 2>&1 &
            X=$!
            for i in $(seq 100); do [ -s '\(setup.folder.path("display"))' ] && break; sleep 0.05; done
            export DISPLAY=:$(cat '\(setup.folder.path("display"))')
            dunst >/dev/null 2>&1 &
            D=$!
            for i in $(seq 100); do dunstctl count displayed >/dev/null 2>&1 && break; sleep 0.05; done
            '\(homescreen)' notify --once; echo "first=$?"
            sleep 0.3
            echo "displayed=$(dunstctl count displayed)"
            dunstctl close-all; sleep 0.2
            '\(homescreen)' notify --once; echo "second=$?"
            sleep 0.3
            echo "after=$(dunstctl count displayed) history=$(dunstctl count history)"
            dunstctl history | grep -A2 '"summary"' | grep '"data"'
            kill -9 $D $X   # the test runner's blocked signals are inherited: TERM would not end them
            """.write(toFile: script, atomically: true, encoding: .utf8)
        let variables = setup.environment.map { "\($0.key)=\($0.value)" }
        // With no signal blocked (the test runner's mask is inherited): dbus-run-session ends its
        // dbus-daemon with SIGTERM when the script ends, which a blocked SIGTERM left running.
        let output = try Spawn.run(ServeTests.unblocked[0], Array(ServeTests.unblocked.dropFirst())
                                   + ["/usr/bin/env", "-i"] + variables + ["/usr/bin/dbus-run-session", "--", "/bin/sh", script])
        #expect(output.contains("first=0") && output.contains("second=0"), "\(output)")
        #expect(output.contains("displayed=1"), "\(output)")
        #expect(output.contains("after=0 history=1"), "one in all: \(output)")
        #expect(output.contains("\"Yogurt expires tomorrow (1 l)\""), "\(output)")
    }

    /// `--follow`: a write that makes a reminder true delivers it at once, a budget passing 80 %
    /// delivers one, a write that passes nothing delivers none, and idle it does not wake.
    @Test func followDeliversWhenAWriteMakesAReminderTrueAndSleepsOtherwise() throws {
        let setup = try Setup()
        let month = String(ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "Europe/Zurich")!, formatOptions: [.withFullDate]).prefix(7))
        #expect(try setup.run(["budget", "set", month, "--limit", "1000", "--currency", "CHF"]).status == 0)
        #expect(try setup.run(["expense", "add", "790"]).status == 0)
        let pid = try setup.start(["notify", "--follow"])
        defer { Self.stop(pid) }
        // 79 % and an empty pantry say nothing: the first delivery, once the follower runs, is
        // the product added now (a reminder of its first check would come before it).
        #expect(try setup.run(["pantry", "add", "Yogurt", "--due", "tomorrow"]).status == 0)
        #expect(setup.wait { $0.count == 1 }, "\(setup.deliveries)")
        #expect(setup.deliveries.first == "Yogurt expires tomorrow (1)|Pantry", "79 % and an empty pantry say nothing: \(setup.deliveries)")

        #expect(try setup.run(["expense", "add", "20"]).status == 0)
        #expect(setup.wait { $0.count == 2 }, "\(setup.deliveries)")
        #expect(setup.deliveries.last?.hasPrefix("Budget ") == true && setup.deliveries.last?.contains(" 81% spent") == true, "\(setup.deliveries)")

        // Crossing nothing: another product far off, another expense under 100 %.
        #expect(try setup.run(["pantry", "add", "Rice", "--due", "+60d"]).status == 0)
        #expect(try setup.run(["expense", "add", "5"]).status == 0)
        #expect(!setup.wait(timeout: 2) { $0.count > 2 }, "\(setup.deliveries)")

        let before = Processes.contextSwitches(of: pid)
        sleep(10)
        #expect(Processes.contextSwitches(of: pid) - before == 0, "idle, no thread woke")
    }

    /// The command channel gets the title and the body as arguments, never through a shell.
    @Test func theCommandGetsTheTextAsArgumentsAndRunsNothingOfIt() throws {
        let setup = try Setup()
        let name = "$(touch \(setup.folder.path("x"))); rm -rf ~"
        #expect(try setup.run(["pantry", "add", name, "--due", "today"]).status == 0)
        let result = try setup.run(["notify", "--once"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(setup.deliveries == ["\(name) expires today (1)|Pantry"], "\(setup.deliveries)")
        #expect(!FileManager.default.fileExists(atPath: setup.folder.path("x")))
        #expect(FileManager.default.fileExists(atPath: setup.folder.path("record.sh")), "home is still there")
        // A second run delivers nothing again; a dry run says what it would send and sends nothing.
        #expect(try setup.run(["notify", "--once"]).status == 0 && setup.deliveries.count == 1)
        #expect(try setup.run(["pantry", "add", "Milk", "--due", "tomorrow", "--amount", "2", "--unit", "l"]).status == 0)
        let dry = try setup.run(["notify", "--dry-run"])
        #expect(dry.stdout == "channels: command\nwould send: Milk expires tomorrow (2 l) (Pantry)\n", "\(dry.stdout)")
        #expect(setup.deliveries.count == 1)
    }

    /// OSC 9 and OSC 777 go to the terminal (the controlling one, a pty made by `script`), each
    /// once; inside tmux they are wrapped for its passthrough. Control characters of the data
    /// never reach it.
    @Test func theTerminalChannelsWriteOSC9And777() throws {
        let setup = try Setup(rules: "channels = [\"osc9\", \"osc777\"]")
        #expect(try setup.run(["pantry", "add", "Milk", "--due", "tomorrow", "--amount", "1", "--unit", "l"]).status == 0)
        #expect(try SQLiteShell.run(setup.store, "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES ('Bad' || char(27) || ']0;x' || char(7) || ';name', 1000, '', date('now', 'localtime'), '2026-01-01 00:00:00.000')").status == 0)
        let variables = setup.environment.map { "\($0.key)=\($0.value)" }
        let run = { (extra: [String]) in
            try Spawn.run("/usr/bin/env", ["-i"] + variables + extra + ["/usr/bin/script", "-qec", "\(Homescreen.executable.path) notify --once", "/dev/null"])
        }
        let plain = try run([])
        #expect(plain.contains("\u{1B}]9;Homescreen: Milk expires tomorrow (1 l)\u{07}"), "\(plain.debugDescription)")
        #expect(plain.contains("\u{1B}]777;notify;Milk expires tomorrow (1 l);Pantry\u{07}"), "\(plain.debugDescription)")
        #expect(plain.contains("\u{1B}]9;Homescreen: Bad\u{FFFD}]0;x\u{FFFD};name expires today (1)\u{07}"), "\(plain.debugDescription)")
        #expect(plain.contains("\u{1B}]777;notify;Bad\u{FFFD}]0,x\u{FFFD},name expires today (1);Pantry\u{07}"), "\(plain.debugDescription)")
        #expect(plain.components(separatedBy: "\u{1B}]9;").count == 3, "each once: \(plain.debugDescription)")
        #expect(try run([]).isEmpty, "a second run writes nothing")
        #expect(try setup.run(["pantry", "add", "Cream", "--due", "today"]).status == 0)
        let inTmux = try run(["TMUX=/tmp/nowhere,1,0"])
        #expect(inTmux.contains("\u{1B}Ptmux;\u{1B}\u{1B}]9;Homescreen: Cream expires today (1)\u{07}\u{1B}\\"), "\(inTmux.debugDescription)")
    }

    /// A reminder that reaches no channel stays unsent: `--once` exits 1 and says why, and the
    /// next run that can deliver it does.
    @Test func aReminderThatReachesNoChannelIsKeptForTheNextRun() throws {
        let setup = try Setup(rules: "channels = [\"tmux\", \"command\"]")
        #expect(try setup.run(["pantry", "add", "Milk", "--due", "tomorrow"]).status == 0)
        try FileManager.default.removeItem(atPath: setup.folder.path("record.sh"))
        let lost = try setup.run(["notify", "--once"])
        #expect(lost.status == 1, "\(lost.stderr)")
        #expect(lost.stderr.contains("homescreen: a reminder was not delivered over command: \(setup.folder.path("record.sh")) is not found"), "\(lost.stderr)")
        #expect(lost.stderr.contains("a reminder was not delivered over tmux: no tmux server answers at"), "\(lost.stderr)")
        let setupAgain = try Setup(store: setup.store, rules: "channels = [\"command\"]")
        let again = try setupAgain.run(["notify", "--once"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(setupAgain.deliveries == ["Milk expires tomorrow (1)|Pantry"])
        withExtendedLifetime(setup) {}
    }

    /// Bad input is refused before anything runs; doctor says the rules, the channels and what comes next.
    @Test func badInputIsRefusedAndDoctorSaysWhatComes() throws {
        let setup = try Setup()
        let both = try setup.run(["notify", "--once", "--follow"])
        #expect(both.status == 2 && both.stderr == "homescreen: --once and --follow cannot be given together; --once delivers what is due and exits, --follow keeps running.\n", "\(both.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.store), "nothing written")
        try "[reminders]\nchannels = [\"pager\"]\n".write(toFile: setup.folder.path("config/homescreen/config.toml"), atomically: true, encoding: .utf8)
        let channel = try setup.run(["notify", "--once"])
        #expect(channel.status == 2 && channel.stderr.contains("reminders.channels: \"pager\" is not a channel; use notify-send, tmux, osc9, osc777, command."), "\(channel.stderr)")
        #expect(!FileManager.default.fileExists(atPath: setup.store), "nothing written")

        let good = try Setup()
        #expect(try good.run(["pantry", "add", "Rice", "--due", "+10d"]).status == 0)
        let doctor = try good.run(["doctor"]).stdout
        #expect(doctor.contains("reminders pantry = true, pantry-days = 1, budget = true, budget-percent = [80, 100], anniversaries = true, anniversary-days = 3, events = true, event-days = 0"), "\(doctor)")
        #expect(doctor.contains("channel command: ready"), "\(doctor)")
        let day = ISO8601DateFormatter.string(from: Date().addingTimeInterval(9 * 86_400), timeZone: TimeZone(identifier: "Europe/Zurich")!, formatOptions: [.withFullDate])
        #expect(doctor.contains("next: \(day): Rice expires tomorrow (1)"), "\(doctor)")
    }

    /// A lunar anniversary three days ahead: nothing before the midnight that makes it so, one
    /// reminder at it (the clock set with --now, moving from there).
    @Test func anAnniversaryFiresAtTheMidnightThreeDaysBeforeOnce() throws {
        let setup = try Setup()
        // 21/10 âm lịch is 2026-11-29 (the calendar tests check the conversion against references).
        #expect(try setup.run(["event", "add", "Giỗ ông nội", "--lunar", "21/10"]).status == 0)
        let pid = try setup.start(["notify", "--follow", "--now", "2026-11-25T23:59:58+01:00"])
        defer { Self.stop(pid) }
        // Four days before, nothing: a reminder then would say "in 4 days", not the one below.
        #expect(setup.wait { !$0.isEmpty }, "at midnight")
        usleep(2_000_000)
        #expect(setup.deliveries == ["Giỗ ông nội in 3 days (Sunday, 21/10 âm lịch)|Lunar calendar"], "\(setup.deliveries)")
    }

    /// Two `notify --follow` on one store: every reminder is delivered once in all.
    @Test(arguments: TestBackend.allCases)
    func twoFollowersDeliverEachReminderOnceInAll(_ backend: TestBackend) throws {
        let setup = try Setup(store: backend == .postgres ? try PostgresServer.freshDatabase() : nil)
        let first = try setup.start(["notify", "--follow"]), second = try setup.start(["notify", "--follow"])
        defer { Self.stop(first); Self.stop(second) }
        // No wait for them to start: a follower's first check delivers what is already true.
        for name in ["Apples", "Bread", "Cream", "Dates", "Eggs"] {
            #expect(try setup.run(["pantry", "add", name, "--due", "tomorrow"]).status == 0)
        }
        #expect(setup.wait { $0.count >= 5 }, "\(setup.deliveries)")
        usleep(1_500_000)
        #expect(setup.deliveries.sorted() == ["Apples", "Bread", "Cream", "Dates", "Eggs"].map { "\($0) expires tomorrow (1)|Pantry" }, "\(setup.deliveries)")
    }

    /// `homescreen tmux --reminders`: the message on the attached client's status line (the
    /// server's message log), sent through its control client: tmux is started once, for that
    /// client, and never for a message.
    @Test func tmuxShowsTheReminderOnItsClientsWithoutStartingAProcess() throws {
        try MissingTool.check("/usr/bin/tmux", package: "tmux")
        let setup = try Setup(rules: "channels = [\"tmux\"]")
        // A tmux that logs each start, then is the real one.
        let bin = setup.folder.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try Setup.executable(bin + "/tmux", "#!/bin/sh\necho \"$*\" >> '\(setup.folder.path("tmux-starts.txt"))'\nexec /usr/bin/tmux \"$@\"\n", in: setup.folder)
        let socket = setup.folder.path("tmux.sock")
        try Spawn.run("/usr/bin/tmux", ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "20"])
        let server = pid_t((try Spawn.run("/usr/bin/tmux", ["-S", socket, "display-message", "-p", "#{pid}"])).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        defer { if server > 0 { kill(server, SIGKILL) } }
        // A client attached to it, in a terminal of another tmux.
        let outer = try TmuxDashboard(columns: 100, rows: 20, command: ["/usr/bin/tmux", "-S", socket, "attach"], store: setup.store, configHome: setup.folder.path("config"))
        defer { outer.stop() }
        var environment = setup.environment
        environment["PATH"] = bin + ":/usr/bin:/bin"
        let pid = try Spawn.start("/usr/bin/env", ["-i"] + environment.map { "\($0.key)=\($0.value)" } + [Homescreen.executable.path, "tmux", "--reminders", "--socket", socket])
        defer { Self.stop(pid) }
        let messages = { (try? Spawn.run("/usr/bin/tmux", ["-S", socket, "show-messages"])) ?? "" }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !messages().contains("attach-session -f read-only") { usleep(50_000) }

        #expect(try setup.run(["pantry", "add", "Yogurt #(touch x) 20%MG %H", "--due", "tomorrow"]).status == 0)
        var log = ""
        for _ in 0..<200 where !log.contains("message: Homescreen: Yogurt") { usleep(50_000); log = messages() }
        #expect(log.contains("message: Homescreen: Yogurt #(touch x) 20%MG %H expires tomorrow (1)"), "\(log)")
        #expect(outer.wait { $0.contains("Homescreen: Yogurt #(touch x) 20%MG %H expires tomorrow") }, "\(outer.text)")
        // Two at once: one message that says both (a client shows only the last it is given).
        try "[{\"name\": \"Kefir\", \"due\": \"\(Self.day(1))\"}, {\"name\": \"Tofu\", \"due\": \"\(Self.day(0))\"}]".write(toFile: setup.folder.path("two.json"), atomically: true, encoding: .utf8)
        #expect(try setup.run(["pantry", "import", setup.folder.path("two.json")]).status == 0)
        #expect(outer.wait { $0.contains("Homescreen: 2 reminders: Tofu expires today (1); Kefir expires tomorrow (1)") }, "\(outer.text)")
        let starts = ((try? String(contentsOfFile: setup.folder.path("tmux-starts.txt"), encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(starts == ["-S \(socket) -C attach-session -f read-only,ignore-size,no-output"], "\(starts)")
        withExtendedLifetime(setup) {}
    }

    /// Issue 51, point 5: notify-send installed but no D-Bus session, and no tmux client to see
    /// a message: `homescreen tmux --reminders` delivers nothing and keeps every reminder for
    /// later (`notify --dry-run` still lists them), reaps each notify-send as it fails (no zombie
    /// after 10 events), and delivers them all once a client attaches. `doctor` says neither
    /// channel is ready.
    @Test func aReminderNoChannelShowedIsKeptUntilOneDoes() throws {
        try MissingTool.check("/usr/bin/tmux", package: "tmux")
        try MissingTool.check("/usr/bin/notify-send", package: "libnotify-bin")
        let setup = try Setup(rules: "channels = [\"notify-send\", \"tmux\"]")
        let socket = setup.folder.path("tmux.sock")
        try Spawn.run("/usr/bin/tmux", ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "20"])
        let server = pid_t((try Spawn.run("/usr/bin/tmux", ["-S", socket, "display-message", "-p", "#{pid}"])).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        defer { if server > 0 { kill(server, SIGKILL) }; unlink(socket) }
        // No DBUS_SESSION_BUS_ADDRESS, DISPLAY or XDG_RUNTIME_DIR: notify-send fails at once.
        let pid = try Spawn.start("/usr/bin/env", ["-i"] + setup.environment.map { "\($0.key)=\($0.value)" }
                                  + [Homescreen.executable.path, "tmux", "--reminders", "--socket", socket])
        defer { Self.stop(pid) }
        let messages = { (try? Spawn.run("/usr/bin/tmux", ["-S", socket, "show-messages"])) ?? "" }
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !messages().contains("attach-session -f read-only") { usleep(50_000) }
        let names = (1...10).map { "Product \($0)" }
        for name in names { #expect(try setup.run(["pantry", "add", name, "--due", "tomorrow"]).status == 0) }
        // Every notify-send ended and was reaped: the only child left is the tmux control client.
        let children = { Processes.children(of: pid) }
        let zombies = { children().filter { child in
            ((try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? "").split(separator: ")").last?.split(separator: " ").first == "Z" } }
        // The last write reaches the process a moment after `pantry add` returns: settled means
        // one child and no zombie for a whole second, and the check reads one sample.
        let settled = Date().addingTimeInterval(15)
        var calm = 0
        var seen: (children: [pid_t], zombies: [pid_t]) = ([], [])
        while Date() < settled, calm < 20 {
            usleep(50_000)
            seen = (children(), zombies())
            calm = seen.children.count == 1 && seen.zombies.isEmpty ? calm + 1 : 0
        }
        #expect(seen.children.count == 1 && seen.zombies.isEmpty, "children \(seen.children), zombies \(seen.zombies)")
        let doctor = try setup.run(["doctor"])
        #expect(doctor.stdout.contains("channel notify-send: cannot deliver now (no D-Bus session bus"), "\(doctor.stdout)")
        let waiting = try setup.run(["notify", "--dry-run"])
        for name in names { #expect(waiting.stdout.contains("would send: \(name) expires tomorrow"), "\(waiting.stdout)") }
        #expect(!messages().contains("Homescreen: Product"))
        // A client attaches: the reminders reach it (one message for the batch).
        let outer = try TmuxDashboard(columns: 100, rows: 20, command: ["/usr/bin/tmux", "-S", socket, "attach"], store: setup.store, configHome: setup.folder.path("config"))
        defer { outer.stop() }
        var log = ""
        for _ in 0..<200 where !log.contains("Homescreen: 10 reminders") { usleep(50_000); log = messages() }
        #expect(log.contains("Homescreen: 10 reminders"), "\(log)")
        let after = try setup.run(["notify", "--dry-run"])
        #expect(!after.stdout.contains("would send"), "\(after.stdout)")
    }

    /// The dashboard says the first reminder in its status line and counts them on the pane.
    @Test func theDashboardShowsRemindersAt80x24() throws {
        let setup = try Setup()
        #expect(try setup.run(["pantry", "add", "Yogurt", "--due", "tomorrow"]).status == 0)
        #expect(try setup.run(["pantry", "add", "Milk", "--due", "today"]).status == 0)
        let dashboard = try TmuxDashboard(columns: 80, rows: 24, store: setup.store, environment: ["XDG_STATE_HOME": setup.folder.path("state")],
                                          configHome: setup.folder.path("config"))
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("Reminder: Milk expires today (1) (+1 more)") && $0.contains("╰─ 2 reminders ─") }, "\(dashboard.text)")
        #expect(try setup.run(["pantry", "consume", "--product", "2"]).status == 0)
        #expect(dashboard.wait { $0.contains("Reminder: Yogurt expires tomorrow (1)") && $0.contains("╰─ 1 reminder ─") }, "\(dashboard.text)")
        #expect(setup.deliveries.isEmpty, "the dashboard shows reminders; it does not deliver them")
    }

    /// `display-message -d` (how long the message stays) only where tmux has it, 3.2 on.
    @Test(arguments: [("3.3a", true), ("3.2", true), ("next-3.5", true), ("4.0", true), ("3.1c", false), ("2.9a", false), ("", false)])
    func theMessageLastsWhereTmuxCanSaySo(_ version: String, _ lasting: Bool) {
        #expect(ControlClient.atLeast3_2(version) == lasting)
    }
}
