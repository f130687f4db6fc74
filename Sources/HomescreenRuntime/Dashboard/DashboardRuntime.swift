import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

/// Runs the dashboard's effects: reads timelines from the kinds' providers, hands the kinds'
/// writes to the `StoreWriter`, and feeds what comes back into the update. The event loop drives it; tests
/// drive it directly with a manual clock and a synchronous writer.
public final class DashboardRuntime {
    public private(set) var dashboard: Dashboard
    public let clock: any WidgetClock
    public private(set) var quitRequested = false
    private let widgets: [WidgetKind: AnyWidget]
    private let store: any StoreBackend
    private let writer: StoreWriter
    /// The revision of each table the panes were last loaded at.
    private var shown: [StoreTable: Int] = [:]
    /// Keeps the theme and privacy for the next run (the state file); nil in tests.
    public var remember: ((RememberedChoices) -> Void)?

    /// - Parameter asynchronousWrites: writes on a background queue (the dashboard), or at once
    ///   in the caller's thread (tests).
    /// The kinds' settings are the config's (`dashboard.settings.config.widgetSettings`).
    public init(dashboard: Dashboard, store: any StoreBackend, clock: any WidgetClock, asynchronousWrites: Bool, wakeDescriptor: Int32? = nil) {
        self.dashboard = dashboard
        self.clock = clock
        self.store = store
        var widgets: [WidgetKind: AnyWidget] = [:]
        for feature in dashboard.settings.catalog.features { widgets[feature.kind] = feature.widget(store: store, settings: dashboard.settings.config.widgetSettings) }
        self.widgets = widgets
        writer = StoreWriter(store: store, asynchronous: asynchronousWrites, wakeDescriptor: wakeDescriptor)
    }

    /// Loads every pane's timeline.
    public func start() { reload(kinds: nil) }

    public func send(_ event: DashboardEvent) {
        if case .storeChanged(let tables) = event {
            // Another program's write, or this dashboard's own already shown: only what the
            // panes do not show yet reloads.
            // A revision that differs (a restored backup's may be lower) reloads.
            let current = (try? store.revisions()) ?? [:]
            let fresh = tables.filter { table in current[table].map { $0 != shown[table] } ?? true }
            shown.merge(current.filter { tables.contains($0.key) }) { _, new in new }
            if !fresh.isEmpty { run(dashboard.update(.storeChanged(fresh), at: clock.now)) }
        } else {
            run(dashboard.update(event, at: clock.now))
        }
        deliverWrites()
    }

    /// Applies the outcomes of finished writes (posted from the writer's queue): the kind hears
    /// back, and the panes of the tables the write changed reload once (not again when the
    /// change feed reports the same write, nor if it already did).
    public func deliverWrites() {
        while let outcome = writer.takeOutcome() {
            var event = outcome.event
            if case .jobDone(let reply, let changed) = event {
                if let revisions = outcome.revisions {
                    event = .jobDone(reply, changed: changed.filter { table in revisions[table].map { $0 != shown[table] } ?? true })
                    shown.merge(revisions) { _, new in new }
                } else {
                    // The revisions could not be read: the kind's own tables reload, to be sure.
                    event = .jobDone(reply, changed: dashboard.settings.catalog.feature(reply.kind)?.tables ?? [])
                }
            }
            run(dashboard.update(event, at: clock.now))
        }
    }

    /// How many times each kind's panes were loaded (a timeline read from the store).
    public private(set) var loads: [WidgetKind: Int] = [:]

    /// Reloads the timelines whose reload date has come (the timer fired).
    public func tick() {
        let due = Set(dashboard.scheduler.reloadsDue(at: clock.now))
        if !due.isEmpty { reload(kinds: nil, only: due) }
        if reminded?.day != LocalDate(clock.now, in: dashboard.settings.timeZone) { remind(nil) } else {
            let kinds = Set(remindersNext.filter { $0.value <= clock.now }.keys)
            if !kinds.isEmpty { remind(kinds) }
        }
        dashboard.expireMessage(at: clock.now)
    }

    /// Everything, again (`r`, a clock change, a new layout).
    public func reloadAll() { reload(kinds: nil) }

    /// The next instant something changes on screen, in the dashboard's clock: a timeline's,
    /// a message's end, the date in the status line at midnight, a reminder's time.
    public var nextWakeUp: Date? {
        let now = clock.now
        let candidates = [dashboard.scheduler.nextWakeUp(after: now), dashboard.messageExpiry.flatMap { $0 > now ? $0 : nil },
                          TimeBoundaries.nextMidnight(after: now, in: dashboard.settings.timeZone), remindersNext.values.filter { $0 > now }.min()]
        return candidates.compactMap { $0 }.min()
    }

    public func frame() -> CellGrid { dashboard.compose(at: clock.now) }

    private func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .write(let job): writer.submit(job, now: clock.now)
            case .reload(let kinds): reload(kinds: kinds)
            case .reloadAll: reload(kinds: nil)
            case .read(let job):
                // Reads keep no memory between runs, and change nothing.
                var memory: (any Sendable)?
                let reply = job.run(store, memory: &memory, now: clock.now, reading: true)
                run(dashboard.update(.jobDone(reply, changed: []), at: clock.now))
            case .quit: quitRequested = true
            case .remember(let choices):
                remember?(choices)
                if reminded?.privacy != dashboard.settings.privacy { remind(nil) }
            }
        }
    }

    /// The day and privacy mode the reminders were read for: a new day or privacy toggled reads
    /// them again (their text masks names).
    private var reminded: (day: LocalDate, privacy: Bool)?
    /// When a reminder can next become true with no write (a timed event's reminder time).
    private var remindersNext: [WidgetKind: Date] = [:]

    /// Reads the reminders of these kinds (every kind when nil), as `homescreen notify` would.
    private func remind(_ kinds: Set<WidgetKind>?) {
        let settings = dashboard.settings, now = clock.now
        let context = ReminderContext(now: now, timeZone: settings.timeZone, language: settings.language, locale: settings.locale,
                                      privacy: settings.privacy, settings: settings.config.reminders.settings,
                                      widgetSettings: settings.config.widgetSettings)
        var due: [WidgetKind: [Reminder]] = [:]
        for feature in settings.catalog.features where kinds?.contains(feature.kind) ?? true {
            // A failed read shows on the kind's panes; its reminders are kept as they were.
            if let check = try? feature.reminders(store, context) {
                due[feature.kind] = check.due
                remindersNext[feature.kind] = check.next
            }
        }
        reminded = (context.today, settings.privacy)
        dashboard.remind(due)
    }

    private func reload(kinds: Set<WidgetKind>?, only panes: Set<PaneID>? = nil) {
        defer {
            let stale = reminded.map { $0.day != LocalDate(clock.now, in: dashboard.settings.timeZone) || $0.privacy != dashboard.settings.privacy } ?? true
            if stale || panes == nil { remind(stale ? nil : kinds) }
        }
        let now = clock.now
        if kinds == nil, panes == nil, let current = try? store.revisions() { shown = current }
        for pane in dashboard.loadedPanes where (kinds?.contains(pane.kind) ?? true) && (panes?.contains(pane.id) ?? true) {
            guard let widget = widgets[pane.kind] else { continue }
            loads[pane.kind, default: 0] += 1
            do {
                dashboard.install(try widget.timeline(in: pane.context, at: now), for: pane.id, at: now)
            } catch {
                dashboard.loadFailed(pane.id, kind: pane.kind, reason: "\(error)")
            }
        }
    }
}
