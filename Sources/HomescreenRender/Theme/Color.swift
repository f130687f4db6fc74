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

    /// `#rrggbb`, lowercase.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = [UInt8(ascii: "#")]
        for value in [red, green, blue] { text += [digits[Int(value >> 4)], digits[Int(value & 0xF)]] }
        return String(decoding: text, as: UTF8.self)
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

/// Which of the six ANSI hues a color is, or a gray.
public enum HueFamily: Equatable, Sendable {
    case gray, red, yellow, green, cyan, blue, magenta

    public init(_ color: RGB) {
        let r = Double(color.red) / 255, g = Double(color.green) / 255, b = Double(color.blue) / 255
        let high = max(r, g, b), low = min(r, g, b), delta = high - low
        let lightness = (high + low) / 2
        let saturation = delta == 0 ? 0 : delta / (1 - abs(2 * lightness - 1))
        guard delta >= 0.12, saturation >= 0.25 else { self = .gray; return }
        var hue: Double
        if high == r { hue = 60 * ((g - b) / delta) } else if high == g { hue = 60 * ((b - r) / delta + 2) } else { hue = 60 * ((r - g) / delta + 4) }
        if hue < 0 { hue += 360 }
        switch hue {
        case ..<20, 330...: self = .red
        case ..<70: self = .yellow
        case ..<160: self = .green
        case ..<200: self = .cyan
        case ..<260: self = .blue
        default: self = .magenta
        }
    }

    /// The ANSI color number of the hue (its dark variant), nil for gray.
    var ansi: Int? {
        switch self {
        case .gray: return nil
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        }
    }
}

extension RGB {
    /// HSL lightness, 0…1.
    var lightness: Double { (Double(max(red, green, blue)) + Double(min(red, green, blue))) / 510 }
}

/// The xterm palette, for degrading colors.
enum Palette {
    static let ansi: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The ANSI color (of the first 8 or 16) of the same hue family: a red stays a red, a blue
    /// a blue, a gray a gray of about its lightness. Plain RGB distance maps a light red such as
    /// #ff5c5c to gray, so the hue decides, then the lightness picks the bright variant.
    static func nearest(_ color: RGB, among count: Int) -> UInt8 {
        let family = HueFamily(color)
        let lightness = color.lightness
        guard let base = family.ansi else {
            if count == 8 { return lightness < 0.3 ? 0 : 7 }
            return lightness < 0.2 ? 0 : lightness < 0.45 ? 8 : lightness < 0.8 ? 7 : 15
        }
        let bright = Double(max(color.red, color.green, color.blue)) / 255 >= 0.9 || lightness > 0.6
        return UInt8(count == 16 && bright ? base + 8 : base)
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
        let nearest = color.distance(to: color256(cubeIndex)) <= color.distance(to: color256(grayIndex)) ? cubeIndex : grayIndex
        // A hue near a family's edge can round into the next family (a teal green into cyan):
        // then the nearest entry of the same family wins.
        let family = HueFamily(color)
        guard HueFamily(color256(nearest)) != family else { return UInt8(nearest) }
        let sameFamily = (16...255).filter { HueFamily(color256($0)) == family }
        return UInt8(sameFamily.min { color.distance(to: color256($0)) < color.distance(to: color256($1)) } ?? nearest)
    }
}
