import Foundation
import HomescreenHosting
import HomescreenWidgetCore

/// The script widgets' commands in flight, followed by the loop that hosts them (the dashboard's,
/// `homescreen tmux`'s, `status --follow`'s) as `LoopWork`: their output pipes and pidfds are in
/// the loop's `poll()`, their timeouts in its timer, so nothing sleeps or polls on the side and
/// an idle dashboard makes no wake-up at all. A run that ends records its output and notes its
/// kind, whose panes the loop then reloads.
///
/// It also takes the requests to run a widget now: SIGRTMIN+N for `signal = N` widgets, and
/// `homescreen reload NAME`, which writes a file named NAME in `reloadFolder` that every hosting
/// loop watches with inotify.
public final class ScriptHub: LoopWork, @unchecked Sendable {
    public static let shared = ScriptHub()

    private struct Running {
        let process: ScriptProcess
        let done: (ScriptRun) -> Void
    }

    private let lock = NSLock()
    /// Held while the processes are stepped: one loop at a time (a test process may run two).
    private let stepping = NSLock()
    private var running: [ObjectIdentifier: Running] = [:]
    /// The declared widgets by name (for signals and reload requests).
    private var declared: [String: WidgetDeclaration] = [:]
    /// The persistent commands in flight, by widget name (a reload ends one to start it again).
    private var persistent: [String: ScriptProcess] = [:]
    /// The inotify watch on `reloadFolder`: made when a loop first asks for the descriptors
    /// (once: a folder that cannot be used is not tried at every pass).
    private var reloadWatch: Int32?
    private var reloadWatchTried = false

    /// Makes a declared widget known (its panes' provider is made): it takes signals and reload
    /// requests from then on, and its loop polls this hub.
    func declare(_ declaration: WidgetDeclaration) {
        lock.withLock { declared[declaration.name] = declaration }
        KindWakeups.shared.host(self)
    }

    // MARK: - Runs

    /// Follows `process` until it ends, then calls `done` on the loop's thread.
    func follow(_ process: ScriptProcess, persistentName: String? = nil, done: @escaping (ScriptRun) -> Void) {
        lock.withLock {
            running[ObjectIdentifier(process)] = Running(process: process, done: done)
            if let persistentName { persistent[persistentName] = process }
        }
    }

    /// How many commands are in flight (the tests).
    var inFlight: Int { lock.withLock { running.count } }

    public var descriptors: [Int32] {
        lock.withLock {
            if !reloadWatchTried, !declared.isEmpty {
                reloadWatchTried = true
                reloadWatch = Self.watchReloads()
            }
            return running.values.flatMap(\.process.descriptors) + [reloadWatch ?? -1].filter { $0 >= 0 }
        }
    }

    public var deadline: Date? { lock.withLock { running.values.compactMap(\.process.deadline).min() } }

    public func service() {
        stepping.lock()
        defer { stepping.unlock() }
        let now = Date()
        let current = lock.withLock { Array(running) }
        var ended: [(Running, ScriptRun)] = []
        for (id, entry) in current {
            entry.process.step(now: now)
            guard entry.process.finished else { continue }
            lock.withLock {
                running[id] = nil
                persistent = persistent.filter { $0.value !== entry.process }
            }
            ended.append((entry, entry.process.result()))
        }
        for (entry, run) in ended { entry.done(run) }
        readReloadRequests()
    }

    public func signal(_ offset: Int) {
        let names = lock.withLock { declared.values.filter { $0.signal == offset }.map(\.name) }
        for name in names { request(name) }
    }

    /// Ends every command in flight and waits for them (at most a second and a little more:
    /// SIGTERM, then SIGKILL), so none outlives the loop.
    public func finish() {
        stepping.lock()
        defer { stepping.unlock() }
        let processes = lock.withLock { running.values.map(\.process) }
        for process in processes { process.end() }
        for process in processes { _ = process.wait() }
        lock.withLock {
            running = [:]
            persistent = [:]
        }
    }

    /// Runs the widget `name` now: at once when nothing of it runs, else as soon as its run ends
    /// (a persistent command is ended to start again).
    func request(_ name: String, environment: [String: String] = [:]) {
        guard let declaration = lock.withLock({ declared[name] }) else { return }
        ScriptState.of(name).requestRun(environment: environment)
        if let process = lock.withLock({ persistent[name] }) { process.end() }
        KindWakeups.shared.note(WidgetKind(declaration.name))
    }

    // MARK: - Clicks and keys

    /// A click (with `pane.click`) or the run key on a widget's pane: its `command` (`on-click`,
    /// `on-key`) runs with the pane's variables and i3blocks' click ones, then the widget runs
    /// again with the click's. A second click while the first one's command runs is dropped.
    /// Without a loop (the tests' synchronous runtime), waited for.
    /// - Parameter waits: wait for the command (nil: when no loop is attached).
    func input(_ declaration: WidgetDeclaration, command: String?, pane: PaneInput?, waits: Bool? = nil) {
        let state = ScriptState.of(declaration.name)
        var clickVariables: [String: String] = [:]
        if let click = pane?.click {
            clickVariables = ["button": String(click.button), "x": String(click.x), "y": String(click.y),
                              "relative_x": String(click.relativeX), "relative_y": String(click.relativeY),
                              // i3blocks before 1.5 named them so.
                              "BLOCK_BUTTON": String(click.button), "BLOCK_X": String(click.x), "BLOCK_Y": String(click.y)]
            if let size = pane?.context.size { clickVariables["width"] = String(size.columns); clickVariables["height"] = String(size.rows) }
        }
        let kind = WidgetKind(declaration.name)
        let rerun = { [clickVariables] in
            state.requestRun(environment: clickVariables)
            if let process = self.lock.withLock({ self.persistent[declaration.name] }) { process.end() }
            KindWakeups.shared.note(kind)
        }
        guard let command, !command.trimmingCharacters(in: .whitespaces).isEmpty else { return rerun() }
        guard state.record.withLock({ record in
            defer { record.inputInFlight = true }
            return !record.inputInFlight
        }) else { return }
        let context = pane?.context ?? WidgetContext(family: declaration.families.first ?? .systemSmall)
        let variables = ScriptWidget.environment(declaration, context).merging(clickVariables) { _, click in click }
        let finished: (ScriptRun) -> Void = { run in
            state.record.withLock { $0.inputInFlight = false }
            if case .exited(let status) = run.ending, status == 0 || status == 33 {} else {
                // The widget's line says what went wrong with its click command.
                let what = ScriptRun(output: "", errorLine: run.errorLine, ending: run.ending)
                state.record.withLock { $0.problem = Self.inputProblem(what, name: declaration.name, timeout: declaration.timeout) }
            }
            rerun()
        }
        switch ScriptProcess.start(command, folder: declaration.folder, environment: variables, timeout: TimeInterval(declaration.timeout)) {
        case .failure(let reason): finished(ScriptRun(output: "", ending: .notStarted(reason.description)))
        case .success(let process):
            if waits ?? !KindWakeups.shared.attached { finished(process.wait()) } else { follow(process, done: finished) }
        }
    }

    private static func inputProblem(_ run: ScriptRun, name: String, timeout: Int) -> String {
        switch run.ending {
        case .timedOut: return "\(name): its click command gave no answer in \(timeout) s"
        case .notStarted(let reason): return "\(name): its click command did not start (\(reason))"
        case .signalled(let signal): return "\(name): its click command ended by signal \(signal)"
        case .exited(let status): return "\(name): its click command exited \(status)" + (run.errorLine.map { ": \(ScriptOutput.clean($0))" } ?? "")
        }
    }

    // MARK: - homescreen reload

    /// The folder `homescreen reload NAME` writes NAME in, and every loop with script widgets
    /// watches: `$XDG_RUNTIME_DIR/homescreen/reload`, else `/run/user/UID/homescreen/reload`
    /// when that runtime folder is there, else `/tmp/homescreen-UID/reload`.
    public static func reloadFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/homescreen/reload" }
        let user = "/run/user/\(getuid())"
        var info = stat()
        if stat(user, &info) == 0, info.st_uid == getuid() { return user + "/homescreen/reload" }
        return "/tmp/homescreen-\(getuid())/reload"
    }

    /// Makes the reload folder (only its owner may use it) and says why it cannot be used.
    /// - Returns: its path, or the sentence that says what is wrong.
    public static func prepareReloadFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<String, ReloadFolderError> {
        let folder = reloadFolder(environment: environment)
        let parent = (folder as NSString).deletingLastPathComponent
        for path in [parent, folder] {
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                return .failure(ReloadFolderError(description: "\(path) cannot be made (\(String(cString: strerror(errno))))."))
            }
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                return .failure(ReloadFolderError(description: "\(path) is not a folder."))
            }
            if info.st_uid != getuid() { return .failure(ReloadFolderError(description: "\(path) belongs to another user (uid \(info.st_uid)).")) }
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
                return .failure(ReloadFolderError(description: "\(path) can be written by other users (mode \(String(info.st_mode & 0o777, radix: 8))); run chmod 700 \(path)."))
            }
        }
        return .success(folder)
    }

    public struct ReloadFolderError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Asks every loop watching the folder to run `name` now: a file named so is written and
    /// removed (the watchers see it closed).
    public static func requestReload(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let folder = try prepareReloadFolder(environment: environment).get()
        let path = folder + "/" + name
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ReloadFolderError(description: "\(path) cannot be written (\(String(cString: strerror(errno))))." ) }
        close(descriptor)
        unlink(path)
    }

    /// An inotify watch on the reload folder (made if needed); nil when it cannot be used (then
    /// only `signal` and the dashboard's keys run a widget early).
    private static func watchReloads() -> Int32? {
        guard case .success(let folder) = prepareReloadFolder() else { return nil }
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        guard inotify_add_watch(descriptor, folder, UInt32(IN_CLOSE_WRITE | IN_MOVED_TO)) >= 0 else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The names written in the reload folder since the last look: each runs now.
    private func readReloadRequests() {
        guard let descriptor = lock.withLock({ reloadWatch }) else { return }
        var names: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            var offset = 0
            // struct inotify_event: wd (4), mask (4), cookie (4), len (4), then len bytes of name.
            while offset + 16 <= count {
                let length = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16 | Int(buffer[offset + 15]) << 24
                let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                names.insert(String(decoding: name, as: UTF8.self))
                offset += 16 + length
            }
        }
        for name in names { request(name) }
    }
}
