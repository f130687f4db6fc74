import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

/// The dashboard's state and its single update function: an event in, the new state and the
/// effects to run out. No I/O happens here; `DashboardRuntime` runs the effects (store reads
/// and writes) and feeds timelines back with `install`.
public struct Dashboard: Sendable {
    public private(set) var settings: DashboardSettings
    public private(set) var size: CellSize
    public private(set) var layout: HomeLayout?
    /// The focused pane: an index into the current mode's list of panes.
    public private(set) var focus: Int?
    public private(set) var page = 0
    /// The pane open full screen (Enter), how far its view is scrolled (`scroll`, what a kind
    /// makes of it: rows, or the calendar's days from today's) and ←/→ months (`cursor`).
    public private(set) var detail: Int?
    public private(set) var detailScroll = 0
    public private(set) var detailCursor = 0
    public private(set) var showingHelp = false
    /// How far the help is scrolled (a terminal shorter than the key table).
    public private(set) var helpScroll = 0
    public private(set) var modal: Modal?
    /// The status line's message. Information and confirmations go after
    /// `StatusMessage.lifetime`; a failure stays until the next key.
    public private(set) var message: StatusMessage? {
        didSet { messageExpiry = message.flatMap { $0.tone == .failure ? nil : now.addingTimeInterval(StatusMessage.lifetime) } }
    }
    /// When the message goes (nil: it stays until the next key, or there is none).
    public private(set) var messageExpiry: Date?
    public private(set) var timelines: [PaneID: Timeline<AnyEntry>] = [:]
    public private(set) var scheduler = Scheduler<PaneID>()
    public private(set) var failures: [PaneID: String] = [:]
    /// The store's server is away: the panes of kinds that read it show their last entries,
    /// marked stale, until it is back.
    public private(set) var storeLost = false
    /// Each kind's own state (what its update keeps between events).
    private var kindStates: [WidgetKind: any Sendable] = [:]
    /// The time of the latest event, in the dashboard's clock (simulated with `--now`).
    public private(set) var now = Date()

    public init(settings: DashboardSettings, size: CellSize) {
        self.settings = settings
        keys = settings.config.keys
        self.size = size
        for feature in settings.catalog.features { kindStates[feature.kind] = feature.initialState() }
        relayout()
    }

    public var theme: Theme { settings.themes[settings.themeIndex] }
    /// What the next run starts with.
    var choices: RememberedChoices { RememberedChoices(theme: theme.name, privacy: settings.privacy) }
    var catalog: WidgetCatalog { settings.catalog }

    /// The dashboard's words in the interface language.
    func text(_ english: String, _ values: String...) -> String { settings.language.text(english, in: .dashboard, values: values) }
    /// The config's keys, built once.
    public let keys: KeyTable

    /// The help of the view you are in: in a full-screen view, the dashboard's keys and that
    /// kind's; on the home screen, every key.
    var helpKeys: KeyTable {
        guard let detail, let feature = catalog.feature(panes[detail].kind) else { return keys }
        let dashboard = Set(KeyTable.dashboardBindings.map(\.action)), own = Set(feature.bindings.map(\.action))
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
        return context
    }

    /// Each bound action's first key, for the hints the views draw.
    var keyNames: [String: String] {
        Dictionary(keys.bindings.compactMap { binding in binding.keys.first.map { (binding.action.name, $0.name) } }) { first, _ in first }
    }

    /// The detail view fills the screen above the status line, drawn as a large widget.
    var detailContext: WidgetContext? {
        guard detail != nil, size.rows > HomeLayout.statusRows else { return nil }
        var context = WidgetContext(family: .systemLarge, density: layout?.density ?? .regular,
                                    size: CellSize(columns: size.columns, rows: size.rows - HomeLayout.statusRows),
                                    language: settings.language, locale: settings.locale, timeZone: settings.timeZone, ascii: settings.ascii,
                                    privacy: settings.privacy, detail: true, scroll: detailScroll, cursor: detailCursor)
        context.keys = keyNames
        return context
    }

    // MARK: - Timelines

    /// Installs a freshly loaded timeline for a pane.
    public mutating func install(_ timeline: Timeline<AnyEntry>, for pane: PaneID, at now: Date) {
        timelines[pane] = timeline
        scheduler.install(timeline, for: pane, loadedAt: now)
        failures[pane] = nil
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

    /// Drops a message whose time is up (the timer fires then; nothing runs while none is shown).
    public mutating func expireMessage(at now: Date) {
        if let expiry = messageExpiry, now >= expiry { message = nil }
    }

    private mutating func relayout() {
        let config = settings.config
        layout = HomeLayout.make(home: config.home, lockScreen: config.lockScreen, size: size, forcedDensity: config.density, preferLockScreen: settings.lockScreen)
        guard let layout else { focus = nil; return }
        if let current = focus, current < panes.count, layout.page(of: current) != nil {
            page = layout.page(of: current) ?? 0
        } else {
            focus = layout.order.first
            page = 0
        }
        page = min(page, layout.pages.count - 1)
        timelines = timelines.filter { key, _ in key == .detail || (layout.mode == .lockScreen ? key.isLock : !key.isLock) }
        if let detail, detail >= panes.count { self.detail = nil }
    }

    private mutating func handle(_ key: Key) -> [Effect] {
        if case .mouse(let mouse) = key { return handle(mouse) }
        // Ctrl-C quits whatever the config bound (a terminal user's way out), in a form too.
        if key == .control("c") { return [.quit] }
        if let modal { return handle(key, in: modal) }
        let action = keys.action(for: key)
        if showingHelp {
            if action == .quit { return [.quit] }
            if action == .back || action == .help { showingHelp = false }
            let visible = Overlay.helpVisibleLines(lines: helpKeys.helpLines.count, screenRows: size.rows)
            let step = [Action.focusUp: -1, .focusDown: 1, .previousPage: -visible, .nextPage: visible][action ?? .help] ?? 0
            helpScroll = Overlay.helpFirstLine(scroll: helpScroll + step, lines: helpKeys.helpLines.count, visible: visible)
            return []
        }
        guard let action else {
            message = .info(text("%1: no action. Press ? for the keys.", key.name))
            return []
        }
        if detail != nil, let effects = handleInDetail(action) { return effects }
        if Action.routedToFocus.contains(action), let index = detail ?? focus, panes.indices.contains(index) {
            let effects = send(.action(action), to: panes[index].kind)
            if effects.isEmpty, modal == nil, message == nil { message = .info(text("%1: nothing to do in this pane.", key.name)) }
            return effects
        }
        if let feature = catalog.feature(owning: action) { return send(.action(action), to: feature.kind) }
        switch action {
        case .chooseTheme:
            let items = settings.themes.enumerated().map { Picker.Item(title: $1.name, marked: $0 == settings.themeIndex) }
            modal = Modal(.chooseTheme, .picker(Picker(title: text("Theme"), items: items, selection: settings.themeIndex)))
            return []
        case .focusNext, .focusPrevious: moveFocus(by: action == .focusNext ? 1 : -1)
        case .focusLeft: moveFocus(dx: -1, dy: 0)
        case .focusRight: moveFocus(dx: 1, dy: 0)
        case .focusUp: moveFocus(dx: 0, dy: -1)
        case .focusDown: moveFocus(dx: 0, dy: 1)
        case .nextPage, .previousPage: turnPage(by: action == .nextPage ? 1 : -1)
        case .open:
            guard let focus else { return [] }
            detail = focus
            detailScroll = 0
            detailCursor = 0
            return [.reload([panes[focus].kind])]
        case .back: break
        case .reload:
            message = .info(text("Reloaded every widget."))
            return [.reloadAll]
        case .nextTheme:
            settings.themeIndex = (settings.themeIndex + 1) % settings.themes.count
            message = .info(text("Theme: %1", theme.name))
            return [.remember(choices)]
        case .privacy:
            settings.privacy.toggle()
            message = .info(text(settings.privacy ? "Privacy on: names and amounts are masked." : "Privacy off."))
            return [.remember(choices)]
        case .help:
            showingHelp = true
            helpScroll = 0
        case .quit: return [.quit]
        default: break
        }
        return []
    }

    /// Keys in the full-screen detail view: Esc returns; the arrows do what the kind says.
    private mutating func handleInDetail(_ action: Action) -> [Effect]? {
        let pageRows = max(1, size.rows - 8)
        switch action {
        case .back: detail = nil; timelines[.detail] = nil; scheduler.remove(.detail)
        case .focusUp, .focusDown, .focusLeft, .focusRight, .previousPage, .nextPage:
            guard let navigation, let detail else { break }
            let pages = action == .previousPage || action == .nextPage
            let sideways = action == .focusLeft || action == .focusRight
            // Months: ←/→ when they do not scroll, PgUp/PgDn when they do.
            if navigation.movesByMonth, sideways ? navigation.sideStep == nil : pages && navigation.sideStep != nil {
                detailCursor += action == .focusRight || action == .nextPage ? 1 : -1
                detailScroll = 0
                return [.reload([panes[detail].kind])]
            }
            guard !sideways || navigation.sideStep != nil else { break }
            let forward = action == .focusDown || action == .focusRight || action == .nextPage
            let step = (sideways ? navigation.sideStep ?? 1 : pages ? pageRows : navigation.verticalStep) * (forward ? 1 : -1)
            let scroll = min(max(navigation.scroll.lowerBound, detailScroll + step), navigation.scroll.upperBound)
            guard scroll != detailScroll else { break }
            detailScroll = scroll
            // An entry made for the scroll position reloads; a list only moves its view.
            if navigation.scrollReloads { return [.reload([panes[detail].kind])] }
        case .firstRow, .lastRow:
            guard let navigation, let detail else { break }
            let scroll = action == .firstRow ? navigation.scroll.lowerBound : navigation.scroll.upperBound
            guard scroll != detailScroll else { break }
            detailScroll = scroll
            if navigation.scrollReloads { return [.reload([panes[detail].kind])] }
        case .focusNext, .focusPrevious, .open: break
        default: return nil
        }
        return []
    }

    /// What the arrows do in the detail view, as its kind says for the entry on show.
    private var navigation: DetailNavigation? {
        guard let detail, let entry = timelines[.detail]?.entries.first else { return nil }
        return catalog.feature(panes[detail].kind)?.detail(entry, scroll: detailScroll)
    }

    private mutating func handle(_ key: Key, in current: Modal) -> [Effect] {
        switch current.content {
        case .form(var form):
            let outcome = form.handle(key)
            modal = Modal(current.purpose, .form(form))
            switch outcome {
            case .editing: return []
            case .cancelled:
                modal = nil
                message = .info(text("Cancelled; nothing was saved."))
                return []
            case .submitted:
                modal = nil
                guard case .kind(let reply) = current.purpose, let submitted = reply.submitted else { return [] }
                return send(.message(submitted(form)), to: reply.kind)
            }
        case .confirm:
            switch key {
            case .character("y"), .character("Y"):
                modal = nil
                guard case .kind(let reply) = current.purpose, let yes = reply.yes else { return [] }
                return send(.message(yes), to: reply.kind)
            case .character("n"), .character("N"), .escape:
                modal = nil
                message = .info(text("Cancelled; nothing was changed."))
                return []
            default: return []
            }
        case .picker(var picker):
            let outcome = picker.handle(key)
            modal = Modal(current.purpose, .picker(picker))
            switch outcome {
            case .browsing: return []
            case .cancelled:
                modal = nil
                message = .info(text("Cancelled."))
                return []
            case .chosen(let index):
                modal = nil
                switch current.purpose {
                case .chooseTheme:
                    settings.themeIndex = index
                    message = .info(text("Theme: %1", theme.name))
                    return [.remember(choices)]
                case .kind(let reply): return reply.chosen.map { send(.message($0(.item(index))), to: reply.kind) } ?? []
                }
            case .pressed(let key, let index):
                modal = nil
                guard case .kind(let reply) = current.purpose, let chosen = reply.chosen else { return [] }
                return send(.message(chosen(.key(key, item: index))), to: reply.kind)
            }
        }
    }

    // MARK: - Mouse

    /// A click focuses a pane and a second click opens it; the wheel scrolls what the arrows
    /// would (the full-screen view, the help, a picker); a click on a picker's row chooses it.
    private mutating func handle(_ mouse: Mouse) -> [Effect] {
        guard mouse.pressed else { return [] }
        let wheel: Key? = mouse.button == .wheelUp ? .up : mouse.button == .wheelDown ? .down : nil
        if let modal {
            if let wheel, case .picker = modal.content { return handle(wheel, in: modal) }
            guard mouse.button == .left, case .picker(var picker) = modal.content,
                  let index = Overlay.pickerItem(picker, screen: size, column: mouse.column, row: mouse.row) else { return [] }
            picker.selection = index
            self.modal = Modal(modal.purpose, .picker(picker))
            return handle(.enter, in: self.modal!)
        }
        if let wheel {
            guard showingHelp || detail != nil, let action = keys.action(for: wheel) else { return [] }
            if showingHelp { return handle(wheel) }
            return handleInDetail(action) ?? []
        }
        guard mouse.button == .left, detail == nil, !showingHelp, let layout else { return [] }
        let placements = layout.pages[min(page, layout.pages.count - 1)]
        guard let hit = placements.first(where: { $0.rect.contains(column: mouse.column, row: mouse.row) }) else { return [] }
        if focus == hit.pane, let open = keys.keys(for: .open).first { return handle(open) }
        focus = hit.pane
        return []
    }

    // MARK: - Kinds

    /// Runs a kind's update on its own state and turns what it asks for into effects.
    private mutating func send(_ event: KindEvent, to kind: WidgetKind) -> [Effect] {
        guard let feature = catalog.feature(kind) else { return [] }
        var state = kindStates[kind] ?? feature.initialState()
        let asked = feature.update(&state, event, environment(for: kind))
        kindStates[kind] = state
        var effects: [Effect] = []
        for effect in asked {
            switch effect {
            case .message(let text): message = text
            case .form(let form, let submitted): modal = Modal(.kind(KindReply(kind, submitted: submitted)), .form(form))
            case .picker(let picker, let chosen): modal = Modal(.kind(KindReply(kind, chosen: chosen)), .picker(picker))
            case .confirm(let question, let yes): modal = Modal(.kind(KindReply(kind, yes: yes)), .confirm(question))
            case .write(let job): effects.append(.write(job))
            case .read(let job): effects.append(.read(job))
            }
        }
        return effects
    }

    /// What a kind's update sees: the clock, the interface settings and the loaded entries
    /// (the detail view's first, then the panes in order; the newest entry of each).
    private func environment(for kind: WidgetKind) -> FeatureEnvironment {
        let ids = [PaneID.detail] + (layout?.order.map(id) ?? [])
        let selection = detail.map { panes[$0].kind == kind } == true ? detailScroll : nil
        return FeatureEnvironment(now: now, timeZone: settings.timeZone, language: settings.language, locale: settings.locale,
                                  privacy: settings.privacy, selection: selection, entries: ids.compactMap { timelines[$0]?.entries.last })
    }

    // MARK: - Focus

    private mutating func moveFocus(by step: Int) {
        guard let layout, !layout.order.isEmpty else { return }
        let order = layout.order
        let position = focus.flatMap { order.firstIndex(of: $0) } ?? 0
        focus = order[(position + step + order.count) % order.count]
        page = layout.page(of: focus!) ?? 0
    }

    private mutating func moveFocus(dx: Int, dy: Int) {
        guard let layout, let focus else { return }
        if let next = layout.neighbor(of: focus, dx: dx, dy: dy) {
            self.focus = next
        } else if dx != 0, layout.pages.count > 1 {
            turnPage(by: dx)
        }
    }

    private mutating func turnPage(by step: Int) {
        guard let layout, layout.pages.count > 1 else { return }
        page = (page + step + layout.pages.count) % layout.pages.count
        focus = layout.pages[page].first?.pane
    }
}
