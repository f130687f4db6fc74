import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// A pane of the dashboard: one of the home screen's, one of the lock screen's, or the detail
/// view that Enter opens.
public enum PaneID: Hashable, Sendable {
    case home(Int), lock(Int), detail
}

/// What the dashboard is started with (the config file, then the command line).
public struct DashboardSettings: Sendable {
    public var config: DashboardConfig
    public var lockScreen: Bool
    public var language: Language
    public var locale: Locale
    public var timeZone: TimeZone
    public var ascii: Bool
    public var privacy: Bool
    public var themes: [Theme]
    public var themeIndex: Int
    /// Kinds with a widget in this build; the others show a placeholder.
    public var builtKinds: Set<WidgetKind>

    public init(config: DashboardConfig, lockScreen: Bool = false, language: Language = .english, locale: Locale? = nil, timeZone: TimeZone,
                ascii: Bool = false, privacy: Bool = false, themes: [Theme] = [.builtInDark], themeIndex: Int = 0,
                builtKinds: Set<WidgetKind>) {
        self.config = config
        self.lockScreen = lockScreen
        self.language = language
        self.locale = locale ?? language.defaultLocale
        self.timeZone = timeZone
        self.ascii = ascii
        self.privacy = privacy
        self.themes = themes.isEmpty ? [.builtInDark] : themes
        self.themeIndex = max(0, min(themeIndex, self.themes.count - 1))
        self.builtKinds = builtKinds
    }
}

/// A change to the store the dashboard asks for; each is one transaction.
public enum WriteRequest: Equatable, Sendable {
    case consume
    case undo
    case addProduct(name: String, amount: Quantity, unit: String, due: LocalDate)
    case addExpense(amount: Money, day: LocalDate, note: String)
    case selectCard(id: Int64)
}

/// How a write ended.
public enum WriteOutcome: Equatable, Sendable {
    case consumed(Consumption)
    case undone(Consumption)
    case added(Product)
    case expenseAdded(Expense)
    case cardSelected(Card)
    case failed(WriteRequest, String)
}

/// Everything that can happen to the dashboard.
public enum DashboardEvent: Equatable, Sendable {
    case key(Key)
    case resized(CellSize)
    case storeChanged(Set<WidgetKind>)
    case written(WriteOutcome)
    /// The cards to choose from (`s`), read from the store, and the one shown now.
    case cardsLoaded([Card], shown: Int64?)
    /// They could not be read.
    case cardsUnavailable(String)
}

/// What the update asks the runtime to do; effects run outside the update.
public enum Effect: Equatable, Sendable {
    case write(WriteRequest)
    case reload(Set<WidgetKind>)
    case reloadAll
    /// Read the cards for the picker (answered with `cardsLoaded`).
    case loadCards
    case quit
}

/// The status line's message.
public struct StatusMessage: Equatable, Sendable {
    public enum Tone: Equatable, Sendable { case info, success, failure }
    public let text: String
    public let tone: Tone

    public static func info(_ text: String) -> StatusMessage { StatusMessage(text: text, tone: .info) }
    public static func success(_ text: String) -> StatusMessage { StatusMessage(text: text, tone: .success) }
    public static func failure(_ text: String) -> StatusMessage { StatusMessage(text: text, tone: .failure) }
}
