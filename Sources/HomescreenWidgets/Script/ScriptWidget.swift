import Foundation
import HomescreenHosting
import HomescreenRender
import HomescreenWidgetCore

/// What a script widget's pane draws at one instant.
public struct ScriptEntry: TimelineEntry, Encodable, Sendable {
    public let date: Date
    /// nil before the first good run.
    public let display: ScriptDisplay?
    /// The stale/error line: "weather: no answer in 10 s · shown 14:05".
    public let note: String?
    /// The whole last output, then stderr's last line: the full-screen view.
    public let lines: [String]
}

/// A declared widget's provider: its timeline comes from the last good run, and asking for it
/// starts a run when one is due. With a loop attached (the dashboard, `homescreen tmux`) the
/// run is followed by that loop (`ScriptHub`) and its end reloads the panes; without (render,
/// status, doctor) it is waited for.
public struct ScriptWidget: Widget {
    public let declaration: WidgetDeclaration
    let state: ScriptState
    /// Wait for a run instead of running it off the loop (nil: when no loop is attached).
    let waits: Bool?

    public init(declaration: WidgetDeclaration, waits: Bool? = nil) {
        self.declaration = declaration
        self.state = ScriptState.of(declaration.name)
        self.waits = waits
        ScriptHub.shared.declare(declaration)
    }

    public var kind: WidgetKind { WidgetKind(declaration.name) }
    public var supportedFamilies: [WidgetFamily] { declaration.families }

    public func placeholder(in context: WidgetContext) -> ScriptEntry { ScriptEntry(date: Date(), display: nil, note: nil, lines: []) }

    public func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<ScriptEntry> {
        guard declaration.runs else {
            let why = "Script widgets are off in this session: homescreen serve never runs them for a guest, and for a member only with serve-widgets = true."
            return Timeline(entries: [ScriptEntry(date: date, display: nil, note: "\(declaration.name): scripts off here", lines: [why])], policy: .never)
        }
        if let extra = state.startIfDue(at: date, schedule: declaration.schedule) {
            start(Self.environment(declaration, context).merging(extra) { _, click in click })
        }
        return entries(at: date, in: context)
    }

    /// Starts a run with these variables: followed by the attached loop, or waited for.
    private func start(_ variables: [String: String]) {
        let declaration = declaration, state = state, kind = kind
        let waits = waits ?? !KindWakeups.shared.attached
        // A command file another user may write is not run (checked again at each run: it may
        // have changed since the config was read).
        if let problem = ScriptSafety.commandProblem(declaration.command, folder: declaration.folder, home: variables["HOME"]) {
            state.finish(ScriptRun(output: "", ending: .notStarted(problem)), format: declaration.format, name: declaration.name, timeout: declaration.timeout, at: Date())
            if !waits { KindWakeups.shared.note(kind) }
            return
        }
        if declaration.schedule == .persist {
            // Each line is a new state; waited for (render, status), the first line is the state
            // and the command is ended then.
            var first: String?
            let started = ScriptProcess.start(declaration.command, folder: declaration.folder, environment: variables,
                                              timeout: waits ? TimeInterval(declaration.timeout) : nil) { line in
                if waits { first = first ?? line; return }
                state.persistLine(line, format: declaration.format, name: declaration.name, at: Date())
                KindWakeups.shared.note(kind)
            }
            switch started {
            case .failure(let reason):
                state.persistEnded(ScriptRun(output: "", ending: .notStarted(reason.description)), name: declaration.name, at: Date())
                if !waits { KindWakeups.shared.note(kind) }
            case .success(let process) where waits:
                while first == nil, !process.finished {
                    var fds = process.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                    let timeout = process.deadline.map { Int32(clamping: max(0, Int(($0.timeIntervalSinceNow * 1000).rounded(.up)))) } ?? -1
                    if poll(&fds, nfds_t(fds.count), timeout) < 0 && errno != EINTR { break }
                    process.step()
                }
                process.end()
                let run = process.wait()
                if let first {
                    state.persistLine(first, format: declaration.format, name: declaration.name, at: Date())
                    state.record.withLock { $0.inFlight = false; $0.lastEnd = Date() }
                } else {
                    state.persistEnded(run, name: declaration.name, at: Date())
                }
            case .success(let process):
                ScriptHub.shared.follow(process, persistentName: declaration.name) { run in
                    state.persistEnded(run, name: declaration.name, at: Date())
                    KindWakeups.shared.note(kind)
                }
            }
            return
        }
        let timeout = TimeInterval(declaration.timeout)
        switch ScriptProcess.start(declaration.command, folder: declaration.folder, environment: variables, timeout: timeout) {
        case .failure(let reason):
            state.finish(ScriptRun(output: "", ending: .notStarted(reason.description)), format: declaration.format, name: declaration.name,
                         timeout: declaration.timeout, at: Date())
            if !waits { KindWakeups.shared.note(kind) }
        case .success(let process) where waits:
            state.finish(process.wait(), format: declaration.format, name: declaration.name, timeout: declaration.timeout, at: Date())
        case .success(let process):
            ScriptHub.shared.follow(process) { run in
                state.finish(run, format: declaration.format, name: declaration.name, timeout: declaration.timeout, at: Date())
                KindWakeups.shared.note(kind)
            }
        }
    }

    /// The entries the last good run gives, each with the problem of the last run, if any.
    func entries(at date: Date, in context: WidgetContext) -> Timeline<ScriptEntry> {
        let record = state.record.withLock { $0 }
        var note = record.problem
        if let problem = record.problem, let shown = record.good?.at {
            let (_, seconds) = context.timeZone.wallClock(shown)
            note = problem + String(format: " · shown %02d:%02d", seconds / 3600, seconds / 60 % 60)
        }
        let lines = record.lastText + (record.errorLine.map { ["", "stderr: \($0)"] } ?? [])
        let policy: ReloadPolicy = ScriptState.nextRun(record, schedule: declaration.schedule).map { .after(max($0, date)) } ?? .never
        guard let good = record.good else {
            return Timeline(entries: [ScriptEntry(date: date, display: nil, note: note ?? (record.inFlight ? "running…" : nil), lines: lines)], policy: policy)
        }
        // A timeline's entries at their dates (the one already current from now); the other
        // formats' one state from now.
        let dated = good.output.entries.map { (date: $0.date ?? date, display: $0.display) }.sorted { $0.date < $1.date }
        let current = dated.lastIndex { $0.date <= date } ?? 0
        let shown = [(date: date, display: dated[current].display)] + dated[(current + 1)...].filter { $0.date > date }
        return Timeline(entries: shown.map { ScriptEntry(date: $0.date, display: $0.display, note: note, lines: lines) }, policy: policy)
    }

    /// What the command finds in its environment: the bar ecosystems' variables, with the
    /// pane's. `HOMESCREEN_BACKGROUND` is the terminal's background where the host knows it (the
    /// dashboard: the config's `background`, the terminal's answer, COLORFGBG, else the theme's);
    /// `dark` elsewhere (`render`, `status`, `homescreen tmux`), as the themes are.
    static func environment(_ declaration: WidgetDeclaration, _ context: WidgetContext) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOMESCREEN_WIDGET"] = declaration.name
        environment["HOMESCREEN_FAMILY"] = context.family.shortName
        environment["HOMESCREEN_COLUMNS"] = String(context.size.columns)
        environment["HOMESCREEN_ROWS"] = String(context.size.rows)
        environment["HOMESCREEN_BACKGROUND"] = (context.background ?? .dark).rawValue
        if environment["LANG"]?.isEmpty != false { environment["LANG"] = "C.UTF-8" }
        return environment
    }

    public func render(_ entry: ScriptEntry, in context: WidgetContext) -> CellGrid {
        let display = entry.display
        let text = display?.text ?? (entry.note == nil ? "…" : "")
        let style = Self.style(display?.role ?? .normal)
        let percentage = display?.percentage.map { "\($0)%" }
        switch context.family {
        case .accessoryInline:
            var grid = CellGrid(width: context.size.columns, height: 1)
            let line = Pane.fitting([text, display?.short].compactMap { $0 }, width: context.size.columns)
            grid.write(line.isEmpty ? (entry.note ?? "") : line, in: grid.bounds, style: line.isEmpty ? Style(.warning) : style)
            return grid
        case .accessoryCircular:
            var grid = CellGrid(width: context.size.columns, height: context.size.rows)
            // A percentage is a gauge: the ring filled clockwise, the number in it, the short
            // text under it.
            if let value = display?.percentage, let percentage,
               let middle = Ring.drawGauge(in: &grid, context, percent: value, style: style == Style(.text) ? Style(.accent) : style) {
                let compact = context.density == .compact
                grid.write(percentage, in: middle.inset(dx: 1, dy: 0).offsetBy(dy: compact ? 0 : -1), style: style, alignment: .center)
                Ring.label([display?.short, text].compactMap { $0 }, in: &grid, middle: middle)
                return grid
            }
            let lines = [percentage, display?.short ?? text].compactMap { $0 }.map { ($0, style) }
            Pane.lines(lines, in: &grid, grid.bounds, alignment: .center)
            return grid
        default: break
        }
        var (grid, content) = Pane.start(context, title: declaration.title, trailing: context.detail ? nil : percentage)
        var lines: [(String, Style)]
        if context.detail {
            lines = Array(entry.lines.dropFirst(context.scroll)).map { ($0, Style(.text)) }
        } else {
            lines = [(text, style)]
            if let value = display?.percentage, context.family != .accessoryRectangular || display?.body.isEmpty != false {
                lines.append((Self.bar(value, width: content.width, ascii: context.ascii), style))
            }
            lines += (display?.body ?? []).map { ($0, Style(.muted)) }
            if context.family == .accessoryRectangular { lines.insert((declaration.title, Style(.accent, [.bold])), at: 0) }
        }
        let noteRows = entry.note == nil ? 0 : 1
        let shown = Array(lines.prefix(max(0, content.height - noteRows)))
        Pane.lines(shown, in: &grid, Rect(x: content.x, y: content.y, width: content.width, height: content.height - noteRows), centred: false)
        if let note = entry.note, content.height > 0 {
            grid.write(note, in: Rect(x: content.x, y: content.maxY - 1, width: content.width, height: 1), style: Style(.warning))
        }
        return grid
    }

    /// A bar of `value` percent across `width` cells.
    static func bar(_ value: Int, width: Int, ascii: Bool) -> String {
        let filled = width * value / 100
        return String(repeating: ascii ? "#" : "█", count: filled) + String(repeating: ascii ? "-" : "░", count: max(0, width - filled))
    }

    static func style(_ role: ScriptDisplay.Role) -> Style {
        switch role {
        case .normal: return Style(.text)
        case .good: return Style(.success)
        case .warning: return Style(.warning)
        case .critical: return Style(.danger, [.bold])
        case .urgent: return Style(.danger, [.bold, .reverse])
        case .muted: return Style(.muted)
        }
    }
}
