import CNcursesw
import Foundation
import HomescreenRender
import HomescreenRuntime
import HomescreenWidgetCore

/// The terminal through ncursesw: the only code that talks to ncurses. It owns the screen from
/// `init` to `end()`, draws only the cells that changed since the last frame, and decodes keys.
///
/// Where it can, the dashboard writes every frame itself, with the sequences of the terminal's
/// terminfo entry (`ChangeWriter`): a change in place by the shortest cursor moves and pen
/// changes (ncurses's optimiser moves the cursor absolutely whenever the target is more than a
/// few cells away, never goes down with a line feed, and resets the pen after every refresh:
/// issue 36, the demo's consume at 160×48 went from 1.28× to 1.14× of its lower bound), and a
/// repaint as a cleared screen and the cells that are not blank. ncurses then only sets the
/// terminal up, reads keys and gives the terminal back, with a screen of one cell: its three
/// copies of a 160×48 screen were 0.65 MB of the dashboard's memory (BENCHMARKS.md). Terminals
/// the writer does not serve (not UTF-8, padding, no `cup`, writing the last cell scrolls) are
/// drawn by ncurses throughout.
public final class NcursesScreen: TerminalScreen {
    /// The largest terminal the dashboard draws (README: "Terminal size").
    public static let maximumSize = CellSize(columns: 1000, rows: 500)

    public let depth: ColorDepth
    public private(set) var size: CellSize
    public var inputDescriptor: Int32 { 0 }

    private var previous: CellGrid?
    private var theme: Theme?
    private var pairs: [PairKey: Int32] = [:]
    private var ended = false
    private let attributeBits: [(TextAttributes, attr_t)]
    private let directColor: Bool
    /// The terminal's sequences, when the frames are written directly (ncurses does not draw).
    private let controls: TerminalControls?

    private struct PairKey: Hashable {
        let foreground: TerminalColor
        let background: TerminalColor
    }

    /// Sets the locale ncurses draws with: the user's when it is UTF-8; `C.UTF-8` when the
    /// user's names UTF-8 but is not installed (only C, C.UTF-8 and POSIX are on these machines);
    /// otherwise the user's own (ASCII drawing).
    /// - Returns: whether the terminal gets UTF-8 (else the caller draws ASCII).
    public static func setUpLocale(environment: [String: String]) -> Bool {
        if setlocale(LC_ALL, "") != nil, isUTF8(String(cString: hs_codeset())) { return true }
        let requested = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        if isUTF8(requested), setlocale(LC_ALL, "C.UTF-8") != nil { return true }
        setlocale(LC_ALL, "C")
        return false
    }

    private static func isUTF8(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// Takes over the terminal.
    /// - Parameter depth: the color depth the environment announces (`NO_COLOR`, `--colors`);
    ///   the terminal's own capability can lower it further.
    /// - Throws: when the terminal cannot be set up (unknown `TERM`, no terminal).
    /// - Parameter mouse: turn on click and wheel reports (`mouse = false`, `--no-mouse`: off,
    ///   so the terminal's own selection works without Shift).
    public init(environment: [String: String], depth requested: ColorDepth, mouse: Bool = true) throws {
        guard let output = fdopen(1, "w"), let input = fdopen(0, "r") else {
            throw TerminalError("the terminal could not be opened.")
        }
        // Refused before ncurses allocates a screen of that size.
        var rows: Int32 = 0, columns: Int32 = 0
        if hs_terminal_size(1, &rows, &columns) == 0, Int(columns) > Self.maximumSize.columns || Int(rows) > Self.maximumSize.rows {
            throw TerminalError("the terminal is \(columns)×\(rows) cells; the dashboard draws at most \(Self.maximumSize.columns)×\(Self.maximumSize.rows). "
                + "Make the window smaller, or use `homescreen render` for a pane as text.")
        }
        // Before ncurses changes anything: a crash from here on gives the terminal back.
        _ = hs_install_crash_restore(0, 1)
        guard newterm(nil, output, input) != nil else {
            throw TerminalError("the terminal type '\(environment["TERM"] ?? "")' is unknown to ncurses; set TERM to one it knows, such as xterm-256color.")
        }
        guard hs_can_address_cursor() != 0 else {
            endwin()
            hs_forget_crash_restore()
            throw TerminalError("the terminal type '\(environment["TERM"] ?? "")' cannot move the cursor, which the dashboard needs; "
                + "use a terminal such as xterm-256color, or `homescreen status` and `homescreen render` for line output.")
        }
        // After newterm, which sets the delay from ESCDELAY or its one-second default.
        if environment["ESCDELAY"] == nil { set_escdelay(25) }
        raw()
        noecho()
        nonl()
        keypad(hs_stdscr(), true)
        nodelay(hs_stdscr(), true)
        curs_set(0)
        var depth = requested
        if depth != .monochrome, has_colors() {
            start_color()
            use_default_colors()
            let colors = hs_colors()
            let capability: ColorDepth = colors >= 0x1000000 ? .truecolor : colors >= 256 ? .indexed256 : colors >= 16 ? .ansi16 : .ansi8
            depth = min(depth, capability)
        } else {
            depth = .monochrome
        }
        self.depth = depth
        directColor = depth == .truecolor
        attributeBits = [(.bold, hs_attr_bold()), (.dim, hs_attr_dim()), (.italic, hs_attr_italic()),
                         (.underline, hs_attr_underline()), (.reverse, hs_attr_reverse())]
        size = CellSize(columns: Int(hs_cols()), rows: Int(hs_lines()))
        controls = Self.isUTF8(String(cString: hs_codeset())) ? Self.terminfoControls(direct: depth == .truecolor) : nil
        if controls != nil {
            // ncurses draws nothing from here: a screen of one cell, drawn once now, so that its
            // first refresh (which clears the terminal) never comes after a frame of ours.
            resize_term(1, 1)
            refresh()
        }
        self.mouse = mouse
        if mouse { Self.send(Mouse.enable) }
    }

    /// The sequences of the terminal's terminfo entry, or nil when the writer cannot serve it:
    /// no `cup` or `sgr0` without padding (`$<…>`, delays only ncurses's output gives; other
    /// sequences with padding are left out), magic-cookie attributes, or a bottom-right cell
    /// that scrolls when written (`am` without `xenl`).
    static func terminfoControls(direct: Bool) -> TerminalControls? {
        @Sendable func bytes(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
            Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
        }
        func string(_ name: String) -> [UInt8]? {
            guard let pointer = hs_terminfo_string(name) else { return nil }
            let value = bytes(pointer)
            if value.isEmpty { return nil }
            // "$<" starts a delay only ncurses's output knows how to give.
            if zip(value, value.dropFirst()).contains(where: { $0 == 0x24 && $1 == 0x3C }) { return nil }
            return value
        }
        func format(_ name: String) -> (@Sendable (Int, Int) -> [UInt8])? {
            guard let format = string(name) else { return nil }
            let text = format.map { CChar(bitPattern: $0) } + [0]
            return { first, second in text.withUnsafeBufferPointer { pointer in
                hs_terminfo_format(pointer.baseAddress, Int32(clamping: first), Int32(clamping: second)).map(bytes) ?? []
            } }
        }
        func one(_ name: String) -> TerminalControls.Sequence? {
            guard let sequence = format(name) else { return nil }
            return { sequence($0, 0) }
        }
        guard let cup = format("cup"), let reset = string("sgr0"), hs_terminfo_number("xmc") <= 0,
              !(hs_terminfo_flag("am") != 0 && hs_terminfo_flag("xenl") == 0) else { return nil }
        let setForeground = one("setaf"), setBackground = one("setab"), defaults = hs_terminfo_flag("AX") != 0
        func color(_ set: TerminalControls.Sequence?, default sequence: [UInt8]) -> @Sendable (TerminalColor) -> [UInt8]? {
            return { color in
                switch color {
                case .terminalDefault: return defaults ? sequence : nil
                case .palette(let index): return set?(Int(index))
                case .rgb(let rgb): return direct ? set?(Int(rgb.red) << 16 | Int(rgb.green) << 8 | Int(rgb.blue)) : nil
                }
            }
        }
        var controls = TerminalControls(cursorPosition: cup, reset: reset,
                                        foreground: color(setForeground, default: Array("\u{1B}[39m".utf8)),
                                        background: color(setBackground, default: Array("\u{1B}[49m".utf8)))
        controls.column = one("hpa")
        controls.row = one("vpa")
        controls.forward = one("cuf")
        controls.backward = one("cub")
        controls.down = one("cud")
        controls.up = one("cuu")
        controls.forwardOne = string("cuf1")
        controls.backwardOne = string("cub1")
        controls.upOne = string("cuu1")
        // A line feed goes down only when the driver adds no carriage return to it.
        if let down = string("cud1"), down != [10] || hs_output_adds_return(1) == 0 { controls.downOne = down }
        controls.carriageReturn = string("cr")
        controls.clearScreen = string("clear")
        let notWithColor = hs_terminfo_number("ncv")
        for (flag, name, bit) in [(TextAttributes.bold, "bold", 32), (.dim, "dim", 16), (.italic, "sitm", 0x8000), (.underline, "smul", 2), (.reverse, "rev", 4)] {
            controls.attributes[flag] = string(name)
            if notWithColor > 0, Int(notWithColor) & bit != 0 { controls.notWithColor.insert(flag) }
        }
        // ncurses sets attributes through `sgr` when the entry has one, and never shows one its
        // parameters leave out (xterm-kitty's has no dim): the same here.
        if let sgr = string("sgr").map({ String(decoding: $0, as: UTF8.self) }) {
            for (flag, parameter) in [(TextAttributes.underline, 2), (.reverse, 3), (.dim, 5), (.bold, 6)] where !sgr.contains("%p\(parameter)") {
                controls.attributes[flag] = nil
            }
        }
        return controls
    }

    deinit { end() }

    private let mouse: Bool

    /// Bytes for the terminal that ncurses does not know about (mouse reports on and off).
    private static func send(_ sequence: String) { send(Array(sequence.utf8)) }

    /// - Returns: whether every byte went out. A terminal left non-blocking by another program
    ///   (they share the open file) is waited for while it drains, a second at most.
    @discardableResult
    private static func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(1, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            if written < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                var output = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
                if poll(&output, 1, 1000) > 0, output.revents & Int16(POLLOUT) != 0 { continue }
                return false
            }
            // A closed terminal: the loop sees it hang up.
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Gives the terminal back: echo, line mode, cursor, the normal screen. Safe to call twice.
    public func end() {
        guard !ended else { return }
        ended = true
        if mouse { Self.send(Mouse.disable) }
        curs_set(1)
        // At its real size, so that endwin leaves the cursor on the last line (where a terminal
        // without an alternate screen shows the shell's prompt next).
        if controls != nil { resize_term(Int32(size.rows), Int32(size.columns)) }
        endwin()
        hs_forget_crash_restore()
    }

    public func present(_ grid: CellGrid, theme: Theme) {
        if theme != self.theme {
            self.theme = theme
            pairs = [:]
            previous = nil
        }
        let depth = self.depth
        let looks: @Sendable (Style) -> ResolvedStyle = { ResolvedStyle($0, theme: theme, depth: depth) }
        if let controls {
            let writer = ChangeWriter(controls: controls, resolve: looks)
            let bytes: [UInt8]
            if let previous, previous.width == grid.width, previous.height == grid.height {
                let counter = ChangeWriter.Counter(writer, grid: grid, previous: previous)
                let plan = PaintPlan(grid, from: previous, looks: writer.resolve, cost: counter.bytes)
                bytes = writer.bytes(plan.passes, grid: grid, previous: previous)
            } else {
                bytes = writer.repaint(grid)
            }
            // Part of a frame lost: what the terminal shows is unknown, so the next one repaints.
            if Self.send(bytes) { self.previous = grid } else { invalidate() }
            return
        }
        // A repaint goes in row order; a change in place may go one style at a time (PaintPlan).
        let plan = PaintPlan(grid, from: previous, penCost: { self.penBytes($0, from: $1, theme: theme) }, looks: looks)
        for pass in plan.passes {
            for segment in pass {
                var x = segment.x
                for cell in segment.cells {
                    defer { x += 1 }
                    if cell.isContinuation { continue }
                    draw(cell, style: segment.style, x: x, y: segment.y, theme: theme)
                }
            }
            refresh()
        }
        if plan.passes.isEmpty { refresh() }
        previous = grid
    }

    /// About the bytes ncurses sends to switch to `style` (SGR with attributes, colors) from
    /// `previous` (nil: the normal pen): with the same attributes, only the colors that differ
    /// (a default color is `ESC[39m` or `ESC[49m`); otherwise a reset, the attributes and the colors.
    private func penBytes(_ style: Style, from previous: Style?, theme: Theme) -> Int {
        let resolved = ResolvedStyle(style, theme: theme, depth: depth)
        func bytes(_ color: TerminalColor) -> Int {
            switch color {
            case .terminalDefault: return 0
            case .palette(let index): return index < 16 ? 5 : 11
            case .rgb: return directColor ? 19 : 11
            }
        }
        if let previous {
            let before = ResolvedStyle(previous, theme: theme, depth: depth)
            if before.attributes == resolved.attributes {
                func change(_ from: TerminalColor, _ to: TerminalColor) -> Int { from == to ? 0 : max(5, bytes(to)) }
                return change(before.foreground, resolved.foreground) + change(before.background, resolved.background)
            }
        }
        return max(4, (resolved.attributes.isEmpty ? 0 : 8) + bytes(resolved.foreground) + bytes(resolved.background))
    }

    /// Draws `cell` with `style`: its own, or for a blank the style of the cells beside it.
    private func draw(_ cell: Cell, style: Style, x: Int, y: Int, theme: Theme) {
        let resolved = ResolvedStyle(style, theme: theme, depth: depth)
        var attributes: attr_t = 0
        for (flag, bits) in attributeBits where resolved.attributes.contains(flag) { attributes |= bits }
        // One grapheme; a cluster longer than a cell can hold keeps its first scalar. Controls
        // never get here (the grid made text safe); this is the last line of defence.
        let scalars = ChangeWriter.scalars(of: cell).map { wchar_t(bitPattern: $0.value) } + [0]
        _ = hs_put_cell(Int32(y), Int32(x), scalars, attributes, pair(resolved))
    }

    private func pair(_ style: ResolvedStyle) -> Int32 {
        guard depth != .monochrome else { return 0 }
        let key = PairKey(foreground: style.foreground, background: style.background)
        if key.foreground == .terminalDefault, key.background == .terminalDefault { return 0 }
        if let pair = pairs[key] { return pair }
        let number = Int32(pairs.count + 1)
        guard number < hs_color_pairs() else { return 0 }
        init_extended_pair(number, color(key.foreground), color(key.background))
        pairs[key] = number
        return number
    }

    private func color(_ color: TerminalColor) -> Int32 {
        switch color {
        case .terminalDefault: return -1
        case .palette(let index): return Int32(index)
        case .rgb(let rgb): return directColor ? Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue) : -1
        }
    }

    public func readKeys() -> (keys: [Key], closed: Bool) {
        var keys: [Key] = []
        while true {
            var value: Int32 = 0
            let result = hs_read_key(&value)
            if result == ERR { break }
            if result == KEY_CODE_YES {
                if value == KEY_MOUSE {
                    // The xterm entries name the start of an SGR report as their mouse key
                    // (kmous=\E[<): ncurses takes those three bytes for KEY_MOUSE and leaves the
                    // rest. They are put back, so the report folds as under other TERMs.
                    keys += [.escape, .character("["), .character("<")]
                } else if let key = Self.functionKey(value) {
                    keys.append(key)
                }
            } else if let key = Self.characterKey(value) {
                keys.append(key)
            }
        }
        return (Key.foldingMouseReports(input.decode(keys)), false)
    }

    /// The sequences ncurses passed through (keys its terminfo entry does not name, late answers).
    private var input = TerminalInput()

    static func characterKey(_ value: Int32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(UnicodeScalar(UInt8(value) + 96)))
        case 0..<32: return nil
        default:
            guard let scalar = UnicodeScalar(UInt32(bitPattern: value)), !(0x7F...0x9F).contains(scalar.value) else { return nil }
            return .character(Character(scalar))
        }
    }

    static func functionKey(_ value: Int32) -> Key? {
        switch value {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC, KEY_SDC: return .delete
        case KEY_IC, KEY_SIC: return .insert
        case KEY_BTAB: return .backTab
        case KEY_NPAGE, KEY_SNEXT: return .pageDown
        case KEY_PPAGE, KEY_SPREVIOUS: return .pageUp
        // A VT220 keyboard's Find and Select are where Home and End are (rxvt's entry names them).
        case KEY_HOME, KEY_SHOME, KEY_FIND: return .home
        case KEY_END, KEY_SEND, KEY_SELECT, KEY_LL: return .end
        case KEY_SLEFT: return .left
        case KEY_SRIGHT: return .right
        case KEY_SR: return .up
        case KEY_SF: return .down
        // The application keypad's corners and centre (`ESC O w` is its 7): the digits.
        case KEY_A1: return .character("7")
        case KEY_A3: return .character("9")
        case KEY_B2: return .character("5")
        case KEY_C1: return .character("1")
        case KEY_C3: return .character("3")
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(value - KEY_F0))
        case KEY_MAX...: return modifiedKey(value)
        default: return nil   // KEY_RESIZE: the loop handles SIGWINCH itself
        }
    }

    /// A key the terminfo entry names beyond ncurses's own codes, by its name: `kHOM5` is
    /// Ctrl-Home, read as Home (and so for End, Insert, Delete, PgUp, PgDn and the arrows).
    static func modifiedKey(_ value: Int32) -> Key? {
        guard let pointer = keyname(value) else { return nil }
        return modifiedKey(named: String(cString: pointer))
    }

    static func modifiedKey(named name: String) -> Key? {
        let bases: [(String, Key)] = [("kHOM", .home), ("kEND", .end), ("kIC", .insert), ("kDC", .delete), ("kPRV", .pageUp),
                                      ("kNXT", .pageDown), ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right)]
        for (base, key) in bases where name.hasPrefix(base) {
            let modifier = name.dropFirst(base.count)
            if !modifier.isEmpty, modifier.allSatisfy(\.isNumber) { return key }
        }
        return nil
    }

    public func refreshSize() -> CellSize {
        var rows: Int32 = 0, columns: Int32 = 0
        if hs_terminal_size(1, &rows, &columns) == 0, rows > 0, columns > 0 {
            // A window grown past the maximum is drawn in its top-left corner, at the maximum:
            // no buffer grows without bound.
            let fitted = CellSize(columns: min(Int(columns), Self.maximumSize.columns), rows: min(Int(rows), Self.maximumSize.rows))
            // Where ncurses draws, its screen follows; elsewhere it keeps its one cell.
            if controls == nil {
                resizeterm(Int32(fitted.rows), Int32(fitted.columns))
                size = CellSize(columns: Int(hs_cols()), rows: Int(hs_lines()))
            } else {
                size = fitted
            }
        }
        invalidate()
        return size
    }

    public func invalidate() {
        previous = nil
        // Only where ncurses draws: a one-cell screen marked for clearing would clear the terminal
        // at the next key read.
        if controls == nil { clearok(hs_stdscr(), true) }
    }
}

/// The terminal could not be set up.
public struct TerminalError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
