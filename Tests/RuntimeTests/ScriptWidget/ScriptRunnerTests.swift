import Foundation
import HomescreenTestSupport
import HomescreenHosting
import HomescreenWidgetCore
@testable import HomescreenWidgets
import Testing

/// A command runs bounded in time and output, in its own process group, always reaped.
struct ScriptRunnerTests {
    @Test func pastItsTimeoutTheWholeGroupIsEndedAndReaped() throws {
        let started = Date()
        // The shell ignores SIGTERM: SIGKILL a second later ends it; its `sleep` child goes too.
        let run = ScriptRunner.run("trap '' TERM; echo $$; sleep 60 & sleep 60; wait", folder: "/", environment: ["PATH": "/usr/bin:/bin"], timeout: 1)
        #expect(run.ending == .timedOut)
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed < 10, "took \(elapsed) s")
        let group = try #require(pid_t(run.output.trimmingCharacters(in: .whitespacesAndNewlines)))
        // Its members were killed; the background `sleep`, reparented, is reaped by init in a moment.
        let gone = Date().addingTimeInterval(5)
        while kill(-group, 0) == 0, Date() < gone { usleep(10_000) }
        #expect(kill(-group, 0) == -1 && errno == ESRCH, "the process group \(group) is still there")
        // Reaped: not even a zombie's entry is left.
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(group)"), "\(group) was left a zombie")
    }

    @Test func outputIsBoundedAndTheRestDrained() {
        let run = ScriptRunner.run("head -c 10000000 /dev/zero | tr '\\0' a", folder: "/", environment: ["PATH": "/usr/bin:/bin"], timeout: 30)
        #expect(run.ending == .exited(0))
        #expect(run.output.utf8.count == ScriptRunner.outputLimit && run.cut)
    }

    @Test func itRunsInItsFolderWithStdinClosedAndReportsStderr() {
        let run = ScriptRunner.run("pwd; cat; echo first >&2; echo 'the last line' >&2; exit 3", folder: "/usr", environment: ["PATH": "/usr/bin:/bin"], timeout: 5)
        #expect(run.output == "/usr\n" && run.ending == .exited(3) && run.errorLine == "the last line")
    }

    @Test func aFailedRunKeepsTheLastGoodContentWithItsProblem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hs-fail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // First run prints; later runs fail with a message on stderr.
        let command = "if [ -e ran ]; then echo 'no network' >&2; exit 2; fi; touch ran; echo 'sunny 21°'"
        let declaration = WidgetDeclaration(name: "fail-\(UUID().uuidString.prefix(6).lowercased())", command: command, folder: folder.path, schedule: .every(1))
        let widget = ScriptWidget(declaration: declaration, waits: true)
        let context = WidgetContext(family: .systemSmall)
        let now = Date()
        let first = try widget.timeline(in: context, at: now)
        #expect(first.entries[0].display?.text == "sunny 21°" && first.entries[0].note == nil)
        #expect(first.policy == .after(now + 1))
        let second = try widget.timeline(in: context, at: now + 2).entries[0]
        #expect(second.display?.text == "sunny 21°")
        #expect(second.note?.hasPrefix("\(declaration.name): exit 2: no network · shown ") == true)
        #expect(second.lines.last == "stderr: no network")
    }

    @Test func theEnvironmentNamesThePane() throws {
        let declaration = WidgetDeclaration(name: "env-\(UUID().uuidString.prefix(6).lowercased())",
                                            command: "echo \"$HOMESCREEN_WIDGET $HOMESCREEN_FAMILY $HOMESCREEN_COLUMNS $HOMESCREEN_ROWS\"", folder: "/")
        let entry = try ScriptWidget(declaration: declaration, waits: true).timeline(in: WidgetContext(family: .systemMedium), at: Date()).entries[0]
        let size = WidgetContext(family: .systemMedium).size
        #expect(entry.display?.text == "\(declaration.name) medium \(size.columns) \(size.rows)")
    }

    /// Entries at T+2 s and T+4 s with policy never: both are in the one timeline (the scheduler
    /// redraws at their dates), and asking again, at and after them, never runs it again.
    @Test func aTimelineWithPolicyNeverRunsOnce() throws {
        let start = Date()
        let stamp = { (offset: Double) in ISO8601DateFormatter().string(from: start + offset) }
        let json = #"{"entries":[{"date":"\#(stamp(-1))","text":"now"},{"date":"\#(stamp(2))","text":"in 2"},{"date":"\#(stamp(4))","text":"in 4"}],"policy":"never"}"#
        let declaration = WidgetDeclaration(name: "tl-\(UUID().uuidString.prefix(6).lowercased())", command: "echo '\(json)'", folder: "/", format: .timeline, schedule: .every(1))
        let widget = ScriptWidget(declaration: declaration, waits: true)
        let timeline = try widget.timeline(in: WidgetContext(family: .systemSmall), at: start)
        #expect(timeline.entries.map { $0.display?.text } == ["now", "in 2", "in 4"])
        #expect(timeline.policy == .never)
        for offset in [2.5, 5, 60] { _ = try widget.timeline(in: WidgetContext(family: .systemSmall), at: start + offset) }
        #expect(ScriptState.of(declaration.name).runs == 1)
    }

    @Test func aWidgetOffInThisSessionNeverRuns() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("hs-marker-\(UUID().uuidString)").path
        var declaration = WidgetDeclaration(name: "off-\(UUID().uuidString.prefix(6).lowercased())", command: "touch '\(marker)'", folder: "/")
        declaration.runs = false
        let entry = try ScriptWidget(declaration: declaration, waits: true).timeline(in: WidgetContext(family: .systemSmall), at: Date()).entries[0]
        #expect(entry.note == "\(declaration.name): scripts off here")
        #expect(!FileManager.default.fileExists(atPath: marker))
    }

    /// A run is followed through its descriptors (output pipes, pidfd) and its timeout, never by
    /// a timer: a command of 300 ms wakes its follower a handful of times, not every few ms.
    @Test func aRunIsFollowedThroughDescriptorsWithoutPolling() throws {
        let hub = ScriptHub()
        let process = try ScriptProcess.start("sleep 0.3; echo done", folder: "/", environment: ["PATH": "/usr/bin:/bin"], timeout: 10).get()
        #expect(process.descriptors.count == 3, "stdout, stderr and the pidfd")
        let deadline = try #require(process.deadline)
        #expect(deadline.timeIntervalSinceNow > 9, "the only deadline is the timeout")
        var result: ScriptRun?
        hub.follow(process) { result = $0 }
        var wakeUps = 0
        let started = Date()
        while result == nil, Date().timeIntervalSince(started) < 10 {
            var fds = hub.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let timeout = hub.deadline.map { Int32(clamping: max(0, Int($0.timeIntervalSinceNow * 1000) + 1)) } ?? -1
            _ = poll(&fds, nfds_t(fds.count), timeout)
            wakeUps += 1
            hub.service()
        }
        #expect(result == ScriptRun(output: "done\n", ending: .exited(0)))
        #expect(wakeUps <= 5, "\(wakeUps) wake-ups for one run")
        #expect(hub.inFlight == 0 && hub.descriptors.isEmpty && hub.deadline == nil)
        #expect(!FileManager.default.fileExists(atPath: "/proc/\(process.pid)"), "reaped")
    }

    /// Past its timeout, followed by the hub: SIGTERM to the group, SIGKILL a second later (the
    /// shell ignores SIGTERM), each at its deadline; the output is no longer read.
    @Test func theHubEndsARunAtItsTimeout() throws {
        let hub = ScriptHub()
        let process = try ScriptProcess.start("trap '' TERM; echo started; while :; do sleep 1; done", folder: "/", environment: ["PATH": "/usr/bin:/bin"], timeout: 1).get()
        var result: ScriptRun?
        hub.follow(process) { result = $0 }
        let started = Date()
        var wakeUps = 0
        while result == nil, Date().timeIntervalSince(started) < 10 {
            var fds = hub.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let timeout = hub.deadline.map { Int32(clamping: max(0, Int($0.timeIntervalSinceNow * 1000) + 1)) } ?? -1
            _ = poll(&fds, nfds_t(fds.count), timeout)
            wakeUps += 1
            hub.service()
        }
        #expect(result?.ending == .timedOut, "\(String(describing: result))")
        // Its timeout, SIGTERM's grace and its end, each once (and its first line): no timer in between.
        #expect(wakeUps <= 10, "\(wakeUps) wake-ups")
        let gone = Date().addingTimeInterval(5)
        while kill(-process.pid, 0) == 0, Date() < gone { usleep(10_000) }
        #expect(kill(-process.pid, 0) == -1 && errno == ESRCH, "the group is still there")
    }

    /// The shell ended, but something it started in the background holds its output: the run
    /// ends with the shell (not at its timeout, as when the output's end was waited for), and
    /// what it left is ended.
    @Test func aRunEndsWithItsShellNotWithWhatItLeftRunning() throws {
        let folder = TemporaryFolder()
        let run = ScriptRunner.run("sleep 30 & echo $! > left; echo hi", folder: folder.url.path, environment: ["PATH": "/usr/bin:/bin"], timeout: 5)
        #expect(run == ScriptRun(output: "hi\n", ending: .exited(0)))
        let left = try #require(pid_t((try String(contentsOfFile: folder.path("left"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        let gone = Date().addingTimeInterval(5)
        while Processes.alive(left), Date() < gone { usleep(10_000) }
        #expect(!Processes.alive(left), "the background sleep was left running")
    }

    /// `interval = "persist"`: every line is a new state (only the newest of a burst counts), a
    /// line longer than the limit is cut, and nothing else is kept.
    @Test func aPersistentCommandsLinesAreItsStates() throws {
        let long = String(repeating: "x", count: 10_000)
        var lines: [String] = []
        let process = try ScriptProcess.start("echo one; echo two; sleep 0.3; echo \(long); sleep 0.3; printf last", folder: "/",
                                              environment: ["PATH": "/usr/bin:/bin"], timeout: nil) { lines.append($0) }.get()
        #expect(process.deadline == nil, "no timeout")
        let run = process.wait()
        #expect(run.output.isEmpty && run.ending == .exited(0))
        #expect(lines.count == 3 || lines.count == 4, "\(lines.map { $0.prefix(10) })")
        #expect(lines.first == "two" || lines.first == "one")
        #expect(lines.last == "last")
        let cut = try #require(lines.first { $0.hasPrefix("xxx") })
        #expect(cut.utf8.count <= ScriptOutput.lineLimit + 4)
    }

    /// Waited for (render, status), a persistent command's first line is the state, and it is
    /// ended then; in a loop, each line is drawn and it starts again after it ends, later each time.
    @Test func aPersistentWidgetShowsItsFirstLineWhenWaitedFor() throws {
        let name = "persist-\(UUID().uuidString.prefix(6).lowercased())"
        let folder = TemporaryFolder()
        let declaration = WidgetDeclaration(name: name, command: "echo $$ > pid; echo first; sleep 30; touch after; echo second", folder: folder.url.path,
                                            schedule: .persist)
        let entry = try ScriptWidget(declaration: declaration, waits: true).timeline(in: WidgetContext(family: .systemSmall), at: Date()).entries[0]
        #expect(entry.display?.text == "first" && entry.note == nil)
        // Ended (and reaped) after its first line: neither left running nor waited for to its end.
        let pid = try #require(pid_t((try String(contentsOfFile: folder.path("pid"), encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, 0) == -1 && !FileManager.default.fileExists(atPath: folder.path("after")))
        #expect(ScriptState.backoff(0) == 1 && ScriptState.backoff(1) == 1 && ScriptState.backoff(2) == 2 && ScriptState.backoff(4) == 8 && ScriptState.backoff(20) == 300)
        // Ended, it is due again after the backoff.
        let record = ScriptState.of(name).record.withLock { $0 }
        let next = try #require(ScriptState.nextRun(record, schedule: .persist))
        #expect(next == record.lastEnd.map { $0 + 1 })
    }

    /// A command file another user can write is not run, whenever it became so.
    @Test func aCommandFileOthersCanWriteIsNotRun() throws {
        let folder = TemporaryFolder()
        chmod(folder.url.path, 0o700)
        let script = folder.path("w.sh")
        try "#!/bin/sh\necho ran\n".write(toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o766)
        let declaration = WidgetDeclaration(name: "unsafe-\(UUID().uuidString.prefix(6).lowercased())", command: "./w.sh", folder: folder.url.path)
        let entry = try ScriptWidget(declaration: declaration, waits: true).timeline(in: WidgetContext(family: .systemSmall), at: Date()).entries[0]
        #expect(entry.display == nil)
        #expect(entry.note == "\(declaration.name): not started (\(script) can be written by other users (mode 766); run chmod go-w \(script).)")
    }
}
