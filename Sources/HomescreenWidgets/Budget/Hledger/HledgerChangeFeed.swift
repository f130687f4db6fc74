import CSystemEvents
import Foundation
import HomescreenStore

/// The store's change feed plus the hledger journal, as one descriptor (an epoll set, as
/// `VdirChangeFeed` makes for vdirs): inotify on the folders of the journal and of every file it
/// includes (a folder, so that an editor's rename into place is seen), and the pipes and process
/// descriptor of the hledger run under way. The dashboard, `status --follow`, `tmux` and
/// `notify --follow` wait on it in their one poll(); nothing polls and no thread waits.
///
/// A journal edit reports `hledgerJournal`: the budget panes reload, find the journal's files
/// changed, and `start` hledger here (unless another process on the store runs it: its write
/// to `hledgerRun` reloads them). The run's end reports `hledgerRun` and is kept in the store.
public final class HledgerChangeFeed: ChangeFeed {
    private let inner: any ChangeFeed
    public let fileDescriptor: Int32
    private let notify: Int32
    private var innerDescriptor: Int32
    private let lock = NSLock()
    /// Watched folders, and the names in each that are the journal's.
    private var folders: [String: Int32] = [:]
    private var names: [Int32: Set<String>] = [:]
    private var journalChanged = false
    private var runEnded = false
    private var jobs: [[String]: Job] = [:]
    /// Another process on this machine runs hledger for these arguments: a pidfd readable when
    /// it ends, so that its death (killed before its write) is a change here at once.
    private var claimants: [[String]: Int32] = [:]
    /// The `hledgerRun` revision this process's own claim of a run made: the store's feed
    /// reports that commit, but nothing the panes show changed (they reload when the run ends).
    private var ownClaimRevision: Int?

    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)

    /// One run of hledger for one set of arguments: the report, then the accounts it lists.
    private final class Job {
        let arguments: [String]
        let signature: Hledger.JournalSignature
        let year: Int
        let environment: [String: String]
        let cache: HledgerCache?
        var process: HledgerProcess
        /// The report's run, kept, while `hledger accounts` runs.
        var report: HledgerRun?

        init(_ arguments: [String], _ signature: Hledger.JournalSignature, _ year: Int, _ environment: [String: String], _ cache: HledgerCache?, _ process: HledgerProcess) {
            self.arguments = arguments
            self.signature = signature
            self.year = year
            self.environment = environment
            self.cache = cache
            self.process = process
        }
    }

    /// Whether the config reads the budget from hledger (set when `[budget]` is read).
    public static var configured: Bool {
        get { configuredSource.withLock { $0 } }
        set { configuredSource.withLock { $0 = newValue } }
    }

    private static let configuredSource = Locked(false)
    /// The feeds of this process, by the thread of the loop that waits on each (held weakly).
    private final class Attachment {
        weak var feed: HledgerChangeFeed?
        let thread: pthread_t
        init(_ feed: HledgerChangeFeed) { self.feed = feed; thread = pthread_self() }
    }

    private static let current = Locked<[Attachment]>([])

    /// The feed of the loop running on this thread, if one waits on it: hledger runs as its
    /// child. Any other thread (the dashboard's writer, a command) runs hledger and waits.
    static var attached: HledgerChangeFeed? {
        current.withLock { attachments in attachments.lazy.compactMap { pthread_equal($0.thread, pthread_self()) != 0 ? $0.feed : nil }.first }
    }

    /// `feed` alone unless the budget's source is hledger (and watching can start).
    public static func wrap(_ feed: any ChangeFeed, hledger: Bool = configured) -> any ChangeFeed {
        hledger ? HledgerChangeFeed(feed) ?? feed : feed
    }

    init?(_ feed: any ChangeFeed) {
        inner = feed
        notify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        fileDescriptor = hs_descriptor_set()
        innerDescriptor = feed.fileDescriptor
        guard notify >= 0, fileDescriptor >= 0 else {
            if notify >= 0 { close(notify) }
            if fileDescriptor >= 0 { close(fileDescriptor) }
            return nil
        }
        add(notify)
        add(innerDescriptor)
        Self.current.withLock { $0.append(Attachment(self)) }
    }

    /// Detaches the feed from its process: a run under way is ended and its claim given up.
    public func detach() {
        Self.current.withLock { $0.removeAll { $0.feed === self || $0.feed == nil } }
        lock.withLock {
            for job in jobs.values where job.report == nil { job.cache?.release(job.arguments, job.signature) }
            jobs = [:]
            for arguments in Array(claimants.keys) { forgetClaimant(arguments) }
        }
    }

    /// A result for these arguments is known: another process's run of them is no longer watched.
    func settled(_ arguments: [String]) {
        lock.withLock { if claimants[arguments] != nil { forgetClaimant(arguments) } }
    }

    /// Stops watching another process's run of these arguments. Called under the lock.
    private func forgetClaimant(_ arguments: [String]) {
        guard let descriptor = claimants.removeValue(forKey: arguments) else { return }
        _ = hs_descriptor_set_remove(fileDescriptor, descriptor)
        close(descriptor)
    }

    deinit {
        detach()
        close(notify)
        close(fileDescriptor)
    }

    private func add(_ descriptor: Int32) {
        guard descriptor >= 0 else { return }
        _ = hs_descriptor_set_add(fileDescriptor, descriptor)
    }

    /// Watches these files (the journal and its includes) from now on, by their folders.
    func watch(_ files: [String]) {
        lock.withLock {
            for file in files {
                let folder = (file as NSString).deletingLastPathComponent, name = (file as NSString).lastPathComponent
                if folders[folder] == nil {
                    let watch = inotify_add_watch(notify, folder, Self.mask)
                    guard watch >= 0 else { continue }
                    folders[folder] = watch
                }
                if let watch = folders[folder] { names[watch, default: []].insert(name) }
            }
        }
    }

    /// Starts hledger on these files unless it already runs here, another process on the store
    /// runs it, or kept its result meanwhile (then in this process's memory when this returns).
    /// - Returns: when to look again if nothing is reported (another process's claim may lapse).
    func start(_ arguments: [String], signature: Hledger.JournalSignature, year: Int, environment: [String: String], cache: HledgerCache?) -> Date? {
        lock.withLock {
            // One run at a time per report: its end reloads the panes, which start the next one
            // if the files changed meanwhile.
            guard jobs[arguments] == nil else { return nil }
            let claim = cache?.claim(arguments, signature) ?? .ours
            forgetClaimant(arguments)
            switch claim {
            case .fresh(let run):
                Hledger.remember(run, arguments)
                return nil
            case .elsewhere(let since, let claimant):
                // Its end (a write to the store, or its death) is reported; only a claimant on
                // another machine is looked at again, when its claim lapses.
                if let descriptor = claimant?.endDescriptor() {
                    claimants[arguments] = descriptor
                    add(descriptor)
                }
                return since.addingTimeInterval(HledgerCache.claimLapse)
            case .ours:
                do {
                    let process = try HledgerProcess.start(Hledger.executable(environment: environment) ?? "hledger", arguments, environment: environment,
                                                               background: true)
                    process.descriptors.forEach(add)
                    jobs[arguments] = Job(arguments, signature, year, environment, cache, process)
                    if let store = cache?.store { ownClaimRevision = (try? store.revisions())?[.hledgerRun] }
                } catch {
                    let run = Hledger.finished(.failure(error as? HledgerError ?? HledgerError("\(error)")), arguments, signature: signature, year: year,
                                               started: Date(), cache: cache)
                    Hledger.keep(run, arguments, cache: cache)
                    runEnded = true
                }
                return nil
            }
        }
    }

    public func drainEvents() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(notify, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            changed = lock.withLock { Self.concerns(buffer, count, names) } || changed
        }
        var claimantEnded = false
        let ended = lock.withLock { () -> Bool in
            if changed { journalChanged = true }
            for (arguments, job) in jobs where job.process.advance() { finish(job, arguments) }
            // Another process that claimed a run has ended: the panes reload and claim it again.
            // Reported as a journal change (not `hledgerRun`, whose revision it did not move: the
            // dashboard would take it for a write it has seen).
            for (arguments, descriptor) in claimants {
                var ended = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&ended, 1, 0) > 0 else { continue }
                forgetClaimant(arguments)
                journalChanged = true
                claimantEnded = true
            }
            return runEnded || claimantEnded
        }
        let concerned = inner.drainEvents()
        return concerned || changed || ended
    }

    /// Whether the inotify events read name one of the journal's files (or were too many to tell).
    private static func concerns(_ buffer: [UInt8], _ count: Int, _ names: [Int32: Set<String>]) -> Bool {
        var offset = 0
        while offset + 16 <= count {
            let watch = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
            let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
            let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return true }
            let field = buffer[(offset + 16)..<min(count, offset + 16 + length)]
            let name = String(decoding: field.prefix { $0 != 0 }, as: UTF8.self)
            if names[watch]?.contains(name) == true { return true }
            offset += 16 + length
        }
        return false
    }

    /// A child has ended: the report is kept (and `hledger accounts` started), or the accounts
    /// are. Called under the lock.
    private func finish(_ job: Job, _ arguments: [String]) {
        runEnded = true
        if var report = job.report {
            if job.process.succeeded {
                report.accounts = String(decoding: job.process.outputBytes, as: UTF8.self).split(separator: "\n").map(String.init)
                Hledger.keep(report, arguments, cache: job.cache)
            }
            jobs[arguments] = nil
            return
        }
        let run = Hledger.keep(Hledger.finished(Hledger.outcome(job.process), arguments, signature: job.signature, year: job.year,
                                                started: job.process.started, cache: job.cache), arguments, cache: job.cache)
        guard run.error == nil, let executable = Hledger.executable(environment: job.environment),
              let listing = try? HledgerProcess.start(executable, Hledger.accountArguments(arguments), environment: job.environment, background: true) else {
            jobs[arguments] = nil
            return
        }
        job.report = run
        job.process = listing
        listing.descriptors.forEach(add)
    }

    public func changedTables() throws -> Set<StoreTable> {
        var tables = try inner.changedTables()
        lock.withLock {
            // This process's claim alone: not a change of what the panes show (one reload of
            // every budget pane less while hledger starts, when keys are likeliest).
            if tables.contains(.hledgerRun), !runEnded, let own = ownClaimRevision, inner.revisions?[.hledgerRun] == own {
                tables.remove(.hledgerRun)
            }
            if tables.contains(.hledgerRun) || runEnded { ownClaimRevision = nil }
            if journalChanged { tables.insert(.hledgerJournal) }
            if runEnded { tables.insert(.hledgerRun) }
            journalChanged = false
            runEnded = false
        }
        return tables
    }

    public var revisions: [StoreTable: Int]? { inner.revisions }
    public var lostReason: String? { inner.lostReason }
    public var retryAt: Date? { inner.retryAt }
    public var followsServer: Bool { inner.followsServer }

    public func retry() -> Bool {
        let followed = inner.retry()
        if inner.fileDescriptor != innerDescriptor {
            if innerDescriptor >= 0 { _ = hs_descriptor_set_remove(fileDescriptor, innerDescriptor) }
            innerDescriptor = inner.fileDescriptor
            add(innerDescriptor)
        }
        return followed
    }
}
