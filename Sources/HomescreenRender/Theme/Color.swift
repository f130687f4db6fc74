/// A 24-bit color.
public struct RGB: Hashable, Sendable, CustomStringConvertible {
    public let red, green, blue: UInt8

    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#rrggbb`.
    public init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    public var description: String {
        "#" + [red, green, blue].map { value in
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    func distance(to other: RGB) -> Int {
        let dr = Int(red) - Int(other.red), dg = Int(green) - Int(other.green), db = Int(blue) - Int(other.blue)
        // Weighted for the eye's sensitivity (a cheap "redmean" approximation).
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}

/// A theme's color for a role: a specific color or the terminal's own default.
public enum ThemeColor: Hashable, Sendable {
    case terminalDefault
    case rgb(RGB)
}

/// How many colors the terminal can show. Chosen from the environment, never assumed.
public enum ColorDepth: String, CaseIterable, Sendable, Comparable {
    case monochrome, ansi8, ansi16, indexed256, truecolor

    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The depth the environment announces: `NO_COLOR` wins, then `COLORTERM`, then `TERM`.
    public static func detect(environment: [String: String]) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        let term = environment["TERM"] ?? ""
        if term.isEmpty || term == "dumb" { return .monochrome }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" || term.hasSuffix("-direct") { return .truecolor }
        if term.contains("256color") { return .indexed256 }
        if term == "linux" || term.hasPrefix("vt") { return .ansi8 }
        return .ansi16
    }
}

/// A color as the terminal receives it, after degrading to its depth.
public enum TerminalColor: Hashable, Sendable {
    case terminalDefault
    case palette(UInt8)     // 0…255 (0…15 are the 16 ANSI colors)
    case rgb(RGB)
}

extension TerminalColor {
    /// The color a terminal shows, with its own default color standing in for `terminalDefault`
    /// (the xterm palette for indexed colors): for making pictures of a screen in tests.
    public func shown(default fallback: RGB) -> RGB {
        switch self {
        case .terminalDefault: return fallback
        case .palette(let index): return Palette.color256(Int(index))
        case .rgb(let color): return color
        }
    }
}

extension ThemeColor {
    /// This color at a depth: truecolor keeps it, 256 takes the nearest of the xterm cube and
    /// gray ramp, 16 and 8 the nearest ANSI color, monochrome the terminal default.
    public func degraded(to depth: ColorDepth) -> TerminalColor {
        guard case .rgb(let color) = self else { return .terminalDefault }
        switch depth {
        case .truecolor: return .rgb(color)
        case .indexed256: return .palette(Palette.nearest256(color))
        case .ansi16: return .palette(Palette.nearest(color, among: 16))
        case .ansi8: return .palette(Palette.nearest(color, among: 8))
        case .monochrome: return .terminalDefault
        }
    }
}

/// The xterm palette, for degrading colors.
enum Palette {
    static let ansi: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    static func nearest(_ color: RGB, among count: Int) -> UInt8 {
        var best = 0
        for index in 1..<count where color.distance(to: ansi[index]) < color.distance(to: ansi[best]) { best = index }
        return UInt8(best)
    }

    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    static func color256(_ index: Int) -> RGB {
        if index < 16 { return ansi[index] }
        if index >= 232 { let level = UInt8(8 + (index - 232) * 10); return RGB(level, level, level) }
        let cube = index - 16
        return RGB(cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
    }

    static func nearest256(_ color: RGB) -> UInt8 {
        func level(_ value: UInt8) -> Int {
            var best = 0
            for index in 1..<6 where abs(Int(cubeLevels[index]) - Int(value)) < abs(Int(cubeLevels[best]) - Int(value)) { best = index }
            return best
        }
        let cubeIndex = 16 + 36 * level(color.red) + 6 * level(color.green) + level(color.blue)
        let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
        let grayIndex = 232 + min(23, max(0, (average - 3) / 10))
        return color.distance(to: color256(cubeIndex)) <= color.distance(to: color256(grayIndex)) ? UInt8(cubeIndex) : UInt8(grayIndex)
    }
}
