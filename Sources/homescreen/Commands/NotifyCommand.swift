import ArgumentParser
import Foundation
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
            Each reminder is delivered once per item, threshold and period (a product's due date,
            a month and its limit, an occurrence), remembered in the store: a restart, a second
            machine of the household or a second notify never repeats it.
            --once delivers what is due now and exits (cron, a systemd timer); --follow keeps
            running and delivers each reminder the moment it becomes due (a store write by any
            program, midnight, a timed event's time), sleeping in poll() with no timer in between; --dry-run prints
            what would be sent, and over which channels, and marks nothing sent.
            The rules and channels are the config file's [reminders] table:
              [reminders]
              channels = ["notify-send", "tmux"]   # also osc9, osc777 (the terminal), command
              command = ["my-script"]              # run with the title and the body as arguments, no shell
              pantry-days = 1                      # a product expires within N days, then has expired
              budget-percent = [80, 100]           # the month's spending passes these shares of its limit
              anniversary-days = 3                 # a lunar anniversary N days ahead, and on the day
              event-days = 0                       # other events N days ahead (0: the day itself)
              event-minutes = 60                   # a timed event, on its day: this long before it starts
              pantry = false                       # each rule: pantry, budget, anniversaries, events
            Text is in the interface's language and masked with --privacy (or the dashboard's
            remembered privacy mode).
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
                                sender: ReminderSender(config: config.reminders, environment: environment), environment: environment)
        guard follow else {
            _ = try notifier.deliver(at: clock.now)
            return
        }
        signal(SIGPIPE, SIG_IGN)
        let feed = try session.store.changeFeed()
        try StatusLine.watch(feed: feed, peer: (-1, 0)) {
            try notifier.session.adoptCreatedStore()
            let now = clock.now
            do {
                // The next instant in the clock's time, as a real one for poll().
                return try notifier.deliver(at: now).map { Date().addingTimeInterval($0.timeIntervalSince(now)) }
            } catch let error as StoreError {
                // Busy past its deadline, a full disk: nothing was marked sent; said, and tried
                // again at the next write or in a minute.
                FileHandle.standardError.write(Data("homescreen: \(error.description) The reminders are checked again at the next change, or in a minute.\n".utf8))
                return Date().addingTimeInterval(60)
            }
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
    /// What a dry run has printed already (it marks nothing sent).
    var printed: Set<String> = []
    /// The delivery failures said already: each once per process, not at every reminder.
    var failures: Set<String> = []

    /// Privacy mode: `--privacy`, or the dashboard's, remembered in the state file.
    static func privacy(_ session: WidgetSession, _ environment: [String: String]) -> Bool {
        session.privacy || RememberedChoices.load(path: RememberedChoices.defaultPath(environment: environment)).privacy == true
    }

    func context(at now: Date) -> ReminderContext {
        ReminderContext(now: now, timeZone: session.timeZone, language: session.language, locale: session.locale, privacy: privacy, settings: config.settings)
    }

    /// Delivers the reminders due at `now` that no one delivered. - Returns: when the next can
    /// become due with no store write.
    mutating func deliver(at now: Date) throws -> Date? {
        let check = try WidgetCatalog.standard.reminders(session.store, context(at: now))
        let ledger = ReminderLedger(session.store)
        if dryRun {
            var lines: [String] = []
            if printed.isEmpty {
                lines.append("channels: " + config.channels.map { channel in
                    channel.rawValue + (ReminderSender.availability(channel, command: config.command, environment: environment).map { " (not now: \($0))" } ?? "")
                }.joined(separator: ", "))
            }
            for reminder in try ledger.unsent(check.due) where printed.insert(reminder.key).inserted {
                lines.append("would send: \(SafeText.clean(reminder.title)) (\(SafeText.clean(reminder.body)))")
            }
            if printed.isEmpty { lines.append("nothing to send now.") }
            printed.insert("")
            guard StatusLine.write(lines.map { $0 + "\n" }.joined(), to: STDOUT_FILENO) else { return nil }
            return check.next
        }
        for failure in sender.send(try ledger.claim(check.due, at: now)) where failures.insert(failure).inserted {
            FileHandle.standardError.write(Data("homescreen: a reminder was not delivered over \(failure)\n".utf8))
        }
        return check.next
    }
}
