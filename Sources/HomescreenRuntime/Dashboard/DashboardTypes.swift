import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

/// A pane of the dashboard: one of the home screen's, one of the lock screen's, or the detail
/// view that Enter opens.
public enum PaneID: Hashable, Sendable {
    case home(Int), lock(Int), detail

    var isLock: Bool { if case .lock = self { return true } else { return false } }
}

/// What the dashboard is started with (the config file, then the command line).
public struct DashboardSettings: Sendable {
    public var config: DashboardConfig
    /// The kinds this dashboard hosts.
    public var catalog: WidgetCatalog
    public var lockScreen: Bool
    public var language: Language
    public var locale: FormattingLocale
    public var timeZone: Zone
    public var ascii: Bool
    /// No color at all (`NO_COLOR`, `--colors none`, a terminal without colors): what color
    /// would tell apart is said in text (a form's placeholders in brackets).
    public var monochrome: Bool
    public var privacy: Bool
    public var themes: [Theme]
    public var themeIndex: Int
    /// The clock was set with `--now`: the status line says so.
    public var simulatedClock: Bool
    /// The terminal's background (and where that comes from): `t` and `T` offer only the
    /// themes readable on it.
    public var background: DetectedBackground
    /// Said in the status line at start (a remembered theme that was passed over, and why).
    public var notice: String?

    public init(config: DashboardConfig, catalog: WidgetCatalog, lockScreen: Bool = false, language: Language = .english,
                locale: FormattingLocale? = nil, timeZone: Zone, ascii: Bool = false, monochrome: Bool = false, privacy: Bool = false, themes: [Theme] = [.builtInDark],
                themeIndex: Int = 0, simulatedClock: Bool = false, background: DetectedBackground = .unknown, notice: String? = nil) {
        self.simulatedClock = simulatedClock
        self.monochrome = monochrome
        self.background = background
        self.notice = notice
        self.config = config
        self.catalog = catalog
        self.lockScreen = lockScreen
        self.language = language
        self.locale = locale ?? language.defaultLocale
        self.timeZone = timeZone
        self.ascii = ascii
        self.privacy = privacy
        self.themes = themes.isEmpty ? [.builtInDark] : themes
        self.themeIndex = max(0, min(themeIndex, self.themes.count - 1))
    }
}

/// Everything that can happen to the dashboard.
public enum DashboardEvent: Sendable {
    case key(Key)
    case resized(CellSize)
    /// Rows of these tables changed (any process wrote them).
    case storeChanged(Set<StoreTable>)
    /// The store's server went away (with the reason), or came back (nil).
    case storeConnection(lost: String?)
    /// A kind's job ran: what it says back to its kind, and the tables its write changed (at
    /// most once per change: the runtime leaves out what the panes already show).
    case jobDone(KindMessage, changed: Set<StoreTable>)
}

/// What the update asks the runtime to do; effects run outside the update.
public enum Effect: Equatable, Sendable {
    /// A kind's write, on the background writer.
    case write(KindJob)
    /// A kind's small read, at once.
    case read(KindJob)
    /// A kind's work outside the store, started and not waited for (a script's `on-click`).
    case start(KindTask)
    case reload(Set<WidgetKind>)
    case reloadAll
    case quit
    /// The theme or privacy changed: kept for the next run.
    case remember(RememberedChoices)
}
