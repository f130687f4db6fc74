import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// The calendar's views. Medium is seed 003's widget: the header ("Tháng 2, 2026" and
/// "Tháng Giêng Bính Ngọ"), T2 … CN, and 42 cells with the solar day over the lunar day; today
/// in the today role, Saturdays and Sundays in theirs, days off (public holidays, announced
/// days) in Sunday's as Vietnamese calendars print them red, days of other months muted. Compact
/// panes have one row per week, framed where the month fits inside a frame.
/// Its words follow the interface language (`CalendarWords`); the names that are Vietnamese by
/// nature (can chi, solar terms, lunar months) stay, behind translated labels.
struct CalendarView: FamilyViews {
    let entry: CalendarEntry
    let context: WidgetContext

    /// The kind's name where no language is chosen (the catalog's, the CLI's).
    static let title = CalendarWords.vietnamese.title
    var words: CalendarWords { CalendarWords.of(context.language) }
    /// The narrowest cell that holds a framed two-row week (day, lunar "30/12N").
    static let roomyCellWidth = 8

    var day: CalendarDay { entry.selectedDay }

    func medium() -> CellGrid {
        var (grid, content) = start()
        drawMonth(in: &grid, content)
        return grid
    }

    func large() -> CellGrid {
        var (grid, content) = start()
        // The details want 16 rows (6 lines, the list's title and 7 dates, 2 spaces).
        let twoRows = content.width >= 7 * Self.roomyCellWidth && content.height >= 16 + 6
        let monthHeight = !twoRows ? 8 : [3, 2].map { Self.monthHeight(rowsPerWeek: $0) }.first { $0 <= content.height - 17 } ?? 14
        // Never taller than the pane's inside: the frame stays whole in a short terminal.
        drawMonth(in: &grid, Rect(x: content.x, y: content.y, width: content.width, height: min(monthHeight, content.height)))
        let rule = content.y + monthHeight + (twoRows ? 0 : 1)
        if twoRows { grid.write(String(repeating: context.ascii ? "-" : "─", count: content.width), x: content.x, y: rule, style: Style(.border)) }
        drawDetails(in: &grid, Rect(x: content.x, y: rule + 1, width: content.width, height: max(0, content.y + content.height - rule - 1)))
        return grid
    }

    /// A framed pane where two-row cells fit or a home-screen pane holds the month with one
    /// row a week (header, weekdays, six weeks; five columns a day) inside a frame, the whole
    /// pane otherwise.
    private func start() -> (CellGrid, Rect) {
        let roomy = context.size.columns - 4 >= 7 * Self.roomyCellWidth
        let grown = context.family.isSystem && context.size.columns >= 4 + 7 * 5 && context.size.rows >= 2 + 8
        if roomy || grown { return Pane.start(context, title: words.title, trailing: context.detail ? hint : nil) }
        let grid = CellGrid(width: context.size.columns, height: context.size.rows)
        return (grid, grid.bounds)
    }

    /// The full-screen view's keys, in the interface language (the calendar's names stay Vietnamese).
    private var hint: String {
        switch context.language {
        case .english: return "←/→ day · ↑/↓ week · PgUp/PgDn month · Esc"
        case .french: return "←/→ jour · ↑/↓ semaine · PgUp/PgDn mois · Échap"
        case .italian: return "←/→ giorno · ↑/↓ settimana · PgUp/PgDn mese · Esc"
        case .vietnamese: return "←/→ ngày · ↑/↓ tuần · PgUp/PgDn tháng · Esc"
        }
    }

    // MARK: - The month grid

    /// Header, space, weekdays, space and six weeks (the last week's spacing row left out).
    static func monthHeight(rowsPerWeek: Int) -> Int { 4 + 6 * rowsPerWeek - (rowsPerWeek == 3 ? 1 : 0) }

    /// The header, the weekday row and six weeks: each week three rows (solar day, lunar day,
    /// space) where the height allows, two in the seed's medium pane, one in compact panes.
    private func drawMonth(in grid: inout CellGrid, _ rect: Rect) {
        guard rect.width >= 14, rect.height >= 3 else { return }
        drawHeader(in: &grid, rect.row(0))
        let cellWidth = rect.width / 7
        let rowsPerWeek = cellWidth < Self.roomyCellWidth ? 1 : rect.height >= Self.monthHeight(rowsPerWeek: 3) ? 3 : rect.height >= 14 ? 2 : 1
        let gap = rect.height >= Self.monthHeight(rowsPerWeek: rowsPerWeek) ? 1 : 0
        let left = rect.x + (rect.width - 7 * cellWidth) / 2
        let weekdayRow = rect.y + 1 + gap
        for (column, name) in words.weekdayHeaders.enumerated() {
            let style = column == 6 ? Style(.sunday, [.bold]) : column == 5 ? Style(.saturday, [.bold]) : Style(.muted, [.bold])
            let width = rowsPerWeek == 1 ? 2 : cellWidth - 1
            grid.write(name, in: Rect(x: left + column * cellWidth, y: weekdayRow, width: width, height: 1), style: style, alignment: .center)
        }
        let firstWeek = weekdayRow + 1 + gap
        for (index, cell) in entry.days.enumerated() {
            let y = firstWeek + (index / 7) * rowsPerWeek, x = left + (index % 7) * cellWidth
            guard y < rect.y + rect.height else { break }
            if rowsPerWeek > 1 {
                let solar = centered("\(cell.date.day)", cellWidth - 1)
                grid.write(solar, x: x, y: y, style: solarStyle(cell))
                // A day with the person's events: a mark after the day, in the event role.
                if cell.eventCount > 0 {
                    let end = DisplayWidth.of(solar.trimmingCharacters(in: .whitespaces)) + (cellWidth - 1 - DisplayWidth.of("\(cell.date.day)")) / 2
                    grid.write(eventMark, x: x + min(end, cellWidth - 2), y: y, style: markStyle(cell.eventColor))
                }
                grid.write(centered(cell.lunarText, cellWidth - 1), x: x, y: y + 1, style: lunarStyle(cell))
            } else {
                // "17₂₉": the solar day right-aligned in two columns, the lunar day after it in
                // subscript digits, so the two cannot be read as one run of numbers ("₁/₁₀" marks
                // a lunar month's first day where it fits). ASCII keeps "17 29".
                // The lunar text ends a column before the next cell ("9₁/₁₀" needs six columns).
                let fits = DisplayWidth.of(cell.lunarText) <= cellWidth - (context.ascii ? 4 : 3)
                let lunar = context.ascii ? (fits ? cell.lunarText : "\(cell.lunar.day)") : Self.subscriptDigits(fits ? cell.lunarText : "\(cell.lunar.day)")
                grid.write(cell.date.day < 10 ? " \(cell.date.day)" : "\(cell.date.day)", x: x, y: y, style: solarStyle(cell))
                grid.write(lunar, x: x + (context.ascii ? 3 : 2), y: y, style: lunarStyle(cell), maxX: x + cellWidth - (context.ascii ? 1 : 0))
                // One row a week: the mark right after the lunar day where the cell has room
                // for it and a space before the next cell; the solar day is underlined always.
                let markX = (context.ascii ? 3 : 2) + DisplayWidth.of(lunar)
                if cell.eventCount > 0 && markX < cellWidth - 1 {
                    grid.write(eventMark, x: x + markX, y: y, style: markStyle(cell.eventColor))
                }
            }
        }
    }

    /// "Tháng 2, 2026" on the left, "Tháng Giêng Bính Ngọ" on the right (shorter if need be).
    private func drawHeader(in grid: inout CellGrid, _ row: Rect) {
        let month = words.monthTitle(entry.month.month, entry.month.year)
        grid.write(month, in: row, style: Style(.accent, [.bold]))
        let room = row.width - DisplayWidth.of(month) - 2
        let lunar = LunarNames.month(entry.selectedLunar.month) + (entry.selectedLunar.isLeapMonth ? " " + words.leap + " " : " ") + entry.canChiYear
        if let text = [words.lunarMonth(entry.selectedLunar) + " " + entry.canChiYear, lunar, entry.canChiYear].first(where: { DisplayWidth.of($0) <= room }) {
            grid.write(text, in: row, style: Style(.text), alignment: .trailing)
        }
    }

    private func isSelected(_ cell: CalendarDay) -> Bool { context.detail && cell.date == entry.selected && !cell.isToday }

    /// The mark of a day with events.
    var eventMark: String { context.ascii ? "*" : "•" }

    /// The mark's style: `base`, in the color of the event's calendar (a vdir's `color` file)
    /// where it has one; an ASCII pane keeps the role (and a terminal without colors does).
    func markStyle(_ color: RGB?, _ base: Style = Style(.accent, [.bold])) -> Style {
        context.ascii ? base : base.tinted(color)
    }

    func solarStyle(_ cell: CalendarDay) -> Style {
        var style = plainSolarStyle(cell)
        if cell.eventCount > 0 { style.attributes.insert(.underline) }
        return style
    }

    private func plainSolarStyle(_ cell: CalendarDay) -> Style {
        if cell.isToday { return Style(.today, [.bold, .reverse]) }
        if isSelected(cell) { return Style(.focus, [.bold, .reverse]) }
        // Dim as well as muted: at 8 and 16 colors the muted gray can fall on a weekend's hue.
        if !cell.isCurrentMonth { return Style(.muted, [.dim]) }
        // No attributes of their own: without color, the roles' own (bold, underline) tell
        // Sunday and Saturday from the weekdays.
        if cell.dayOff != nil { return Style(.sunday) }
        switch cell.dayOfWeek {
        case 0: return Style(.sunday)
        case 6: return Style(.saturday)
        default: return Style(.text)
        }
    }

    func lunarStyle(_ cell: CalendarDay) -> Style {
        if cell.isToday { return Style(.today, [.reverse]) }
        if isSelected(cell) { return Style(.focus, [.reverse]) }
        if !cell.isCurrentMonth { return Style(.muted, [.dim]) }
        return cell.lunar.day == 1 ? Style(.accent) : Style(.muted)
    }

    /// Digits as subscripts ("1/10" → "₁/₁₀").
    static func subscriptDigits(_ text: String) -> String {
        String(text.unicodeScalars.map { scalar in
            ("0"..."9").contains(scalar) ? Character(UnicodeScalar(0x2080 + scalar.value - 0x30)!) : Character(scalar)
        })
    }

    private func centered(_ text: String, _ width: Int) -> String {
        let left = max(0, (width - DisplayWidth.of(text)) / 2)
        return String(repeating: " ", count: left) + text + String(repeating: " ", count: max(0, width - left - DisplayWidth.of(text)))
    }

    // MARK: - The day's details

    /// "Chủ nhật, 22/11/2026".
    var solarLine: String { words.weekdays[day.dayOfWeek] + ", " + dmy(day.date) }
    /// "Ngày 3 tháng Mười năm Bính Ngọ", "Day 3 month Mười year Bính Ngọ".
    var lunarLine: String {
        words.fill(words.dayOf, "\(day.lunar.day)") + " " + words.fill(words.monthOf, LunarNames.month(day.lunar.month))
            + (day.lunar.isLeapMonth ? " " + words.leap : "") + " " + words.fill(words.yearOf, entry.canChiYear)
    }

    func dmy(_ date: LocalDate) -> String { String(format: "%02d/%02d/%04d", date.day, date.month, date.year) }

    /// "Ngày hoàng đạo (Ngọc Đường)".
    var qualityText: String {
        (entry.dayQuality.isAuspicious ? words.auspiciousDay : words.inauspiciousDay) + " (\(entry.dayQuality.spiritName))"
    }

    /// "Giờ hoàng đạo: Dần (3–5), Mão (5–7), …", or the names alone where the hours do not fit.
    func hoursText(width: Int) -> String {
        let hours = entry.auspiciousHours
        let short = words.goodHours + ": " + hours.map(\.name).joined(separator: " ")
        return [words.auspiciousHours + ": " + hours.map(\.label).joined(separator: ", "), words.auspiciousHours + ": " + hours.map(\.name).joined(separator: ", "),
                short].first { DisplayWidth.of($0) <= width } ?? short
    }

    /// "còn 3 ngày", "hôm nay", "2 ngày trước": counted from the real today, whichever day
    /// the month view has chosen.
    func daysLeft(_ date: LocalDate) -> String {
        words.daysLeft(date.dayNumber - entry.today.dayNumber)
    }

    /// "• Giỗ ông nội còn 3 ngày" in `width` columns: the title shortened with "…" so that the
    /// days left always show.
    func eventLine(_ event: UpcomingDate, width: Int, separator: String = " ") -> String {
        let tail = separator + daysLeft(event.date)
        let room = width - DisplayWidth.of(eventMark + " ") - DisplayWidth.of(tail)
        // Measured as drawn: control characters become visible replacements first.
        return eventMark + " " + DisplayWidth.truncate(SafeText.clean(event.title), to: max(1, room)) + tail
    }

    /// The day's holidays, "Quốc khánh (National Day) · day off", and where the day is off for
    /// a holiday on another day, "Day off: Tết Nguyên Đán (Lunar New Year)".
    var holidayLines: [(String, Style)] {
        let named = day.holidays.map { holiday in
            holiday.isDayOff ? (words.holidayName(holiday) + " · " + words.dayOff, Style(.sunday, [.bold])) : (words.holidayName(holiday), Style(.accent))
        }
        guard let dayOff = day.dayOff, !day.holidays.contains(dayOff) else { return named }
        return named + [(words.fill(words.dayOffFor, words.holidayName(dayOff)), Style(.sunday, [.bold]))]
    }

    private func drawDetails(in grid: inout CellGrid, _ rect: Rect) {
        var lines: [(String, Style)] = [((entry.selected == entry.today ? words.today + " · " : "") + solarLine, Style(.accent, [.bold]))] + holidayLines + [
            (words.lunar + ": " + lunarLine, Style(.text)),
            ([words.fill(words.dayOf, entry.canChiDay), words.fill(words.monthOf, entry.canChiMonth), words.fill(words.yearOf, entry.canChiYear)].joined(separator: " · "), Style(.text)),
        ]
        // The solar term and the day's quality on one line where they fit, else on two.
        let term = words.solarTerm + ": " + entry.solarTerm
        if DisplayWidth.of(term + " · " + qualityText) <= rect.width {
            lines.append((term + " · " + qualityText, Style(.text)))
        } else {
            lines += [(term, Style(.text)), (qualityText, Style(.text))]
        }
        lines.append((hoursText(width: rect.width), Style(.text)))
        // The day's own events, under its details: as many as leave room for the list's title
        // and three coming dates (at least three), then how many more.
        let room = max(3, rect.height - lines.count - 5)
        let shown = entry.dayEvents.prefix(entry.dayEvents.count > room ? room - 1 : room)
        let firstEvent = lines.count
        lines += shown.map { (eventMark + " " + ($0.time.map { "\($0) " } ?? "") + $0.event.title, Style(.accent, [.bold])) }
        if entry.dayEvents.count > shown.count { lines.append((words.moreEvents(entry.dayEvents.count - shown.count), Style(.muted))) }
        for (row, line) in lines.enumerated() where row < rect.height {
            grid.write(line.0, in: rect.row(row), style: line.1)
        }
        // Each event's mark in its calendar's color.
        for (offset, occurrence) in shown.enumerated() where firstEvent + offset < rect.height && rect.width > 0 {
            if let color = occurrence.event.calendarColor { grid.write(eventMark, x: rect.x, y: rect.y + firstEvent + offset, style: markStyle(color)) }
        }
        let list = lines.count + 1
        guard rect.height > list + 1 else { return }
        grid.write(words.comingUp, in: rect.row(list), style: Style(.muted, [.bold]))
        // The dates take 32 columns where the row is wide; the title the rest (at least 19).
        let datesWidth = 32
        for (index, coming) in entry.upcoming.prefix(rect.height - list - 1).enumerated() {
            let row = rect.row(list + 1 + index)
            let isToday = coming.date == entry.today
            let when = daysLeft(coming.date)
            let lunar = coming.lunar.dayMonth + " " + words.lunarShort + " · ", time = coming.time.map { " \($0)" } ?? ""
            let whenWidth = DisplayWidth.of(when)
            let wide = row.width >= 60
            // A fixed column for the days left ("còn 999 ngày"), so the dates line up.
            let nameWidth = wide ? max(19, row.width - datesWidth - 14) : row.width - whenWidth - 1
            // A holiday labelled in the interface's language; a day off says so where it fits.
            let title = coming.holiday.map(words.holidayName) ?? coming.title
            let name = coming.isPersonal ? eventMark + " " + title
                : coming.isDayOff ? Pane.fitting([title + " · " + words.dayOff, title], width: max(0, nameWidth)) : title
            let style: Style = isToday ? Style(.today, [.bold]) : coming.isPersonal ? Style(.accent) : coming.isDayOff ? Style(.sunday) : Style(.text)
            grid.write(name, in: Rect(x: row.x, y: row.y, width: max(0, nameWidth), height: 1), style: style)
            if coming.isPersonal, let color = coming.color, nameWidth > 0 { grid.write(eventMark, x: row.x, y: row.y, style: markStyle(color, style)) }
            if wide {
                // Shorter dates rather than a date cut: without the weekday, then the solar date alone.
                let room = row.width - nameWidth - whenWidth - 2
                let dates = Pane.fitting([lunar + words.weekdays[coming.date.weekday] + " " + dmy(coming.date) + time, lunar + dmy(coming.date) + time,
                                          dmy(coming.date) + time, ""], width: room)
                grid.write(dates, in: Rect(x: row.x + nameWidth + 1, y: row.y, width: room, height: 1), style: Style(.muted))
            }
            grid.write(when, in: row, style: Style(isToday ? .today : .muted), alignment: .trailing)
        }
    }
}
