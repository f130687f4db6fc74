import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// A kind with its types erased, so the dashboard hosts kinds side by side without knowing any.
public struct AnyWidgetFeature: Sendable {
    public let kind: WidgetKind
    public let title: String
    public let summary: String
    public let families: [WidgetFamily]
    /// The kind itself, for what a host layer above this one asks of it (its commands:
    /// `CommandsOfAKind`, in HomescreenCommandLine).
    public let feature: any WidgetFeature
    /// The tables the kind reads, its keys and config keys, built when asked (a status line
    /// needs none of them).
    public var tables: Set<StoreTable> { makeTables() }
    public var data: KindData? { makeData() }
    public var bindings: [KeyTable.Binding] { makeBindings() }
    public var settings: [SettingSpec] { makeSettings() }
    public var reminderSettings: [SettingSpec] { makeReminderSettings() }
    /// Built when asked, as the others: a status line never asks (issue 36).
    public var routedActions: Set<Action> { makeRoutedActions() }
    private let makeRoutedActions: @Sendable () -> Set<Action>
    private let makeTables: @Sendable () -> Set<StoreTable>
    private let makeData: @Sendable () -> KindData?
    private let makeBindings: @Sendable () -> [KeyTable.Binding]
    private let makeSettings: @Sendable () -> [SettingSpec]
    private let makeReminderSettings: @Sendable () -> [SettingSpec]
    private let remind: @Sendable (any StoreBackend, ReminderContext) throws -> ReminderCheck
    private let makeWidget: @Sendable (any StoreBackend, WidgetSettings) -> AnyWidget
    private let makeState: @Sendable () -> any Sendable
    private let reduce: @Sendable (inout any Sendable, KindEvent, FeatureEnvironment) -> [KindEffect]
    private let adjust: @Sendable (AnyEntry, any Sendable) -> AnyEntry
    private let navigation: @Sendable (AnyEntry, Int) -> DetailNavigation?
    private let demo: @Sendable (any StoreBackend, LocalDate, Date) throws -> Void
    private let report: @Sendable (any StoreBackend) throws -> String?
    private let reportBeforeStore: @Sendable () -> String?
    private let describe: @Sendable (any StoreBackend) throws -> String?

    public init<Feature: WidgetFeature>(_ feature: Feature) {
        kind = feature.kind
        title = feature.title
        summary = feature.summary
        families = feature.families
        self.feature = feature
        makeTables = { feature.tables }
        makeData = { Feature.data }
        makeBindings = { feature.bindings }
        makeSettings = { feature.settings }
        makeReminderSettings = { feature.reminderSettings }
        remind = { try feature.reminders($0, $1) }
        makeRoutedActions = { feature.routedActions }
        makeWidget = { AnyWidget(feature.provider(store: $0, settings: $1)) }
        makeState = { feature.initialState() }
        let kind = feature.kind
        reduce = { state, event, environment in
            guard var typed = state as? Feature.State else { preconditionFailure("\(kind): its state is a \(type(of: state)), not its own") }
            defer { state = typed }
            let typedEvent: FeatureEvent<Feature.Message>
            switch event {
            case .action(let action): typedEvent = .action(action)
            case .message(let message): typedEvent = .message(message.open(Feature.Message.self))
            }
            return feature.update(&typed, typedEvent, environment).map { KindEffect($0, of: kind) }
        }
        adjust = { entry, state in
            guard let state = state as? Feature.State else { return entry }
            return entry.map(Feature.Provider.Entry.self) { feature.optimistic($0, state) }
        }
        navigation = { entry, scroll in (entry.value as? Feature.Provider.Entry).map { feature.detail($0, scroll: scroll) } }
        demo = { try feature.fillDemo($0, today: $1, at: $2) }
        report = { try feature.doctor($0) }
        reportBeforeStore = { feature.doctorBeforeStore() }
        describe = { try feature.contents($0) }
    }

    public func widget(store: any StoreBackend, settings: WidgetSettings) -> AnyWidget { makeWidget(store, settings) }
    public func initialState() -> any Sendable { makeState() }
    public func update(_ state: inout any Sendable, _ event: KindEvent, _ environment: FeatureEnvironment) -> [KindEffect] {
        reduce(&state, event, environment)
    }
    public func optimistic(_ entry: AnyEntry, state: any Sendable) -> AnyEntry { adjust(entry, state) }
    /// What the arrows do in the full-screen view; nil when the entry is not this kind's.
    public func detail(_ entry: AnyEntry, scroll: Int) -> DetailNavigation? { navigation(entry, scroll) }
    public func fillDemo(_ store: any StoreBackend, today: LocalDate, at date: Date) throws { try demo(store, today, date) }
    public func doctor(_ store: any StoreBackend) throws -> String? { try report(store) }
    public func doctorBeforeStore() -> String? { reportBeforeStore() }
    public func contents(_ store: any StoreBackend) throws -> String? { try describe(store) }
    public func reminders(_ store: any StoreBackend, _ context: ReminderContext) throws -> ReminderCheck { try remind(store, context) }
}

// The one place a kind's types are erased: its messages, effects and jobs as the runtime holds
// them, and opened again (checked) only on their way back to the same kind.

/// A kind's message on its way back to it, its type hidden from the runtime.
public struct KindMessage: Sendable {
    public let kind: WidgetKind
    private let value: any Sendable

    init<Message: Sendable>(_ value: Message, of kind: WidgetKind) {
        self.kind = kind
        self.value = value
    }

    /// A message as a kind would send it (tests of the runtime's parts).
    public static func testMessage<Message: Sendable>(_ value: Message, of kind: WidgetKind) -> KindMessage { KindMessage(value, of: kind) }

    /// The message as its kind's type; another type is a programming error, never a reset.
    public func open<Message: Sendable>(_ type: Message.Type) -> Message {
        guard let typed = value as? Message else { preconditionFailure("\(kind): a message of type \(Swift.type(of: value)) is not its \(Message.self)") }
        return typed
    }
}

/// What happens to a kind, as the runtime hands it over.
public enum KindEvent: Sendable {
    case action(Action)
    case message(KindMessage)
}

/// A kind's effect as the runtime runs it.
public enum KindEffect: Sendable {
    case message(StatusMessage)
    case form(Form, submitted: @Sendable (Form) -> KindMessage)
    case picker(Picker, chosen: @Sendable (Picker.Choice) -> KindMessage)
    case confirm(String, yes: KindMessage)
    case write(KindJob)
    case read(KindJob)
    case start(KindTask)

    init<Message, Memory>(_ effect: FeatureEffect<Message, Memory>, of kind: WidgetKind) {
        switch effect {
        case .message(let message): self = .message(message)
        case .form(let form, let submitted): self = .form(form) { KindMessage(submitted($0), of: kind) }
        case .picker(let picker, let chosen): self = .picker(picker) { KindMessage(chosen($0), of: kind) }
        case .confirm(let question, let yes): self = .confirm(question, yes: KindMessage(yes, of: kind))
        case .write(let job): self = .write(KindJob(job))
        case .read(let job): self = .read(KindJob(job))
        case .start(let task): self = .start(task)
        }
    }
}

/// A kind's job as the runtime's writer runs it: the kind's memory is kept opaque between runs.
public struct KindJob: Sendable, Equatable, CustomStringConvertible {
    public let kind: WidgetKind
    public let name: String
    private let perform: @Sendable (any StoreBackend, inout (any Sendable)?, Date, Bool) -> KindMessage

    public init<Message, Memory>(_ job: FeatureJob<Message, Memory>) {
        kind = job.kind
        name = job.name
        let kind = job.kind
        perform = { store, memory, now, reading in
            var typed: Memory
            if let memory {
                guard let kept = memory as? Memory else { preconditionFailure("\(kind): its job memory is a \(type(of: memory)), not its own") }
                typed = kept
            } else {
                typed = Memory()
            }
            defer { memory = typed }
            return KindMessage(job.perform(store, &typed, now, reading), of: kind)
        }
    }

    /// Runs the job.
    /// - Parameters:
    ///   - memory: the kind's, kept by the caller between runs.
    ///   - now: the dashboard's clock when the job was asked for: what the job stamps.
    ///   - reading: a read run at once (a failure is said as the error says it), not a write.
    public func run(_ store: any StoreBackend, memory: inout (any Sendable)?, now: Date, reading: Bool) -> KindMessage {
        perform(store, &memory, now, reading)
    }

    public var description: String { "\(kind.rawValue) \(name)" }
    public static func == (lhs: KindJob, rhs: KindJob) -> Bool { lhs.kind == rhs.kind && lhs.name == rhs.name }
}
