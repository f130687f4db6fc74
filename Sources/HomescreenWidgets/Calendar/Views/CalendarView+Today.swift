import HomescreenRender
import HomescreenHosting
import HomescreenWidgetCore

/// Today in the small pane and on the lock screen: the solar date, the lunar date, can-chi.
extension CalendarView {
    func small() -> CellGrid {
        var (grid, content) = Pane.start(context, title: words.title)
        let number = "\(day.date.day)"
        let big = !isCompact && !context.ascii && content.height >= 12 ? BigNumber.rows(number) : nil
        var lines: [(String, Style)] = [(words.weekdays[day.dayOfWeek], solarStyle(asWeekday))]
        if big != nil {
            lines += [("", .plain), ("", .plain), ("", .plain), ("", .plain), ("", .plain), (words.monthTitle(day.date.month, day.date.year), Style(.text))]
        } else {
            lines.append((dmy(day.date), Style(.text, [.bold])))
        }
        if isCompact {
            lines += [(words.lunarShort + " " + day.lunar.dayMonth, Style(.accent, [.bold])), (entry.canChiYear, Style(.text))]
            if let next = entry.nextEventThisWeek { lines.append((eventLine(next, width: content.width), Style(.accent, [.bold]))) }
        } else {
            lines += [("", .plain), (words.lunar + " " + day.lunar.dayMonth, Style(.accent, [.bold])), (words.lunarMonth(day.lunar), Style(.text)),
                      (capitalized(words.fill(words.yearOf, entry.canChiYear)), Style(.text)), (words.fill(words.dayOf, entry.canChiDay), Style(.muted))]
            if let next = entry.nextEventThisWeek {
                lines += [("", .plain), (eventMark + " " + DisplayWidth.truncate(next.title, to: max(1, content.width - 2)), Style(.accent, [.bold])),
                          (daysLeft(next.date), Style(.accent))]
            } else if let next = entry.holidays.first {
                lines += [("", .plain), (holidayText(next), Style(.muted))]
            }
        }
        let top = Pane.lines(lines, in: &grid, content, alignment: .center)
        if let big, let width = big.first.map(DisplayWidth.of) {
            BigNumber.draw(number, in: &grid, x: content.x + (content.width - width) / 2, y: top + 2, maxX: content.x + content.width, style: solarStyle(asWeekday))
        }
        tintNextEventMark(&grid)
        return grid
    }

    /// The next event's mark in its calendar's color (a vdir's `color` file), as the month's
    /// marks are: the first mark drawn, the one of the next event's line (nothing else here
    /// draws one); an ASCII pane keeps the accent.
    private func tintNextEventMark(_ grid: inout CellGrid) {
        guard !context.ascii, let color = entry.nextEventThisWeek?.color else { return }
        for y in 0..<grid.height {
            for x in 0..<grid.width where grid[x, y].text == eventMark {
                grid.write(eventMark, x: x, y: y, style: grid[x, y].style.tinted(color))
                return
            }
        }
    }

    /// "năm Bính Ngọ" → "Năm Bính Ngọ" at the start of a line.
    private func capitalized(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() }

    /// The day's style as a weekday (Sunday red, Saturday blue), without the today block.
    private var asWeekday: CalendarDay { CalendarDay(date: day.date, lunar: day.lunar, isCurrentMonth: true, isToday: false) }

    /// "Ông Công ông Táo: còn 50 ngày", "Quốc khánh (National Day): in 3 days".
    private func holidayText(_ occurrence: Holiday.Occurrence) -> String { words.holidayName(occurrence.holiday) + ": " + daysLeft(occurrence.date) }

    func rectangular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        let weekday = words.weekdayHeaders[(day.dayOfWeek + 6) % 7]
        var lines: [(String, Style)] = [
            (weekday + " " + dmy(day.date), Style(.text, [.bold])),
            (words.lunar + " " + day.lunar.dayMonth + " " + entry.canChiYear, Style(.accent, [.bold])),
            (words.fill(words.dayOf, entry.canChiDay), Style(.text)),
            (words.solarTermShort + " " + entry.solarTerm, Style(.muted)),
        ]
        if let next = entry.nextEventThisWeek {
            lines.append((eventLine(next, width: grid.width, separator: ": "), Style(.accent, [.bold])))
        } else if let next = entry.holidays.first {
            lines.append((holidayText(next), Style(.muted)))
        }
        if isCompact {
            lines = [(weekday + " " + "\(day.date.day)/\(day.date.month)", Style(.text, [.bold])), (words.lunarShort + " " + day.lunar.dayMonth, Style(.accent, [.bold])),
                     entry.nextEventThisWeek.map { (eventLine($0, width: grid.width), Style(.accent)) } ?? (entry.canChiYear, Style(.text))]
        }
        Pane.lines(lines, in: &grid, grid.bounds)
        tintNextEventMark(&grid)
        return grid
    }

    func circular() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: context.size.rows)
        guard let middle = Ring.draw(in: &grid, context)?.inset(dx: 1, dy: 0) else {
            grid.write(day.lunar.dayMonth, in: grid.bounds, style: Style(.accent, [.bold]), alignment: .center)
            return grid
        }
        if !isCompact { grid.write(words.lunarShort, in: middle.offsetBy(dy: -2), style: Style(.muted), alignment: .center) }
        grid.write(day.lunar.dayMonth, in: middle.offsetBy(dy: isCompact ? -1 : 0), style: Style(.accent, [.bold]), alignment: .center)
        let label = (isCompact ? "" : words.weekdayHeaders[(day.dayOfWeek + 6) % 7] + " ") + "\(day.date.day)/\(day.date.month)"
        grid.write(label, in: middle.offsetBy(dy: 1), style: Style(.muted), alignment: .center)
        // The next event within a week: its mark and days left ("• 3 ngày", "• hôm nay").
        if let next = entry.nextEventThisWeek, !isCompact {
            let days = next.date.dayNumber - entry.selected.dayNumber
            grid.write(eventMark + " " + words.days(days), in: middle.offsetBy(dy: 2), style: Style(.accent, [.bold]), alignment: .center)
        }
        tintNextEventMark(&grid)
        return grid
    }

    /// "CN 22/11 · Âm lịch 14/10 Bính Ngọ".
    func inline() -> CellGrid {
        var grid = CellGrid(width: context.size.columns, height: max(1, context.size.rows))
        let weekday = words.weekdayHeaders[(day.dayOfWeek + 6) % 7]
        let solar = weekday + " \(day.date.day)/\(day.date.month)" + Pane.separator(context)
        let lunar = day.lunar.dayMonth + " " + entry.canChiYear
        let short = words.lunarShort + " " + lunar
        var candidates = [solar + words.lunar + " " + lunar, solar + short, short]
        // The next event within a week goes after the date: with the longest date that leaves
        // room for the whole title, else after the shortest date with the title shortened.
        if let next = entry.nextEventThisWeek {
            let separator = Pane.separator(context)
            let whole = candidates.map { $0 + separator + eventMark + " " + SafeText.clean(next.title) + " " + daysLeft(next.date) }
            let shortest = candidates[candidates.count - 1]
            let room = grid.width - DisplayWidth.of(shortest + separator)
            let shortened = room >= DisplayWidth.of(eventMark + " " + daysLeft(next.date)) + 6 ? [shortest + separator + eventLine(next, width: room)] : []
            candidates = whole + shortened + candidates
        }
        let text = candidates.first { DisplayWidth.of($0) <= grid.width } ?? short
        grid.write(text, in: grid.bounds.row(0), style: Style(.text))
        tintNextEventMark(&grid)
        return grid
    }
}
