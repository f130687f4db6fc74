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

    /// Marks a run started when one is due at `now` and none is in flight.
    func startIfDue(at now: Date, schedule: WidgetDeclaration.Schedule) -> Bool {
        record.withLock { record in
            guard !record.inFlight, let due = Self.nextRun(record, schedule: schedule), due <= now else { return false }
            record.inFlight = true
            record.lastStart = now
            record.runs += 1
            return true
        }
    }

    /// The next time the command is due, nil for never (a timeline whose policy says never, a
    /// widget run once) or while a run is in flight (its end reloads the panes).
    static func nextRun(_ record: Record, schedule: WidgetDeclaration.Schedule) -> Date? {
        guard !record.inFlight else { return nil }
        guard let lastStart = record.lastStart else { return .distantPast }
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
            switch run.ending {
            case .timedOut:
                record.problem = "\(name): no answer in \(timeout) s"
                return
            case .notStarted(let reason):
                record.problem = "\(name): not started (\(reason))"
                return
            case .signalled(let signal):
                record.problem = "\(name): ended by signal \(signal)"
                return
            case .exited(let status) where status != 0 && status != 33:
                record.problem = "\(name): exit \(status)" + (record.errorLine.map { ": \($0)" } ?? "")
                return
            case .exited: break
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
}
