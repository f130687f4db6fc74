import Foundation

/// Decides, for every pane, which entry is current, which timelines must be reloaded, and when
/// the next wake-up is. Pure and clock-free: the caller passes "now", so the same logic serves
/// the dashboard's event loop and the tests' manual clock.
public struct Scheduler<Key: Hashable & Sendable>: Sendable {
    /// What the scheduler needs of a timeline: entry dates, policy and when it was loaded.
    public struct Slot: Sendable, Equatable {
        public let entryDates: [Date]
        public let policy: ReloadPolicy
        public let loadedAt: Date

        /// The instant this timeline wants to be reloaded, if any. `.atEnd` means the last
        /// entry's date; a timeline whose last entry is not after its load time would reload
        /// forever, so it is treated as `.never`.
        public var reloadDate: Date? {
            switch policy {
            case .never: return nil
            case .after(let date): return date
            case .atEnd:
                guard let last = entryDates.last, last > loadedAt else { return nil }
                return last
            }
        }
    }

    public private(set) var slots: [Key: Slot] = [:]

    public init() {}

    public mutating func install<Entry>(_ timeline: Timeline<Entry>, for key: Key, loadedAt: Date) {
        slots[key] = Slot(entryDates: timeline.entries.map(\.date), policy: timeline.policy, loadedAt: loadedAt)
    }

    public mutating func remove(_ key: Key) { slots[key] = nil }

    /// The index of the entry to show at `now`: the latest whose date has passed, or the first
    /// when none has yet (a timeline is never blank).
    public func currentEntryIndex(for key: Key, at now: Date) -> Int? {
        guard let slot = slots[key], !slot.entryDates.isEmpty else { return nil }
        return Self.currentIndex(in: slot.entryDates, at: now)
    }

    public static func currentIndex(in dates: [Date], at now: Date) -> Int {
        var low = 0, high = dates.count - 1, found = 0
        while low <= high {
            let middle = (low + high) / 2
            if dates[middle] <= now { found = middle; low = middle + 1 } else { high = middle - 1 }
        }
        return found
    }

    /// The keys whose reload date has come.
    public func reloadsDue(at now: Date) -> [Key] {
        slots.compactMap { key, slot in
            guard let date = slot.reloadDate, date <= now else { return nil }
            return key
        }
    }

    /// The earliest future instant at which something changes on screen: an entry becomes
    /// current or a reload is due. nil when nothing is scheduled: sleep until an event.
    public func nextWakeUp(after now: Date) -> Date? {
        var earliest: Date?
        func consider(_ date: Date) {
            if date > now, earliest.map({ date < $0 }) ?? true { earliest = date }
        }
        for slot in slots.values {
            if let next = slot.entryDates.first(where: { $0 > now }) { consider(next) }
            if let reload = slot.reloadDate {
                // A reload already due is reported by reloadsDue; wake immediately for it.
                if reload <= now { earliest = now } else { consider(reload) }
            }
        }
        return earliest
    }
}
