import CSystemEvents
import Foundation
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore

/// The dashboard's only loop. It sleeps in one poll() on the keyboard, the store's change
/// watcher, a realtime timer set to the next thing due (which also fires when the wall clock is
/// set), the signal descriptor, the writer's wake-up pipe and the kinds' work (`KindWakeups`: a
/// script widget's output pipes and pidfd while it runs); with nothing due it does not wake up
/// at all. Each wake-up turns into events for the runtime, then one frame.
public final class EventLoop {
    public enum Exit: Equatable, Sendable {
        case quit
        case signal(Int32)
        case terminalClosed
    }

    /// Store-change checks are coalesced: one at the first event, then at most one per window.
    static let debounce: TimeInterval = 0.05

    private let runtime: DashboardRuntime
    private let screen: any TerminalScreen
    private let watcher: (any ChangeFeed)?
    private let wakeRead: Int32
    private let timer: Int32
    private let signals: Int32
    private var cooldownUntil: Date?
    /// When the timer is armed for the runtime's next wake-up (the wall clock), not a debounce.
    private var runtimeDeadline: Date?
    private var changePending = false
    /// When the kinds' work is next due with nothing to read (a command's timeout), as armed.
    private var workDeadline: Date?
    /// The reason the store's server was last reported lost, until it is back.
    private var connectionLost: String?
    private let firstFrameOnly: Bool

    /// Blocks the dashboard's signals so they arrive through a descriptor. Call first, before
    /// any thread starts (threads inherit the mask).
    public static func blockSignals() { _ = hs_block_signals() }

    /// A signalfd of SIGRTMIN+1 … SIGRTMAX, blocked in the calling thread and the threads it
    /// starts after (call before any starts): for a loop other than the dashboard's that takes
    /// script widgets' signals (`homescreen tmux`). -1 when it cannot be made.
    public static func realtimeSignals() -> Int32 { hs_realtime_signal_descriptor() }

    /// The realtime signals read from `realtimeSignals()`'s descriptor, as offsets from SIGRTMIN.
    public static func readRealtimeSignals(_ descriptor: Int32) -> [Int] {
        var offsets: [Int] = []
        while true {
            let number = hs_signal_read(descriptor)
            if number == 0 { break }
            offsets.append(Int(number - hs_signal_realtime_first()))
        }
        return offsets
    }

    /// Ignores SIGRTMIN+1 … SIGRTMAX (a script widget's `signal = N`): a command that takes none
    /// is not ended by `pkill -RTMIN+N homescreen`. A loop that takes them blocks them after.
    public static func ignoreRealtimeSignals() { hs_ignore_realtime_signals() }

    /// A descriptor that becomes readable when a child process may have ended (SIGCHLD, blocked
    /// and read from a signalfd), for loops that reap their children as they end instead of
    /// waiting on them; `drainChildExits` empties it. -1 when it cannot be made.
    public static func makeChildExitDescriptor() -> Int32 { hs_child_exit_descriptor() }

    /// Empties a descriptor from `makeChildExitDescriptor` (the children are then reaped with
    /// `waitpid(…, WNOHANG)`).
    public static func drainChildExits(_ descriptor: Int32) { while hs_signal_read(descriptor) != 0 {} }

    /// A pipe whose write end the runtime posts to when a background write finishes.
    public static func makeWakePipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        return (ends[0], ends[1])
    }

    /// - Parameter firstFrameOnly: return after the first frame (start-up benchmarks).
    public init(runtime: DashboardRuntime, screen: any TerminalScreen, watcher: (any ChangeFeed)?, wakeRead: Int32,
                firstFrameOnly: Bool = false) {
        self.runtime = runtime
        self.screen = screen
        self.watcher = watcher
        self.wakeRead = wakeRead
        self.timer = hs_timer_create()
        self.signals = hs_signal_descriptor()
        self.firstFrameOnly = firstFrameOnly
    }

    deinit {
        close(timer)
        close(signals)
    }

    public func run() -> Exit {
        runtime.start()
        present()
        if firstFrameOnly { return .quit }
        // Start-up's temporaries (the config, themes, first timelines) are freed by now; give
        // their pages back rather than keep them for the whole session.
        malloc_trim(0)
        var emptyReads = 0
        while true {
            armTimer()
            var repaint = false
            var descriptors = [
                pollfd(fd: screen.inputDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0),
                pollfd(fd: watcher?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            // The kinds' work: a script's pipes and pidfd while it runs, the reload folder's watch.
            let work = KindWakeups.shared.workDescriptors
            descriptors += work.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .terminalClosed
            }
            // Signals first: a quit request wins over anything else in the same wake-up.
            if descriptors[1].revents != 0 {
                while true {
                    let number = hs_signal_read(signals)
                    if number == 0 { break }
                    if number == hs_signal_winch() {
                        runtime.send(.resized(screen.refreshSize()))
                    } else if number == hs_signal_cont() {
                        screen.invalidate()
                        repaint = true
                    } else if number > hs_signal_realtime_first(), number <= hs_signal_realtime_last() {
                        // A script widget's `signal = N`: that widget runs now.
                        KindWakeups.shared.signal(Int(number - hs_signal_realtime_first()))
                        runtime.deliverWrites()
                    } else {
                        return .signal(number)
                    }
                }
            }
            let input = descriptors[0].revents
            if input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .terminalClosed }
            if input & Int16(POLLIN) != 0 {
                let (keys, closed) = screen.readKeys()
                if closed { return .terminalClosed }
                // Readable with nothing to read, again and again: the terminal is gone.
                emptyReads = keys.isEmpty ? emptyReads + 1 : 0
                if emptyReads > 8 { return .terminalClosed }
                for key in keys {
                    runtime.send(.key(key))
                    if runtime.quitRequested { return .quit }
                }
            }
            // A command's output or end, or its deadline: what it brought reloads its kind's panes.
            if descriptors.dropFirst(5).contains(where: { $0.revents != 0 }) || (workDeadline.map { Date() >= $0 } ?? false) {
                KindWakeups.shared.serviceWork()
                runtime.deliverWrites()
            }
            if descriptors[2].revents != 0 {
                if hs_timer_read(timer) == 2 { runtime.reloadAll() }   // the wall clock was set
                // Something of the dashboard's is due (an entry's date): a frame, whatever tick changes.
                if let deadline = runtimeDeadline, Date() >= deadline { repaint = true }
                runtime.tick()
                checkStoreIfDue()
            }
            if descriptors[3].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                while read(wakeRead, &buffer, buffer.count) > 0 {}
                runtime.deliverWrites()
            }
            if let watcher, descriptors[4].revents != 0, watcher.drainEvents() {
                changePending = true
                checkStoreIfDue()
            }
            followConnection()
            // One frame per state change: a wake-up that changed nothing (the change feed
            // reporting this dashboard's own write, a debounce timer) composes none.
            if runtime.frameDue || repaint { present() }
        }
    }

    /// A server's feed: says when its connection is lost (the descriptor is then out of the
    /// poll, so a dead socket cannot spin the loop), and tries again when the feed says, by the
    /// timer; back, everything is reloaded (anything may have changed meanwhile).
    private func followConnection() {
        guard let watcher else { return }
        if let retryAt = watcher.retryAt, Date() >= retryAt {
            if watcher.retry() {
                connectionLost = nil
                runtime.send(.storeConnection(lost: nil))
                return
            }
        }
        if let reason = watcher.lostReason, connectionLost == nil {
            connectionLost = reason
            runtime.send(.storeConnection(lost: reason))
        }
    }

    private func present() {
        screen.present(runtime.frame(), theme: runtime.dashboard.theme)
    }

    /// Confirms and reloads a store change now, unless one was handled less than the debounce
    /// window ago; then the timer brings the check at the window's end.
    private func checkStoreIfDue() {
        let now = Date()
        if let until = cooldownUntil, now < until { return }
        cooldownUntil = nil
        guard changePending, let watcher else { return }
        changePending = false
        cooldownUntil = now.addingTimeInterval(Self.debounce)
        if let tables = try? watcher.changedTables(), !tables.isEmpty {
            runtime.storeChanged(tables, revisions: watcher.revisions)
        }
    }

    /// The timer goes off at the earliest of: the scheduler's next wake-up (converted from the
    /// dashboard's clock, which `--now` may shift, to the wall clock) and the end of a debounce
    /// window. Nothing due: disarmed, and poll() sleeps until an event.
    private func armTimer() {
        var deadlines: [Date] = []
        runtimeDeadline = runtime.nextWakeUp.map { Date().addingTimeInterval($0.timeIntervalSince(runtime.clock.now)) }
        if let runtimeDeadline { deadlines.append(runtimeDeadline) }
        if let until = cooldownUntil { deadlines.append(until) }
        if let retry = watcher?.retryAt { deadlines.append(retry) }
        workDeadline = KindWakeups.shared.workDeadline
        if let workDeadline { deadlines.append(workDeadline) }
        guard let earliest = deadlines.min() else {
            _ = hs_timer_arm(timer, -1, 0)
            return
        }
        let seconds = max(0, earliest.timeIntervalSince1970)
        _ = hs_timer_arm(timer, Int64(seconds), Int(seconds.truncatingRemainder(dividingBy: 1) * 1_000_000_000))
    }
}
