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
    private let store: any HomeStore
    /// Jobs waiting for the writer thread, and outcomes waiting for the loop, guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [FeatureJob] = []
    private var outcomes: [DashboardEvent] = []
    /// Touched only by the writer thread (or the caller's thread when synchronous).
    private var memory: [WidgetKind: JobMemory] = [:]
    private let asynchronous: Bool
    private let wakeDescriptor: Int32?

    /// A plain thread that sleeps on a condition, not a dispatch queue: libdispatch's worker
    /// pool on Linux keeps a monitor timer that wakes the process every second.
    /// - Parameter asynchronous: on a background thread (the dashboard), or at once in the
    ///   caller's thread (tests).
    init(store: any HomeStore, asynchronous: Bool, wakeDescriptor: Int32?) {
        self.store = store
        self.asynchronous = asynchronous
        self.wakeDescriptor = wakeDescriptor
        if asynchronous {
            let thread = Thread { [unowned self] in self.serve() }
            thread.name = "homescreen.store-writer"
            thread.start()
        }
    }

    func submit(_ job: FeatureJob) {
        guard asynchronous else { return post(perform(job)) }
        condition.withLock {
            waiting.append(job)
            condition.signal()
        }
    }

    /// The next finished job's outcome, if any.
    func takeOutcome() -> DashboardEvent? {
        condition.withLock { outcomes.isEmpty ? nil : outcomes.removeFirst() }
    }

    private func serve() {
        while true {
            let job: FeatureJob = condition.withLock {
                while waiting.isEmpty { condition.wait() }
                return waiting.removeFirst()
            }
            post(perform(job))
        }
    }

    private func post(_ outcome: DashboardEvent) {
        condition.withLock { outcomes.append(outcome) }
        if let wakeDescriptor {
            var byte: UInt8 = 1
            _ = write(wakeDescriptor, &byte, 1)
        }
    }

    private func perform(_ job: FeatureJob) -> DashboardEvent {
        var kindMemory = memory[job.kind] ?? JobMemory()
        defer { memory[job.kind] = kindMemory }
        return Self.perform(job, store: store, memory: &kindMemory, reading: false)
    }

    /// Runs a job; a refusal (nothing in stock, an unknown id) is said as the store words it,
    /// anything else as a failed change that lost nothing.
    static func perform(_ job: FeatureJob, store: any HomeStore, memory: inout JobMemory, reading: Bool) -> DashboardEvent {
        do {
            return .jobFinished(job, result: try job.run(store, memory: &memory))
        } catch let refusal as any StoreRefusal {
            return .jobFailed(job, reason: .refused(refusal))
        } catch {
            return .jobFailed(job, reason: reading ? .readFailed("\(error)") : .writeFailed("\(error)"))
        }
    }
}
