import HomescreenHosting
import HomescreenWidgetCore

/// The kinds' part of the dashboard: a kind's update runs on its own state (scoped, as a parent
/// reducer hands a child its slice), and what it asks for becomes the dashboard's modal, message or
/// effects. Keys, modals and finished jobs reach a kind only through `send`.
extension Dashboard {
    /// Runs a kind's update on its own state and turns what it asks for into effects.
    /// - Parameter pane: the pane a `run` key or a click was for (and where the click landed).
    mutating func send(_ event: KindEvent, to kind: WidgetKind, pane: PaneInput? = nil) -> [Effect] {
        guard let feature = catalog.feature(kind) else { return [] }
        var state = kindStates[kind] ?? feature.initialState()
        let asked = feature.update(&state, event, environment(for: kind, pane: pane))
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
            case .start(let task): effects.append(.start(task))
            }
        }
        return effects
    }

    /// What a kind's update sees: the clock, the interface settings and the loaded entries
    /// (the detail view's first, then the panes in order; the newest entry of each).
    func environment(for kind: WidgetKind, pane: PaneInput? = nil) -> FeatureEnvironment {
        let ids = [PaneID.detail] + (layout?.order.map(id) ?? [])
        let selection = detail.map { panes[$0].kind == kind } == true ? detailScroll : nil
        return FeatureEnvironment(now: now, timeZone: settings.timeZone, language: settings.language, locale: settings.locale,
                                  privacy: settings.privacy, selection: selection, entries: ids.compactMap { timelines[$0]?.entries.last },
                                  pane: pane)
    }
}
