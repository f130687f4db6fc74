import Foundation
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

/// Performs the kinds' writes one at a time, in the order of the key presses, each in one
/// transaction, off the loop's thread (a store busy with another writer never freezes the
/// screen). Each kind's jobs share a `JobMemory` here, on the writer's thread (the pantry keeps
/// its own consumes in it, for `u`). Outcomes go back to the loop through an inbox that writes
/// a byte to the loop's wake-up pipe, so the loop sleeps in poll() until there is something.
final class StoreWriter: @unchecked Sendable {
    private let store: any StoreBackend
    /// Jobs waiting for the writer thread, and outcomes waiting for the loop, guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [(job: KindJob, now: Date)] = []
    private var outcomes: [Outcome] = []

    /// A finished write: what goes to the dashboard, and the revisions of the tables it changed
    /// (nil when they could not be read).
    struct Outcome {
        let event: DashboardEvent
        let revisions: [StoreTable: Int]?
    }
    /// Touched only by the writer thread (or the caller's thread when synchronous).
    private var memory: [WidgetKind: any Sendable] = [:]
    private let asynchronous: Bool
    private let wakeDescriptor: Int32?

    /// A plain thread that sleeps on a condition, not a dispatch queue: libdispatch's worker
    /// pool on Linux keeps a monitor timer that wakes the process every second.
    /// - Parameter asynchronous: on a background thread (the dashboard), or at once in the
    ///   caller's thread (tests).
    init(store: any StoreBackend, asynchronous: Bool, wakeDescriptor: Int32?) {
        self.store = store
        self.asynchronous = asynchronous
        self.wakeDescriptor = wakeDescriptor
        if asynchronous {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "homescreen.store-writer"
            thread.start()
        }
    }

    /// - Parameter now: the dashboard's clock when the job was asked for: what the job stamps.
    func submit(_ job: KindJob, now: Date) {
        guard asynchronous else { return post(perform(job, now: now)) }
        condition.withLock {
            waiting.append((job, now))
            condition.signal()
        }
    }

    /// The next finished job's outcome, if any.
    func takeOutcome() -> Outcome? {
        condition.withLock { outcomes.isEmpty ? nil : outcomes.removeFirst() }
    }

    private func serve() {
        while true {
            let next = condition.withLock {
                while waiting.isEmpty { condition.wait() }
                return waiting.removeFirst()
            }
            post(perform(next.job, now: next.now))
        }
    }

    private func post(_ outcome: Outcome) {
        condition.withLock { outcomes.append(outcome) }
        if let wakeDescriptor {
            var byte: UInt8 = 1
            _ = write(wakeDescriptor, &byte, 1)
        }
    }

    /// Runs a write and says which tables it changed: their revisions, read on this thread
    /// before and after (the triggers bump them in the write's own transaction).
    private func perform(_ job: KindJob, now: Date) -> Outcome {
        var kindMemory = memory[job.kind]
        defer { memory[job.kind] = kindMemory }
        let before = try? store.revisions()
        let reply = job.run(store, memory: &kindMemory, now: now, reading: false)
        guard let before, let after = try? store.revisions() else { return Outcome(event: .jobDone(reply, changed: []), revisions: nil) }
        let changed = after.filter { before[$0.key] != $0.value }
        return Outcome(event: .jobDone(reply, changed: Set(changed.keys)), revisions: changed)
    }
}
