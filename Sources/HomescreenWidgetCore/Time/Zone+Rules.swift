import Foundation
import HomescreenRender

extension Zone {
    /// The local time of a span: its offset from UTC, whether it is daylight saving time and
    /// its abbreviation.
    struct LocalType: Equatable, Sendable {
        let offset: Int
        let isDST: Bool
        let abbreviation: String

        func sameClock(_ other: LocalType) -> Bool { offset == other.offset && isDST == other.isDST }
    }

    /// A zone's history: the local type before the first transition, each transition (seconds
    /// since 1970) with the type after it, and the POSIX rule that continues after the last one.
    final class Rules: Sendable {
        let initial: LocalType
        let transitions: [Int64]
        let after: [LocalType]
        let footer: PosixRule?

        init(fixed offset: Int, abbreviation: String) {
            initial = LocalType(offset: offset, isDST: false, abbreviation: abbreviation)
            transitions = []
            after = []
            footer = nil
        }

        /// A POSIX rule alone (`TZ=CET-1CEST,M3.5.0,M10.5.0/3`).
        init(rule: PosixRule) {
            initial = rule.standard
            transitions = []
            after = []
            footer = rule
        }

        /// Reads a TZif file (RFC 8536, versions 1 to 4): the 64-bit data block when there is
        /// one, and the footer's rule.
        init?(tzif data: Data) {
            let bytes = [UInt8](data)
            // Big-endian numbers read byte by byte (a status line reads a zone's 200 transitions
            // at every start; slices and reduce cost three times as much: issue 36).
            func unsigned(_ at: Int, _ width: Int) -> UInt64 {
                var value: UInt64 = 0
                for index in at..<at + width { value = value << 8 | UInt64(bytes[index]) }
                return value
            }
            func count(_ header: Int, _ field: Int) -> Int? {
                let at = header + 20 + 4 * field
                guard at + 4 <= bytes.count else { return nil }
                return Int(unsigned(at, 4))
            }
            func signed(_ at: Int, _ width: Int) -> Int64 {
                let raw = unsigned(at, width)
                return width == 8 ? Int64(bitPattern: raw) : Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: raw)))
            }
            guard bytes.count >= 44, bytes[0..<4].elementsEqual("TZif".utf8),
                  let utc = count(0, 0), let std = count(0, 1), let leap = count(0, 2),
                  let times = count(0, 3), let types = count(0, 4), let chars = count(0, 5) else { return nil }
            var header = 0, width = 4
            let firstBlock = times * 5 + types * 6 + chars + leap * 8 + std + utc
            if bytes[4] >= UInt8(ascii: "2") {
                header = 44 + firstBlock
                width = 8
                guard header + 44 <= bytes.count, bytes[header..<header + 4].elementsEqual("TZif".utf8) else { return nil }
            }
            guard let utcCount = count(header, 0), let stdCount = count(header, 1), let leapCount = count(header, 2),
                  let timeCount = count(header, 3), let typeCount = count(header, 4), let charCount = count(header, 5),
                  typeCount > 0 else { return nil }
            let timesAt = header + 44, indexAt = timesAt + timeCount * width, typesAt = indexAt + timeCount
            let charsAt = typesAt + typeCount * 6
            let end = charsAt + charCount + leapCount * (width + 4) + stdCount + utcCount
            guard end <= bytes.count else { return nil }
            let names = Array(bytes[charsAt..<charsAt + charCount])
            var localTypes: [LocalType] = []
            for index in 0..<typeCount {
                let at = typesAt + index * 6
                let start = Int(bytes[at + 5])
                guard start < max(1, names.count) else { return nil }
                let name = names.isEmpty ? [] : names[start...].prefix { $0 != 0 }
                localTypes.append(LocalType(offset: Int(signed(at, 4)), isDST: bytes[at + 4] != 0, abbreviation: String(decoding: name, as: UTF8.self)))
            }
            var transitions: [Int64] = [], after: [LocalType] = []
            transitions.reserveCapacity(timeCount)
            after.reserveCapacity(timeCount)
            for index in 0..<timeCount {
                let type = Int(bytes[indexAt + index])
                guard type < typeCount else { return nil }
                transitions.append(signed(timesAt + index * width, width))
                after.append(localTypes[type])
            }
            guard zip(transitions, transitions.dropFirst()).allSatisfy({ $0 < $1 }) else { return nil }
            self.initial = localTypes[0]
            self.transitions = transitions
            self.after = after
            // The footer: "\n" rule "\n" after the 64-bit block.
            if width == 8, end < bytes.count, bytes[end] == UInt8(ascii: "\n"),
               let close = bytes[(end + 1)...].firstIndex(of: UInt8(ascii: "\n")), close > end + 1 {
                footer = PosixRule(String(decoding: bytes[(end + 1)..<close], as: UTF8.self))
            } else {
                footer = nil
            }
        }

        /// The local type in force at `time`.
        func type(at time: Int64) -> LocalType {
            guard let last = transitions.last else { return footer?.type(at: time) ?? initial }
            if time >= last, let footer { return footer.type(at: time) }
            guard time >= transitions[0] else { return initial }
            // The last transition at or before `time`.
            var low = 0, high = transitions.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if transitions[middle] <= time { low = middle } else { high = middle - 1 }
            }
            return after[low]
        }

        /// The first instant after `time` at which the offset or daylight saving time changes.
        func nextChange(after time: Int64) -> Int64? {
            var previous = type(at: time)
            if let next = transitions.firstIndex(where: { $0 > time }) {
                for index in next..<transitions.count {
                    if !after[index].sameClock(previous) { return transitions[index] }
                    previous = after[index]
                }
            }
            guard let footer, footer.daylight != nil else { return nil }
            let from = max(time, transitions.last ?? Int64.min)
            let year = PosixRule.year(of: from + Int64(footer.standard.offset))
            for candidate in year - 1...year + 2 {
                // The clock after the change (an all-year rule ends one year where the next begins).
                for change in footer.changes(in: candidate) where change.time > from && !footer.type(at: change.time).sameClock(previous) {
                    return change.time
                }
            }
            return nil
        }
    }

    /// A POSIX TZ rule as TZif footers write it: `CET-1CEST,M3.5.0,M10.5.0/3`,
    /// `<+07>-7`, `EST5EDT,M3.2.0,M11.1.0`, with RFC 8536's extensions (hours from -167 to 167).
    struct PosixRule: Sendable {
        let standard: LocalType
        let daylight: LocalType?
        let start: (day: DayRule, seconds: Int)
        let end: (day: DayRule, seconds: Int)

        enum DayRule: Sendable {
            /// Jn: day 1…365, February 29 never counted.
            case julian(Int)
            /// n: day 0…365, February 29 counted.
            case zeroBased(Int)
            /// Mm.w.d: weekday d (0 Sunday) of week w (5 the last) of month m.
            case weekday(month: Int, week: Int, weekday: Int)
        }

        init?(_ text: String) {
            var rest = Substring(text)
            func name() -> String? {
                if rest.first == "<" {
                    guard let close = rest.firstIndex(of: ">") else { return nil }
                    let value = rest[rest.index(after: rest.startIndex)..<close]
                    rest = rest[rest.index(after: close)...]
                    return String(value)
                }
                let value = rest.prefix { $0.isASCII ? $0.isASCIILetter : $0.isLetter }
                guard value.count >= 3 else { return nil }
                rest = rest.dropFirst(value.count)
                return String(value)
            }
            func time() -> Int? {
                var sign = 1
                if rest.first == "-" || rest.first == "+" { sign = rest.first == "-" ? -1 : 1; rest = rest.dropFirst() }
                var seconds = 0
                for (index, unit) in [3600, 60, 1].enumerated() {
                    if index > 0 { guard rest.first == ":" else { break }; rest = rest.dropFirst() }
                    let digits = rest.prefix { $0.isASCIIDigit }
                    guard !digits.isEmpty, digits.count <= 3, let value = Int(digits) else { return nil }
                    rest = rest.dropFirst(digits.count)
                    seconds += value * unit
                }
                return sign * seconds
            }
            func dayRule() -> DayRule? {
                func number() -> Int? {
                    let digits = rest.prefix { $0.isASCIIDigit }
                    rest = rest.dropFirst(digits.count)
                    return Int(digits)
                }
                switch rest.first {
                case "J":
                    rest = rest.dropFirst()
                    return number().flatMap { (1...365).contains($0) ? .julian($0) : nil }
                case "M":
                    rest = rest.dropFirst()
                    guard let month = number(), rest.popFirst() == ".", let week = number(), rest.popFirst() == ".", let weekday = number(),
                          (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
                    return .weekday(month: month, week: week, weekday: weekday)
                default:
                    return number().flatMap { (0...365).contains($0) ? .zeroBased($0) : nil }
                }
            }
            func change() -> (DayRule, Int)? {
                guard rest.popFirst() == ",", let day = dayRule() else { return nil }
                if rest.first == "/" { rest = rest.dropFirst(); return time().map { (day, $0) } }
                return (day, 7200)
            }
            guard let standardName = name(), let standardOffset = time() else { return nil }
            standard = LocalType(offset: -standardOffset, isDST: false, abbreviation: standardName)
            if rest.isEmpty {
                daylight = nil
                start = (.julian(1), 0)
                end = (.julian(1), 0)
                return
            }
            guard let daylightName = name() else { return nil }
            var daylightOffset = standard.offset + 3600
            if rest.first != ",", !rest.isEmpty { guard let value = time() else { return nil }; daylightOffset = -value }
            daylight = LocalType(offset: daylightOffset, isDST: true, abbreviation: daylightName)
            // A rule without dates takes the United States' (POSIX leaves it to the system).
            if rest.isEmpty {
                start = (.weekday(month: 3, week: 2, weekday: 0), 7200)
                end = (.weekday(month: 11, week: 1, weekday: 0), 7200)
                return
            }
            guard let start = change(), let end = change(), rest.isEmpty else { return nil }
            self.start = start
            self.end = end
        }

        /// The year of a local time (seconds since 1970).
        static func year(of local: Int64) -> Int {
            LocalDate(dayNumber: Int(local.floorDivided(by: 86_400))).year
        }

        /// The two changes of a year, in time order, with the type each begins.
        func changes(in year: Int) -> [(time: Int64, type: LocalType)] {
            guard let daylight else { return [] }
            func day(_ rule: DayRule) -> Int {
                switch rule {
                case .julian(let number):
                    let leapShift = LocalDate.isLeap(year) && number >= 60 ? 1 : 0
                    return LocalDate.dayNumber(year: year, month: 1, day: 1) + number - 1 + leapShift
                case .zeroBased(let number):
                    return LocalDate.dayNumber(year: year, month: 1, day: 1) + number
                case .weekday(let month, let week, let weekday):
                    let first = LocalDate.dayNumber(year: year, month: month, day: 1)
                    let firstWeekday = LocalDate(dayNumber: first).weekday
                    var day = first + (weekday - firstWeekday + 7) % 7 + (week - 1) * 7
                    while day >= first + LocalDate.daysIn(month: month, year: year) { day -= 7 }
                    return day
                }
            }
            let begins = Int64(day(start.day)) * 86_400 + Int64(start.seconds) - Int64(standard.offset)
            let ends = Int64(day(end.day)) * 86_400 + Int64(end.seconds) - Int64(daylight.offset)
            return [(begins, daylight), (ends, standard)].sorted { $0.time < $1.time }
        }

        func type(at time: Int64) -> LocalType {
            guard daylight != nil else { return standard }
            let year = Self.year(of: time + Int64(standard.offset))
            let changes = (year - 1...year + 1).flatMap(changes(in:)).sorted { $0.time < $1.time }
            return changes.last { $0.time <= time }?.type ?? standard
        }
    }
}
