import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct NotifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Deliver reminders: a product about to expire, a budget running out, an anniversary coming.",
        discussion: """
            Each reminder is delivered once per item, threshold and period (a
            product's due date, a month and its limit, an occurrence), remembered in
            the store: a restart, another machine of the household or a second
            notify never repeats it. One that reaches no channel is kept for later.

            --once delivers what is due now and exits (cron, a systemd timer).
            --follow keeps running and delivers each reminder when it becomes due
            (a store write by any program, midnight, a timed event's time); it
            sleeps in poll() in between. --dry-run prints what would be sent and
            over which channels, and marks nothing sent.

            The rules and channels are the config file's [reminders] table:
              channels = ["notify-send", "tmux"]  # also osc9, osc777, command
              command = ["my-script"]      # gets title and body; no shell
              pantry-days = 1              # expires within N days, expired
              budget-percent = [80, 100]   # shares of the month's limit
              anniversary-days = 3         # a lunar anniversary N days ahead
              event-days = 0               # other events (0: on the day)
              event-minutes = 60           # a timed event: before it starts
              pantry = false               # off: pantry, budget, anniversaries,
                                           # events
            Text is in the interface's language, masked with --privacy (or the
            dashboard's remembered privacy mode).
            """
    )

    @Flag(help: "Deliver what is due now, then exit (the default).")
    var once = false

    @Flag(help: "Keep running and deliver each reminder when it becomes due.")
    var follow = false

    @Flag(name: .customLong("dry-run"), help: "Print what would be sent and to which channels; send nothing, mark nothing sent.")
    var dryRun = false

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    func run() throws {
        if once && follow { throw CLIError.usage("--once and --follow cannot be given together; --once delivers what is due and exits, --follow keeps running.") }
        let environment = storeOptions.environment
        let config = try viewOptions.loadConfig(environment: environment)
        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions, forWriting: !dryRun, config: config)
        defer { session.finish() }
        let clock: any WidgetClock = viewOptions.now == nil ? SystemClock() : SimulatedClock(start: session.date)
        var notifier = Notifier(session: session, config: config.reminders, privacy: Notifier.privacy(session, environment), dryRun: dryRun,
                                sender: ReminderSender(config: config.reminders, environment: environment, waits: !follow), environment: environment)
        guard follow else {
            // A reminder that reached no channel stays unsent, for the next run: exit 1.
            if try notifier.deliver(at: clock.now).undelivered > 0 { throw ExitCode.failure }
            return
        }
        signal(SIGPIPE, SIG_IGN)
        let feed = HledgerChangeFeed.wrap(VdirChangeFeed.wrap(try session.store.changeFeed()))
        try StatusLine.watch(feed: feed, peer: (-1, 0), children: notifier.sender.childExits) {
            try notifier.session.adoptCreatedStore()
            let now = clock.now
            guard let next = Notifier.retrying({ try notifier.deliver(at: now) }) else { return Date().addingTimeInterval(60) }
            // A dry run whose output was closed ends; the next instant, in the clock's time, as a real one for poll().
            guard !next.outputClosed else { return nil }
            return .some(next.next.map { Date().addingTimeInterval($0.timeIntervalSince(now)) })
        }
    }
}

/// What `notify` and `tmux --reminders` share: the kinds' reminders checked, claimed in the
/// store, and sent.
struct Notifier {
    var session: WidgetSession
    let config: ReminderConfig
    let privacy: Bool
    var dryRun = false
    let sender: ReminderSender
    let environment: [String: String]
    /// What a dry run has printed already (it marks nothing sent), and whether its channels were said.
    var printed: Set<String> = []
    var channelsSaid = false
    /// The delivery failures said already: each once per process, not at every reminder.
    var failures: Set<String> = []
    /// Reminders that reached no channel: left unsent in the store (for another process or the
    /// next run) and not tried again by this one until `retryHeld()` (a tmux client attached),
    /// so a release, which is a store write, does not start the next attempt at once.
    var held: Set<String> = []

    /// Tries the held reminders again at the next check.
    mutating func retryHeld() { held.removeAll() }

    /// Privacy mode: `--privacy`, or the dashboard's, remembered in the state file.
    static func privacy(_ session: WidgetSession, _ environment: [String: String]) -> Bool {
        session.privacy || RememberedChoices.load(path: RememberedChoices.defaultPath(environment: environment)).privacy == true
    }

    func context(at now: Date) -> ReminderContext {
        ReminderContext(now: now, timeZone: session.timeZone, language: session.language, locale: session.locale, privacy: privacy, settings: config.settings,
                        widgetSettings: session.settings)
    }

    /// What a check did: when the next reminder can become due with no store write, how many
    /// reached no channel (left unsent for the next check), and whether the dry run's output was closed.
    struct Outcome {
        var next: Date?
        var undelivered = 0
        var outputClosed = false
    }

    /// Delivers the reminders due at `now` that no one delivered: each is claimed in the store
    /// first (so no other process sends it), then sent; one that reached no channel is released.
    mutating func deliver(at now: Date) throws -> Outcome {
        let check = try WidgetCatalog.standard.reminders(session.store, context(at: now))
        let ledger = ReminderLedger(session.store)
        if dryRun {
            var lines: [String] = []
            if !channelsSaid {
                lines.append("channels: " + config.channels.map { channel in
                    channel.rawValue + (ReminderSender.availability(channel, command: config.command, environment: environment).map { " (not now: \($0))" } ?? "")
                }.joined(separator: ", "))
            }
            for reminder in try ledger.unsent(check.due) where printed.insert(reminder.key).inserted {
                lines.append("would send: \(SafeText.clean(reminder.title)) (\(SafeText.clean(reminder.body)))")
            }
            if !channelsSaid && printed.isEmpty { lines.append("nothing to send now.") }
            channelsSaid = true
            return Outcome(next: check.next, outputClosed: !Output.write(lines.map { $0 + "\n" }.joined(), to: STDOUT_FILENO))
        }
        // What programs still running from an earlier check delivered: a reminder none of its
        // channels reached is released, for the next check (this one) to try again.
        let (unreached, ended) = sender.settle()
        try ledger.release(unreached)
        say(ended)
        let claimed = try ledger.claim(check.due.filter { !held.contains($0.key) }, at: now)
        let sent = sender.send(claimed)
        let undelivered = claimed.filter { reminder in !(sent.delivered + sent.pending).contains { $0.key == reminder.key } }
        try ledger.release(undelivered)
        say(sent.failures)
        held.formUnion((unreached + undelivered).map(\.key))
        return Outcome(next: check.next, undelivered: held.count)
    }

    /// Each delivery failure said once per process, not at every reminder.
    private mutating func say(_ problems: [String]) {
        for problem in problems where failures.insert(problem).inserted {
            FileHandle.standardError.write(Data("homescreen: a reminder was not delivered over \(problem)\n".utf8))
        }
    }

    /// Runs a check; a store error (busy past its deadline, a full disk: nothing was marked
    /// sent) is said and gives nil, for the caller to try again at the next write or in a minute.
    static func retrying<T>(_ check: () throws -> T?) -> T? {
        do { return try check() } catch let error as StoreError {
            FileHandle.standardError.write(Data("homescreen: \(error.description) The reminders are checked again at the next change, or in a minute.\n".utf8))
        } catch {
            FileHandle.standardError.write(Data("homescreen: the reminders could not be checked (\(error)); again at the next change, or in a minute.\n".utf8))
        }
        return nil
    }
}
