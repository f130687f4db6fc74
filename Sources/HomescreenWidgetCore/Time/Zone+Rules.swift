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
        /// The local types the transitions lead to, each named once, and each transition's.
        let types: [LocalType]
        let typeIndex: [UInt8]
        let footer: PosixRule?

        init(fixed offset: Int, abbreviation: String) {
            initial = LocalType(offset: offset, isDST: false, abbreviation: abbreviation)
            transitions = []
            types = []
            typeIndex = []
            footer = nil
        }

        /// A POSIX rule alone (`TZ=CET-1CEST,M3.5.0,M10.5.0/3`).
        init(rule: PosixRule) {
            initial = rule.standard
            transitions = []
            types = []
            typeIndex = []
            footer = rule
        }

        /// The local type after transition `index`.
        func after(_ index: Int) -> LocalType { types[Int(typeIndex[index])] }

        /// Reads a TZif file (RFC 8536, versions 1 to 4): the 64-bit data block when there is
        /// one, and the footer's rule. Read in place from the file's bytes, each transition kept
        /// as its time and the index of its type (a status line reads a zone's 200 transitions
        /// at every start: issue 36).
        init?(tzif data: Data) {
            guard let parsed = data.withUnsafeBytes({ Self.parse($0) }) else { return nil }
            (initial, transitions, types, typeIndex, footer) = parsed
        }

        private static func parse(_ bytes: UnsafeRawBufferPointer) -> (LocalType, [Int64], [LocalType], [UInt8], PosixRule?)? {
            // Big-endian numbers read byte by byte.
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
            func isMagic(_ at: Int) -> Bool {
                at + 4 <= bytes.count && bytes[at] == 0x54 && bytes[at + 1] == 0x5A && bytes[at + 2] == 0x69 && bytes[at + 3] == 0x66   // "TZif"
            }
            guard bytes.count >= 44, isMagic(0),
                  let utc = count(0, 0), let std = count(0, 1), let leap = count(0, 2),
                  let times = count(0, 3), let types = count(0, 4), let chars = count(0, 5) else { return nil }
            var header = 0, width = 4
            let firstBlock = times * 5 + types * 6 + chars + leap * 8 + std + utc
            if bytes[4] >= UInt8(ascii: "2") {
                header = 44 + firstBlock
                width = 8
                guard header + 44 <= bytes.count, isMagic(header) else { return nil }
            }
            guard let utcCount = count(header, 0), let stdCount = count(header, 1), let leapCount = count(header, 2),
                  let timeCount = count(header, 3), let typeCount = count(header, 4), let charCount = count(header, 5),
                  typeCount > 0 else { return nil }
            let timesAt = header + 44, indexAt = timesAt + timeCount * width, typesAt = indexAt + timeCount
            let charsAt = typesAt + typeCount * 6
            let end = charsAt + charCount + leapCount * (width + 4) + stdCount + utcCount
            guard end <= bytes.count else { return nil }
            var localTypes: [LocalType] = []
            localTypes.reserveCapacity(typeCount)
            for index in 0..<typeCount {
                let at = typesAt + index * 6
                let start = Int(bytes[at + 5])
                guard start < max(1, charCount) else { return nil }
                var stop = charsAt + start
                while stop < charsAt + charCount, bytes[stop] != 0 { stop += 1 }
                let name = charCount == 0 ? "" : String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(charsAt + start)..<stop]), as: UTF8.self)
                localTypes.append(LocalType(offset: Int(signed(at, 4)), isDST: bytes[at + 4] != 0, abbreviation: name))
            }
            var transitions: [Int64] = [], typeIndex: [UInt8] = []
            transitions.reserveCapacity(timeCount)
            typeIndex.reserveCapacity(timeCount)
            for index in 0..<timeCount {
                let type = bytes[indexAt + index]
                guard Int(type) < typeCount else { return nil }
                let time = signed(timesAt + index * width, width)
                guard transitions.last.map({ $0 < time }) ?? true else { return nil }
                transitions.append(time)
                typeIndex.append(type)
            }
            // The footer: "\n" rule "\n" after the 64-bit block.
            var footer: PosixRule?
            if width == 8, end < bytes.count, bytes[end] == UInt8(ascii: "\n") {
                var close = end + 1
                while close < bytes.count, bytes[close] != UInt8(ascii: "\n") { close += 1 }
                if close < bytes.count, close > end + 1 {
                    footer = PosixRule(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[(end + 1)..<close]), as: UTF8.self))
                }
            }
            return (localTypes[0], transitions, localTypes, typeIndex, footer)
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
            return after(low)
        }

        /// The first instant after `time` at which the offset or daylight saving time changes.
        func nextChange(after time: Int64) -> Int64? {
            var previous = type(at: time)
            if let next = transitions.firstIndex(where: { $0 > time }) {
                for index in next..<transitions.count {
                    if !after(index).sameClock(previous) { return transitions[index] }
                    previous = after(index)
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

        /// Read by byte (a status line reads its zone's rule at every start: issue 36). Names
        /// are ASCII letters, as POSIX has them, or any text between `<` and `>`.
        init?(_ text: String) {
            let bytes = Array(text.utf8)
            var at = 0
            func next() -> UInt8? { at < bytes.count ? bytes[at] : nil }
            func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
            func name() -> String? {
                if next() == UInt8(ascii: "<") {
                    guard let close = bytes[at...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                    defer { at = close + 1 }
                    return String(decoding: bytes[(at + 1)..<close], as: UTF8.self)
                }
                var end = at
                while end < bytes.count, (0x41...0x5A).contains(bytes[end]) || (0x61...0x7A).contains(bytes[end]) { end += 1 }
                guard end - at >= 3 else { return nil }
                defer { at = end }
                return String(decoding: bytes[at..<end], as: UTF8.self)
            }
            /// Up to `most` digits; nil when there are none or more.
            func number(most: Int = 9) -> Int? {
                var value = 0, digits = 0
                while let byte = next(), isDigit(byte) {
                    digits += 1
                    guard digits <= most else { return nil }
                    value = value * 10 + Int(byte - 0x30)
                    at += 1
                }
                return digits == 0 ? nil : value
            }
            func time() -> Int? {
                var sign = 1
                if next() == UInt8(ascii: "-") || next() == UInt8(ascii: "+") { sign = next() == UInt8(ascii: "-") ? -1 : 1; at += 1 }
                var seconds = 0
                for (index, unit) in [3600, 60, 1].enumerated() {
                    if index > 0 { guard next() == UInt8(ascii: ":") else { break }; at += 1 }
                    guard let value = number(most: 3) else { return nil }
                    seconds += value * unit
                }
                return sign * seconds
            }
            func dayRule() -> DayRule? {
                switch next() {
                case UInt8(ascii: "J"):
                    at += 1
                    return number().flatMap { (1...365).contains($0) ? .julian($0) : nil }
                case UInt8(ascii: "M"):
                    at += 1
                    guard let month = number(), next() == UInt8(ascii: ".") else { return nil }
                    at += 1
                    guard let week = number(), next() == UInt8(ascii: ".") else { return nil }
                    at += 1
                    guard let weekday = number(), (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday) else { return nil }
                    return .weekday(month: month, week: week, weekday: weekday)
                default:
                    return number().flatMap { (0...365).contains($0) ? .zeroBased($0) : nil }
                }
            }
            func change() -> (DayRule, Int)? {
                guard next() == UInt8(ascii: ",") else { return nil }
                at += 1
                guard let day = dayRule() else { return nil }
                if next() == UInt8(ascii: "/") { at += 1; return time().map { (day, $0) } }
                return (day, 7200)
            }
            guard let standardName = name(), let standardOffset = time() else { return nil }
            standard = LocalType(offset: -standardOffset, isDST: false, abbreviation: standardName)
            if at == bytes.count {
                daylight = nil
                start = (.julian(1), 0)
                end = (.julian(1), 0)
                return
            }
            guard let daylightName = name() else { return nil }
            var daylightOffset = standard.offset + 3600
            if at < bytes.count, next() != UInt8(ascii: ",") { guard let value = time() else { return nil }; daylightOffset = -value }
            daylight = LocalType(offset: daylightOffset, isDST: true, abbreviation: daylightName)
            // A rule without dates takes the United States' (POSIX leaves it to the system).
            if at == bytes.count {
                start = (.weekday(month: 3, week: 2, weekday: 0), 7200)
                end = (.weekday(month: 11, week: 1, weekday: 0), 7200)
                return
            }
            guard let start = change(), let end = change(), at == bytes.count else { return nil }
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
