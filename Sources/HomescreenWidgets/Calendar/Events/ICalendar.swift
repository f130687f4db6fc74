import Foundation
import Glibc
import HomescreenStore
import HomescreenHosting
import HomescreenWidgetCore

/// RFC 5545 (iCalendar) for events, both ways, written by hand: no iCalendar library is in the
/// package list. Export: a lunar anniversary becomes one all-day VEVENT per lunar year (phones
/// cannot repeat by the lunar date), with the UID `<event uid>-<lunar year>` and X-HOMESCREEN-*
/// properties that let an import rebuild the anniversary; a solar event becomes one VEVENT
/// with its RRULE and EXDATEs. Import reads VEVENTs with DTSTART (date, floating, UTC or TZID
/// date-time), RRULE (the `RecurrenceRule` subset), EXDATE and RECURRENCE-ID.
public enum ICalendar {
    // MARK: - Export

    /// The calendar for `events`, lunar anniversaries from the lunar year holding `today` for
    /// `years` years.
    /// A timed event is written on its zone's clock (`DTSTART;TZID=…`, with a VTIMEZONE for
    /// each zone, so a repeating one follows that zone's wall clock across daylight saving
    /// changes wherever it is read); one without a zone (floating) in `timeZone`'s; a UTC one
    /// with `Z`. A length is written as DTEND (all day) or DURATION (timed). A date or local
    /// UNTIL of a timed rule is written in UTC, as RFC 5545 asks with a zone.
    public static func export(_ events: [CalendarEvent], today: LocalDate, years: Int, timeZone: Zone) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homescreen//Lich Viet//VI", "CALSCALE:GREGORIAN"]
        let firstYear = VietnameseCalendar.lunarDate(for: today)?.year ?? today.year
        // Each zone's first year among the events on its clock, for its VTIMEZONE.
        var zones: [String: Int] = [:]
        for event in events {
            guard case .solar(let start, .some, _, _) = event.when else { continue }
            let zone = event.zone.isEmpty ? timeZone.identifier : event.zone
            if zone != "UTC" && zone != "GMT" { zones[zone] = min(zones[zone] ?? start.year, start.year) }
        }
        for (zone, year) in zones.sorted(by: { $0.key < $1.key }) {
            if let known = Zone(identifier: zone) { lines += vtimezone(known, from: year, through: max(year, today.year + years)) }
        }
        for event in events {
            let stamp = "DTSTAMP:" + utcStamp(event.createdAt)
            var common = ["SUMMARY:" + escape(event.title)]
            if !event.note.isEmpty { common.append("DESCRIPTION:" + escape(event.note)) }
            switch event.when {
            case .lunar(let month, let day, let leap, let first):
                let from = max(firstYear, first ?? firstYear), to = firstYear + years - 1
                guard from <= to, let start = LunarYearSpan(year: from), let end = LunarYearSpan(year: to) else { continue }
                for date in event.days(in: start.first...end.last, timeZone: timeZone) {
                    guard let lunar = VietnameseCalendar.lunarDate(for: date) else { continue }
                    lines += ["BEGIN:VEVENT", "UID:" + escape("\(event.uid)-\(lunar.year)"), stamp,
                              "DTSTART;VALUE=DATE:" + basic(date), "DTEND;VALUE=DATE:" + basic(date.adding(days: 1))] + common
                    lines += ["X-HOMESCREEN-EVENT:" + escape(event.uid), "X-HOMESCREEN-LUNAR:\(day)/\(month)"]
                    if leap { lines.append("X-HOMESCREEN-LUNAR-LEAP:TRUE") }
                    if let first { lines.append("X-HOMESCREEN-LUNAR-FIRST-YEAR:\(first)") }
                    lines.append("END:VEVENT")
                }
            case .solar(let start, let time, let rule, let except):
                lines += ["BEGIN:VEVENT", "UID:" + escape(event.uid), stamp]
                var rule = rule
                if let time {
                    let zone = event.zone.isEmpty ? timeZone.identifier : event.zone, utc = zone == "UTC" || zone == "GMT"
                    let clock = Zone(identifier: zone) ?? timeZone
                    // DTSTART;TZID=Europe/Berlin:20261103T090000, or DTSTART:20261103T090000Z.
                    let property = { (name: String) in utc ? name + ":" : name + ";TZID=" + zone + ":" }
                    let at = { (day: LocalDate) in basic(day) + String(format: "T%02d%02d00", time.hour, time.minute) + (utc ? "Z" : "") }
                    lines.append(property("DTSTART") + at(start))
                    if case .minutes(let minutes)? = event.length { lines.append("DURATION:PT\(minutes)M") }
                    if var parsed = try? RecurrenceRule(parsing: rule), let until = parsed.until, parsed.untilClock?.utc != true {
                        let end = clock.instant(until, seconds: parsed.untilClock?.seconds ?? 86_399)
                        let day = LocalDate(end, in: Zone.utc)
                        parsed.until = day
                        parsed.untilClock = RecurrenceRule.UntilClock(seconds: Int(end.timeIntervalSince1970) - day.dayNumber * 86_400, utc: true)
                        rule = parsed.description
                    }
                    if !except.isEmpty { lines.append(property("EXDATE") + except.map(at).joined(separator: ",")) }
                } else {
                    let days = event.length.map { max(1, $0.minutes / 1440) } ?? 1
                    lines += ["DTSTART;VALUE=DATE:" + basic(start), "DTEND;VALUE=DATE:" + basic(start.adding(days: days))]
                    if !except.isEmpty { lines.append("EXDATE;VALUE=DATE:" + except.map(basic).joined(separator: ",")) }
                }
                if !rule.isEmpty { lines.append("RRULE:" + rule) }
                lines += common + ["END:VEVENT"]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    /// A VTIMEZONE for `zone` from the tz database: its name, and one observance for the offset
    /// in force on 1 January of `from` and for each change of offset through `through` (RFC
    /// 5545 §3.6.5; an observance's DTSTART is on the clock it changes from).
    static func vtimezone(_ zone: Zone, from: Int, through: Int) -> [String] {
        guard let first = LocalDate(year: from, month: 1, day: 1), let last = LocalDate(year: through + 1, month: 1, day: 1) else { return [] }
        func offset(_ seconds: Int) -> String {
            String(format: "%@%02d%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) / 60 % 60)
        }
        func observance(at instant: Date, from before: Int) -> [String] {
            let after = zone.secondsFromGMT(for: instant)
            let wall = instant.addingTimeInterval(Double(before))
            let kind = zone.isDaylightSavingTime(for: instant) ? "DAYLIGHT" : "STANDARD"
            return ["BEGIN:" + kind, "DTSTART:" + String(utcStamp(wall).dropLast()), "TZOFFSETFROM:" + offset(before), "TZOFFSETTO:" + offset(after)]
                + (zone.abbreviation(for: instant).map { ["TZNAME:" + escape($0)] } ?? []) + ["END:" + kind]
        }
        let start = Date(timeIntervalSince1970: Double(first.dayNumber * 86_400) - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(first.dayNumber * 86_400)))))
        var lines = ["BEGIN:VTIMEZONE", "TZID:" + zone.identifier] + observance(at: start, from: zone.secondsFromGMT(for: start))
        let end = Date(timeIntervalSince1970: Double(last.dayNumber * 86_400))
        var after = start
        while let change = zone.nextDaylightSavingTimeTransition(after: after), change < end {
            lines += observance(at: change, from: zone.secondsFromGMT(for: change.addingTimeInterval(-1)))
            after = change
        }
        return lines + ["END:VTIMEZONE"]
    }

    /// A lunar year's first and last solar days.
    struct LunarYearSpan {
        let first: LocalDate, last: LocalDate
        init?(year: Int) {
            guard let first = VietnameseCalendar.tet(year) else { return nil }
            self.first = first
            self.last = (VietnameseCalendar.tet(year + 1) ?? LocalDate.supported.upperBound.adding(days: 1)).adding(days: -1)
        }
    }

    /// TEXT escaping (§3.3.11): backslash, semicolon, comma, newline; other control
    /// characters are not allowed in TEXT and are left out.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.properties.generalCategory == .control { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Folds a content line at 75 octets (§3.1), never inside a UTF-8 sequence.
    static func fold(_ line: String) -> String {
        var result = "", octets = 0
        for character in line {
            let size = String(character).utf8.count
            if octets + size > 75 {
                result += "\r\n "
                octets = 1
            }
            result.append(character)
            octets += size
        }
        return result
    }

    /// The instant of a local day and time in a zone.
    static func instant(_ day: LocalDate, _ time: EventTime, in zone: Zone) -> Date {
        zone.instant(day, seconds: time.minutes * 60)
    }

    /// The day and time (to the minute) of an instant on a zone's wall clock.
    static func wallClock(_ instant: Date, in zone: Zone) -> (LocalDate, EventTime) {
        let (day, seconds) = zone.wallClock(instant)
        return (day, EventTime(hour: seconds / 3600, minute: seconds / 60 % 60) ?? EventTime(hour: 0, minute: 0)!)
    }

    static func basic(_ date: LocalDate) -> String { date.iso.replacingOccurrences(of: "-", with: "") }

    static func utcStamp(_ date: Date) -> String {
        let day = LocalDate(date, in: Zone.utc)
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) - day.dayNumber * 86_400
        return basic(day) + String(format: "T%02d%02d%02dZ", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }

    // MARK: - Import

    /// What an import found: the events to write, and the VEVENTs skipped with the reason.
    public struct ImportResult: Sendable {
        public var drafts: [EventDraft] = []
        public var skipped: [(title: String, reason: String)] = []
        /// Events taken with a text cut to the store's limit: the event and what was cut.
        public var cut: [(title: String, reason: String)] = []
    }

    /// The longest UID the store keeps.
    public static let maximumUIDLength = 255

    /// Reads the VEVENTs of one or more calendar files' text; times are converted to `timeZone`.
    public static func parse(_ texts: [String], timeZone: Zone) -> ImportResult {
        // A TZID the tz database does not know ("W. Europe Standard Time") is read through the
        // file's VTIMEZONE: as the tz database zone that has the same offsets and changes.
        let aliases = texts.reduce(into: [String: String]()) { $0.merge(zoneAliases($1)) { first, _ in first } }
        var reader = ImportReader(timeZone: timeZone, aliases: aliases)
        var solar: [EventDraft] = []
        // The drafts an RDATE made, by position: (the series' UID, the day).
        var added: [Int: (series: String, day: LocalDate)] = [:]
        // One VEVENT at a time, as each ends: the file's events are never all held as components.
        for text in texts {
            components(text) { component in
                let drafts = reader.read(component)
                // A series' own draft first, then one per RDATE (`ImportReader.read`).
                if drafts.count > 1, let series = drafts[0].uid {
                    for (offset, draft) in drafts.enumerated().dropFirst() {
                        if case .solar(let day, _, _, _) = draft.when { added[solar.count + offset] = (series, day) }
                    }
                }
                solar += drafts
            }
        }
        for index in solar.indices {
            guard let uid = solar[index].uid, let days = reader.overridden[uid], case .solar(let start, let time, let rule, let except) = solar[index].when else { continue }
            solar[index].when = .solar(start: start, time: time, rule: rule, except: Array(Set(except + days)).sorted())
        }
        // A changed occurrence replaces the instance it names, an RDATE's as a rule's (RFC 5545
        // §3.8.4.4): that RDATE's draft goes, whichever VEVENT of the file came first.
        let replaced = added.filter { reader.overridden[$0.value.series]?.contains($0.value.day) == true }
        if !replaced.isEmpty { solar = solar.enumerated().filter { replaced[$0.offset] == nil }.map(\.element) }
        // The anniversaries first, in the same buffer (a second array of every draft was a
        // third of an import's memory).
        solar.insert(contentsOf: reader.anniversaries, at: 0)
        var result = reader.result
        result.drafts = solar
        return result
    }

    /// Makes VEVENTs into drafts one at a time: what `parse` and an import read from disk share.
    /// Anniversaries this program exported (one VEVENT a year) are gathered into one draft each;
    /// changed occurrences (RECURRENCE-ID) are events of their own whose days their series
    /// leaves out; what cannot be read is skipped with the reason.
    struct ImportReader {
        let timeZone: Zone
        let aliases: [String: String]
        /// The days each series leaves out for its changed occurrences, when they are known
        /// before the series is read (an import from disk reads them first): added to its draft.
        var knownOverrides: [String: [LocalDate]]? = nil
        var result = ImportResult()
        var lunar: [String: EventDraft] = [:], lunarOrder: [String] = []
        var overridden: [String: [LocalDate]] = [:]

        init(timeZone: Zone, aliases: [String: String], knownOverrides: [String: [LocalDate]]? = nil) {
            self.timeZone = timeZone
            self.aliases = aliases
            self.knownOverrides = knownOverrides
        }

        /// The anniversaries, in the order their first VEVENT came.
        var anniversaries: [EventDraft] { lunarOrder.compactMap { lunar[$0] } }

        /// The solar events a VEVENT is (its RDATEs each one more), or none (an anniversary gathered, a cancelled occurrence, or skipped).
        mutating func read(_ read: Component) -> [EventDraft] {
            var component = read
            component.resolveZones(aliases)
            let title = component.value("SUMMARY").map(unescape) ?? ""
            let shown = title.isEmpty ? "(untitled)" : String(title.prefix(60)).replacingOccurrences(of: "\0", with: "")
            do {
                // A NUL would cut the text short in other programs: the event is refused, with where it is.
                if let property = component.properties.first(where: { $0.value.contains("\0") }) {
                    throw Skip("its \(property.name) on line \(property.line) contains a NUL character")
                }
                guard let start = component.property("DTSTART") else { throw Skip("it has no DTSTART") }
                // The start as written, on its own clock: a known TZID's, UTC's, or floating.
                let (startDay, startTime, zone) = try wallTime(start)
                let eventZone = zone.isEmpty ? nil : Zone(identifier: zone)
                let uid = component.value("UID").map(unescape) ?? fallbackUID(title: title, start: start.value)
                guard uid.unicodeScalars.count <= maximumUIDLength else {
                    throw Skip("its UID has \(uid.unicodeScalars.count) characters; the store keeps at most \(maximumUIDLength)")
                }
                let checkedTitle: String
                do { checkedTitle = try EventInput.title(title) } catch { throw Skip("\(error)") }
                let note = component.value("DESCRIPTION").map(unescape) ?? ""
                if note.unicodeScalars.count > EventInput.maximumLength {
                    result.cut.append((shown, "its DESCRIPTION of \(note.unicodeScalars.count) characters was cut to \(EventInput.maximumLength)"))
                }
                // An anniversary this program exported (one VEVENT per year, one event back) or
                // wrote to a vdir (one VEVENT, its dates as RDATEs): its lunar rule wins.
                if let lunarText = component.value("X-HOMESCREEN-LUNAR") {
                    let parent = component.value("X-HOMESCREEN-EVENT").map(unescape) ?? uid
                    let leap = component.value("X-HOMESCREEN-LUNAR-LEAP")?.uppercased() == "TRUE"
                    let firstYear = component.value("X-HOMESCREEN-LUNAR-FIRST-YEAR").flatMap { Int($0) }
                    let when: EventDate
                    do { when = try EventInput.lunar(lunarText, leap: leap, year: firstYear) } catch { throw Skip("\(error)") }
                    if lunar[parent] == nil { lunarOrder.append(parent) }
                    lunar[parent] = EventDraft(uid: parent, title: checkedTitle, note: EventInput.cut(note), when: when)
                    return []
                }
                if let unsupported = ["EXRULE"].first(where: { component.property($0) != nil }) {
                    throw Skip("the property \(unsupported) is not supported")
                }
                var rule = ""
                if let text = component.value("RRULE") {
                    do { rule = try RecurrenceRule(parsing: text).description } catch { throw Skip("\(error)") }
                }
                var except: [LocalDate] = []
                for property in component.properties where property.name == "EXDATE" {
                    for item in property.value.split(separator: ",") {
                        except.append(try day(of: Property(name: "EXDATE", parameters: property.parameters, value: String(item)), on: eventZone ?? timeZone))
                    }
                }
                var eventUID = uid
                if let recurrence = component.property("RECURRENCE-ID") {
                    // A changed occurrence: the series leaves its day out, and it is an event of its own.
                    let day = try day(of: recurrence, on: eventZone ?? timeZone)
                    overridden[uid, default: []].append(day)
                    eventUID = uid + "/" + basic(day)
                    rule = ""
                }
                if component.value("STATUS")?.uppercased() == "CANCELLED" && component.property("RECURRENCE-ID") != nil { return [] }
                guard LocalDate.supported.contains(startDay) else { throw Skip("its day \(startDay.iso) is outside \(LocalDate.supportedText)") }
                // The store's limits, said for this event rather than refusing the whole import.
                guard rule.unicodeScalars.count <= 500 else { throw Skip("its RRULE has \(rule.unicodeScalars.count) characters; the store keeps at most 500") }
                guard except.count * 11 <= EventInput.maximumLength else { throw Skip("it leaves out \(except.count) days; the store keeps at most \(EventInput.maximumLength / 11)") }
                let length = try ICalendar.length(of: component, startDay: startDay, startTime: startTime, startZone: zone)
                if let days = knownOverrides?[eventUID] { except = Array(Set(except + days)).sorted() }
                // RDATEs (dates or date-times, not periods): each one more occurrence of its own,
                // `UID/day` as a changed occurrence is (an anniversary written elsewhere with its
                // solar dates only stays those solar dates).
                var extra: [EventDraft] = []
                for property in component.properties where property.name == "RDATE" && component.property("RECURRENCE-ID") == nil {
                    guard property.parameters["VALUE"]?.uppercased() != "PERIOD" else { throw Skip("its RDATE is a PERIOD, which is not supported") }
                    for item in property.value.split(separator: ",") {
                        let (day, time, own) = try wallTime(Property(name: "RDATE", parameters: property.parameters, value: String(item)))
                        guard LocalDate.supported.contains(day), day != startDay || time != startTime, !except.contains(day) else { continue }
                        extra.append(EventDraft(uid: uid + "/" + basic(day), title: checkedTitle, note: EventInput.cut(note),
                                                when: .solar(start: day, time: time, rule: "", except: []), zone: time == nil ? "" : own, length: length))
                    }
                }
                return [EventDraft(uid: eventUID, title: checkedTitle, note: EventInput.cut(note),
                                   when: .solar(start: startDay, time: startTime, rule: rule, except: except),
                                   zone: startTime == nil ? "" : zone, length: length)] + extra
            } catch let skip as Skip {
                result.skipped.append((shown, skip.reason))
            } catch {
                result.skipped.append((shown, "\(error)"))
            }
            return []
        }
    }

    struct Skip: Error { let reason: String; init(_ reason: String) { self.reason = reason } }

    /// A content line: NAME;PARAM=VALUE:value.
    struct Property {
        let name: String
        let parameters: [String: String]
        let value: String
        /// The line it starts on, among the file's lines once folds are joined.
        var line = 0
    }

    struct Component {
        var properties: [Property] = []
        func property(_ name: String) -> Property? { properties.first { $0.name == name } }
        func value(_ name: String) -> String? { property(name)?.value }

        /// Each TZID parameter that `aliases` names, replaced by its tz database zone.
        mutating func resolveZones(_ aliases: [String: String]) {
            guard !aliases.isEmpty else { return }
            properties = properties.map { property in
                guard let zone = property.parameters["TZID"], let alias = aliases[zone] else { return property }
                var parameters = property.parameters
                parameters["TZID"] = alias
                return Property(name: property.name, parameters: parameters, value: property.value, line: property.line)
            }
        }
    }

    /// For each VTIMEZONE of `text` whose TZID the tz database does not know, a zone it does
    /// know with the same offsets and the same changes at the same instants from 2000 to 2037
    /// (RFC 5545 §3.6.5: STANDARD and DAYLIGHT observances, each a DTSTART on the clock it changes
    /// from, its offsets, and an RRULE or RDATEs). A VTIMEZONE that no zone matches is left out:
    /// its events are read as floating.
    static func zoneAliases(_ text: String) -> [String: String] {
        (try? zoneAliases(lines: { try forEachLine(text, $0) })) ?? [:]
    }

    /// The same from any source of content lines (a file read from disk a block at a time).
    static func zoneAliases(lines: Lines) throws -> [String: String] {
        var aliases: [String: String] = [:]
        var tzid: String?, observance: [String: Property]?, onsets: [(instant: Date, from: Int, to: Int)] = [], fixed: Int?
        let window = LocalDate(year: 2000, month: 1, day: 1)!...LocalDate(year: 2037, month: 12, day: 31)!
        func offset(_ text: String?) -> Int? {
            guard let text, text.count >= 5, let sign = text.first, sign == "+" || sign == "-",
                  let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.dropFirst(3).prefix(2)) else { return nil }
            let seconds = Int(text.dropFirst(5).prefix(2)) ?? 0
            return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
        }
        try lines { line, _ in
            guard let property = parseLine(line) else { return }
            let value = property.value.trimmingCharacters(in: .whitespaces).uppercased()
            switch (property.name, value) {
            case ("BEGIN", "VTIMEZONE"): (tzid, onsets, fixed) = ("", [], nil)
            case ("BEGIN", "STANDARD"), ("BEGIN", "DAYLIGHT"): observance = [:]
            case ("END", "STANDARD"), ("END", "DAYLIGHT"):
                defer { observance = nil }
                // Exchange starts its observances in 1601: a yearly rule makes the same days from 1999 on.
                guard let parts = observance, let from = offset(parts["TZOFFSETFROM"]?.value), let to = offset(parts["TZOFFSETTO"]?.value),
                      let written = parts["DTSTART"]?.value, written.count >= 8, let year = Int(written.prefix(4)),
                      let start = Optional(Property(name: "DTSTART", parameters: [:], value: String(max(year, 1999)) + written.dropFirst(4))),
                      let (day, time, _) = try? wallTime(start) else { return }
                let seconds = (time?.minutes ?? 0) * 60
                // The DTSTART is an onset when it is the one written (not moved to 1999).
                var days = year >= 1999 ? [day] : []
                if let rule = parts["RRULE"].flatMap({ try? RecurrenceRule(parsing: $0.value) }) {
                    days += rule.days(from: day, in: window.lowerBound.adding(days: -366)...window.upperBound)
                }
                if let dates = parts["RDATE"] { days += dates.value.split(separator: ",").compactMap { try? wallTime(Property(name: "RDATE", parameters: [:], value: String($0))).0 } }
                fixed = fixed ?? to
                onsets += Set(days).map { (Date(timeIntervalSince1970: Double($0.dayNumber * 86_400 + seconds - from)), from, to) }
            case ("END", "VTIMEZONE"):
                defer { tzid = nil }
                guard let name = tzid, !name.isEmpty, Zone(identifier: name) == nil, let fixed else { return }
                let start = Date(timeIntervalSince1970: Double(window.lowerBound.dayNumber * 86_400)), end = Date(timeIntervalSince1970: Double(window.upperBound.dayNumber * 86_400))
                let changes = onsets.filter { $0.from != $0.to }.sorted { $0.instant < $1.instant }
                let inWindow = changes.filter { $0.instant > start && $0.instant < end }
                // The offset in force at the window's start, then every change and the middle of each span.
                let before = changes.last { $0.instant <= start }?.to ?? changes.first?.from ?? fixed
                let samples = [(start, before)] + inWindow.flatMap { [($0.instant, $0.to), ($0.instant.addingTimeInterval(-1), $0.from)] }
                    + zip(inWindow, inWindow.dropFirst()).map { ($0.instant.addingTimeInterval($1.instant.timeIntervalSince($0.instant) / 2), $0.to) }
                let matching = Zone.knownIdentifiers.compactMap(Zone.init(identifier:)).filter { zone in
                    samples.allSatisfy { zone.secondsFromGMT(for: $0.0) == $0.1 }
                        && (inWindow.isEmpty ? zone.nextDaylightSavingTimeTransition(after: start).map { $0 > end } ?? true : true)
                }
                if let zone = matching.first(where: { !$0.identifier.hasPrefix("Etc/") }) ?? matching.first { aliases[name] = zone.identifier }
            default:
                if observance != nil { observance?[property.name] = property } else if tzid != nil, property.name == "TZID" { tzid = property.value }
            }
        }
        return aliases
    }

    /// The VEVENTs of a calendar's text (their nested VALARMs left out), each given to `body`
    /// as soon as it ends.
    static func components(_ text: String, _ body: (Component) throws -> Void) rethrows {
        var reader = ComponentReader()
        try forEachLine(text) { line, number in try reader.take(line, number, body) }
    }

    /// The same from any source of content lines (a file read from disk a block at a time).
    static func components(lines: Lines, _ body: (Component) throws -> Void) throws {
        var reader = ComponentReader()
        try withoutActuallyEscaping(body) { body in try lines { line, number in try reader.take(line, number, body) } }
    }

    /// A source of content lines: gives each line (folds joined) and the number of the line it
    /// starts on to its argument.
    typealias Lines = (_ body: (_ text: String, _ line: Int) throws -> Void) throws -> Void

    /// Gathers VEVENTs line by line, each given away as soon as it ends.
    struct ComponentReader {
        var current: Component?
        var depth = 0

        mutating func take(_ line: String, _ number: Int, _ body: (Component) throws -> Void) rethrows {
            guard var property = parseLine(line) else { return }
            property.line = number
            if property.name == "BEGIN" {
                if property.value.uppercased() == "VEVENT" && current == nil { current = Component(); depth = 0 } else if current != nil { depth += 1 }
            } else if property.name == "END" {
                if current != nil && depth > 0 { depth -= 1 } else if property.value.uppercased() == "VEVENT", let event = current {
                    current = nil
                    try body(event)
                }
            } else if depth == 0 {
                current?.properties.append(property)
            }
        }
    }

    /// A calendar file's text: folded lines rejoined byte by byte before decoding (RFC 5545 §3.1:
    /// a fold may fall inside a UTF-8 character, `C3 CRLF SP AD`), and a bare CR read as a line
    /// end (old Mac exports). nil: not UTF-8.
    public static func text(of data: Data) -> String? { text(of: [UInt8](data)) }

    /// The same from bytes the caller gives up: the lines are joined in their own buffer, so a
    /// file's text takes the file's size twice at most while it is made (issue 51: an import
    /// reads within three times the file).
    public static func text(of given: consuming [UInt8]) -> String? {
        var bytes = given
        var (index, kept) = (0, 0)
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            guard byte == 13 || byte == 10 else {
                bytes[kept] = byte
                (index, kept) = (index + 1, kept + 1)
                continue
            }
            // CRLF, a bare CR or a bare LF ends the line; one followed by a space or a tab folds it.
            let next = index + (byte == 13 && index + 1 < count && bytes[index + 1] == 10 ? 2 : 1)
            if next < count, bytes[next] == 32 || bytes[next] == 9 {
                index = next + 1
            } else {
                bytes[kept] = 10
                (index, kept) = (next, kept + 1)
            }
        }
        bytes.removeLast(count - kept)
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // A file cut inside a character keeps what came before it (the cut is said by the caller).
        let cut = cutCharacter(bytes)
        guard cut > 0, cut < bytes.count else { return nil }
        return String(validating: bytes.dropLast(cut), as: UTF8.self)
    }

    /// How many bytes at the end of `bytes` are the start of a UTF-8 character the file was cut
    /// inside (a lead byte and fewer continuation bytes than it announces), else 0.
    static func cutCharacter(_ bytes: [UInt8]) -> Int {
        for count in 1...3 where count <= bytes.count {
            let lead = bytes[bytes.count - count]
            guard lead & 0xC0 == 0x80 else {
                let length = lead >= 0xF0 && lead <= 0xF4 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC2 && lead <= 0xDF ? 2 : 0
                return length > count ? count : 0
            }
        }
        return 0
    }

    /// The content lines, each with the number of the file's line it starts on, one at a time
    /// (a file's lines are never all held at once).
    static func forEachLine(_ text: String, _ body: (_ text: String, _ line: Int) throws -> Void) rethrows {
        let utf8 = text.utf8
        var (start, number, pending) = (utf8.startIndex, 0, (text: "", line: 0))
        while true {
            let end = utf8[start...].firstIndex(of: 10) ?? utf8.endIndex
            number += 1
            var raw = Substring(utf8[start..<end])
            if raw.utf8.last == 13 { raw = Substring(raw.utf8.dropLast()) }
            if let first = raw.first, first == " " || first == "\t", number > 1 {
                pending.text += raw.dropFirst()
            } else {
                if number > 1 { try body(pending.text, pending.line) }
                pending = (String(raw), number)
            }
            guard end < utf8.endIndex else { break }
            start = utf8.index(after: end)
        }
        try body(pending.text, pending.line)
    }

    /// Whether a calendar's text ends as a whole file does (its last line END:VCALENDAR); a
    /// file cut short (a download broken off) does not.
    public static func isComplete(_ text: String) -> Bool {
        lastLine(text).text.trimmingCharacters(in: .whitespaces).uppercased() == "END:VCALENDAR"
    }

    /// The last line of a calendar's text that is not blank, and its number (where a file cut
    /// short was cut).
    public static func lastLine(_ text: String) -> (text: String, line: Int) {
        var last = (text: "", line: 0)
        forEachLine(text) { line, number in
            if !line.trimmingCharacters(in: .whitespaces).isEmpty { last = (line, number) }
        }
        return last
    }

    /// Splits a content line, with quoted parameter values (which may hold ':' and ';').
    static func parseLine(_ line: String) -> Property? {
        var name = "", parameters: [String: String] = [:]
        var token = "", parameterName: String?, quoted = false
        var index = line.startIndex
        var inName = true
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" { quoted.toggle() } else if !quoted && (character == ";" || character == ":") {
                if inName { name = token.uppercased(); inName = false } else if let parameter = parameterName { parameters[parameter] = token }
                token = ""
                parameterName = nil
                if character == ":" { return name.isEmpty ? nil : Property(name: name, parameters: parameters, value: String(line[line.index(after: index)...])) }
            } else if !quoted && character == "=" && !inName && parameterName == nil {
                parameterName = token.uppercased()
                token = ""
            } else {
                token.append(character)
            }
            index = line.index(after: index)
        }
        return nil
    }

    static func unescape(_ text: String) -> String {
        var result = "", escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A DTSTART-like property as written: its day, its time for a date-time, and the zone
    /// that clock is in ("UTC" for `Z`, the TZID when the tz database knows it, "" for a
    /// floating time or a zone it does not know, which is read as written).
    static func wallTime(_ property: Property) throws -> (LocalDate, EventTime?, String) {
        let value = property.value.trimmingCharacters(in: .whitespaces)
        let digits = value.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isNumber),
              let day = LocalDate(iso: digits.prefix(4) + "-" + digits.dropFirst(4).prefix(2) + "-" + digits.suffix(2)) else {
            throw Skip("\(property.name) '\(value)' is not a date")
        }
        if value.count == 8 || property.parameters["VALUE"]?.uppercased() == "DATE" { return (day, nil, "") }
        let clock = value.dropFirst(9)
        guard value.dropFirst(8).first == "T", clock.count >= 6, let hour = Int(clock.prefix(2)), let minute = Int(clock.dropFirst(2).prefix(2)),
              Int(clock.dropFirst(4).prefix(2)) != nil, (0..<24).contains(hour), (0..<60).contains(minute), let time = EventTime(hour: hour, minute: minute) else {
            throw Skip("\(property.name) '\(value)' is not a date-time")
        }
        if clock.hasSuffix("Z") { return (day, time, "UTC") }
        let zone = property.parameters["TZID"].map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }.flatMap { Zone(identifier: $0)?.identifier }
        return (day, time, zone ?? "")
    }

    /// The day a DTSTART-like property (an EXDATE, a RECURRENCE-ID) falls on in `zone`: a
    /// date as written, a date-time with a zone converted, a floating one as written.
    static func day(of property: Property, on zone: Zone) throws -> LocalDate {
        let (day, time, own) = try wallTime(property)
        guard let time, !own.isEmpty, let ownZone = Zone(identifier: own) else { return day }
        return LocalDate(instant(day, time, in: ownZone), in: zone)
    }

    /// How long a VEVENT lasts, from DTEND or DURATION: whole days for an all-day event
    /// (nil for one day), minutes for a timed one (nil for none, or an end not after the start).
    static func length(of component: Component, startDay: LocalDate, startTime: EventTime?, startZone: String) throws -> EventLength? {
        let timed = startTime != nil
        if let end = component.property("DTEND") {
            let (endDay, endTime, endZone) = try wallTime(end)
            if !timed { return endDay.dayNumber - startDay.dayNumber > 1 ? .days(endDay.dayNumber - startDay.dayNumber) : nil }
            guard let startTime, let endTime else { return nil }
            // Floating ends and starts are on the same clock: any zone gives their difference.
            let utc = Zone.utc
            let from = instant(startDay, startTime, in: Zone(identifier: startZone) ?? utc), to = instant(endDay, endTime, in: Zone(identifier: endZone) ?? utc)
            let minutes = Int(to.timeIntervalSince(from) / 60)
            return minutes > 0 ? .minutes(minutes) : nil
        }
        guard let text = component.value("DURATION"), let length = EventLength(text: text.trimmingCharacters(in: .whitespaces)) else { return nil }
        if !timed { return length.minutes / 1440 > 1 ? .days(length.minutes / 1440) : nil }
        return .minutes(length.minutes)
    }

    /// A UID for a VEVENT without one, the same on every import of the same event.
    static func fallbackUID(title: String, start: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (title + "\u{1}" + start).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + "@homescreen-import"
    }
}
