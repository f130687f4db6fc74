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

/// Wakes the dashboard's loop when a kind's data arrived off the loop (a script widget's run
/// ended): the kind is remembered and one byte written to the loop's wake-up pipe; the runtime
/// reloads the kinds it takes. With no loop attached (`render`, `status`, tests), `post` says
/// so, and the caller waits for its data instead.
public final class KindWakeups: Sendable {
    public static let shared = KindWakeups()
    private let state = Mutex<(descriptor: Int32?, pending: Set<WidgetKind>)>((nil, []))

    /// Whether a loop is attached: data may then arrive later.
    public var attached: Bool { state.withLock { $0.descriptor != nil } }

    /// Attaches the loop's wake-up pipe (its write end); nil detaches it.
    public func attach(_ descriptor: Int32?) { state.withLock { $0.descriptor = descriptor } }

    /// Says that `kind` has new data. - Returns: false when no loop is attached.
    @discardableResult
    public func post(_ kind: WidgetKind) -> Bool {
        guard let descriptor = state.withLock({ state -> Int32? in
            state.pending.insert(kind)
            return state.descriptor
        }) else { return false }
        var byte: UInt8 = 1
        _ = write(descriptor, &byte, 1)
        return true
    }

    /// The kinds posted since the last call.
    public func take() -> Set<WidgetKind> {
        state.withLock { state in
            defer { state.pending = [] }
            return state.pending
        }
    }
}
