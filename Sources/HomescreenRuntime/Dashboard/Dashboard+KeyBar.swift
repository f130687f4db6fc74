import HomescreenRender
import HomescreenWidgetCore

/// One key of the key bar: the key a click sends, how it is written, and what it does.
public struct KeyBarItem: Equatable, Sendable {
    public let key: Key
    public let name: String
    public let label: String
}

/// The key bar: the last line of a terminal with rows to spare (`HomeLayout.bottomRows`), as
/// htop keeps one. It shows the keys of what is on screen (the home screen and the focused
/// pane's kind, a full-screen view, a form, a picker, a question, the help), as the config
/// bound them, in the interface language; a click on one presses it. The rest of the screen
/// is composed above it.
extension Dashboard {
    /// Whether the last line is the key bar.
    var showsKeyBar: Bool { layout != nil && HomeLayout.bottomRows(size.rows) == 2 }

    /// The screen above the key bar: panes, status line and overlays are drawn in it.
    var screenAboveKeyBar: CellSize { CellSize(columns: size.columns, rows: size.rows - (showsKeyBar ? 1 : 0)) }

    /// The keys of the view on show, the most useful first (the bar drops from the end what
    /// the width cannot hold).
    public var keyBarItems: [KeyBarItem] {
        func bound(_ action: Action) -> KeyBarItem? {
            keys.keys(for: action).first.map { KeyBarItem(key: $0, name: $0.name, label: action.label(in: settings.language)) }
        }
        func fixed(_ key: Key, _ english: String) -> KeyBarItem { KeyBarItem(key: key, name: key.name, label: text(english)) }
        // ↑↓ as one item, when the arrows are still theirs.
        func upDown(_ english: String) -> KeyBarItem? {
            guard let up = keys.keys(for: .focusUp).first, let down = keys.keys(for: .focusDown).first else { return nil }
            let name = up == .up && down == .down ? (settings.ascii ? "Up/Down" : "↑↓") : up.name + "/" + down.name
            return KeyBarItem(key: down, name: name, label: text(english))
        }
        switch modal?.content {
        case .form: return [fixed(.enter, "save"), fixed(.tab, "next field"), fixed(.escape, "cancel")]
        case .picker(let picker):
            // The picker's own keys, from its hint ("n: add · x: remove").
            let own = picker.keyHint.components(separatedBy: " · ").compactMap { part -> KeyBarItem? in
                let pieces = part.split(separator: ":", maxSplits: 1)
                guard pieces.count == 2, pieces[0].count == 1, let character = pieces[0].first, picker.keys[character] != nil else { return nil }
                return KeyBarItem(key: .character(character), name: String(character), label: pieces[1].trimmingCharacters(in: .whitespaces))
            }
            return [fixed(.enter, "choose"), KeyBarItem(key: .down, name: settings.ascii ? "Up/Down" : "↑↓", label: text("move"))] + own + [fixed(.escape, "cancel")]
        case .confirm: return [fixed(.character("y"), "yes"), fixed(.character("n"), "no")]
        case nil: break
        }
        if showingHelp { return [bound(.back).map { KeyBarItem(key: $0.key, name: $0.name, label: text("close")) }, upDown("scroll"), bound(.quit)].compactMap { $0 } }
        let shown = detail ?? focus
        let feature = shown.flatMap { panes.indices.contains($0) ? catalog.feature(panes[$0].kind) : nil }
        let own = (feature?.bindings.map(\.action) ?? []).compactMap(bound)
        if detail != nil {
            let routed = [Action.addItem, .edit, .remove, .run].filter { feature?.routedActions.contains($0) == true }.compactMap(bound)
            return [bound(.back), upDown("move")].compactMap { $0 } + own + routed + [bound(.help), bound(.nextTheme), bound(.quit)].compactMap { $0 }
        }
        let add = feature?.routedActions.contains(.addItem) == true ? bound(.addItem) : nil
        let run = feature?.routedActions.contains(.run) == true ? bound(.run) : nil
        return [bound(.help)].compactMap { $0 } + own + [add, run, bound(.open), bound(.focusNext), bound(.nextTheme), bound(.privacy), bound(.quit)].compactMap { $0 }
    }

    /// Where each item goes on the bar, two columns apart: all of them when they fit; else the
    /// way out and the way to every key (`q quit`, `? help`) are kept, and the items between
    /// them are left out from the end, so the bar is shortened before them.
    func keyBarPlacements() -> [(item: KeyBarItem, x: Int, width: Int)] {
        let items = keyBarItems
        let kept = Set([Action.help, .quit].compactMap { keys.keys(for: $0).first })
        func width(_ item: KeyBarItem) -> Int { DisplayWidth.of(item.name) + 1 + DisplayWidth.of(item.label) }
        func fits(_ items: [KeyBarItem]) -> Bool { items.reduce(1) { $0 + width($1) + 2 } - 2 <= size.columns - 1 }
        var shown = items
        while !fits(shown), let last = shown.lastIndex(where: { !kept.contains($0.key) }) { shown.remove(at: last) }
        var placements: [(item: KeyBarItem, x: Int, width: Int)] = []
        var x = 1
        for item in shown {
            guard x + width(item) <= size.columns - 1 else { break }
            placements.append((item, x, width(item)))
            x += width(item) + 2
        }
        return placements
    }

    /// Draws the bar on the last row: each key in the accent, bold, then its word.
    func drawKeyBar(in grid: inout CellGrid) {
        let y = size.rows - 1
        grid.fill(Rect(x: 0, y: y, width: size.columns, height: 1), with: Cell(" ", style: Style(.muted)))
        for placement in keyBarPlacements() {
            let x = grid.write(placement.item.name, x: placement.x, y: y, style: Style(.accent, [.bold]))
            grid.write(placement.item.label, x: x + 1, y: y, style: Style(.muted))
        }
    }

    /// The key of the bar's item under a click, if any.
    func keyBarKey(column: Int, row: Int) -> Key? {
        guard showsKeyBar, row == size.rows - 1 else { return nil }
        return keyBarPlacements().first { column >= $0.x && column < $0.x + $0.width }?.item.key
    }
}
