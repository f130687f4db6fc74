import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

/// The dashboard's state and its single update function: an event in, the new state and the
/// effects to run out. No I/O happens here; `DashboardRuntime` runs the effects (store reads
/// and writes) and feeds timelines back with `install`.
///
/// Its parts are scoped the way TCA scopes reducers, each with its own state, update and tests:
/// the focus and pages (`FocusAndPages`, Dashboard+Focus), the help overlay (`HelpOverlay`,
/// Dashboard+Help), the full-screen view (`DetailView`, Dashboard+Detail), the modal
/// (`Modal.step`, Dashboard+Modal), and the kinds' own updates (Dashboard+Kinds). This file
/// holds the state and composes them.
public struct Dashboard: Sendable {
    public private(set) var settings: DashboardSettings
    public private(set) var size: CellSize
    public private(set) var layout: HomeLayout?
    public private(set) var focusAndPages = FocusAndPages()
    public private(set) var detailView = DetailView()
    public private(set) var help = HelpOverlay()
    /// The focused pane: an index into the current mode's list of panes.
    public var focus: Int? { focusAndPages.focus }
    public var page: Int { focusAndPages.page }
    /// The pane open full screen (Enter), how far its view is scrolled and ←/→ months.
    public var detail: Int? { detailView.pane }
    public var detailScroll: Int { detailView.scroll }
    public var detailCursor: Int { detailView.cursor }
    public var showingHelp: Bool { help.isShowing }
    /// How far the help is scrolled (a terminal shorter than the key table).
    public var helpScroll: Int { help.scroll }
    public internal(set) var modal: Modal?
    /// The picker a key of which opened the modal on show ("n: add" in the card picker): Esc
    /// there goes back to it, as it was.
    var modalOpener: Modal?
    /// The status line's message. Information and confirmations go after
    /// `StatusMessage.lifetime`; a failure stays until the next key.
    public internal(set) var message: StatusMessage? {
        didSet {
            messageExpiry = message.flatMap { $0.tone == .failure ? nil : now.addingTimeInterval(StatusMessage.lifetime) }
            if message != nil { messagesSaid += 1 }
        }
    }
    /// How many messages the status line was given (each is said once).
    public private(set) var messagesSaid = 0
    /// When the message goes (nil: it stays until the next key, or there is none).
    public private(set) var messageExpiry: Date?
    public private(set) var timelines: [PaneID: Timeline<AnyEntry>] = [:]
    public private(set) var scheduler = Scheduler<PaneID>()
    public private(set) var failures: [PaneID: String] = [:]
    /// The store's server is away: the panes of kinds that read it show their last entries,
    /// marked stale, until it is back.
    public private(set) var storeLost = false
    /// The reminders true now, by kind (what `homescreen notify` delivers): the status line says
    /// the first, each pane of the kind shows their count.
    public private(set) var reminders: [WidgetKind: [Reminder]] = [:]
    /// Each kind's own state (what its update keeps between events).
    var kindStates: [WidgetKind: any Sendable] = [:]
    /// The time of the latest event, in the dashboard's clock (simulated with `--now`).
    public private(set) var now = Date()

    public init(settings: DashboardSettings, size: CellSize) {
        self.settings = settings
        keys = settings.config.keys
        self.size = size
        for feature in settings.catalog.features { kindStates[feature.kind] = feature.initialState() }
        relayout()
        if let notice = settings.notice { message = .info(notice) }
    }

    /// The theme drawn: the chosen one, or the one the theme picker's selection previews.
    public var theme: Theme {
        if let modal, modal.purpose == .chooseTheme, case .picker(let picker) = modal.content, themeChoices.indices.contains(picker.selection) {
            return settings.themes[themeChoices[picker.selection]]
        }
        return settings.themes[settings.themeIndex]
    }
    /// The themes the open theme picker lists (indices into `settings.themes`): those readable
    /// on the terminal's background, and the one in use.
    private(set) var themeChoices: [Int] = []
    /// What the next run starts with.
    var choices: RememberedChoices { RememberedChoices(theme: theme.name, privacy: settings.privacy) }
    var catalog: WidgetCatalog { settings.catalog }

    /// The dashboard's words in the interface language.
    func text(_ english: String, _ values: String...) -> String { settings.language.text(english, in: .dashboard, values: values) }
    /// The config's keys, built once.
    public let keys: KeyTable

    /// The help of the view you are in: in a full-screen view, the keys that work there (no
    /// Tab or Enter between panes) and that kind's; on the home screen, every key.
    var helpKeys: KeyTable {
        guard let detail, let feature = catalog.feature(panes[detail].kind) else { return keys }
        let homeOnly: Set<Action> = [.focusNext, .focusPrevious, .open]
        let dashboard = Set(KeyTable.dashboardBindings.map(\.action)).subtracting(homeOnly).subtracting(Action.routedToFocus)
        let own = Set(feature.bindings.map(\.action)).union(feature.routedActions)
        return keys.filtered { dashboard.contains($0) || own.contains($0) }
    }

    /// The panes of the current mode (home grid or lock-screen strip).
    public var panes: [PaneSpec] { layout?.mode == .lockScreen ? settings.config.lockScreen : settings.config.home }

    func id(_ index: Int) -> PaneID { layout?.mode == .lockScreen ? .lock(index) : .home(index) }

    /// Every pane that needs a timeline now: the placed panes (all pages) and the detail view.
    public var loadedPanes: [(id: PaneID, kind: WidgetKind, context: WidgetContext)] {
        guard let layout else { return [] }
        var result = layout.order.map { (id: id($0), kind: panes[$0].kind, context: context(for: $0)) }
        if let detail, let context = detailContext { result.append((.detail, panes[detail].kind, context)) }
        return result.filter { catalog.feature($0.kind) != nil }
    }

    func context(for index: Int) -> WidgetContext {
        let family = panes[index].family
        // The pane is the size of its place: the layout grows slots with the terminal.
        let size = layout?.rect(of: index).map { CellSize(columns: $0.width, rows: $0.height) } ?? family.size(layout?.density ?? .regular)
        var context = WidgetContext(family: family, density: layout?.density ?? .regular, size: size, language: settings.language,
                                    locale: settings.locale, timeZone: settings.timeZone, ascii: settings.ascii, privacy: settings.privacy)
        context.keys = keyNames
        context.background = background
        return context
    }

    /// The terminal's background as the dashboard knows it (the config's key, the terminal's
    /// answer, COLORFGBG); unknown, that of the theme in use when it is made for one; else dark,
    /// as the themes `t` offers on an unknown background are (`ThemeFitting`).
    var background: TerminalBackground {
        if let known = settings.background.background { return known }
        switch theme.fit {
        case .light: return .light
        case .dark, .any: return .dark
        }
    }

    /// Each bound action's first key, for the hints the views draw.
    var keyNames: [String: String] {
        Dictionary(keys.bindings.compactMap { binding in binding.keys.first.map { (binding.action.name, $0.name) } }) { first, _ in first }
    }

    /// The detail view fills the screen above the status line, drawn as a large widget.
    var detailContext: WidgetContext? {
        guard detail != nil, size.rows > HomeLayout.bottomRows(size.rows) else { return nil }
        // The screen above the status line (and the key bar, where there is one).
        var context = WidgetContext(family: .systemLarge, density: layout?.density ?? .regular,
                                    size: CellSize(columns: size.columns, rows: size.rows - HomeLayout.bottomRows(size.rows)),
                                    language: settings.language, locale: settings.locale, timeZone: settings.timeZone, ascii: settings.ascii,
                                    privacy: settings.privacy, detail: true, scroll: detailScroll, cursor: detailCursor)
        context.keys = keyNames
        context.background = background
        return context
    }

    // MARK: - Timelines

    /// Installs a freshly loaded timeline for a pane.
    public mutating func install(_ timeline: Timeline<AnyEntry>, for pane: PaneID, at now: Date) {
        timelines[pane] = timeline
        scheduler.install(timeline, for: pane, loadedAt: now)
        failures[pane] = nil
        // The full-screen list's selection stays on its item, wherever the reload put it.
        if pane == .detail, let navigation { detailView.follow(navigation) }
    }

    /// A provider failed: the last good timeline stays, the pane and the status line say so.
    public mutating func loadFailed(_ pane: PaneID, kind: WidgetKind, reason: String) {
        failures[pane] = reason
        // A failure already said (a write that failed, the connection lost) stays: it is the
        // one the user must read; the pane marks its own stale data.
        if message?.tone != .failure { message = .failure(text("The %1 widget could not read the store: %2", kind.rawValue, reason)) }
    }

    /// The entry a pane shows at `now`, with its kind's unconfirmed changes applied.
    public func entry(for pane: PaneID, at now: Date) -> AnyEntry? {
        guard let timeline = timelines[pane], let index = scheduler.currentEntryIndex(for: pane, at: now),
              let kind = kind(of: pane), let feature = catalog.feature(kind) else { return nil }
        return feature.optimistic(timeline.entries[index], state: kindStates[kind] ?? feature.initialState())
    }

    func kind(of pane: PaneID) -> WidgetKind? {
        switch pane {
        case .detail: return detail.map { panes[$0].kind }
        case .home(let index): return settings.config.home.indices.contains(index) ? settings.config.home[index].kind : nil
        case .lock(let index): return settings.config.lockScreen.indices.contains(index) ? settings.config.lockScreen[index].kind : nil
        }
    }

    /// A kind's own state, as its update keeps it (for tests and tools).
    public func state<State>(of kind: WidgetKind, as type: State.Type) -> State? { kindStates[kind] as? State }

    // MARK: - Update

    /// - Parameter now: the dashboard clock's time (a form's "today"); the runtime passes it.
    public mutating func update(_ event: DashboardEvent, at now: Date? = nil) -> [Effect] {
        if let now { self.now = now }
        switch event {
        case .key(let key):
            // A key is read as the answer to whatever the status line said.
            message = nil
            return handle(key)
        case .resized(let newSize):
            let before = layout
            size = newSize
            relayout()
            return before == layout && detail == nil ? [] : [.reloadAll]
        case .storeChanged(let tables):
            let kinds = catalog.kinds(reading: tables)
            return kinds.isEmpty ? [] : [.reload(kinds)]
        case .storeConnection(let lost?):
            storeLost = true
            message = .failure(text("Store offline (%1): showing the last data, reconnecting by itself.", lost))
            return []
        case .storeConnection(nil):
            storeLost = false
            message = .success(text("Connected to the store again; every widget was reloaded."))
            return [.reloadAll]
        case .jobDone(let reply, let changed):
            // The kind hears first (its unconfirmed consume goes), then the panes its write changed reload, once.
            let effects = send(.message(reply), to: reply.kind)
            let kinds = catalog.kinds(reading: changed)
            return effects + (kinds.isEmpty ? [] : [.reload(kinds)])
        }
    }

    /// The reminders of these kinds, as the runtime read them.
    public mutating func remind(_ due: [WidgetKind: [Reminder]]) {
        reminders.merge(due) { _, new in new }
        reminders = reminders.filter { !$0.value.isEmpty }
    }

    /// Drops a message whose time is up (the timer fires then; nothing runs while none is shown).
    public mutating func expireMessage(at now: Date) {
        if let expiry = messageExpiry, now >= expiry { message = nil }
    }

    private mutating func relayout() {
        let config = settings.config
        layout = HomeLayout.make(home: config.home, lockScreen: config.lockScreen, size: size, forcedDensity: config.density, preferLockScreen: settings.lockScreen)
        focusAndPages.adopt(layout, paneCount: panes.count)
        guard let layout else { return }
        timelines = timelines.filter { key, _ in key == .detail || (layout.mode == .lockScreen ? key.isLock : !key.isLock) }
        if let detail, detail >= panes.count { detailView.close() }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if case .mouse(let mouse) = key { return handle(mouse) }
        // Ctrl-C quits whatever the config bound (a terminal user's way out), in a form too.
        if key == .control("c") { return [.quit] }
        if let modal { return handle(key, in: modal) }
        let action = keys.action(for: key)
        if help.isShowing { return help.handle(action, lines: helpKeys.helpLines.count, screenRows: screenAboveKeyBar.rows) ? [.quit] : [] }
        guard let action else {
            message = .info(text("%1: no action. Press ? for the keys.", key.name))
            return []
        }
        if detail != nil, let effects = handleInDetail(action) { return effects }
        if Action.routedToFocus.contains(action), let index = detail ?? focus, panes.indices.contains(index) {
            let pane = (detail != nil ? detailContext : nil) ?? context(for: index)
            let effects = send(.action(action), to: panes[index].kind, pane: PaneInput(context: pane))
            if effects.isEmpty, modal == nil, message == nil { message = .info(text("%1: nothing to do in this pane.", key.name)) }
            return effects
        }
        if let feature = catalog.feature(owning: action) { return send(.action(action), to: feature.kind) }
        switch action {
        case .chooseTheme:
            // Only the themes offered on this background (and the one in use); moving through
            // the list previews each.
            themeChoices = settings.themes.indices.filter { ThemeFitting.offered(settings.themes[$0], on: settings.background.background) || $0 == settings.themeIndex }
            let items = themeChoices.map { Picker.Item(title: settings.themes[$0].name, marked: $0 == settings.themeIndex) }
            modal = Modal(.chooseTheme, .picker(Picker(title: text("Theme"), items: items, selection: themeChoices.firstIndex(of: settings.themeIndex) ?? 0)))
            return []
        case .focusNext, .focusPrevious: focusAndPages.move(by: action == .focusNext ? 1 : -1, in: layout)
        case .focusLeft: focusAndPages.move(dx: -1, dy: 0, in: layout)
        case .focusRight: focusAndPages.move(dx: 1, dy: 0, in: layout)
        case .focusUp: focusAndPages.move(dx: 0, dy: -1, in: layout)
        case .focusDown: focusAndPages.move(dx: 0, dy: 1, in: layout)
        case .nextPage, .previousPage: focusAndPages.turnPage(by: action == .nextPage ? 1 : -1, in: layout)
        case .open:
            guard let focus else { return [] }
            detailView.open(focus)
            return [.reload([panes[focus].kind])]
        case .back: break
        case .reload:
            // A kind that runs something to reload (a script widget) is asked to, then every pane reloads.
            let running = Set(loadedPanes.map(\.kind)).sorted { $0.rawValue < $1.rawValue }
                .filter { catalog.feature($0)?.routedActions.contains(.run) == true }
            let started = running.flatMap { send(.action(.reload), to: $0) }
            message = .info(text("Reloaded every widget."))
            return started + [.reloadAll]
        case .nextTheme:
            // The next theme offered on the terminal's background (none made for light ones only when it is unknown).
            settings.themeIndex = ThemeFitting.next(after: settings.themeIndex, in: settings.themes, background: settings.background.background)
            message = .info(text("Theme: %1", theme.name))
            return [.remember(choices)]
        case .privacy:
            settings.privacy.toggle()
            message = .info(text(settings.privacy ? "Privacy on: names and amounts are masked." : "Privacy off."))
            return [.remember(choices)]
        case .help: help.open()
        case .quit: return [.quit]
        default: break
        }
        return []
    }

    /// Keys in the full-screen detail view: Esc returns; the arrows do what the kind says.
    private mutating func handleInDetail(_ action: Action) -> [Effect]? {
        guard let pane = detail, let outcome = detailView.handle(action, navigation: navigation, pageRows: max(1, size.rows - 8)) else { return nil }
        switch outcome {
        case .handled: return []
        case .reload: return [.reload([panes[pane].kind])]
        case .closed:
            timelines[.detail] = nil
            scheduler.remove(.detail)
            return []
        }
    }

    /// What the arrows do in the detail view, as its kind says for the entry on show.
    private var navigation: DetailNavigation? {
        guard let detail, let entry = timelines[.detail]?.entries.first else { return nil }
        return catalog.feature(panes[detail].kind)?.detail(entry, scroll: detailScroll)
    }

    private mutating func handle(_ key: Key, in current: Modal) -> [Effect] {
        switch current.step(key) {
        case .open(let changed):
            modal = changed
            return []
        case .cancelled(let words):
            modal = modalOpener
            modalOpener = nil
            message = .info(text(words))
            return []
        case .reply(let reply):
            modal = nil
            modalOpener = nil
            let effects = send(.message(reply), to: reply.kind)
            // The kind answered a picker's key with a form or a question: Esc there comes back.
            if modal != nil, case .picker = current.content { modalOpener = current }
            return effects
        case .theme(let index):
            modal = nil
            modalOpener = nil
            settings.themeIndex = themeChoices.indices.contains(index) ? themeChoices[index] : settings.themeIndex
            message = .info(text("Theme: %1", theme.name))
            return [.remember(choices)]
        case .closed:
            modal = nil
            modalOpener = nil
            return []
        }
    }

    // MARK: - Mouse

    /// A click focuses a pane and a second click opens it; the wheel scrolls what the arrows
    /// would (the full-screen view, the help, a picker); a click on a picker's row chooses it.
    /// A pane whose kind takes clicks (a script widget's `on-click`) gets every button and the
    /// wheel instead, as i3blocks gives them.
    private mutating func handle(_ mouse: Mouse) -> [Effect] {
        guard mouse.pressed else { return [] }
        if mouse.button == .left, let key = keyBarKey(column: mouse.column, row: mouse.row) { return handle(key) }
        let wheel: Key? = mouse.button == .wheelUp ? .up : mouse.button == .wheelDown ? .down : nil
        if let modal {
            if let wheel, case .picker = modal.content { return handle(wheel, in: modal) }
            guard mouse.button == .left, case .picker(var picker) = modal.content,
                  let index = Overlay.pickerItem(picker, screen: screenAboveKeyBar, column: mouse.column, row: mouse.row) else { return [] }
            picker.selection = index
            self.modal = Modal(modal.purpose, .picker(picker))
            return handle(.enter, in: self.modal!)
        }
        if let wheel, showingHelp || detail != nil {
            guard let action = keys.action(for: wheel) else { return [] }
            if showingHelp { return handle(wheel) }
            return handleInDetail(action) ?? []
        }
        guard detail == nil, !showingHelp, let layout else { return [] }
        let placements = layout.pages[min(page, layout.pages.count - 1)]
        guard let hit = placements.first(where: { $0.rect.contains(column: mouse.column, row: mouse.row) }) else { return [] }
        // A kind that takes clicks (a script widget with on-click) has every button, the wheel
        // too, with where it landed; the pane is focused.
        if let feature = catalog.feature(panes[hit.pane].kind), feature.routedActions.contains(.click) {
            focusAndPages.focus(hit.pane)
            let button = [Mouse.Button.left: 1, .middle: 2, .right: 3, .wheelUp: 4, .wheelDown: 5][mouse.button] ?? 1
            let click = PaneInput.Click(button: button, x: mouse.column, y: mouse.row, relativeX: mouse.column - hit.rect.x, relativeY: mouse.row - hit.rect.y)
            return send(.action(.click), to: feature.kind, pane: PaneInput(context: context(for: hit.pane), click: click))
        }
        guard mouse.button == .left else { return [] }
        if focus == hit.pane, let open = keys.keys(for: .open).first { return handle(open) }
        focusAndPages.focus(hit.pane)
        return []
    }
}
