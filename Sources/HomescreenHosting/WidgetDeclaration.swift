import Foundation
import Synchronization
import HomescreenWidgetCore

/// A kind declared in the config file (`[[widget]]`): a command whose output is the widget.
/// The config reads it; the catalog's `declare` turns it into a kind at run time.
public struct WidgetDeclaration: Hashable, Sendable {
    /// How its output is read.
    public enum Format: String, CaseIterable, Sendable {
        case auto, waybar, i3blocks, plain, timeline
    }

    /// When it runs again.
    public enum Schedule: Hashable, Sendable {
        /// Every so many seconds.
        case every(Int)
        /// Once, when the dashboard starts (and on `r`).
        case once
        /// A command that keeps running: every line it prints is a new state; it is started
        /// again, later each time, when it ends.
        case persist
    }

    public var name: String
    public var title: String
    public var command: String
    /// The folder the command runs in: the config file's.
    public var folder: String
    public var format: Format
    public var schedule: Schedule
    /// Seconds a run may take before its process group is ended.
    public var timeout: Int
    public var families: [WidgetFamily]
    /// SIGRTMIN+signal runs it now (i3blocks' `signal`); nil for none.
    public var signal: Int?
    /// Run on a click on its pane, with i3blocks' `button`, `x`, `y`, `relative_x`,
    /// `relative_y`; then the widget runs again with them.
    public var onClick: String?
    /// Run on the `run` key (Space) on its focused pane; then the widget runs again.
    public var onKey: String?
    /// False where this session must not run commands (`homescreen serve`'s guests, and its
    /// members unless the server opts in): the pane says so and the command never starts.
    public var runs = true

    /// The environment variable that turns script widgets off for a dashboard (`off`): set by
    /// `homescreen serve` for the dashboards it starts.
    public static let switchVariable = "HOMESCREEN_SCRIPT_WIDGETS"

    public init(name: String, title: String? = nil, command: String, folder: String, format: Format = .auto, schedule: Schedule = .every(60),
                timeout: Int = 10, families: [WidgetFamily] = WidgetFamily.allCases) {
        self.name = name
        self.title = title ?? name.prefix(1).uppercased() + name.dropFirst()
        self.command = command
        self.folder = folder
        self.format = format
        self.schedule = schedule
        self.timeout = timeout
        self.families = families
    }
}

extension WidgetCatalog {
    /// The catalog with the kinds declared in a config file, after the registered ones: each on
    /// the default home screen after the built-in panes, in its first system family, and on the
    /// lock strip in its first accessory family. No declaring function, or none declared: the
    /// catalog as it is.
    public func adding(_ declarations: [WidgetDeclaration]) -> WidgetCatalog {
        guard let declare else { return self }
        var catalog = self
        for declaration in declarations {
            let feature = declare(declaration)
            let home = feature.families.first(where: \.isSystem).map { Placement.at(catalog.home.count, $0) }
            let lock = feature.families.first(where: { !$0.isSystem }).map { [Placement.at(catalog.lockScreen.count, $0)] } ?? []
            catalog = catalog.registerDeclared(feature, home: home, lockScreen: lock)
        }
        return catalog
    }
}

/// Work a kind keeps going between the loop's wake-ups (a script widget's commands in flight):
/// the loop that hosts it adds its descriptors to its `poll()` and its deadline to its timer,
/// and calls `service()` when one of them is ready or the deadline has come. Called on the
/// loop's thread only.
public protocol LoopWork: AnyObject, Sendable {
    /// The descriptors to wait on for input (a pipe's end, a process's pidfd, an inotify watch).
    var descriptors: [Int32] { get }
    /// When `service()` is due even with nothing to read (a timeout, a restart); nil for never.
    var deadline: Date? { get }
    /// Reads what is ready, ends what is due, and `note`s the kinds whose data changed.
    func service()
    /// A realtime signal arrived: SIGRTMIN + `offset` (i3blocks' `signal = N`).
    func signal(_ offset: Int)
    /// The loop ends: whatever still runs is ended.
    func finish()
}

/// Wakes the dashboard's loop when a kind's data arrived (a script widget's run ended): the kind
/// is remembered, and when it came from another thread one byte is written to the loop's wake-up
/// pipe; the runtime reloads the kinds it takes. It also holds the kinds' `LoopWork`, which the
/// loop polls. With no loop attached (`render`, `status`, tests), `attached` says so, and the
/// caller waits for its data instead.
public final class KindWakeups: Sendable {
    public static let shared = KindWakeups()
    private let state = Mutex<(descriptor: Int32?, pending: Set<WidgetKind>, work: [ObjectIdentifier: any LoopWork])>((nil, [], [:]))

    /// Whether a loop is attached: data may then arrive later.
    public var attached: Bool { state.withLock { $0.descriptor != nil } }

    /// Attaches the loop's wake-up pipe (its write end; -1 for a loop that services the work
    /// itself and reads `take()` after each pass); nil detaches it.
    public func attach(_ descriptor: Int32?) { state.withLock { $0.descriptor = descriptor } }

    /// Says that `kind` has new data, from any thread. - Returns: false when no loop is attached.
    @discardableResult
    public func post(_ kind: WidgetKind) -> Bool {
        guard let descriptor = state.withLock({ state -> Int32? in
            state.pending.insert(kind)
            return state.descriptor
        }) else { return false }
        if descriptor >= 0 {
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
        }
        return true
    }

    /// Says that `kind` has new data, on the loop's own thread (during `service()`): the loop
    /// takes it after the pass, with no byte through the pipe.
    public func note(_ kind: WidgetKind) { state.withLock { _ = $0.pending.insert(kind) } }

    /// The kinds posted since the last call.
    public func take() -> Set<WidgetKind> {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }

    // MARK: - The kinds' work

    /// Adds `work` to what the loop polls (once, however often it is called).
    public func host(_ work: any LoopWork) { state.withLock { $0.work[ObjectIdentifier(work)] = work } }

    private var works: [any LoopWork] { state.withLock { Array($0.work.values) } }

    /// Every descriptor of the kinds' work.
    public var workDescriptors: [Int32] { works.flatMap(\.descriptors) }
    /// The earliest deadline of the kinds' work.
    public var workDeadline: Date? { works.compactMap(\.deadline).min() }
    /// Services every work (what is ready; what is due).
    public func serviceWork() { for work in works { work.service() } }
    /// Hands a realtime signal (SIGRTMIN + offset) to every work.
    public func signal(_ offset: Int) { for work in works { work.signal(offset) } }
    /// Ends every work's processes (the loop ends).
    public func finishWork() { for work in works { work.finish() } }
}
