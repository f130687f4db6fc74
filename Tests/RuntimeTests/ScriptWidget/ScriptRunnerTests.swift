import Foundation
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
}
