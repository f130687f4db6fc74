import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// Runs the dashboard's effects: reads timelines from the providers, hands writes to the
/// `StoreWriter`, and feeds what comes back into the update. The event loop drives it; tests
/// drive it directly with a manual clock and a synchronous writer.
public final class DashboardRuntime {
    public private(set) var dashboard: Dashboard
    public let clock: any WidgetClock
    public private(set) var quitRequested = false
    private let widgets: [WidgetKind: AnyWidget]
    private let inbox: Inbox
    private let store: Store
    private var writer: StoreWriter!

    /// - Parameter asynchronousWrites: writes on a background queue (the dashboard), or at once
    ///   in the caller's thread (tests).
    public init(dashboard: Dashboard, store: Store, widgets: [WidgetKind: AnyWidget], clock: any WidgetClock,
                asynchronousWrites: Bool, wakeDescriptor: Int32? = nil) {
        self.dashboard = dashboard
        self.clock = clock
        self.widgets = widgets
        self.store = store
        let inbox = Inbox(wakeDescriptor: wakeDescriptor)
        self.inbox = inbox
        writer = StoreWriter(store: store, asynchronous: asynchronousWrites) { inbox.post($0) }
    }

    /// Loads every pane's timeline.
    public func start() { reload(kinds: nil) }

    public func send(_ event: DashboardEvent) {
        run(dashboard.update(event, at: clock.now))
        deliverWrites()
    }

    /// Applies the outcomes of finished writes (posted from the writer's queue).
    public func deliverWrites() {
        while let outcome = inbox.take() { run(dashboard.update(.written(outcome), at: clock.now)) }
    }

    /// Reloads the timelines whose reload date has come (the timer fired).
    public func tick() {
        let due = Set(dashboard.scheduler.reloadsDue(at: clock.now))
        if !due.isEmpty { reload(kinds: nil, only: due) }
    }

    /// Everything, again (`r`, a clock change, a new layout).
    public func reloadAll() { reload(kinds: nil) }

    /// The next instant something changes on screen, in the dashboard's clock.
    public var nextWakeUp: Date? { dashboard.scheduler.nextWakeUp(after: clock.now) }

    public func frame() -> CellGrid { dashboard.compose(at: clock.now) }

    private func run(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .write(let request): writer.submit(request)
            case .reload(let kinds): reload(kinds: kinds)
            case .reloadAll: reload(kinds: nil)
            case .loadCards:
                // A small read, done at once: the picker opens on the same key press.
                let event: DashboardEvent
                do {
                    let listing = try store.cardListing()
                    event = .cardsLoaded(listing.cards, shown: listing.shown.shownID)
                } catch {
                    event = .cardsUnavailable("\(error)")
                }
                run(dashboard.update(event, at: clock.now))
            case .quit: quitRequested = true
            }
        }
    }

    private func reload(kinds: Set<WidgetKind>?, only panes: Set<PaneID>? = nil) {
        let now = clock.now
        for pane in dashboard.loadedPanes where (kinds?.contains(pane.kind) ?? true) && (panes?.contains(pane.id) ?? true) {
            guard let widget = widgets[pane.kind] else { continue }
            do {
                dashboard.install(try widget.timeline(in: pane.context, at: now), for: pane.id, at: now)
            } catch {
                dashboard.loadFailed(pane.id, kind: pane.kind, reason: "\(error)")
            }
        }
    }
}

/// Write outcomes on their way from the writer's queue to the loop's thread. Posting writes a
/// byte to the loop's wake-up pipe, so the loop sleeps in poll() until there is something.
final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var outcomes: [WriteOutcome] = []
    private let wakeDescriptor: Int32?

    init(wakeDescriptor: Int32?) { self.wakeDescriptor = wakeDescriptor }

    func post(_ outcome: WriteOutcome) {
        lock.withLock { outcomes.append(outcome) }
        if let wakeDescriptor {
            var byte: UInt8 = 1
            _ = write(wakeDescriptor, &byte, 1)
        }
    }

    func take() -> WriteOutcome? {
        lock.withLock { outcomes.isEmpty ? nil : outcomes.removeFirst() }
    }
}

/// Performs the dashboard's writes one at a time, in the order of the key presses, each in
/// one transaction, off the loop's thread (a store busy with another writer never freezes the
/// screen). It remembers this dashboard's own consumes, so `u` puts back the last of them, for a
/// minute after it, whatever other processes consumed since.
final class StoreWriter: @unchecked Sendable {
    static let undoWindow: TimeInterval = 60

    private let store: Store
    private let deliver: @Sendable (WriteOutcome) -> Void
    /// Requests waiting for the writer thread, guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [WriteRequest] = []
    /// Touched only by the writer thread (or the caller's thread when synchronous).
    private var consumed: [(id: Int64, at: Date)] = []
    private let asynchronous: Bool

    /// A plain thread that sleeps on a condition, not a dispatch queue: libdispatch's worker
    /// pool on Linux keeps a monitor timer that wakes the process every second.
    init(store: Store, asynchronous: Bool, deliver: @escaping @Sendable (WriteOutcome) -> Void) {
        self.store = store
        self.deliver = deliver
        self.asynchronous = asynchronous
        if asynchronous {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "homescreen.store-writer"
            thread.start()
        }
    }

    func submit(_ request: WriteRequest) {
        guard asynchronous else { return perform(request) }
        condition.withLock {
            waiting.append(request)
            condition.signal()
        }
    }

    private func serve() {
        while true {
            let request: WriteRequest = condition.withLock {
                while waiting.isEmpty { condition.wait() }
                return waiting.removeFirst()
            }
            perform(request)
        }
    }

    private func perform(_ request: WriteRequest) {
        let outcome: WriteOutcome
        do {
            switch request {
            case .consume:
                let consumption = try store.consume(productID: nil, amount: .one)
                consumed.append((consumption.id, Date()))
                outcome = .consumed(consumption)
            case .undo:
                guard let last = consumed.last, Date().timeIntervalSince(last.at) <= Self.undoWindow else {
                    consumed.removeAll()
                    outcome = .failed(request, "Nothing to undo: u puts back this dashboard's consumes, for a minute after each.")
                    break
                }
                consumed.removeLast()
                outcome = .undone(try store.undoConsumption(id: last.id))
            case .addProduct(let name, let amount, let unit, let due):
                outcome = .added(try store.addProduct(name: name, amount: amount, unit: unit, due: due))
            case .addExpense(let amount, let day, let note):
                outcome = .expenseAdded(try store.addExpense(amount: amount, day: day, note: note))
            case .selectCard(let id):
                outcome = .cardSelected(try store.selectCard(id: id))
            }
        } catch let error as PantryError {
            outcome = .failed(request, Self.sentence(error.description))
        } catch let error as CardError {
            outcome = .failed(request, Self.sentence(error.description))
        } catch {
            outcome = .failed(request, Self.sentence("The store refused the change (\(error)); nothing was lost, try again."))
        }
        deliver(outcome)
    }

    /// Store messages start lowercase for the command line; the status line starts with a capital.
    private static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }
}
