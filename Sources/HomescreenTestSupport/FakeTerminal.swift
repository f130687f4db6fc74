import Foundation
import HomescreenRender
import HomescreenRuntime
import HomescreenWidgetCore

/// A terminal in memory for the event loop: keys typed into it wake the loop's poll() through a
/// pipe, frames are kept instead of drawn, the size changes when a test says so (then a SIGWINCH
/// to the loop's thread makes the loop ask), and hanging up closes the pipe as a lost terminal
/// would. Lets the real loop (keys, timer, store changes, resize, signals) run in the tests'
/// process.
public final class FakeTerminal: TerminalScreen, @unchecked Sendable {
    private let condition = NSCondition()
    private var typed: [Key] = []
    private var pendingSize: CellSize
    private var current: CellSize
    private var frames = 0
    private var latest: CellGrid?
    private var repaints = 0
    private let readEnd: Int32
    private var writeEnd: Int32

    public init(columns: Int, rows: Int) {
        current = CellSize(columns: columns, rows: rows)
        pendingSize = current
        var ends: [Int32] = [0, 0]
        precondition(pipe(&ends) == 0, "no pipe for the fake terminal")
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        if writeEnd >= 0 { close(writeEnd) }
    }

    // MARK: - What the loop sees

    public var size: CellSize { condition.withLock { current } }
    public var inputDescriptor: Int32 { readEnd }

    public func readKeys() -> (keys: [Key], closed: Bool) {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return condition.withLock {
            defer { typed.removeAll() }
            return (typed, false)
        }
    }

    public func present(_ grid: CellGrid, theme: Theme) {
        condition.withLock {
            latest = grid
            frames += 1
            condition.broadcast()
        }
    }

    public func refreshSize() -> CellSize {
        condition.withLock {
            current = pendingSize
            repaints += 1
            return current
        }
    }

    public func invalidate() { condition.withLock { repaints += 1 } }

    // MARK: - What the test does

    /// Types keys: the loop wakes and reads them.
    public func type(_ keys: Key...) {
        condition.withLock { typed += keys }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// The size the terminal reports from the next `refreshSize` (send SIGWINCH to the loop).
    public func resize(columns: Int, rows: Int) {
        condition.withLock { pendingSize = CellSize(columns: columns, rows: rows) }
    }

    /// Closes the terminal's input, as when the terminal window goes away.
    public func hangUp() {
        condition.withLock {
            if writeEnd >= 0 { close(writeEnd) }
            writeEnd = -1
        }
    }

    /// How many frames the loop has presented, and how many full repaints it asked for.
    public var frameCount: Int { condition.withLock { frames } }
    public var repaintCount: Int { condition.withLock { repaints } }

    /// The latest frame's text.
    public var text: String { condition.withLock { latest?.rowTexts().joined(separator: "\n") ?? "" } }
    public var lastFrame: CellGrid? { condition.withLock { latest } }

    /// Waits until a presented frame satisfies `condition`. - Returns: whether one did in time.
    public func waitForFrame(timeout: TimeInterval = 5, until check: (CellGrid) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        return condition.withLock {
            while true {
                if let latest, check(latest) { return true }
                if !condition.wait(until: deadline) { return latest.map(check) ?? false }
            }
        }
    }

    public func waitForText(timeout: TimeInterval = 5, _ check: (String) -> Bool) -> Bool {
        waitForFrame(timeout: timeout) { check($0.rowTexts().joined(separator: "\n")) }
    }
}
