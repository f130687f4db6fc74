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
    /// Writes handed to the writer whose reply has not come back yet.
    private var inFlight = 0
    /// Tables the change feed reported while a write was in flight: they wait for its reply.
    private var heldBack: Set<StoreTable> = []
    /// Whether the dashboard changed since the last frame was composed.
    public private(set) var frameDue = true
    /// How many frames were composed (each state change composes one).
    public private(set) var framesComposed = 0
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
        // Data that arrives off the loop (a script widget's run) wakes it through the same pipe.
        if asynchronousWrites, let wakeDescriptor {
            KindWakeups.shared.attach(wakeDescriptor)
            attachedWakeups = true
        }
    }

    private var attachedWakeups = false

    deinit { if attachedWakeups { KindWakeups.shared.attach(nil) } }

    /// Loads every pane's timeline.
    public func start() { reload(kinds: nil) }

    public func send(_ event: DashboardEvent) {
        if case .storeChanged(let tables) = event {
            storeChanged(tables)
            return
        }
        update(event)
        deliverWrites()
    }

    /// The change feed's report: these tables changed, at these revisions (nil: read here). Only
    /// what the panes do not show yet reloads (a revision that differs: a restored backup's may
    /// be lower), so this dashboard's own write, reported by its writer, is not loaded again.
    /// While one of its writes is in flight the tables wait for the writer's reply: the feed may
    /// see that commit first, and a pane must not show the write and its optimistic state at once.
    public func storeChanged(_ tables: Set<StoreTable>, revisions: [StoreTable: Int]? = nil) {
        guard inFlight == 0 else { return heldBack.formUnion(tables) }
        let current = revisions ?? (try? store.revisions()) ?? [:]
        let fresh = tables.filter { table in current[table].map { $0 != shown[table] } ?? true }
        shown.merge(current.filter { tables.contains($0.key) }) { _, new in new }
        if !fresh.isEmpty { update(.storeChanged(fresh), tables: fresh) }
        deliverWrites()
    }

    /// Applies the outcomes of finished writes (posted from the writer's queue): the kind hears
    /// back, its optimistic state ends, and the panes of the tables the write changed reload, in
    /// one update (not again when the change feed reports the same revisions).
    public func deliverWrites() {
        // This dashboard's kinds only (a test process runs several runtimes side by side).
        let arrived = KindWakeups.shared.take().filter { dashboard.settings.catalog.feature($0) != nil }
        if !arrived.isEmpty {
            frameDue = true
            reload(kinds: arrived)
        }
        while let outcome = writer.takeOutcome() {
            inFlight -= 1
            guard case .jobDone(let reply, let changed) = outcome.event else { update(outcome.event); continue }
            var tables = changed
            if let revisions = outcome.revisions {
                tables = changed.filter { table in revisions[table].map { $0 != shown[table] } ?? true }
                shown.merge(revisions) { _, new in new }
            } else {
                // The revisions could not be read: the kind's own tables reload, to be sure.
                tables = dashboard.settings.catalog.feature(reply.kind)?.tables ?? []
            }
            update(.jobDone(reply, changed: tables), tables: tables)
        }
        if inFlight == 0, !heldBack.isEmpty {
            let tables = heldBack
            heldBack = []
            storeChanged(tables)
        }
    }

    /// One update and its effects; the reminders of the kinds whose tables changed are read again.
    private func update(_ event: DashboardEvent, tables changed: Set<StoreTable> = []) {
        frameDue = true
        run(dashboard.update(event, at: clock.now))
        let kinds = dashboard.settings.catalog.kinds(reading: changed)
        if !kinds.isEmpty { remind(kinds) }
    }

    /// How many times each kind's panes were loaded (a timeline read from the store).
    public private(set) var loads: [WidgetKind: Int] = [:]

    /// Reloads the timelines whose reload date has come (the timer fired).
    /// Marks a frame due only when something was (a timeline's next entry is the loop's to
    /// say: `EventLoop` presents when the timer fired for `nextWakeUp`).
    public func tick() {
        let due = Set(dashboard.scheduler.reloadsDue(at: clock.now))
        if !due.isEmpty { reload(kinds: nil, only: due) }
        if reminded?.day != LocalDate(clock.now, in: dashboard.settings.timeZone) { remind(nil) } else {
            let kinds = Set(remindersNext.filter { $0.value <= clock.now }.keys)
            if !kinds.isEmpty { remind(kinds) }
        }
        let expiry = dashboard.messageExpiry
        dashboard.expireMessage(at: clock.now)
        if !due.isEmpty || expiry != dashboard.messageExpiry { frameDue = true }
    }

    /// Everything, again (`r`, a clock change, a new layout).
    public func reloadAll() {
        frameDue = true
        reload(kinds: nil)
    }

    /// The next instant something changes on screen, in the dashboard's clock: a timeline's,
    /// a message's end, the date in the status line at midnight, a reminder's time.
    public var nextWakeUp: Date? {
        let now = clock.now
        let candidates = [dashboard.scheduler.nextWakeUp(after: now), dashboard.messageExpiry.flatMap { $0 > now ? $0 : nil },
                          TimeBoundaries.nextMidnight(after: now, in: dashboard.settings.timeZone), remindersNext.values.filter { $0 > now }.min()]
        return candidates.compactMap { $0 }.min()
    }

    public func frame() -> CellGrid {
        frameDue = false
        framesComposed += 1
        return dashboard.compose(at: clock.now)
    }

    private func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .write(let job):
                inFlight += 1
                writer.submit(job, now: clock.now)
            case .reload(let kinds): reload(kinds: kinds)
            case .reloadAll: reload(kinds: nil)
            case .read(let job):
                // Reads keep no memory between runs, and change nothing.
                var memory: (any Sendable)?
                let reply = job.run(store, memory: &memory, now: clock.now, reading: true)
                update(.jobDone(reply, changed: []))
            case .start(let task):
                // Not waited for: what it changes comes back through `KindWakeups` (at once when
                // no loop is attached: the tests' synchronous runtime).
                task.start()
                let arrived = KindWakeups.shared.take().filter { dashboard.settings.catalog.feature($0) != nil }
                if !arrived.isEmpty { reload(kinds: arrived) }
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
    /// How many times each kind's reminders were read.
    public private(set) var remindersRead: [WidgetKind: Int] = [:]

    /// Reads the reminders of these kinds (every kind when nil), as `homescreen notify` would.
    private func remind(_ kinds: Set<WidgetKind>?) {
        let settings = dashboard.settings, now = clock.now
        let context = ReminderContext(now: now, timeZone: settings.timeZone, language: settings.language, locale: settings.locale,
                                      privacy: settings.privacy, settings: settings.config.reminders.settings,
                                      widgetSettings: settings.config.widgetSettings)
        var due: [WidgetKind: [Reminder]] = [:]
        for feature in settings.catalog.features where kinds?.contains(feature.kind) ?? true {
            remindersRead[feature.kind, default: 0] += 1
            // A failed read shows on the kind's panes; its reminders are kept as they were.
            if let check = try? feature.reminders(store, context) {
                due[feature.kind] = check.due
                remindersNext[feature.kind] = check.next
            }
        }
        reminded = (context.today, settings.privacy)
        dashboard.remind(due)
        frameDue = true
    }

    /// Loads timelines. The reminders are read again with them only for everything (the start,
    /// `r`) or a new day or privacy mode; a store change reads its kinds' (`update`), and a
    /// reload that changed no data (a month moved in a full-screen view, a timeline's date) none.
    private func reload(kinds: Set<WidgetKind>?, only panes: Set<PaneID>? = nil) {
        defer {
            let stale = reminded.map { $0.day != LocalDate(clock.now, in: dashboard.settings.timeZone) || $0.privacy != dashboard.settings.privacy } ?? true
            if stale || (kinds == nil && panes == nil) { remind(nil) }
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
