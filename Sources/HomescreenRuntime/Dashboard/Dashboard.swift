import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

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
    /// The pane open full screen (Enter), and how far its view is scrolled (the calendar: days
    /// from today's day of the month, either way).
    public private(set) var detail: Int?
    public private(set) var detailScroll = 0
    /// ←/→ in the detail view: months from the current one (year overview, calendar).
    public private(set) var detailCursor = 0
    public private(set) var showingHelp = false
    public private(set) var modal: Modal?
    public private(set) var message: StatusMessage?
    /// Consumes sent to the store and not yet confirmed: drawn already (optimistic update).
    public private(set) var pendingConsumes = 0
    public private(set) var timelines: [PaneID: Timeline<AnyEntry>] = [:]
    public private(set) var scheduler = Scheduler<PaneID>()
    public private(set) var failures: [PaneID: String] = [:]
    /// The time of the latest event, in the dashboard's clock (simulated with `--now`).
    public private(set) var now = Date()

    public init(settings: DashboardSettings, size: CellSize) {
        self.settings = settings
        self.size = size
        relayout()
    }

    public var theme: Theme { settings.themes[settings.themeIndex] }
    public var keys: KeyTable { settings.config.keys }

    /// The panes of the current mode (home grid or lock-screen strip).
    public var panes: [PaneSpec] { layout?.mode == .lockScreen ? settings.config.lockScreen : settings.config.home }

    func id(_ index: Int) -> PaneID { layout?.mode == .lockScreen ? .lock(index) : .home(index) }

    /// Every pane that needs a timeline now: the placed panes (all pages) and the detail view.
    public var loadedPanes: [(id: PaneID, kind: WidgetKind, context: WidgetContext)] {
        guard let layout else { return [] }
        var result = layout.order.map { (id: id($0), kind: panes[$0].kind, context: context(for: $0)) }
        if let detail, let context = detailContext { result.append((.detail, panes[detail].kind, context)) }
        return result.filter { settings.builtKinds.contains($0.kind) }
    }

    func context(for index: Int) -> WidgetContext {
        let family = panes[index].family
        var size = family.size(layout?.density ?? .regular)
        if family == .accessoryInline, let rect = layout?.rect(of: index) { size = CellSize(columns: rect.width, rows: 1) }
        return WidgetContext(family: family, density: layout?.density ?? .regular, size: size, language: settings.language,
                             locale: settings.locale, timeZone: settings.timeZone, ascii: settings.ascii, privacy: settings.privacy)
    }

    /// The detail view fills the screen above the status line, drawn as a large widget.
    var detailContext: WidgetContext? {
        guard detail != nil, size.rows > HomeLayout.statusRows else { return nil }
        return WidgetContext(family: .systemLarge, density: layout?.density ?? .regular,
                             size: CellSize(columns: size.columns, rows: size.rows - HomeLayout.statusRows),
                             language: settings.language, locale: settings.locale, timeZone: settings.timeZone, ascii: settings.ascii,
                             privacy: settings.privacy, detail: true, scroll: detailScroll, cursor: detailCursor)
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
        message = .failure("The \(kind.rawValue) widget could not read the store: \(reason)")
    }

    /// The entry a pane shows at `now`, with unconfirmed consumes applied.
    public func entry(for pane: PaneID, at now: Date) -> AnyEntry? {
        guard let timeline = timelines[pane], let index = scheduler.currentEntryIndex(for: pane, at: now) else { return nil }
        let entry = timeline.entries[index]
        return pendingConsumes > 0 ? entry.map(PantryEntry.self) { $0.consumingFirst(times: pendingConsumes) } : entry
    }

    // MARK: - Update

    /// - Parameter now: the dashboard clock's time (a form's "today"); the runtime passes it.
    public mutating func update(_ event: DashboardEvent, at now: Date? = nil) -> [Effect] {
        if let now { self.now = now }
        switch event {
        case .key(let key): return handle(key)
        case .resized(let newSize):
            let before = (layout?.mode, layout?.density)
            size = newSize
            relayout()
            return before == (layout?.mode, layout?.density) && detail == nil ? [] : [.reloadAll]
        case .storeChanged(let kinds): return kinds.isEmpty ? [] : [.reload(kinds)]
        case .written(let outcome): return written(outcome)
        case .cardsLoaded(let cards, let shown): openCardPicker(cards, shown: shown)
        case .cardsUnavailable(let reason): message = .failure("The cards could not be read: \(reason)")
        }
        return []
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
        if let modal { return handle(key, in: modal) }
        let action = keys.action(for: key)
        if showingHelp {
            if action == .quit { return [.quit] }
            if action == .back || action == .help { showingHelp = false }
            return []
        }
        guard let action else {
            message = .info("\(key.name): no action. Press ? for the keys.")
            return []
        }
        if detail != nil, let effects = handleInDetail(action) { return effects }
        switch action {
        case .consume:
            let first = pantry?.consumingFirst(times: pendingConsumes).items.first
            pendingConsumes += 1
            if let first {
                message = .success(PantryMessages.consumed(min(.one, first.product.amount), unit: first.product.unit, of: first.product.name, language: settings.language))
            }
            return [.write(.consume)]
        case .undo: return [.write(.undo)]
        case .addExpense:
            let currency = budgetCurrency
            modal = Modal(.addExpense, .form(Form(title: "Add an expense", fields: [
                Form.Field("Amount (\(currency.code))", hint: currency.fractionDigits == 0 ? "50000" : "12.50 or 12,50", maxLength: 16),
                Form.Field("Note", hint: "Lunch (optional)", maxLength: 80),
                Form.Field("Date", text: LocalDate(now, in: settings.timeZone).iso, hint: "YYYY-MM-DD", maxLength: 10),
            ])))
            return []
        case .selectCard: return [.loadCards]
        case .addProduct:
            let due = LocalDate(now, in: settings.timeZone).adding(days: 7).iso
            modal = Modal(.addProduct, .form(Form(title: "Add a product", fields: [
                Form.Field("Name", hint: "Milk"), Form.Field("Amount", text: "1", hint: "2, 0.5 or 1,25"),
                Form.Field("Unit", hint: "l, kg, cans (optional)", maxLength: 20), Form.Field("Due", text: due, hint: "YYYY-MM-DD", maxLength: 10),
            ])))
            return []
        case .chooseTheme:
            let items = settings.themes.enumerated().map { Picker.Item(title: $1.name, marked: $0 == settings.themeIndex) }
            modal = Modal(.chooseTheme, .picker(Picker(title: "Theme", items: items, selection: settings.themeIndex)))
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
            return settings.builtKinds.contains(panes[focus].kind) ? [.reload([panes[focus].kind])] : []
        case .back: break
        case .reload:
            message = .info("Reloaded every widget.")
            return [.reloadAll]
        case .nextTheme:
            settings.themeIndex = (settings.themeIndex + 1) % settings.themes.count
            message = .info("Theme: \(theme.name)")
        case .privacy:
            settings.privacy.toggle()
            message = .info(settings.privacy ? "Privacy on: names and amounts are masked." : "Privacy off.")
        case .help: showingHelp = true
        case .quit: return [.quit]
        }
        return []
    }

    /// Keys in the full-screen detail view: arrows scroll, Esc returns.
    private mutating func handleInDetail(_ action: Action) -> [Effect]? {
        let pageRows = max(1, size.rows - 8)
        switch action {
        case .back: detail = nil; timelines[.detail] = nil; scheduler.remove(.detail)
        case .focusUp, .focusDown, .previousPage, .nextPage:
            let step = [.focusUp: -1, .focusDown: 1, .previousPage: -pageRows, .nextPage: pageRows][action]!
            let range = detailScrollRange
            let scroll = min(max(range.lowerBound, detailScroll + step), range.upperBound)
            guard scroll != detailScroll, let detail else { break }
            detailScroll = scroll
            // The calendar's entry is made for the chosen day; the lists only move their view.
            if panes[detail].kind == .calendar { return [.reload([.calendar])] }
        case .focusLeft, .focusRight:
            guard let detail, [.year, .calendar].contains(panes[detail].kind) else { break }
            detailCursor += action == .focusRight ? 1 : -1
            detailScroll = 0
            return [.reload([panes[detail].kind])]
        case .focusNext, .focusPrevious, .open: break
        default: return nil
        }
        return []
    }

    /// Where the detail view's scroll may go: a row of its list, or for the calendar the days
    /// of the month on show, counted from the chosen one.
    private var detailScrollRange: ClosedRange<Int> {
        switch timelines[.detail]?.entries.first?.value {
        case let pantry as PantryEntry: return 0...max(0, pantry.items.count - 1)
        case let budget as BudgetEntry: return 0...max(0, budget.recent.count - 1)
        case let year as YearEntry: return 0...max(0, year.expenses.count - 1)
        case let calendar as CalendarEntry:
            return (detailScroll - calendar.selected.day + 1)...(detailScroll + calendar.month.dayCount - calendar.selected.day)
        default: return 0...0
        }
    }

    /// The currency new expenses are typed in: the budget pane's, else the year pane's.
    private var budgetCurrency: Currency {
        for timeline in timelines.values {
            switch timeline.entries.last?.value {
            case let budget as BudgetEntry:
                if budget.source == .local, case .currency(let currency) = budget.denomination { return currency }
            case let year as YearEntry:
                if let currency = year.currency { return currency }
            default: continue
            }
        }
        return .euro
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
                message = .info("Cancelled; nothing was saved.")
                return []
            case .submitted: return submit(form, purpose: current.purpose)
            }
        case .picker(var picker):
            let outcome = picker.handle(key)
            modal = Modal(current.purpose, .picker(picker))
            switch outcome {
            case .browsing: return []
            case .cancelled:
                modal = nil
                message = .info("Cancelled.")
                return []
            case .chosen(let index):
                modal = nil
                switch current.purpose {
                case .chooseTheme:
                    settings.themeIndex = index
                    message = .info("Theme: \(theme.name)")
                case .selectCard(let ids):
                    message = .info("Choosing the card…")
                    return [.write(.selectCard(id: ids[index]))]
                case .addProduct, .addExpense: break
                }
                return []
            }
        }
    }

    /// Validates a submitted form: errors go under their fields and the form stays open;
    /// otherwise it closes at once (a failed save opens it again with what was typed).
    private mutating func submit(_ form: Form, purpose: Modal.Purpose) -> [Effect] {
        let values = form.values.map { $0.trimmingCharacters(in: .whitespaces) }
        var errors: [Int: String] = [:]
        func day(_ index: Int) -> LocalDate? {
            let day = LocalDate(iso: values[index])
            if day == nil { errors[index] = "'\(values[index])' is not a date; use a real day as YYYY-MM-DD." }
            return day
        }
        let request: WriteRequest?, progress: String
        switch purpose {
        case .addProduct:
            if values[0].isEmpty { errors[0] = "Give the product a name." }
            let amount = Quantity(argument: values[1])
            if amount == nil { errors[1] = "'\(values[1])' is not an amount; use \(Quantity.accepted)." }
            let due = day(3)
            request = amount.flatMap { amount in due.map { .addProduct(name: values[0], amount: amount, unit: values[2], due: $0) } }
            progress = "Adding \(values[0])…"
        case .addExpense:
            let currency = budgetCurrency
            let amount: Money?
            switch Money.parse(values[0], currency: currency) {
            case .success(let value): amount = value
            case .failure(let error):
                amount = nil
                errors[0] = "'\(values[0])' \(error.problem(in: currency)); use \(Money.accepted(currency))."
            }
            let spentOn = day(2)
            request = amount.flatMap { amount in spentOn.map { .addExpense(amount: amount, day: $0, note: values[1]) } }
            progress = "Saving \(amount?.plain(currency) ?? "") \(currency.code)…"
        case .chooseTheme, .selectCard:
            return []
        }
        guard errors.isEmpty, let request else {
            var form = form
            form.show(errors: errors)
            modal = Modal(purpose, .form(form))
            return []
        }
        submittedForm = form
        modal = nil
        message = .info(progress)
        return [.write(request)]
    }

    /// The last submitted form, reopened if its save fails (nothing typed is lost).
    private var submittedForm: Form?

    /// The pantry as the panes know it (the detail view's holds every product).
    private var pantry: PantryEntry? {
        let ids = [PaneID.detail] + (layout?.order.map(id) ?? [])
        return ids.lazy.compactMap { timelines[$0]?.entries.last?.value as? PantryEntry }.first
    }

    private mutating func written(_ outcome: WriteOutcome) -> [Effect] {
        switch outcome {
        case .consumed(let consumption):
            pendingConsumes = max(0, pendingConsumes - 1)
            message = .success(PantryMessages.consumed(consumption, language: settings.language))
            return [.reload([.pantry])]
        case .undone(let consumption):
            message = .success(PantryMessages.putBack(consumption, language: settings.language))
            return [.reload([.pantry])]
        case .added(let product):
            message = .success("Added \(product.name), due \(product.due.iso).")
            submittedForm = nil
            return [.reload([.pantry])]
        case .expenseAdded(let expense):
            let note = expense.note.isEmpty ? "" : " (\(expense.note))"
            message = .success("Added an expense of \(expense.amount.plain(budgetCurrency))\(note) on \(expense.day.iso).")
            submittedForm = nil
            return [.reload([.budget, .year])]
        case .cardSelected(let card):
            message = .success("Showing \(settings.privacy ? "card \(card.id)" : card.fullName)'s card.")
            return [.reload([.card])]
        case .failed(let request, let reason):
            message = .failure(reason)
            switch request {
            case .consume: pendingConsumes = max(0, pendingConsumes - 1)
            case .selectCard: break
            case .addProduct, .addExpense:
                if var form = submittedForm {
                    form.error = reason
                    modal = Modal(Self.purpose(of: request), .form(form))
                }
            case .undo: break
            }
            return [.reload(Self.kinds(of: request))]
        }
    }

    private static func purpose(of request: WriteRequest) -> Modal.Purpose {
        if case .addExpense = request { return .addExpense }
        return .addProduct
    }

    /// The kinds a write changes.
    private static func kinds(of request: WriteRequest) -> Set<WidgetKind> {
        switch request {
        case .addExpense: return [.budget, .year]
        case .selectCard: return [.card]
        case .consume, .undo, .addProduct: return [.pantry]
        }
    }

    /// The card picker (`s`): every card with its company and whether it is active, the one
    /// shown marked and chosen to start with. Names are masked in privacy mode.
    private mutating func openCardPicker(_ cards: [Card], shown: Int64?) {
        guard !cards.isEmpty else {
            message = .info("No cards to choose from; add one with `homescreen card add --first F --last L`.")
            return
        }
        let items = cards.map { card in
            let state = card.isActive ? "active" : "inactive"
            let detail = settings.privacy ? state : ([card.company].compactMap { $0 } + [state]).joined(separator: " · ")
            return Picker.Item(title: settings.privacy ? "Card \(card.id)" : card.fullName, detail: detail, marked: card.id == shown)
        }
        modal = Modal(.selectCard(cards.map(\.id)), .picker(Picker(title: "Business card", items: items,
                                                                   selection: cards.firstIndex { $0.id == shown } ?? 0)))
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

extension PaneID {
    var isLock: Bool { if case .lock = self { return true } else { return false } }
}
