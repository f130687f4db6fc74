import HomescreenWidgetCore

/// The help overlay (`?`): whether it is open and how far it is scrolled. Its own keys scroll
/// it, Esc or `?` close it, quit quits; nothing else reaches the dashboard while it is open.
public struct HelpOverlay: Equatable, Sendable {
    public private(set) var isShowing = false
    /// How far the help is scrolled (a terminal shorter than the key table).
    public private(set) var scroll = 0

    public init() {}

    public mutating func open() {
        isShowing = true
        scroll = 0
    }

    /// What a key does while the help is open. - Returns: whether it asks to quit.
    /// - Parameters:
    ///   - lines: the help's lines; `screenRows`: the terminal's rows.
    public mutating func handle(_ action: Action?, lines: Int, screenRows: Int) -> Bool {
        if action == .quit { return true }
        if action == .back || action == .help { isShowing = false }
        let visible = Overlay.helpVisibleLines(lines: lines, screenRows: screenRows)
        let step = [Action.focusUp: -1, .focusDown: 1, .previousPage: -visible, .nextPage: visible][action ?? .help] ?? 0
        scroll = Overlay.helpFirstLine(scroll: scroll + step, lines: lines, visible: visible)
        return false
    }
}
