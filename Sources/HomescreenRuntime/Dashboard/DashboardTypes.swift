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
    public var locale: Locale
    public var timeZone: TimeZone
    public var ascii: Bool
    public var privacy: Bool
    public var themes: [Theme]
    public var themeIndex: Int
    /// The clock was set with `--now`: the status line says so.
    public var simulatedClock: Bool

    public init(config: DashboardConfig, catalog: WidgetCatalog, lockScreen: Bool = false, language: Language = .english,
                locale: Locale? = nil, timeZone: TimeZone, ascii: Bool = false, privacy: Bool = false, themes: [Theme] = [.builtInDark],
                themeIndex: Int = 0, simulatedClock: Bool = false) {
        self.simulatedClock = simulatedClock
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
    /// A kind's job finished, with its result.
    case jobFinished(FeatureJob, result: any Sendable)
    /// A kind's job failed.
    case jobFailed(FeatureJob, reason: JobFailure)
}

/// Why a job failed, worded by the dashboard in the user's language.
public enum JobFailure: Sendable {
    /// The store said no (nothing in stock, an unknown id): its own sentence.
    case refused(any StoreRefusal)
    /// A write the store could not make; nothing of it was applied.
    case writeFailed(String)
    /// A read that failed, as the error says it.
    case readFailed(String)

    /// - Parameter privacy: the refusal's values (a product's name and id) are masked.
    func text(in language: Language, privacy: Bool) -> String {
        switch self {
        case .refused(let refusal) where privacy && !refusal.values.isEmpty:
            return StatusMessage.sentence(language.text(refusal.sentence, in: .refusals, values: refusal.values.map { _ in "•••••" }))
        case .refused(let refusal): return StatusMessage.sentence(refusal.text(in: language))
        case .writeFailed(let error): return language.text("The store refused the change (%1); nothing was lost, try again.", in: .dashboard, error)
        case .readFailed(let error): return error
        }
    }
}

/// What the update asks the runtime to do; effects run outside the update.
public enum Effect: Equatable, Sendable {
    /// A kind's write, on the background writer.
    case write(FeatureJob)
    /// A kind's small read, at once.
    case read(FeatureJob)
    case reload(Set<WidgetKind>)
    case reloadAll
    case quit
    /// The theme or privacy changed: kept for the next run.
    case remember(RememberedChoices)
}
