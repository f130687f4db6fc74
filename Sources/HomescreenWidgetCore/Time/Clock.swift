import Foundation

/// Where "now" comes from. Injected everywhere, so tests and `--now` control time.
public protocol WidgetClock: Sendable {
    var now: Date { get }
}

/// The system's wall clock.
public struct SystemClock: WidgetClock {
    public init() {}
    public var now: Date { Date() }
}

/// A clock that starts at a chosen instant and then advances in real time (`--now`): a demo
/// started at 23:59:50 shows midnight ten seconds later.
public struct SimulatedClock: WidgetClock {
    public let start: Date
    private let realStart: Date

    public init(start: Date, realStart: Date = Date()) {
        self.start = start
        self.realStart = realStart
    }

    public var now: Date { start.addingTimeInterval(Date().timeIntervalSince(realStart)) }
}

/// A clock that only moves when told to, for tests.
public final class ManualClock: WidgetClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    public init(_ start: Date) { current = start }

    public var now: Date { lock.withLock { current } }

    public func set(_ date: Date) { lock.withLock { current = date } }
    public func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}
