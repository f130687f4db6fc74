/// The byte sequences a terminal understands for moving its cursor and changing its pen: what a
/// terminfo entry says (the backend fills this from it), or ECMA-48 as xterm and tmux speak it
/// (`ecma48`, for tests). An absent sequence is one the terminal does not have; only the
/// absolute cursor position and the reset are required.
public struct TerminalControls: Sendable {
    public typealias Sequence = @Sendable (Int) -> [UInt8]

    /// `cup`: row and column, both from 0.
    public var cursorPosition: @Sendable (_ row: Int, _ column: Int) -> [UInt8]
    /// `hpa` and `vpa`: to a column or row (from 0) on the same row or column.
    public var column: Sequence?, row: Sequence?
    /// `cuf`, `cub`, `cud`, `cuu`: n cells right, left, down, up.
    public var forward: Sequence?, backward: Sequence?, down: Sequence?, up: Sequence?
    /// `cuf1`, `cub1`, `cuu1`, and `cud1` when it is a line feed the terminal's output settings
    /// leave alone (no carriage return added): one cell in a direction.
    public var forwardOne: [UInt8]?, backwardOne: [UInt8]?, downOne: [UInt8]?, upOne: [UInt8]?
    /// `cr`: to column 0 of the same row.
    public var carriageReturn: [UInt8]?
    /// `clear`: every cell blank in the current pen's background, the cursor at the top left.
    public var clearScreen: [UInt8]?
    /// `sgr0`: the normal pen.
    public var reset: [UInt8]
    /// Turning one attribute on (`bold`, `dim`, `sitm`, `smul`, `rev`); there is no "off".
    public var attributes: [TextAttributes: [UInt8]]
    /// `setaf` / `setab` for a color, `ESC[39m` / `ESC[49m` for the terminal's own (with `AX`);
    /// nil when the terminal cannot set that color alone (then the pen is reset and set again).
    public var foreground: @Sendable (TerminalColor) -> [UInt8]?
    public var background: @Sendable (TerminalColor) -> [UInt8]?
    /// The attributes the terminal cannot show together with a color (`ncv`: dim and underline
    /// on the Linux console); they are left out of a colored pen, as curses does.
    public var notWithColor: TextAttributes = []

    public init(cursorPosition: @escaping @Sendable (Int, Int) -> [UInt8], reset: [UInt8],
                foreground: @escaping @Sendable (TerminalColor) -> [UInt8]?, background: @escaping @Sendable (TerminalColor) -> [UInt8]?) {
        self.cursorPosition = cursorPosition
        self.reset = reset
        self.foreground = foreground
        self.background = background
        attributes = [:]
    }

    /// What xterm-256color's terminfo entry says, with line feeds that only go down.
    public static let ecma48: TerminalControls = {
        @Sendable func csi(_ body: String) -> [UInt8] { Array("\u{1B}[\(body)".utf8) }
        @Sendable func color(_ base: Int, _ bright: Int, _ extended: Int, _ color: TerminalColor) -> [UInt8]? {
            switch color {
            case .terminalDefault: return csi("\(base + 9)m")
            case .palette(let index) where index < 8: return csi("\(base + Int(index))m")
            case .palette(let index) where index < 16: return csi("\(bright + Int(index) - 8)m")
            case .palette(let index): return csi("\(extended);5;\(index)m")
            case .rgb(let rgb): return csi("\(extended);2;\(rgb.red);\(rgb.green);\(rgb.blue)m")
            }
        }
        var controls = TerminalControls(cursorPosition: { csi("\($0 + 1);\($1 + 1)H") }, reset: csi("m"),
                                        foreground: { color(30, 90, 38, $0) }, background: { color(40, 100, 48, $0) })
        controls.column = { csi("\($0 + 1)G") }
        controls.row = { csi("\($0 + 1)d") }
        controls.forward = { csi("\($0)C") }
        controls.backward = { csi("\($0)D") }
        controls.down = { csi("\($0)B") }
        controls.up = { csi("\($0)A") }
        controls.forwardOne = csi("C")
        controls.backwardOne = [8]
        controls.downOne = [10]
        controls.upOne = csi("A")
        controls.carriageReturn = [13]
        controls.clearScreen = csi("H") + csi("2J")
        controls.attributes = [.bold: csi("1m"), .dim: csi("2m"), .italic: csi("3m"), .underline: csi("4m"), .reverse: csi("7m")]
        return controls
    }()
}
