import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The card widget's views. System families show the code where it scans (and say
/// "Enter: show QR" where it would not); accessory families show who the card is.
struct CardView: FamilyViews {
    let entry: CardEntry
    let context: WidgetContext

    private var strings: CardStrings { CardStrings.of(context.language) }
    private var card: Card? { entry.card }
    private func name(_ text: String) -> String { Pane.name(text, context) }

    /// The code's picture for a space, nil in privacy mode or when none fits.
    private func picture(in space: CellSize, maxScale: Int = 1) -> QRPicture? {
        guard !context.privacy, let payload = entry.payload else { return nil }
        return QRPicture.fitting(payload.text, in: space, ascii: context.ascii, maxScale: maxScale)
    }

    /// What stands where the code does not: the prompt to open it full screen, or why not.
    private var codePrompt: String { context.privacy ? strings.hidden : strings.showCode }

    private var scanHint: String { entry.payload?.isURL == false ? strings.scanVCard : strings.scanURL }

    /// Name and company lines for a card (company and title when `title`).
    private func identity(_ card: Card, title: Bool = false) -> [(String, Style)] {
        var lines: [(String, Style)] = [(name(card.fullName), Style(.text, [.bold]))]
        if let company = card.company { lines.append((name(company), Style(.text))) }
        if title, let role = card.title { lines.append((name(role), Style(.muted))) }
        return lines
    }

    /// The placeholder lines when there is no card to show.
    private var placeholderLines: [(String, Style)] {
        switch entry.state {
        case .noCards:
            let hint = context.isInteractive ? context.hint("add", default: "n", context.language.text("add a card", in: CardFeature.words))
                : strings.noCardsHint + " --first F --last L"
            return [(strings.noCards, Style(.text, [.bold])), (hint, Style(.muted))]
        case .unavailable: return [(strings.unavailable, Style(.warning, [.bold])), (strings.unavailableHint, Style(.muted))]
        case .card: return []
        }
    }

    /// Writes lines wrapped to the area's width, centred vertically or from its top.
    private func write(_ lines: [(String, Style)], in grid: inout CellGrid, area: Rect, centered: Bool, alignment: Alignment = .center) {
        Pane.lines(Pane.wrapped(lines, width: area.width), in: &grid, area, centred: centered, alignment: alignment)
    }

    // MARK: - System families

    func small() -> CellGrid {
        var (grid, content) = Pane.start(context, title: card.map { name($0.firstName) } ?? strings.title)
        guard let card else {
            write(placeholderLines, in: &grid, area: content, centered: true)
            return grid
        }
        // The quiet zone is the margin: the code may use every cell inside the frame.
        let inside = grid.bounds.inset(dx: 1, dy: 1)
        if let picture = picture(in: CellSize(columns: inside.width, rows: inside.height)) {
            picture.draw(into: &grid, centeredIn: inside)
        } else {
            write(identity(card) + [("", .plain), (codePrompt, Style(.accent, [.bold]))], in: &grid, area: content, centered: true)
        }
        return grid
    }

    func medium() -> CellGrid {
        var (grid, content) = Pane.start(context, title: strings.title)
        guard let card else {
            write(placeholderLines, in: &grid, area: content, centered: true)
            return grid
        }
        let inside = grid.bounds.inset(dx: 1, dy: 1)
        let textWidth = 24
        if let picture = picture(in: CellSize(columns: inside.width - textWidth, rows: inside.height)) {
            let codeWidth = picture.size.columns
            picture.draw(into: &grid, centeredIn: Rect(x: inside.x, y: inside.y, width: codeWidth, height: inside.height))
            let text = Rect(x: inside.x + codeWidth + 1, y: content.y, width: content.maxX - inside.x - codeWidth - 1, height: content.height)
            write(identity(card), in: &grid, area: text, centered: true, alignment: .leading)
        } else {
            write(identity(card) + [("", .plain), (codePrompt, Style(.accent, [.bold]))], in: &grid, area: content, centered: true)
        }
        return grid
    }

    func large() -> CellGrid {
        if context.detail { return detail() }
        var (grid, content) = Pane.start(context, title: strings.title)
        guard let card else {
            write(placeholderLines, in: &grid, area: content, centered: true)
            return grid
        }
        let inside = grid.bounds.inset(dx: 1, dy: 1)
        var contact: [(String, Style)] = []
        let reach = [card.email, card.phone].compactMap { $0 }.map(name).joined(separator: Pane.separator(context))
        if !reach.isEmpty { contact.append((reach, Style(.muted))) }
        // Every detail under the code when there is room, else the name alone, else no code.
        let full = identity(card, title: true) + contact + [("", .plain), (scanHint, Style(.accent))]
        let short = [identity(card)[0], (scanHint, Style(.accent))]
        // Measured wrapped, so a long name or company never pushes the hint out of the pane.
        for lines in [full, short].map({ Pane.wrapped($0, width: content.width) }) {
            let codeRows = inside.height - lines.count
            guard let picture = picture(in: CellSize(columns: inside.width, rows: codeRows)) else { continue }
            let codeHeight = picture.size.rows
            let top = inside.y + max(0, (inside.height - codeHeight - lines.count) / 2)
            picture.draw(into: &grid, centeredIn: Rect(x: inside.x, y: top, width: inside.width, height: codeHeight))
            write(lines, in: &grid, area: Rect(x: content.x, y: top + codeHeight, width: content.width, height: lines.count), centered: false)
            return grid
        }
        write(identity(card, title: true) + contact + [("", .plain), (codePrompt, Style(.accent, [.bold]))], in: &grid, area: content, centered: true)
        return grid
    }

    /// Enter: the code full screen, as large as the screen allows, the card's name under it.
    private func detail() -> CellGrid {
        var (grid, content) = Pane.start(context, title: card.map { name($0.fullName) } ?? strings.title)
        guard let card, let payload = entry.payload else {
            write(placeholderLines, in: &grid, area: content, centered: true)
            return grid
        }
        let inside = grid.bounds.inset(dx: 1, dy: 1)
        // The name is the frame's title; company and title on one line under the code.
        let role = [card.company, card.title].compactMap { $0 }.map(name).joined(separator: Pane.separator(context))
        var lines: [(String, Style)] = role.isEmpty ? [] : [(role, Style(.text))]
        lines.append((scanHint, Style(.accent, [.bold])))
        if payload.isURL, !context.privacy { lines.append((payload.text, Style(.muted))) }
        lines = Pane.wrapped(lines, width: content.width)
        if let picture = picture(in: CellSize(columns: inside.width, rows: inside.height - lines.count), maxScale: 8) {
            let codeHeight = picture.size.rows
            let top = inside.y + max(0, (inside.height - codeHeight - lines.count) / 2)
            picture.draw(into: &grid, centeredIn: Rect(x: inside.x, y: top, width: inside.width, height: codeHeight))
            write(lines, in: &grid, area: Rect(x: content.x, y: top + codeHeight, width: content.width, height: lines.count), centered: false)
            return grid
        }
        let reason: String
        if context.privacy {
            reason = strings.hidden
        } else if let smallest = QRPicture.smallest(payload.text, ascii: context.ascii) {
            reason = strings.needs(smallest.columns + 2, smallest.rows + lines.count + 2 + 1)
        } else {
            reason = strings.tooLong
        }
        write(identity(card) + [("", .plain), (reason, Style(.warning, [.bold]))], in: &grid, area: content, centered: true)
        return grid
    }

    // MARK: - Accessory families

    func rectangular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let lines = card.map { identity($0, title: true) } ?? placeholderLines.prefix(1).map { $0 }
        write(lines, in: &grid, area: grid.bounds, centered: true, alignment: .leading)
        return grid
    }

    func circular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        guard let middle = Ring.draw(in: &grid, context) else { return grid }
        let initials = card.map { context.privacy ? "••" : String($0.firstName.prefix(1) + $0.lastName.prefix(1)).uppercased() } ?? "—"
        grid.write(initials, in: middle.offsetBy(dy: context.density == .compact ? 0 : -1), style: Style(card == nil ? .muted : .accent, [.bold]), alignment: .center)
        Ring.label([strings.title, strings.shortTitle], in: &grid, middle: middle)
        return grid
    }

    func inline() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: 1)
        let text: String
        if let card {
            text = ([name(card.fullName)] + [card.company].compactMap { $0 }.map(name)).joined(separator: Pane.separator(context))
        } else {
            text = strings.title + ": " + (placeholderLines.first?.0 ?? "")
        }
        grid.write(text, in: grid.bounds.row(0), style: Style(card == nil ? .muted : .text))
        return grid
    }
}
