import Foundation
import Synchronization
import HomescreenHosting

/// One declared widget's runs, shared by its panes (a widget runs once for all of them): the
/// last good output, the last problem, whether a run is in flight and when the next is due.
public final class ScriptState: Sendable {
    struct Record: Sendable {
        var good: (output: ScriptOutput, at: Date)?
        /// The whole last output, as text lines, for the full-screen view.
        var lastText: [String] = []
        /// What went wrong with the last run, nil when it went well.
        var problem: String?
        /// The last line the command wrote to stderr.
        var errorLine: String?
        var inFlight = false
        var lastStart: Date?
        var runs = 0
        /// A run was asked for now (`homescreen reload`, its signal, a click, the run key): it
        /// starts at the next look, or as soon as the one in flight ends.
        var forced = false
        /// What that run is given besides the pane's variables (a click's `button`, `x`…).
        var extraEnvironment: [String: String] = [:]
        /// A persistent command: when it last ended, and how many times in a row it ended
        /// within a minute of its start (each doubles the wait before it starts again).
        var lastEnd: Date?
        var quickEnds = 0
        /// An `on-click` or `on-key` command is running: another click waits for it.
        var inputInFlight = false
    }

    let record = Mutex(Record())

    /// How many times the command was started.
    public var runs: Int { record.withLock { $0.runs } }

    /// Every declared widget's state, by name: the panes of one widget, and the dashboard's
    /// reloads of it, share one.
    private static let states = Mutex<[String: ScriptState]>([:])

    public static func of(_ name: String) -> ScriptState {
        states.withLock { states in
            if let state = states[name] { return state }
            let state = ScriptState()
            states[name] = state
            return state
        }
    }

    /// Marks a run started when one is due at `now` (or asked for) and none is in flight.
    /// - Returns: the variables the run is given besides the pane's; nil when none starts.
    func startIfDue(at now: Date, schedule: WidgetDeclaration.Schedule) -> [String: String]? {
        record.withLock { record in
            guard !record.inFlight, let due = Self.nextRun(record, schedule: schedule), due <= now else { return nil }
            record.inFlight = true
            record.lastStart = now
            record.runs += 1
            record.forced = false
            defer { record.extraEnvironment = [:] }
            return record.extraEnvironment
        }
    }

    /// Asks for a run now, with these variables besides the pane's.
    func requestRun(environment: [String: String] = [:]) {
        record.withLock { record in
            record.forced = true
            record.extraEnvironment = environment
        }
    }

    /// The seconds a persistent command waits before it starts again after `quickEnds` ends in a
    /// row that each came within a minute of its start: 1, 2, 4… up to 5 minutes (1 after a
    /// run of a minute or more).
    static func backoff(_ quickEnds: Int) -> TimeInterval { TimeInterval(min(300, 1 << max(0, min(quickEnds, 10) - 1))) }

    /// The next time the command is due, nil for never (a timeline whose policy says never, a
    /// widget run once) or while a run is in flight (its end reloads the panes).
    static func nextRun(_ record: Record, schedule: WidgetDeclaration.Schedule) -> Date? {
        guard !record.inFlight else { return nil }
        guard let lastStart = record.lastStart, !record.forced else { return .distantPast }
        if schedule == .persist { return (record.lastEnd ?? lastStart) + backoff(record.quickEnds) }
        let interval: TimeInterval? = if case .every(let seconds) = schedule { TimeInterval(seconds) } else { nil }
        if record.problem == nil, let good = record.good {
            switch good.output.policy {
            case .interval: break
            case .never: return nil
            case .after(let date): return date
            case .atEnd: return good.output.entries.compactMap { $0.date }.max() ?? interval.map { lastStart + $0 }
            }
        }
        return interval.map { lastStart + $0 }
    }

    /// Records a finished run read in `format`.
    func finish(_ run: ScriptRun, format: WidgetDeclaration.Format, name: String, timeout: Int, at now: Date) {
        record.withLock { record in
            record.inFlight = false
            record.errorLine = run.errorLine.map(ScriptOutput.clean)
            record.lastText = run.output.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { ScriptOutput.clean(ScriptOutput.cutLine(String($0))) }
            while record.lastText.last?.isEmpty == true { record.lastText.removeLast() }
            if let problem = Self.problem(run, name: name, timeout: timeout, errorLine: record.errorLine) {
                record.problem = problem
                return
            }
            do {
                let status: Int32 = if case .exited(let status) = run.ending { status } else { 0 }
                record.good = (try ScriptOutput.parse(run.output, format: format, exitStatus: status), now)
                record.problem = run.cut ? "\(name): output cut at \(ScriptRunner.outputLimit / 1024) KiB" : nil
            } catch let error as ScriptFormatError {
                record.problem = "\(name): \(error.description)"
            } catch {
                record.problem = "\(name): \(error)"
            }
        }
    }

    /// A persistent command's new line: its new state, read in `format`.
    func persistLine(_ line: String, format: WidgetDeclaration.Format, name: String, at now: Date) {
        record.withLock { record in
            record.lastText = [ScriptOutput.clean(ScriptOutput.cutLine(line))]
            do {
                record.good = (try ScriptOutput.parse(line, format: format), now)
                record.problem = nil
            } catch let error as ScriptFormatError {
                record.problem = "\(name): \(error.description)"
            } catch {
                record.problem = "\(name): \(error)"
            }
        }
    }

    /// A persistent command ended: the pane says so, and it starts again after `backoff`.
    func persistEnded(_ run: ScriptRun, name: String, at now: Date) {
        record.withLock { record in
            record.inFlight = false
            record.errorLine = run.errorLine.map(ScriptOutput.clean)
            let quick = record.lastStart.map { now.timeIntervalSince($0) < 60 } ?? true
            record.quickEnds = quick ? record.quickEnds + 1 : 0
            record.lastEnd = now
            let again = "starts again in \(Int(Self.backoff(record.quickEnds))) s"
            record.problem = (Self.problem(run, name: name, timeout: 0, errorLine: record.errorLine) ?? "\(name): ended") + "; " + again
        }
    }

    /// What went wrong with a run, nil when it exited 0 or 33 (i3blocks' urgent).
    private static func problem(_ run: ScriptRun, name: String, timeout: Int, errorLine: String?) -> String? {
        switch run.ending {
        case .timedOut: return "\(name): no answer in \(timeout) s"
        case .notStarted(let reason): return "\(name): not started (\(reason))"
        case .signalled(let signal): return "\(name): ended by signal \(signal)"
        case .exited(let status) where status != 0 && status != 33: return "\(name): exit \(status)" + (errorLine.map { ": \($0)" } ?? "")
        case .exited: return nil
        }
    }
}
