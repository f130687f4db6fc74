import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore

/// Everything a widget kind is, in one place: its name and title, the families it draws, the
/// store tables it reads, its provider and views, what its full-screen view scrolls, its keys
/// and what they do, its demo data and its `doctor` line. The dashboard hosts kinds through
/// this protocol alone and names none of them.
///
/// A kind's keys run its own small `update`, the way a parent reducer scopes a child's: the
/// dashboard hands it the kind's `State`, an event and the environment, and runs the effects it
/// returns (status messages, forms and pickers, store jobs, reloads).
public protocol WidgetFeature: Sendable {
    associatedtype Provider: Widget
    /// What the kind keeps between key presses on the dashboard (unconfirmed consumes, a
    /// submitted form…).
    associatedtype State: Sendable = NoState
    /// What comes back to the kind: a form it opened, submitted; an item its picker chose; a
    /// question answered yes; a job's result. Each carries its own value, typed.
    associatedtype Message: Sendable = Never
    /// What its jobs keep between runs, on the writer's thread (the pantry: its own consumes).
    associatedtype Memory: JobMemory = NoMemory

    var kind: WidgetKind { get }
    /// The pane title, also used while the pane loads or when its store read failed.
    var title: String { get }
    /// What it shows, in English and ASCII (the man page drops other characters) and at most
    /// 60 characters (a line of `homescreen --help`'s list of kinds).
    var summary: String { get }
    var families: [WidgetFamily] { get }
    /// The store tables its views read: a write to any of them, by any program, reloads its panes.
    var tables: Set<StoreTable> { get }
    /// Its own tables and their migrations, described once for both backends (beside its
    /// records, in its Data folder); nil for a kind without data of its own. The store
    /// prepares them when it is opened.
    static var data: KindData? { get }
    /// Its actions and their default keys (empty for a kind without keys).
    var bindings: [KeyTable.Binding] { get }
    /// The dashboard's actions it takes from the focused pane (`Action.routedToFocus`: add,
    /// edit, remove): the key bar and the help show only these for its panes.
    var routedActions: Set<Action> { get }
    /// Its config file keys (`due-soon-days = 3`).
    var settings: [SettingSpec] { get }

    func provider(store: any StoreBackend, settings: WidgetSettings) -> Provider
    func initialState() -> State
    /// A key bound to one of its actions, its form submitted, its picker chosen, or one of its
    /// jobs done: the new state and the effects to run.
    func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, Memory>]
    /// The entry as the dashboard shows it: with changes not yet confirmed by the store.
    func optimistic(_ entry: Provider.Entry, _ state: State) -> Provider.Entry
    /// What the arrows do in the full-screen view of `entry`, scrolled to `scroll`.
    func detail(_ entry: Provider.Entry, scroll: Int) -> DetailNavigation
    /// Fills an empty store with the kind's demo data.
    func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws
    /// What the kind holds in `store`, in English ("14 pantry products"), nil when it holds
    /// nothing: `demo` fills only a store where every kind says nil, then prints each line.
    func contents(_ store: any StoreBackend) throws -> String?
    /// The kind's line in `homescreen doctor`, nil for a kind without data of its own.
    func doctor(_ store: any StoreBackend) throws -> String?
    /// The kind's line in `homescreen doctor` while no store exists yet: what it reads from
    /// elsewhere (a calendar's vdirs); nil for none.
    func doctorBeforeStore() -> String?
    /// Its reminder rules' keys in the config's `[reminders]` table (`pantry-days = 1`).
    var reminderSettings: [SettingSpec] { get }
    /// Its reminders that are true at `context.now`, each once per item, threshold and period,
    /// and when the next can become true without a store write (midnight is the host's).
    func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck
}

/// The state of a kind that keeps none.
public struct NoState: Sendable, Equatable { public init() {} }

extension WidgetFeature {
    public var bindings: [KeyTable.Binding] { [] }
    public var routedActions: Set<Action> { [] }
    public var settings: [SettingSpec] { [] }
    public func update(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment) -> [FeatureEffect<Message, Memory>] { [] }
    public func optimistic(_ entry: Provider.Entry, _ state: State) -> Provider.Entry { entry }
    public func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws {}
    public func contents(_ store: any StoreBackend) throws -> String? { nil }
    public func doctor(_ store: any StoreBackend) throws -> String? { nil }
    public func doctorBeforeStore() -> String? { nil }
    public static var data: KindData? { nil }
    public var reminderSettings: [SettingSpec] { [] }
    public func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck { ReminderCheck() }
}

extension WidgetFeature where State == NoState {
    public func initialState() -> NoState { NoState() }
}

/// What the arrows do in a kind's full-screen view.
public struct DetailNavigation: Equatable, Sendable {
    /// Where ↑/↓ and PgUp/PgDn may take the view's `scroll`.
    public var scroll: ClosedRange<Int>
    /// The entry is made for the scroll position (the calendar's chosen day): moving reloads it.
    public var scrollReloads: Bool
    /// The view moves by months (`cursor`) and reloads: with ←/→, or with PgUp/PgDn when
    /// ←/→ scroll (`sideStep`).
    public var movesByMonth: Bool
    /// How far ←/→ move `scroll` (the calendar: a day); nil: they move months.
    public var sideStep: Int?
    /// How far ↑/↓ move `scroll` (a row; the calendar: a week).
    public var verticalStep: Int
    /// A list's rows by what they are (a product's id), in order: the selected row is followed
    /// by its key when the list reloads in another order (an edit, another program's write).
    public var rowKeys: [String]
    /// Where a move past `scroll`'s ends lands, in the month before and the month after (the
    /// calendar: the previous month's last day, the next month's first): the arrows cross into
    /// it. nil: they stop at the end.
    public var scrollBefore: Int?, scrollAfter: Int?

    public init(scroll: ClosedRange<Int>, scrollReloads: Bool = false, movesByMonth: Bool = false, sideStep: Int? = nil, verticalStep: Int = 1,
                rowKeys: [String] = [], scrollBefore: Int? = nil, scrollAfter: Int? = nil) {
        self.scrollBefore = scrollBefore
        self.scrollAfter = scrollAfter
        self.scroll = scroll
        self.scrollReloads = scrollReloads
        self.movesByMonth = movesByMonth
        self.sideStep = sideStep
        self.verticalStep = verticalStep
        self.rowKeys = rowKeys
    }

    /// A list of `count` rows, scrolled a row at a time.
    public static func list(_ count: Int) -> DetailNavigation { DetailNavigation(scroll: 0...max(0, count - 1)) }

    /// A list of rows with these keys, scrolled a row at a time; the selection follows its row.
    public static func list(keys: [String]) -> DetailNavigation { DetailNavigation(scroll: 0...max(0, keys.count - 1), rowKeys: keys) }
}

/// What happens to a kind on the dashboard.
public enum FeatureEvent<Message: Sendable>: Sendable {
    /// A key bound to one of its actions.
    case action(Action)
    /// What it asked to hear back: from a form, a picker, a question or a job.
    case message(Message)
}

/// What a kind's update asks the dashboard to do. Every modal and job says what comes back as
/// the kind's own `Message`; the runtime never reads it.
public enum FeatureEffect<Message: Sendable, Memory: JobMemory>: Sendable {
    case message(StatusMessage)
    /// Opens a form over the dashboard; its submission comes back as `submitted(form)`.
    case form(Form, submitted: @Sendable (Form) -> Message)
    /// Opens a picker; what was chosen (an item, or one of the picker's own keys) comes back.
    case picker(Picker, chosen: @Sendable (Picker.Choice) -> Message)
    /// Asks a yes/no question; yes comes back as `yes`, no changes nothing.
    case confirm(String, yes: Message)
    /// Runs a write on the dashboard's writer (serial, off the loop's thread). The runtime then
    /// reloads, once, the panes whose tables the write changed: a kind never asks for it.
    case write(FeatureJob<Message, Memory>)
    /// Runs a small read at once (the picker opens on the same key press).
    case read(FeatureJob<Message, Memory>)
    /// Starts work outside the store and does not wait for it (a script widget's `on-click`).
    case start(KindTask)
}

/// Work outside the store that a kind starts and does not wait for (a script widget's `on-click`
/// command): `start` returns at once, and the work posts its kind to `KindWakeups` when it has
/// new data, which reloads the kind's panes. Tasks compare by kind and name.
public struct KindTask: Sendable, Equatable, CustomStringConvertible {
    public let kind: WidgetKind
    /// What it is ("on-click button 1"), for tests and logs.
    public let name: String
    private let work: @Sendable () -> Void

    public init(_ kind: WidgetKind, _ name: String, _ work: @escaping @Sendable () -> Void) {
        self.kind = kind
        self.name = name
        self.work = work
    }

    public func start() { work() }
    public var description: String { "\(kind.rawValue) \(name)" }
    public static func == (lhs: KindTask, rhs: KindTask) -> Bool { lhs.kind == rhs.kind && lhs.name == rhs.name }
}

/// The pane a key or a click was for, and where the click landed: for a kind that hands them to
/// a command (a script widget's `on-click` and `on-key`).
public struct PaneInput: Sendable {
    /// A click, in i3blocks' terms.
    public struct Click: Sendable, Equatable {
        /// 1 left, 2 middle, 3 right, 4 wheel up, 5 wheel down.
        public let button: Int
        /// The cell on the screen, from 0 (column, row).
        public let x: Int, y: Int
        /// The cell in the pane, from 0.
        public let relativeX: Int, relativeY: Int

        public init(button: Int, x: Int, y: Int, relativeX: Int, relativeY: Int) {
            self.button = button
            self.x = x
            self.y = y
            self.relativeX = relativeX
            self.relativeY = relativeY
        }
    }

    /// The pane's context: its family, size and the terminal's background.
    public let context: WidgetContext
    public let click: Click?

    public init(context: WidgetContext, click: Click? = nil) {
        self.context = context
        self.click = click
    }
}

/// Work on the store that a kind asks for, and what its result becomes. `name` says what it is
/// ("consume", "add-expense 12.50 on 2026-11-18") for tests and logs; jobs compare by kind and name.
public struct FeatureJob<Message: Sendable, Memory: JobMemory>: Sendable, Equatable, CustomStringConvertible {
    public let kind: WidgetKind
    public let name: String
    /// Runs on the writer's thread (or at once, `reading`); never throws: a failure is in the reply.
    let perform: @Sendable (_ store: any StoreBackend, _ memory: inout Memory, _ now: Date, _ reading: Bool) -> Message

    /// - Parameters:
    ///   - work: runs on the writer's thread, given the open store, the kind's memory there and
    ///     the dashboard's clock at the key press (`--now`, the tests' clock): what it stamps.
    ///   - reply: its result or why it failed, as the kind's message.
    public init<Value>(_ kind: WidgetKind, _ name: String, _ work: @escaping @Sendable (any StoreBackend, inout Memory, Date) throws -> Value,
                       then reply: @escaping @Sendable (Result<Value, JobFailure>) -> Message) {
        self.kind = kind
        self.name = name
        perform = { store, memory, now, reading in
            do {
                return reply(.success(try work(store, &memory, now)))
            } catch let refusal as any StoreRefusal {
                return reply(.failure(.refused(refusal)))
            } catch {
                return reply(.failure(reading ? .readFailed("\(error)") : .writeFailed("\(error)")))
            }
        }
    }

    public var description: String { "\(kind.rawValue) \(name)" }
    public static func == (lhs: FeatureJob, rhs: FeatureJob) -> Bool { lhs.kind == rhs.kind && lhs.name == rhs.name }
}

/// What a kind's jobs remember between runs, on the writer's thread; one per kind and dashboard.
public protocol JobMemory: Sendable {
    init()
}

/// The memory of a kind whose jobs keep none.
public struct NoMemory: JobMemory { public init() {} }

/// Why a job failed, worded in the user's language when the kind says it.
public enum JobFailure: Error, Sendable {
    /// The store said no (nothing in stock, an unknown id): its own sentence.
    case refused(any StoreRefusal)
    /// A write the store could not make; nothing of it was applied.
    case writeFailed(String)
    /// A read that failed, as the error says it.
    case readFailed(String)

    /// The sentence for the status line; in privacy mode the refusal's values (a product's name
    /// and id) are masked.
    public func text(in language: Language, privacy: Bool) -> String {
        switch self {
        case .refused(let refusal) where privacy && !refusal.values.isEmpty:
            return StatusMessage.sentence(language.text(refusal.sentence, in: refusal.words, values: refusal.values.map { _ in PrivacyMask.hiddenName }))
        case .refused(let refusal): return StatusMessage.sentence(refusal.text(in: language))
        case .writeFailed(let error): return language.text("The store refused the change (%1); nothing was lost, try again.", in: .dashboard, error)
        case .readFailed(let error): return error
        }
    }

    public func text(_ environment: FeatureEnvironment) -> String { text(in: environment.language, privacy: environment.privacy) }
}

/// What a kind's update may look at: the clock, the interface settings, and every entry the
/// dashboard has loaded (the full-screen view's first).
public struct FeatureEnvironment: Sendable {
    public let now: Date
    public let timeZone: Zone
    public let language: Language
    public let locale: FormattingLocale
    public let privacy: Bool
    /// The selected row of the kind's full-screen view, when that view is open.
    public let selection: Int?
    /// The pane the key or click was for (`run` and `click`), with where a click landed.
    public let pane: PaneInput?
    private let loaded: [AnyEntry]

    public init(now: Date, timeZone: Zone, language: Language, locale: FormattingLocale, privacy: Bool, selection: Int? = nil, entries: [AnyEntry],
                pane: PaneInput? = nil) {
        self.selection = selection
        self.pane = pane
        self.now = now
        self.timeZone = timeZone
        self.language = language
        self.locale = locale
        self.privacy = privacy
        self.loaded = entries
    }

    /// The local day of `now`: what the forms' relative dates (`tomorrow`, `+3d`) count from.
    public var today: LocalDate { LocalDate(now, in: timeZone) }

    /// A name from the store for a message, a form or a picker: masked in privacy mode.
    public func name(_ text: String) -> String { PrivacyMask.name(text, masked: privacy) }
    /// An amount for a message: masked in privacy mode.
    public func amount(_ text: String) -> String { PrivacyMask.amount(text, masked: privacy) }

    /// The loaded entries of one entry type, the full-screen view's first.
    public func entries<Entry>(_ type: Entry.Type) -> [Entry] { loaded.compactMap { $0.value as? Entry } }
}
