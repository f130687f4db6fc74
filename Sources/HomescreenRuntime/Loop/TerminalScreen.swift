import HomescreenRender
import HomescreenWidgetCore

/// What the event loop needs of a terminal. The ncurses backend is the real one; the loop never
/// sees ncurses.
public protocol TerminalScreen: AnyObject {
    var size: CellSize { get }
    /// Polled for key presses.
    var inputDescriptor: Int32 { get }
    /// The keys waiting, without blocking. `closed` when the terminal is gone.
    func readKeys() -> (keys: [Key], closed: Bool)
    /// Shows a frame, sending only the cells that changed since the last one.
    func present(_ grid: CellGrid, theme: Theme)
    /// Asks the terminal for its size again (after SIGWINCH) and forgets what is on screen.
    func refreshSize() -> CellSize
    /// Repaints everything on the next frame (after SIGCONT).
    func invalidate()
}
