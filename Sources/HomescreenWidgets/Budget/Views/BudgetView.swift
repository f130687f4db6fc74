import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// The budget's views: one method per family (`BudgetView+System.swift`,
/// `BudgetView+Accessory.swift`), sharing the pieces below. Pure: an entry and a context in,
/// a grid of exactly `context.size` out.
struct BudgetView: FamilyViews {
    let entry: BudgetEntry
    let context: WidgetContext
    var strings: BudgetStrings { BudgetStrings.of(context.language) }

    /// "CHF 1 234,50" (masked in privacy mode).
    func money(_ value: Money) -> String {
        Pane.amount(MoneyFormat.full(value, entry.denomination, locale: context.locale, ascii: context.ascii), context)
    }

    var availableText: String { entry.available.map(money) ?? strings.noBudget }

    /// An amount in the widest form that fits `width`: with its currency, the number alone, compact ("8.8M").
    func money(_ value: Money, width: Int) -> String {
        Pane.fitting([money(value), number(value), compact(value)], width: width)
    }

    func number(_ value: Money) -> String { Pane.amount(MoneyFormat.number(value, entry.denomination, locale: context.locale, ascii: context.ascii), context) }
    func compact(_ value: Money) -> String { Pane.amount(MoneyFormat.compact(value, locale: context.locale, ascii: context.ascii), context) }

    func availableText(width: Int) -> String { entry.available.map { money($0, width: width) } ?? strings.noBudget }

    var availableStyle: Style { entry.state == .overBudget ? Style(.danger, [.bold]) : Style(.text, [.bold]) }

    /// The role of the spending bar and percentage: calm, then warning from 80 %, danger over.
    var levelStyle: Style {
        guard let percent = entry.percent else { return Style(.muted) }
        return percent > 100 || entry.state == .overBudget ? Style(.danger, [.bold]) : percent >= 80 ? Style(.warning) : Style(.success)
    }

    var percentText: String { entry.percent.map { Pane.amount(strings.percent($0), context) } ?? "" }

    /// "765,50 / 2 000,00" in the currency, or "Over budget by CHF 50,00".
    /// "CHF 1,517.50 / CHF 3,000.00" in `width` columns: the currency once, then compact
    /// amounts, then what was spent alone, never a number cut.
    func spentOfLimit(width: Int) -> String {
        guard let limit = entry.limit else { return "" }
        let forms: [(Money) -> String] = [money, number, compact]
        let pairs = [(0, 0), (1, 0), (1, 1), (2, 2)].map { forms[$0.0](entry.spent) + " / " + forms[$0.1](limit) }
        return Pane.fitting(pairs + [compact(entry.spent)], width: width)
    }

    var title: String { strings.title }

    /// The header's right side: the month, or the publisher's group.
    var trailing: String {
        let label = SafeText.clean(entry.monthLabel)
        if entry.source == .published, let group = entry.groupName, !group.isEmpty {
            return label.isEmpty ? Pane.name(group, context) : label + Pane.separator(context) + Pane.name(group, context)
        }
        return label
    }

    /// The freshness line of published data ("Aggiornato 5 min fa"); nil for local data.
    var freshnessText: String? {
        if entry.updating { return "updating…" }
        guard let freshness = entry.freshness, let updated = entry.lastUpdated else { return nil }
        switch freshness {
        case .now: return strings.updatedNow
        case .minutes(let minutes): return strings.updatedMinutes(minutes)
        case .hours(let hours): return strings.updatedHours(hours)
        case .stale: return strings.updatedOn(Self.dayAndTime(updated, timeZone: context.timeZone))
        }
    }

    /// "17/01 14:30", the seed's short date of stale data.
    static func dayAndTime(_ date: Date, timeZone: Zone) -> String {
        let (day, seconds) = timeZone.wallClock(date)
        return day.day.zeroPadded(2) + "/" + day.month.zeroPadded(2) + " " + (seconds / 3600).zeroPadded(2) + ":" + (seconds / 60 % 60).zeroPadded(2)
    }

    /// The sentence of a state that has no figures to show, with its style.
    var stateMessage: (text: String, style: Style)? {
        switch entry.state {
        case .ok, .overBudget: return nil
        case .notConfigured: return (strings.notConfigured, Style(.muted, [.bold]))
        case .error: return ((context.ascii ? "! " : "⚠ ") + strings.loadError, Style(.danger, [.bold]))
        case .stale: return ((context.ascii ? "! " : "⚠ ") + strings.stale, Style(.warning, [.bold]))
        }
    }

    /// The line under a state's sentence: the fix, or when the data was last good.
    var stateDetail: String {
        if let problem = entry.problem { return problem }
        if entry.state == .notConfigured, entry.source == .local {
            guard context.isInteractive else {
                return strings.notConfiguredHint.replacingOccurrences(of: "YYYY-MM", with: entry.month.iso).replacingOccurrences(of: "AAAA-MM", with: entry.month.iso)
            }
            return context.hint("set-budget", default: "b", context.language.text("set this month's budget", in: BudgetFeature.words))
        }
        return freshnessText ?? ""
    }

    /// A bar of spent against the limit, full (and in the danger role) when over.
    func bar(width: Int) -> String {
        guard width > 0 else { return "" }
        let filled: Int
        if let limit = entry.limit, limit > .zero {
            filled = Int(min(Int64(width), (entry.spent.capped.cents * Int64(width) + limit.cents / 2) / limit.cents))
        } else {
            filled = 0
        }
        return String(repeating: context.ascii ? "#" : "█", count: filled) + String(repeating: context.ascii ? "-" : "░", count: width - filled)
    }

    /// Draws the bar and the percentage on one row.
    func drawBar(in grid: inout CellGrid, _ rect: Rect) {
        guard !rect.isEmpty else { return }
        let percent = percentText
        let barWidth = max(0, rect.width - DisplayWidth.of(percent) - 1)
        grid.write(bar(width: barWidth), in: Rect(x: rect.x, y: rect.y, width: barWidth, height: 1), style: levelStyle)
        grid.write(percent, in: rect, style: levelStyle, alignment: .trailing)
    }

    /// The big digits of the available amount, when they are drawn at all: never in ASCII or
    /// privacy mode, nor where they do not fit.
    private func bigNumber(width: Int, height: Int) -> String? {
        guard let available = entry.available, !context.ascii, !context.privacy, height >= BigNumber.height + 1 else { return nil }
        let number = MoneyFormat.number(available, entry.denomination, locale: context.locale)
        guard let needed = BigNumber.width(number), needed <= width else { return nil }
        return number
    }

    /// The rows the available amount takes in a `width` × `height` area: 4 in big digits, else 1.
    func availableRows(width: Int, height: Int) -> Int {
        bigNumber(width: width, height: height) == nil ? 1 : BigNumber.height + 1
    }

    /// The available amount in big digits under its currency when they fit, else in bold text.
    func drawAvailable(in grid: inout CellGrid, _ rect: Rect) {
        guard let number = bigNumber(width: rect.width, height: rect.height) else {
            grid.write(availableText(width: rect.width), in: rect.row(0), style: availableStyle)
            return
        }
        grid.write(entry.denomination.label, in: rect.row(0), style: Style(.muted))
        BigNumber.draw(number, in: &grid, x: rect.x, y: rect.y + 1, maxX: rect.maxX, style: availableStyle)
    }

    /// A state's sentence, wrapped and centred in the pane, with its detail under it; stale
    /// data keeps its figures, dimmed, below.
    func drawState(in grid: inout CellGrid, _ rect: Rect, message: (text: String, style: Style)) {
        var lines = DisplayWidth.wrap(message.text, to: rect.width).map { ($0, message.style) }
        let detail = DisplayWidth.wrap(stateDetail, to: rect.width).map { ($0, Style(.muted)) }
        if !detail.isEmpty { lines += [("", Style(.muted))] + detail }
        // Stale data, or a journal that no longer reads: the last good figures under the sentence.
        if entry.state == .stale || entry.state == .error && entry.source == .hledger, entry.limit != nil, rect.height >= lines.count + 4 {
            lines += [("", Style(.muted)), (availableText(width: rect.width - 1 - DisplayWidth.of(strings.left)) + " " + strings.left, Style(.muted)), (spentOfLimit(width: rect.width), Style(.muted))]
        }
        Pane.lines(lines, in: &grid, rect, alignment: context.family.isSystem ? .center : .leading)
    }

    /// The first row of a block `height` rows tall, centred in `rect` (at least `minimum`).
    static func centred(_ height: Int, in rect: Rect, minimum: Int = 0) -> Int {
        rect.y + max(minimum, (rect.height - height) / 2)
    }

    /// One expense row: "17/11  Groceries            CHF 45,20".
    func expenseLine(_ expense: Expense, width: Int) -> String {
        Self.expenseLine(expense, amount: money(expense.amount), width: width, context: context)
    }

    static func expenseLine(_ expense: Expense, amount: String, width: Int, context: WidgetContext) -> String {
        let date = String(format: "%02d/%02d", expense.day.day, expense.day.month)
        let note = expense.note.isEmpty ? (expense.category ?? "") : expense.note
        let noteWidth = max(0, width - DisplayWidth.of(date) - DisplayWidth.of(amount) - 4)
        return date + "  " + DisplayWidth.pad(Pane.name(SafeText.clean(note), context), to: noteWidth) + "  " + amount
    }
}
