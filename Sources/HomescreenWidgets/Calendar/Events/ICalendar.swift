import Foundation
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
    /// A timed event that falls once is written in UTC (`…Z`, one instant everywhere); a timed
    /// repeating one at its local time (floating: it follows the wall clock across daylight
    /// saving time, as a household's routine does). Homescreen keeps start times only: no end.
    public static func export(_ events: [CalendarEvent], today: LocalDate, years: Int, timeZone: TimeZone = .current) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Homescreen//Lich Viet//VI", "CALSCALE:GREGORIAN"]
        let firstYear = VietnameseCalendar.lunarDate(for: today)?.year ?? today.year
        for event in events {
            let stamp = "DTSTAMP:" + utcStamp(event.createdAt)
            var common = ["SUMMARY:" + escape(event.title)]
            if !event.note.isEmpty { common.append("DESCRIPTION:" + escape(event.note)) }
            switch event.when {
            case .lunar(let month, let day, let leap, let first):
                let from = max(firstYear, first ?? firstYear), to = firstYear + years - 1
                guard from <= to, let start = LunarYearSpan(year: from), let end = LunarYearSpan(year: to) else { continue }
                for date in event.days(in: start.first...end.last) {
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
                if let time, rule.isEmpty {
                    lines.append("DTSTART:" + utcStamp(instant(start, time, in: timeZone)))
                } else if let time {
                    lines.append("DTSTART:" + basic(start) + String(format: "T%02d%02d00", time.hour, time.minute))
                } else {
                    lines += ["DTSTART;VALUE=DATE:" + basic(start), "DTEND;VALUE=DATE:" + basic(start.adding(days: 1))]
                }
                if !rule.isEmpty { lines.append("RRULE:" + rule) }
                if !except.isEmpty {
                    lines.append((time == nil ? "EXDATE;VALUE=DATE:" : "EXDATE:")
                                 + except.map { basic($0) + (time.map { String(format: "T%02d%02d00", $0.hour, $0.minute) } ?? "") }.joined(separator: ","))
                }
                lines += common + ["END:VEVENT"]
            }
        }
        lines.append("END:VCALENDAR")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
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
    static func instant(_ day: LocalDate, _ time: EventTime, in zone: TimeZone) -> Date {
        let local = Double(day.dayNumber * 86_400 + time.minutes * 60)
        let guess = Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
        return Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: guess)))
    }

    static func basic(_ date: LocalDate) -> String { date.iso.replacingOccurrences(of: "-", with: "") }

    static func utcStamp(_ date: Date) -> String {
        let day = LocalDate(date, in: TimeZone(identifier: "UTC")!)
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
    public static func parse(_ texts: [String], timeZone: TimeZone) -> ImportResult {
        var result = ImportResult()
        var lunar: [String: EventDraft] = [:], lunarOrder: [String] = []
        var solar: [EventDraft] = []
        var overridden: [String: [LocalDate]] = [:]
        for component in texts.flatMap(components) {
            let title = component.value("SUMMARY").map(unescape) ?? ""
            let shown = title.isEmpty ? "(untitled)" : String(title.prefix(60)).replacingOccurrences(of: "\0", with: "")
            do {
                // A NUL would cut the text short in other programs: the event is refused, with where it is.
                if let property = component.properties.first(where: { $0.value.contains("\0") }) {
                    throw Skip("its \(property.name) on line \(property.line) contains a NUL character")
                }
                guard let start = component.property("DTSTART") else { throw Skip("it has no DTSTART") }
                let (startDay, startTime) = try moment(start, timeZone: timeZone)
                let uid = component.value("UID").map(unescape) ?? fallbackUID(title: title, start: start.value)
                guard uid.unicodeScalars.count <= maximumUIDLength else {
                    throw Skip("its UID has \(uid.unicodeScalars.count) characters; the store keeps at most \(maximumUIDLength)")
                }
                let checkedTitle: String
                do { checkedTitle = try EventInput.title(title) } catch { throw Skip(error.description) }
                let note = component.value("DESCRIPTION").map(unescape) ?? ""
                if note.unicodeScalars.count > EventInput.maximumLength {
                    result.cut.append((shown, "its DESCRIPTION of \(note.unicodeScalars.count) characters was cut to \(EventInput.maximumLength)"))
                }
                // An anniversary this program exported: one VEVENT per year, one event back.
                if let parent = component.value("X-HOMESCREEN-EVENT").map(unescape), let lunarText = component.value("X-HOMESCREEN-LUNAR") {
                    let leap = component.value("X-HOMESCREEN-LUNAR-LEAP")?.uppercased() == "TRUE"
                    let firstYear = component.value("X-HOMESCREEN-LUNAR-FIRST-YEAR").flatMap { Int($0) }
                    let when: EventDate
                    do { when = try EventInput.lunar(lunarText, leap: leap, year: firstYear) } catch { throw Skip(error.description) }
                    if lunar[parent] == nil { lunarOrder.append(parent) }
                    lunar[parent] = EventDraft(uid: parent, title: checkedTitle, note: EventInput.cut(note), when: when)
                    continue
                }
                if let unsupported = ["RDATE", "EXRULE"].first(where: { component.property($0) != nil }) {
                    throw Skip("the property \(unsupported) is not supported")
                }
                var rule = ""
                if let text = component.value("RRULE") {
                    do { rule = try RecurrenceRule(parsing: text).description } catch { throw Skip(error.description) }
                }
                var except: [LocalDate] = []
                for property in component.properties where property.name == "EXDATE" {
                    for item in property.value.split(separator: ",") {
                        except.append(try moment(Property(name: "EXDATE", parameters: property.parameters, value: String(item)), timeZone: timeZone).0)
                    }
                }
                var eventUID = uid
                if let recurrence = component.property("RECURRENCE-ID") {
                    // A changed occurrence: the series leaves its day out, and it is an event of its own.
                    let day = try moment(recurrence, timeZone: timeZone).0
                    overridden[uid, default: []].append(day)
                    eventUID = uid + "/" + basic(day)
                    rule = ""
                }
                if component.value("STATUS")?.uppercased() == "CANCELLED" && component.property("RECURRENCE-ID") != nil { continue }
                guard LocalDate.supported.contains(startDay) else { throw Skip("its day \(startDay.iso) is outside \(LocalDate.supportedText)") }
                // The store's limits, said for this event rather than refusing the whole import.
                guard rule.unicodeScalars.count <= 500 else { throw Skip("its RRULE has \(rule.unicodeScalars.count) characters; the store keeps at most 500") }
                guard except.count * 11 <= EventInput.maximumLength else { throw Skip("it leaves out \(except.count) days; the store keeps at most \(EventInput.maximumLength / 11)") }
                solar.append(EventDraft(uid: eventUID, title: checkedTitle, note: EventInput.cut(note),
                                        when: .solar(start: startDay, time: startTime, rule: rule, except: except)))
            } catch let skip as Skip {
                result.skipped.append((shown, skip.reason))
            } catch {
                result.skipped.append((shown, "\(error)"))
            }
        }
        for index in solar.indices {
            guard let uid = solar[index].uid, let days = overridden[uid], case .solar(let start, let time, let rule, let except) = solar[index].when else { continue }
            solar[index].when = .solar(start: start, time: time, rule: rule, except: Array(Set(except + days)).sorted())
        }
        result.drafts = lunarOrder.compactMap { lunar[$0] } + solar
        return result
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
    }

    /// The VEVENTs of a calendar's text (their nested VALARMs left out).
    static func components(_ text: String) -> [Component] {
        var events: [Component] = []
        var current: Component?
        var depth = 0
        for (line, number) in unfold(text) {
            guard var property = parseLine(line) else { continue }
            property.line = number
            if property.name == "BEGIN" {
                if property.value.uppercased() == "VEVENT" && current == nil { current = Component(); depth = 0 } else if current != nil { depth += 1 }
            } else if property.name == "END" {
                if current != nil && depth > 0 { depth -= 1 } else if property.value.uppercased() == "VEVENT", let event = current {
                    events.append(event)
                    current = nil
                }
            } else if depth == 0 {
                current?.properties.append(property)
            }
        }
        return events
    }

    /// A calendar file's text: folded lines rejoined byte by byte before decoding (RFC 5545 §3.1:
    /// a fold may fall inside a UTF-8 character, `C3 CRLF SP AD`), and a bare CR read as a line
    /// end (old Mac exports). nil: not UTF-8.
    public static func text(of data: Data) -> String? {
        let bytes = [UInt8](data)
        var joined: [UInt8] = []
        joined.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 13 || byte == 10 else {
                joined.append(byte)
                index += 1
                continue
            }
            // CRLF, a bare CR or a bare LF ends the line; one followed by a space or a tab folds it.
            let next = index + (byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 ? 2 : 1)
            if next < bytes.count, bytes[next] == 32 || bytes[next] == 9 {
                index = next + 1
            } else {
                joined.append(10)
                index = next
            }
        }
        return String(validating: joined, as: UTF8.self)
    }

    /// The content lines, each with the number of the file's line it starts on.
    static func unfold(_ text: String) -> [(text: String, line: Int)] {
        var lines: [(text: String, line: Int)] = []
        for (index, raw) in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].text += raw.dropFirst()
            } else {
                lines.append((String(raw), index + 1))
            }
        }
        return lines
    }

    /// Whether a calendar's text ends as a whole file does (its last line END:VCALENDAR); a
    /// file cut short (a download broken off) does not.
    public static func isComplete(_ text: String) -> Bool {
        unfold(text).last { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }?.text.trimmingCharacters(in: .whitespaces).uppercased() == "END:VCALENDAR"
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

    /// The local day (and time, for a date-time) of a DTSTART-like property.
    static func moment(_ property: Property, timeZone: TimeZone) throws -> (LocalDate, EventTime?) {
        let value = property.value.trimmingCharacters(in: .whitespaces)
        let digits = value.prefix(8)
        guard digits.count == 8, digits.allSatisfy(\.isNumber),
              let day = LocalDate(iso: digits.prefix(4) + "-" + digits.dropFirst(4).prefix(2) + "-" + digits.suffix(2)) else {
            throw Skip("\(property.name) '\(value)' is not a date")
        }
        if value.count == 8 { return (day, nil) }
        let clock = value.dropFirst(9)
        guard value.dropFirst(8).first == "T", clock.count >= 6, let hour = Int(clock.prefix(2)), let minute = Int(clock.dropFirst(2).prefix(2)),
              let second = Int(clock.dropFirst(4).prefix(2)), (0..<24).contains(hour), (0..<60).contains(minute) else {
            throw Skip("\(property.name) '\(value)' is not a date-time")
        }
        let zone: TimeZone? = clock.hasSuffix("Z") ? TimeZone(identifier: "UTC") : property.parameters["TZID"].flatMap { TimeZone(identifier: $0) }
        guard let zone else { return (day, EventTime(hour: hour, minute: minute)) }  // floating, or a zone we do not know: as written
        let local = Double(day.dayNumber * 86_400 + hour * 3600 + minute * 60 + second)
        let instant = Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
        let localDay = LocalDate(instant, in: timeZone)
        let seconds = Int(instant.timeIntervalSince1970) + timeZone.secondsFromGMT(for: instant) - localDay.dayNumber * 86_400
        return (localDay, EventTime(hour: seconds / 3600, minute: seconds / 60 % 60))
    }

    /// A UID for a VEVENT without one, the same on every import of the same event.
    static func fallbackUID(title: String, start: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in (title + "\u{1}" + start).utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16) + "@homescreen-import"
    }
}
