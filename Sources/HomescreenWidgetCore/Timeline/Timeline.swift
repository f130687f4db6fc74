import Foundation
import HomescreenRender

/// A value holding everything a view needs to draw at `date` (WidgetKit's `TimelineEntry`).
public protocol TimelineEntry: Sendable {
    var date: Date { get }
}

/// When a provider wants to be asked again (WidgetKit's `TimelineReloadPolicy`).
public enum ReloadPolicy: Hashable, Sendable {
    /// After the last entry's date has passed.
    case atEnd
    /// At this instant (local midnight, the next hour…).
    case after(Date)
    /// Only when something else asks (a store write, `r`).
    case never
}

/// Entries in date order and the policy for the next reload.
public struct Timeline<Entry: TimelineEntry>: Sendable {
    public let entries: [Entry]
    public let policy: ReloadPolicy

    public init(entries: [Entry], policy: ReloadPolicy) {
        precondition(!entries.isEmpty, "a timeline holds at least one entry")
        self.entries = entries.sorted { $0.date < $1.date }
        self.policy = policy
    }
}

/// What a view is drawing for: the family and its size, the language, the day's time zone.
public struct WidgetContext: Sendable {
    public var family: WidgetFamily
    public var density: Density
    public var size: CellSize
    public var language: Language
    /// How numbers, money and dates are written (fr_CH: "CHF 1 500,00"); its language may
    /// carry a region the interface language does not.
    public var locale: FormattingLocale
    public var timeZone: Zone
    /// Draw with ASCII only (no UTF-8 locale on the terminal).
    public var ascii: Bool
    /// Mask names and amounts (demos, screen sharing).
    public var privacy: Bool
    /// The full-screen detail view a pane opens (Enter): providers read everything, not only
    /// what a pane shows, and views draw from row `scroll` on.
    public var detail: Bool
    public var scroll: Int
    /// In the detail view, how far ←/→ moved from the pane's own subject (months from the
    /// current one in the year overview).
    public var cursor: Int
    /// The key each action is bound to (by action name), as the dashboard has them, so hints
    /// show a rebound key; empty outside the dashboard, where hints show the default keys.
    public var keys: [String: String] = [:]
    /// The terminal's background where it is known (the dashboard asked it, or the config
    /// says): what a script widget's `HOMESCREEN_BACKGROUND` says. nil elsewhere.
    public var background: TerminalBackground?

    public init(family: WidgetFamily, density: Density = .regular, size: CellSize? = nil,
                language: Language = .english, locale: FormattingLocale? = nil, timeZone: Zone = .utc, ascii: Bool = false,
                privacy: Bool = false, detail: Bool = false, scroll: Int = 0, cursor: Int = 0) {
        self.family = family
        self.density = density
        self.size = size ?? family.size(density)
        self.language = language
        self.locale = locale ?? language.defaultLocale
        self.cursor = cursor
        self.timeZone = timeZone
        self.ascii = ascii
        self.privacy = privacy
        self.detail = detail
        self.scroll = scroll
    }

    /// Drawn on the dashboard (which gives the keys), not by `render` or `status`: empty states
    /// name the key that fills them instead of a command.
    public var isInteractive: Bool { !keys.isEmpty }

    /// The full-screen view's row keys: "e: edit · x: remove" in the interface language, with
    /// the keys actually bound.
    public var rowHints: String {
        hint("edit", default: "e", language.text("edit", in: .dashboard)) + (ascii ? " - " : " · ") + hint("remove", default: "x", language.text("remove", in: .dashboard))
    }

    /// "c: consume 1" with the key actually bound to `action` ("c" by default).
    public func hint(_ action: String, default key: String, _ text: String) -> String {
        (keys.isEmpty ? key : keys[action] ?? key) + (language == .french ? " : " : ": ") + text
    }
}

/// One widget kind: its provider (placeholder and timeline) and its views.
/// Providers read the store and never draw; views are pure functions of an entry and a context.
public protocol Widget: Sendable {
    associatedtype Entry: TimelineEntry & Encodable

    var kind: WidgetKind { get }
    var supportedFamilies: [WidgetFamily] { get }

    /// An entry to draw before real data arrives.
    func placeholder(in context: WidgetContext) -> Entry

    /// The entries from `date` on and when to reload.
    /// - Throws: when the data cannot be read; the caller keeps the last good timeline.
    func timeline(in context: WidgetContext, at date: Date) throws -> Timeline<Entry>

    /// Draws an entry into a grid of exactly `context.size`.
    func render(_ entry: Entry, in context: WidgetContext) -> CellGrid
}
