import Foundation
import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting

extension Dashboard {
    /// The whole screen at `now`: the panes of the current page (or the detail view), the
    /// status line, the help or a modal on top, and the key bar under them all. Pure: state
    /// in, cells out.
    public func compose(at now: Date) -> CellGrid {
        var grid = composeAboveKeyBar(at: now)
        if showsKeyBar {
            var whole = CellGrid(width: size.columns, height: size.rows)
            whole.blit(grid, x: 0, y: 0)
            drawKeyBar(in: &whole)
            grid = whole
        }
        // Folded once, the key bar with the rest.
        return settings.ascii ? grid.foldedToASCII() : grid
    }

    private func composeAboveKeyBar(at now: Date) -> CellGrid {
        let size = screenAboveKeyBar
        var grid = CellGrid(width: size.columns, height: size.rows)
        guard let layout else {
            let config = settings.config
            let needed = HomeLayout.minimumSize(home: config.home, lockScreen: config.lockScreen, forcedDensity: config.density, preferLockScreen: settings.lockScreen)
            let text = text("terminal too small (needs %1)", "\(needed.columns)×\(needed.rows)")
            // One line when it fits, else word by word down the screen.
            let lines = DisplayWidth.of(text) <= size.columns ? [text] : DisplayWidth.wrap(text, to: max(1, size.columns))
            let top = max(0, (size.rows - lines.count) / 2)
            for (offset, line) in lines.enumerated() {
                grid.write(line, in: Rect(x: 0, y: top + offset, width: size.columns, height: 1), style: Style(.warning, [.bold]), alignment: .center)
            }
            return grid
        }
        if let detail, let context = detailContext {
            grid.blit(paneGrid(.detail, kind: panes[detail].kind, context: context, at: now), x: 0, y: 0)
        } else {
            for placement in layout.pages[min(page, layout.pages.count - 1)] {
                drawPane(placement, in: &grid, at: now)
            }
        }
        drawStatusLine(in: &grid, layout: layout, at: now)
        if showingHelp { Overlay.draw(help: helpKeys, scroll: helpScroll, in: &grid, ascii: settings.ascii, language: settings.language) }
        switch modal?.content {
        case .form(let form): Overlay.draw(form, in: &grid, ascii: settings.ascii, monochrome: settings.monochrome, language: settings.language)
        case .picker(let picker): Overlay.draw(picker, in: &grid, ascii: settings.ascii, language: settings.language)
        case .confirm(let question): Overlay.draw(confirm: question, in: &grid, ascii: settings.ascii, language: settings.language)
        case nil: break
        }
        return grid
    }

    private func drawPane(_ placement: HomeLayout.Placement, in grid: inout CellGrid, at now: Date) {
        let pane = panes[placement.pane], rect = placement.rect
        grid.blit(paneGrid(id(placement.pane), kind: pane.kind, context: context(for: placement.pane), at: now), x: rect.x, y: rect.y)
        guard placement.pane == focus else { return }
        if pane.family.isSystem {
            grid.restyle(rect, style: Style(.focus, [.bold])) { $0.style.foreground == .border }
        } else {
            // Frameless lock-screen panes get a bar in the margin before them.
            for y in rect.y..<rect.maxY { grid.write(settings.ascii ? "|" : "▌", x: rect.x - 2, y: y, style: Style(.focus, [.bold])) }
        }
    }

    private func paneGrid(_ id: PaneID, kind: WidgetKind, context: WidgetContext, at now: Date) -> CellGrid {
        guard let entry = entry(for: id, at: now) else {
            return Pane.unavailable(context, title: catalog.feature(kind)?.title ?? kind.rawValue, message: failures[id].map { text("unavailable: %1", $0) } ?? text("loading…"))
        }
        var grid = entry.render(in: context)
        if let count = reminders[kind]?.count, id != .detail, context.family.isSystem { markReminders(count, on: &grid) }
        // What a pane shows is its last good read when the store cannot be read now.
        if failures[id] != nil || (storeLost && !(catalog.feature(kind)?.tables.isEmpty ?? true)) {
            // In the bottom border, where no title is; a frameless pane has none to write in,
            // and its data stays whole (the status line says the store is away).
            let mark = " " + text("stale") + " "
            let width = DisplayWidth.of(mark)
            let framed = grid.width > 0 && grid.height > 0 && [BoxCharacters.rounded.bottomRight, BoxCharacters.ascii.bottomRight].map { "\($0)" }.contains(grid[grid.width - 1, grid.height - 1].text)
            if framed && grid.width > width + 4 { grid.write(mark, x: grid.width - width - 2, y: grid.height - 1, style: Style(.danger, [.bold])) }
        }
        return grid
    }

    /// A framed pane's count of reminders, at the left of its bottom border (the top one has the
    /// title and, in some panes, a month; "stale" goes to the right): " 2 reminders ", or " !2 "
    /// where that would take more than half of it. Only framed (system) panes: the lock
    /// screen's frameless ones have no border to write in.
    private func markReminders(_ count: Int, on grid: inout CellGrid) {
        guard grid.width > 8, grid.height > 1 else { return }
        let long = " " + (count == 1 ? text("1 reminder") : text("%1 reminders", "\(count)")) + " "
        let mark = DisplayWidth.of(long) <= grid.width / 2 - 2 ? long : " !\(count) "
        grid.write(mark, x: 2, y: grid.height - 1, style: Style(.warning, [.bold]))
    }

    /// The day in the status line, in the interface's language: "Mon 23 Nov".
    private func statusDate(_ now: Date) -> String { ShortDate.text(now, locale: settings.locale, timeZone: settings.timeZone) }

    private func drawStatusLine(in grid: inout CellGrid, layout: HomeLayout, at now: Date) {
        let row = Rect(x: 0, y: grid.height - 1, width: size.columns, height: 1)
        var right: [String] = []
        if settings.privacy { right.append(text("privacy")) }
        right.append((settings.simulatedClock ? text("simulated") + " " : "") + statusDate(now))
        if layout.pages.count > 1, detail == nil {
            right.append((0..<layout.pages.count).map { $0 == page ? "●" : "○" }.joined(separator: " "))
        }
        // The key bar says these where it is shown.
        if !showsKeyBar { right.append(detail == nil ? text("? help") : text("Esc back") + " · " + text("? help")) }
        let rightText = right.joined(separator: "  ")
        let rightWidth = min(DisplayWidth.of(rightText), max(0, size.columns - 10))
        grid.write(rightText, in: Rect(x: row.maxX - rightWidth, y: row.y, width: rightWidth, height: 1), style: Style(.muted), alignment: .trailing)
        guard let message, messageExpiry.map({ now < $0 }) ?? true else {
            // The store's server away: said for as long as it is, under any other message.
            if storeLost {
                grid.write(text("Store offline: showing the last data, reconnecting by itself."), in: Rect(x: 0, y: row.y, width: max(0, size.columns - rightWidth - 2), height: 1),
                           style: Style(.danger, [.bold]))
            } else if let first = (panes.map(\.kind) + catalog.kinds).lazy.compactMap({ self.reminders[$0]?.first }).first {
                // The first reminder of the screen's first pane that has one (else of any kind),
                // and how many more there are in all, under any message.
                let count = reminders.values.reduce(0) { $0 + $1.count }
                let line = text("Reminder: %1", SafeText.clean(first.title)) + (count > 1 ? " " + text("(+%1 more)", "\(count - 1)") : "")
                grid.write(line, in: Rect(x: 0, y: row.y, width: max(0, size.columns - rightWidth - 2), height: 1), style: Style(.warning))
            }
            return
        }
        let style: Style
        switch message.tone {
        case .info: style = Style(.text)
        case .success: style = Style(.success)
        case .failure: style = Style(.danger, [.bold])
        }
        grid.write(message.text, in: Rect(x: 0, y: row.y, width: max(0, size.columns - rightWidth - 2), height: 1), style: style)
    }
}
