import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print each kind's accessoryInline line, e.g. for a tmux status line or a bar.",
        discussion: """
            In ~/.tmux.conf (tmux runs #() with the server's PATH, which may lack
            ~/.local/bin where the install puts homescreen, and cuts status-right at 40
            columns unless told more):
              set -g status-right '#(~/.local/bin/homescreen status pantry budget)'
              set -g status-right-length 100
            tmux format doubles every '#' of data, so a product name can never run a tmux command;
            several kinds make one line (tmux shows only the first line of #() output), joined by
            --separator. The store is opened read-only and never created.

            --follow stays running and prints the status again only when its text changes (a store
            write by any program, a widget's reload time, midnight), nothing otherwise: it sleeps
            in poll() with no timer while nothing is due. It exits when its output is closed.
            With --format json each line is one object for waybar's custom modules and i3blocks:
            {"text": the kinds' plain lines joined, "tooltip": one kind per line,
             "class": "critical" (something expired or over budget), "warning" or "normal"}.
            """
    )

    @Argument(help: "Kinds to show (default: every built kind).", completion: Completions.kinds)
    var kinds: [String] = []

    @Option(help: ArgumentHelp("Output format: tmux, ansi, plain or json. Default: ansi on a terminal, tmux otherwise.", valueName: "format"), completion: Completions.statusFormats)
    var format: String?

    @Option(help: ArgumentHelp("Cell density of the line: regular (58 columns) or compact (29).", valueName: "density"), completion: Completions.densities)
    var density: String = "regular"

    @Option(help: ArgumentHelp("Between kinds on one line, in every format (plain and ansi print a line per kind without it). Default: a vertical bar between spaces.", valueName: "text"))
    var separator: String?

    @Flag(help: "Keep running and print again only when the text changes; exit when the output is closed.")
    var follow = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    func run() throws {
        try request.run()
    }

    /// The options parsed, as values.
    var request: StatusRequest {
        StatusRequest(kinds: kinds, format: format, density: density, separator: separator, follow: follow,
                      storeOptions: StoreChoice(store: storeOptions.store), viewOptions: ViewChoice(viewOptions))
    }
}

/// What `status` is asked for, read by swift-argument-parser (`StatusCommand`) or, in the forms
/// a status line runs every few seconds, by hand (`quick`); and drawing it.
struct StatusRequest {
    var kinds: [String] = []
    var format: String?
    var density = "regular"
    var separator: String?
    var follow = false
    var storeOptions = StoreChoice()
    var viewOptions = ViewChoice()

    func run() throws {
        let drawing = try self.drawing()
        guard follow else {
            let drawn = try drawing.draw()
            let lines = drawn.lines
            if drawing.oneLine { Output.line(lines.text) } else { lines.each.forEach(Output.line) }
            for problem in drawing.refused { Output.error("homescreen: " + SafeText.clean(problem.message)) }
            // A status line runs every few seconds: it leaves without closing the store's
            // connection and freeing its objects one by one, which the process's end does at
            // once (the output is written unbuffered; nothing was written to the store).
            drawn.session.finish()
            Glibc.exit(drawing.refused.isEmpty ? 0 : 1)
        }
        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions, config: drawing.config)
        defer { session.finish() }
        try drawing.line(session).follow(store: session.store)
    }

    /// What the options ask for, checked in turn, before the store is opened.
    func drawing() throws -> Drawing {
        // A kind that has no line is reported, and the others are still drawn (exit 1); only
        // --follow, which keeps running, needs every kind right.
        let (kinds, refused) = try StatusLine.inlineKinds(kinds, strict: follow)
        let density = try Arguments.density(density)
        let json = format?.lowercased() == "json"
        let format = try json ? .plain : format.map { text in
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw CLIError.usage("--format '\(text)' is not a status format; use tmux, ansi, plain or json.")
            }
            return format
        } ?? (Output.isTerminal ? .ansi : .tmux)
        let separator = self.separator ?? " │ "
        // The control characters (general category Cc) by their values: the Unicode property
        // tables cost a status line's start two page faults (issue 36).
        guard !separator.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
            throw CLIError.usage("--separator '\(separator.debugDescription.dropFirst().dropLast())' contains control characters; use printable text.")
        }
        if follow, viewOptions.now != nil { throw CLIError.usage("--follow follows the real clock; leave out --now.") }
        let environment = storeOptions.environment
        let config = try viewOptions.loadConfig(environment: environment)
        // tmux converts #rrggbb to what its client can show, so give it full color.
        let depth = try viewOptions.depth(environment: environment, default: format == .tmux ? .truecolor : nil)
        // Plain text has no colors: skip finding and parsing theme files unless one is named.
        let theme = format == .plain && viewOptions.theme == nil && config.theme == nil ? Theme.builtInDark : try viewOptions.loadTheme(from: storeOptions.themeLibrary, config: config)
        let encoder = format.encoder(theme: theme, depth: depth)
        let shown = format == .tmux ? TmuxEncoder.escape(separator) : separator
        return Drawing(request: self, config: config, refused: refused,
                       oneLine: json || format == .tmux || kinds.count == 1 || self.separator != nil) { session in
            StatusLine(session: session, kinds: kinds, context: session.context(.accessoryInline, density: density),
                       encoder: encoder, format: format, json: json, separator: shown)
        }
    }

    /// The options checked: the lines are drawn from a session on the store.
    struct Drawing {
        let request: StatusRequest
        let config: DashboardConfig
        /// The kinds named that have no line (exit 1 once the others are printed).
        let refused: [CLIError]
        /// One line (tmux, JSON, one kind, a separator), else one line per kind.
        let oneLine: Bool
        let line: (WidgetSession) -> StatusLine

        /// The lines at the session's instant, and the session. The common case, a store file
        /// as this version writes it, is read through SQLite's C API (`SQLiteReader`: the kinds'
        /// own statements, without GRDB's opening work); anything else, and any error on the
        /// way, goes the way every command goes (`Store`), which says what is wrong. Nothing is
        /// printed before the lines are drawn, so that way starts afresh.
        /// - Parameter reader: false reads through `Store` whatever the store (the tests).
        func draw(reader: Bool = true) throws -> (session: WidgetSession, lines: (text: String, each: [String]), reader: Bool) {
            if reader, let quick = quick() { return (quick.session, quick.lines, true) }
            let session = try WidgetSession(storeOptions: request.storeOptions, viewOptions: request.viewOptions, config: config)
            do { return (session, try line(session).lines(at: session.date).lines, false) } catch {
                session.finish()   // a demo store's folder
                throw error
            }
        }

        /// The lines drawn from the store read through `SQLiteReader`; nil when the store is not
        /// a file it reads (a server, a demo, no file yet, another version's) or anything failed.
        private func quick() -> (session: WidgetSession, lines: (text: String, each: [String]))? {
            let (storeOptions, viewOptions) = (request.storeOptions, request.viewOptions)
            guard !viewOptions.demo, let location = try? storeOptions.location(), !StoreLocation.isServer(location),
                  let reader = Store.reader(at: location),
                  let session = try? WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions, config: config,
                                                   opened: StoreOptions.prepared(reader)),
                  let (lines, _) = try? line(session).lines(at: session.date) else { return nil }
            return (session, lines)
        }
    }
}

/// What a status loop's peer said: it is gone, nothing to act on, or something to update for.
enum PeerInput { case end, ignore, update }

/// The status of some kinds, drawn at an instant: one line, or one line per kind.
struct StatusLine {
    var session: WidgetSession
    let kinds: [WidgetKind]
    let context: WidgetContext
    let encoder: any GridEncoder
    let format: OutputFormat
    let json: Bool
    let separator: String

    /// The kinds named on the command line that have an inline line, or every kind that has one
    /// (the config's `[[widget]]`s too when `declared`: `homescreen tmux`, which runs each once
    /// for every client; a `status` per refresh would run them at each), and the problems of
    /// the others. `strict`, or when no kind is left, the first problem is thrown.
    static func inlineKinds(_ names: [String], strict: Bool = true, declared: Bool = false) throws -> (kinds: [WidgetKind], refused: [CLIError]) {
        guard !names.isEmpty else {
            let catalog = declared ? WidgetCatalog.configured : .standard
            return (catalog.kinds.filter { catalog.families(of: $0).contains(.accessoryInline) }, [])
        }
        var kinds: [WidgetKind] = [], refused: [CLIError] = []
        for name in names {
            let kind = try Arguments.kind(name)   // a name that is no kind is bad input (exit 2)
            do {
                _ = try Arguments.family(.accessoryInline, of: kind)
                kinds.append(kind)
            } catch let error as CLIError { refused.append(error) }
        }
        // A kind without a line is the store's widgets as they are, not a typo: exit 1, as when
        // the others are drawn.
        if let first = refused.first, strict || kinds.isEmpty { throw strict ? first : CLIError.runtime(first.message) }
        return (kinds, refused)
    }

    /// The lines at `date`, and when the text can next change by itself.
    func lines(at date: Date) throws -> (lines: (text: String, each: [String]), next: Date?) {
        var each: [String] = [], next: Date? = TimeBoundaries.nextMidnight(after: date, in: session.timeZone)
        var urgency = 0
        for kind in kinds {
            let (grid, timeline, index) = try session.current(session.widget(kind), context, at: date)
            each.append(encoder.encode(grid))
            if json {   // JSON lines are plain text; their class is the most urgent role drawn
                urgency = max(urgency, grid.cells.contains { $0.style.foreground == .danger } ? 2 : grid.cells.contains { $0.style.foreground == .warning } ? 1 : 0)
            }
            let candidates = [timeline.entries.dropFirst(index + 1).first?.date, { if case .after(let at) = timeline.policy { return at } else { return nil } }()]
            for candidate in candidates.compactMap({ $0 }) where candidate > date { next = min(next ?? candidate, candidate) }
        }
        guard json else {
            // Appended in place: `joined` looked up a conformance at a status line's start (issue 36).
            var text = ""
            for (index, line) in each.enumerated() { text += index == 0 ? line : separator + line }
            return ((text, each), next)
        }
        let plain = each.map { $0.trimmingCharacters(in: .whitespaces) }
        let object = "{\"class\": \(Output.jsonString(["normal", "warning", "critical"][urgency])), \"text\": \(Output.jsonString(plain.joined(separator: separator))), "
            + "\"tooltip\": \(Output.jsonString(plain.joined(separator: "\n")))}"
        return ((object, [object]), next)
    }

    /// The line while the store cannot be followed: the reason, as text or as waybar's JSON.
    func lost(_ reason: String) -> String {
        guard json else { return "homescreen: " + reason }
        return "{\"class\": \"critical\", \"text\": \"homescreen: store gone\", \"tooltip\": \(Output.jsonString(reason))}"
    }

    /// Prints the line, then again whenever its text changes, until the output is closed.
    func follow(store: any StoreBackend) throws {
        signal(SIGPIPE, SIG_IGN)
        var shown: String?
        var status = self
        let feed = HledgerChangeFeed.wrap(VdirChangeFeed.wrap(try store.changeFeed()))
        try Self.watch(feed: feed, peer: (STDOUT_FILENO, 0)) {
            try status.session.adoptCreatedStore()
            // A store file deleted or moved: said until a store is at the path again.
            let gone = feed.followsServer ? nil : feed.lostReason   // a server away keeps the last line
            let (text, next) = try gone.map { (status.lost($0), nil) } ?? { let (lines, next) = try status.lines(at: Date()); return (lines.text, next) }()
            if text != shown {
                shown = text
                guard Output.write(text + "\n", to: STDOUT_FILENO) else { return nil }
            }
            return next
        }
    }

    /// Runs `update` at start, after every confirmed store change, and when the date it returns
    /// comes; stops when it returns nil or when `peer` (a descriptor and the events it waits
    /// for: the output, a tmux client) is closed or, for input, at its end. Sleeps in one
    /// `poll()` with a timeout only when something is due (a reload time, midnight): idle, it
    /// makes no wake-ups. `onInput` reads what the peer sent. The feed is the caller's, made
    /// once: a feed dropped drops its connection, which starts libdispatch's worker monitor.
    /// Script widgets' commands are followed in the same `poll()` (`KindWakeups`' work): one that
    /// ends, a widget's signal (`signals`, SIGRTMIN+N) or `homescreen reload` updates at once.
    /// - Parameter children: readable when a child may have ended (`ReminderSender.childExits`):
    ///   a new update then settles what it delivered; -1 for none.
    /// - Parameter signals: a signalfd of the realtime signals (`EventLoop.realtimeSignals()`); -1 for none.
    /// - Parameter onInput: what the peer's input means: read it, then end, go on, or update now.
    static func watch(feed: any ChangeFeed, peer: (descriptor: Int32, events: Int16), children: Int32 = -1, signals: Int32 = -1,
                      onInput: () -> PeerInput = { .ignore }, update: () throws -> Date??) throws {
        // Runs are followed here, not waited for: a slow command holds no line up.
        KindWakeups.shared.attach(-1)
        defer {
            KindWakeups.shared.finishWork()
            KindWakeups.shared.attach(nil)
        }
        while true {
            let next: Date?
            do {
                guard case .some(let due) = try update() else { return }
                next = due
            } catch where feed.followsServer {
                // The server is away: keep the last line, and read again when the feed has
                // its connection back. A read failing for another reason ends the command.
                if feed.lostReason == nil { _ = feed.drainEvents() }
                guard feed.lostReason != nil, let retryAt = feed.retryAt else { throw error }
                next = retryAt
            }
            waiting: while true {
                var fds = [pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: peer.descriptor, events: peer.events, revents: 0),
                           pollfd(fd: children, events: Int16(POLLIN), revents: 0), pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
                fds += KindWakeups.shared.workDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                // A server's feed that lost its connection says when to try again; a command in
                // flight, when its time is up.
                let workDue = KindWakeups.shared.workDeadline
                let due = [next, feed.retryAt, workDue].compactMap { $0 }.min()
                let timeout = due.map { Int32(clamping: max(0, Int(($0.timeIntervalSinceNow * 1000).rounded(.up)) + 1)) } ?? -1
                let ready = poll(&fds, nfds_t(fds.count), timeout)
                if ready < 0 { if errno == EINTR { continue } else { return } }
                if fds[3].revents & Int16(POLLIN) != 0 {
                    for offset in EventLoop.readRealtimeSignals(signals) { KindWakeups.shared.signal(offset) }
                }
                if fds.dropFirst(4).contains(where: { $0.revents != 0 }) || workDue.map({ Date() >= $0 }) == true || fds[3].revents != 0 {
                    KindWakeups.shared.serviceWork()
                    if !KindWakeups.shared.take().isEmpty { break waiting }
                    if ready == 0, next.map({ Date() < $0 }) ?? true, feed.retryAt.map({ Date() < $0 }) ?? true { continue }
                }
                if ready == 0 {
                    // Something is due; or the feed's retry time: try it, then draw again
                    // (a read while the server is still away waits for the next retry).
                    if let retryAt = feed.retryAt, Date() >= retryAt { _ = feed.retry() }
                    break
                }
                if fds[1].revents & Int16(POLLERR | POLLNVAL) != 0 || (peer.events == 0 && fds[1].revents & Int16(POLLHUP) != 0) { return }
                if fds[1].revents & Int16(POLLIN | POLLHUP) != 0 {
                    let input = onInput()
                    if input == .end { return }
                    if input == .update { break }
                }
                if fds[2].revents & Int16(POLLIN) != 0 { break }   // a reminder's program ended
                if fds[0].revents & Int16(POLLIN) != 0, feed.drainEvents() {
                    _ = try feed.changedTables()
                    break
                }
            }
        }
    }
}
