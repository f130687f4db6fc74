import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport
import HomescreenWidgetCore
@testable import HomescreenWidgets

/// hledger's result kept in the store (the budget kind's `hledgerRun`), shared by every process
/// on the store, and hledger run as a child of the loop's feed, which also watches the journal.
struct HledgerCacheTests {
    let folder = TemporaryFolder()
    typealias F = BudgetFixtures

    init() throws { try MissingTool.check(HledgerSourceTests.hledger, package: "hledger") }

    static let books = "~ monthly\n    expenses:food  400 CHF\n    assets:bank\n\n2026-11-02 Lunch\n    expenses:food  12.50 CHF\n    assets:cash\n"

    func journal(_ text: String = books) throws -> String {
        let path = folder.path("books.journal")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func spent(_ state: HledgerState) -> Int64? { state.report?.months[F.november]?.actual("CHF")?.money?.cents }

    @Test(arguments: TestBackend.allCases) func aRunKeptByOneConnectionIsFreshForAnother(_ backend: TestBackend) throws {
        let made = try backend.make()
        let journal = try journal()
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        let before = try made.store.revisions()[.hledgerRun] ?? 0
        _ = try Hledger.budget(source, year: 2026, store: made.store)
        #expect(try made.store.revisions()[.hledgerRun] ?? 0 > before)   // tracked: other dashboards reload
        let arguments = Hledger.arguments(source, journal: journal, year: 2026)
        let other = HledgerCache(store: try made.again())
        let kept = try #require(other.run(arguments))
        #expect(kept.signature == Hledger.JournalSignature(journal))
        #expect(try Hledger.report(#require(kept.output), year: 2026).months[F.november]?.actual("CHF")?.money?.cents == 1250)
        // Another process about to run it finds the result: it does not run hledger.
        guard case .fresh = other.claim(arguments, Hledger.JournalSignature(journal)) else { Issue.record("not fresh"); return }

        // The journal changes: the first process to ask runs it, the next one waits for its write.
        try (Self.books + "\n2026-11-03 Bread\n    expenses:food  3 CHF\n    assets:cash\n").write(toFile: journal, atomically: true, encoding: .utf8)
        let changed = Hledger.JournalSignature(journal)
        let mine = HledgerCache(store: made.store)
        guard case .ours = mine.claim(arguments, changed) else { Issue.record("not claimed"); return }
        guard case .elsewhere = other.claim(arguments, changed) else { Issue.record("claimed twice"); return }
        // A claim older than its lapse (its process was killed) is taken over.
        guard case .ours = other.claim(arguments, changed, now: Date().addingTimeInterval(HledgerCache.claimLapse + 1)) else { Issue.record("kept forever"); return }
        mine.keep(HledgerRun(signature: changed, output: kept.output, error: nil, ranAt: Date(), seconds: 0.5), arguments)
        guard case .fresh(let run) = other.claim(arguments, changed) else { Issue.record("the result was not found"); return }
        #expect(run.signature == changed && run.seconds == 0.5)
        let running = try made.plainSQL("SELECT count(*) FROM hledgerRun WHERE running IS NOT NULL")
        #expect(running.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }

    /// Waits on the feed as a loop does until `done` holds for the tables it reported (all it
    /// reported so far).
    func wait(_ feed: HledgerChangeFeed, until done: (Set<StoreTable>) -> Bool) throws -> Set<StoreTable> {
        var seen = Set<StoreTable>()
        for _ in 0..<500 {
            var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 30_000) > 0 else { break }
            if feed.drainEvents() { seen.formUnion(try feed.changedTables()) }
            if done(seen) { return seen }
        }
        Issue.record("the feed reported only \(seen)")
        return seen
    }

    @Test func theLoopsFeedRunsHledgerAsItsChildAndSeesAnEditorsRename() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        // On the loop's thread hledger never runs in the caller: the run is the feed's child.
        let first = Hledger.state(source, year: 2026, store: store)
        #expect(first.updating && first.report == nil)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(source, year: 2026, store: store).updating }
        let done = Hledger.state(source, year: 2026, store: store)
        #expect(!done.updating && spent(done) == 1250)
        // Kept in the store for every process.
        #expect(HledgerCache(store: try Store.open(at: folder.path("s.sqlite"))).run(Hledger.arguments(source, journal: journal, year: 2026))?
            .signature == Hledger.JournalSignature(journal))

        // An editor writes a new file and renames it into place: the journal's change is reported,
        // the last figures stay while hledger runs again, then the new ones come.
        try (Self.books + "\n2026-11-03 Bread\n    expenses:food  3.10 CHF\n    assets:cash\n").write(toFile: journal + ".swp", atomically: false, encoding: .utf8)
        #expect(rename(journal + ".swp", journal) == 0)
        _ = try wait(feed) { $0.contains(.hledgerJournal) }
        let updating = Hledger.state(source, year: 2026, store: store)
        #expect(updating.updating && spent(updating) == 1250)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(source, year: 2026, store: store).updating }
        #expect(spent(Hledger.state(source, year: 2026, store: store)) == 1560)

        // `echo … >> journal` too.
        let handle = try #require(FileHandle(forWritingAtPath: journal))
        handle.seekToEndOfFile()
        handle.write(Data("\n2026-11-04 Milk\n    expenses:food  1 CHF\n    assets:cash\n".utf8))
        try handle.close()
        _ = try wait(feed) { $0.contains(.hledgerJournal) }
        #expect(Hledger.state(source, year: 2026, store: store).updating)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(source, year: 2026, store: store).updating }
        #expect(spent(Hledger.state(source, year: 2026, store: store)) == 1660)
    }

    @Test func aFileOutsideTheJournalIsNotAChange() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        _ = Hledger.state(source, year: 2026, store: store)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(source, year: 2026, store: store).updating }
        try "notes".write(toFile: folder.path("notes.txt"), atomically: false, encoding: .utf8)
        try "x".write(toFile: journal + ".other", atomically: false, encoding: .utf8)
        var descriptor = pollfd(fd: feed.fileDescriptor, events: Int16(POLLIN), revents: 0)
        // Readable (the folder's watch saw the writes), and nothing that concerns the journal.
        while poll(&descriptor, 1, 0) > 0 {
            _ = feed.drainEvents()
            #expect(!(try feed.changedTables()).contains(.hledgerJournal))
        }
    }

    /// A journal that does not exist yet: the sentence, then its creation is a change.
    @Test func aJournalCreatedLaterIsSeen() throws {
        let path = folder.path("later.journal")
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let source = BudgetSource(origin: .hledger, journal: path, commodity: "CHF")
        #expect(Hledger.state(source, year: 2026, store: store).error?.description.contains("does not exist") == true)
        try Self.books.write(toFile: path, atomically: true, encoding: .utf8)
        _ = try wait(feed) { $0.contains(.hledgerJournal) }
        _ = Hledger.state(source, year: 2026, store: store)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(source, year: 2026, store: store).updating }
        #expect(spent(Hledger.state(source, year: 2026, store: store)) == 1250)
    }

    /// Off the loop's thread (the dashboard's writer, a command), hledger runs and is waited for.
    @Test func anotherThreadWaitsForItsOwnRun() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        let result = Locked<HledgerState?>(nil)
        let thread = Thread { result.withLock { $0 = Hledger.state(source, year: 2026, store: store) } }
        thread.start()
        while result.withLock({ $0 == nil }) { usleep(10_000) }
        let state = try #require(result.withLock { $0 })
        #expect(!state.updating && spent(state) == 1250)
    }

    /// The dashboard's panes no longer look at the journal each second: their next reload is
    /// the hour's (the feed reports edits and runs).
    @Test func thePanesDoNotPollTheJournal() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        var context = F.context(.systemSmall)
        context.keys = ["a": "add"]
        let budget = try BudgetWidget(store: store, source: source).timeline(in: context, at: F.now)
        #expect(budget.policy == .after(F.instant("2026-11-22T11:00:00+01:00")))
        let year = try YearWidget(store: store, source: source).timeline(in: context, at: F.now)
        #expect(year.policy == .after(F.instant("2026-12-01T00:00:00+01:00")))
    }

    /// A process of this machine that holds a claim: `sleep`, started here, with its identity.
    func sleeper() throws -> (pid: pid_t, claimant: HledgerClaimant) {
        let pid = try Spawn.start("/bin/sleep", ["600"])
        let started = try #require(HledgerClaimant.startTime(of: pid))
        let current = HledgerClaimant.current
        return (pid, HledgerClaimant(machine: current.machine, boot: current.boot, pid: pid, started: started))
    }

    /// A live claimant's claim is respected; once it is SIGKILLed (even before it is reaped) its
    /// claim is taken over at once, not after the lapse; a pid given again to another process is
    /// not the claimant; a claimant on another machine is respected until the lapse.
    @Test func aKilledClaimantsClaimIsTakenOverAtOnce() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        let arguments = Hledger.arguments(source, journal: journal, year: 2026), signature = Hledger.JournalSignature(journal)
        let cache = HledgerCache(store: store)
        let (pid, sleeper) = try sleeper()
        guard case .ours = cache.claim(arguments, signature, claimant: sleeper) else { Issue.record("not claimed"); kill(pid, SIGKILL); return }
        guard case .elsewhere(_, let claimant) = cache.claim(arguments, signature) else { Issue.record("a live claim was taken"); kill(pid, SIGKILL); return }
        #expect(claimant == sleeper && sleeper.liveness == .alive(pid))
        let end = try #require(sleeper.endDescriptor())
        kill(pid, SIGKILL)
        var ended = pollfd(fd: end, events: Int16(POLLIN), revents: 0)
        #expect(poll(&ended, 1, 30_000) == 1)
        close(end)
        // Killed, not yet reaped (a zombie): its claim is over.
        #expect(sleeper.liveness == .dead)
        guard case .ours = cache.claim(arguments, signature) else { Issue.record("the killed claimant's claim was kept"); return }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        #expect(sleeper.liveness == .dead)
        // This process's pid with another start time: a process that got the pid again.
        let current = HledgerClaimant.current
        #expect(current.liveness == .alive(getpid()))
        #expect(HledgerClaimant(machine: current.machine, boot: current.boot, pid: getpid(), started: current.started + 1).liveness == .dead)
        #expect(HledgerClaimant(machine: current.machine, boot: "an earlier boot", pid: getpid(), started: current.started).liveness == .dead)
        // Another machine: only the lapse ends its claim.
        cache.release(arguments, signature)
        let remote = HledgerClaimant(machine: "another-machine", boot: "b", pid: 1, started: 1)
        #expect(remote.liveness == .unknown)
        guard case .ours = cache.claim(arguments, signature, claimant: remote) else { Issue.record("not claimed"); return }
        guard case .elsewhere = cache.claim(arguments, signature) else { Issue.record("another machine's claim was taken"); return }
        guard case .ours = cache.claim(arguments, signature, now: Date().addingTimeInterval(HledgerCache.claimLapse + 1)) else { Issue.record("kept forever"); return }
    }

    /// The loop's feed waits on a live claimant's end (a pidfd): when it is killed before its
    /// write, the feed reports it at once and the panes run hledger themselves; "updating…" does
    /// not stay up for the claim's lapse.
    @Test func theFeedTakesOverFromAKilledClaimant() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        let (pid, sleeper) = try sleeper()
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        let arguments = Hledger.arguments(source, journal: journal, year: 2026)
        guard case .ours = HledgerCache(store: store).claim(arguments, Hledger.JournalSignature(journal), claimant: sleeper) else { Issue.record("not claimed"); return }
        let waiting = Hledger.state(source, year: 2026, store: store)
        #expect(waiting.updating && waiting.report == nil)
        kill(pid, SIGKILL)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(source, year: 2026, store: store).updating }
        let done = Hledger.state(source, year: 2026, store: store)
        #expect(!done.updating && spent(done) == 1250)
    }

    /// A command (no loop) never runs hledger while another live process runs it on the same
    /// files: it shows the last result marked updating; once that process is killed, it runs it.
    @Test func aCommandRespectsALiveClaimAndTakesOverADeadOne() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        #expect(spent(Hledger.state(source, year: 2026, store: store, wait: true)) == 1250)
        try (Self.books + "\n2026-11-03 Bread\n    expenses:food  3 CHF\n    assets:cash\n").write(toFile: journal, atomically: true, encoding: .utf8)
        let (pid, sleeper) = try sleeper()
        defer {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        let arguments = Hledger.arguments(source, journal: journal, year: 2026), changed = Hledger.JournalSignature(journal)
        guard case .ours = HledgerCache(store: store).claim(arguments, changed, claimant: sleeper) else { Issue.record("not claimed"); return }
        let waited = Hledger.state(source, year: 2026, store: store, wait: true)
        #expect(waited.updating && spent(waited) == 1250)
        kill(pid, SIGKILL)
        let taken = Hledger.state(source, year: 2026, store: store, wait: true)
        #expect(!taken.updating && spent(taken) == 1550)
    }

    /// The loop's run of hledger is scheduled SCHED_IDLE as soon as it has started (so a key's
    /// frame never waits for hledger's CPU time); a command's run, which someone waits for, is
    /// not. A wrapper records the scheduling policy it was started with (`/proc/PID/stat`'s
    /// 41st field) and executes the real hledger.
    @Test func theLoopsRunIsScheduledIdleAndACommandsIsNot() throws {
        let journal = try journal()
        try FileManager.default.createDirectory(atPath: folder.path("bin"), withIntermediateDirectories: true)
        let log = folder.path("policy.log")
        // (After a moment: the policy is set as soon as the spawn returns, microseconds after the exec.)
        try "#!/bin/sh\nsleep 0.3\nawk '{ sub(/.*\\) /, \"\"); split($0, f, \" \"); print f[39] }' /proc/$$/stat >> '\(log)'\nexec \(HledgerSourceTests.hledger) \"$@\"\n"
            .write(toFile: folder.path("bin/hledger"), atomically: true, encoding: .utf8)
        #expect(chmod(folder.path("bin/hledger"), 0o755) == 0)
        let environment = ["PATH": folder.path("bin") + ":/usr/bin:/bin"]
        func policies() -> [String] { ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        #expect(spent(Hledger.state(source, year: 2026, environment: environment, wait: true)) == 1250)
        #expect(policies() == ["0"])   // SCHED_OTHER
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let other = BudgetSource(origin: .hledger, journal: journal, accounts: ["expenses:food"], commodity: "CHF")
        #expect(Hledger.state(other, year: 2026, store: store, environment: environment).updating)
        _ = try wait(feed) { $0.contains(.hledgerRun) && !Hledger.state(other, year: 2026, store: store, environment: environment).updating }
        #expect(policies().first == "0" && policies().dropFirst().first == "5", "\(policies())")   // SCHED_IDLE
    }

    /// The loop's own claim of a run is a commit to `hledgerRun` that changes nothing the panes
    /// show: the feed does not report it (the panes would reload while hledger starts); the
    /// run's end is reported.
    @Test func theLoopsOwnClaimIsNotReportedAsAChange() throws {
        let journal = try journal()
        let store = try Store.prepared(at: folder.path("s.sqlite"))
        let feed = try #require(HledgerChangeFeed.wrap(store.changeFeed(), hledger: true) as? HledgerChangeFeed)
        defer { feed.detach() }
        let source = BudgetSource(origin: .hledger, journal: journal, commodity: "CHF")
        let before = try store.revisions()[.hledgerRun] ?? 0
        #expect(Hledger.state(source, year: 2026, store: store).updating)
        #expect(try store.revisions()[.hledgerRun] ?? 0 > before)   // the claim was written
        var reportedWhileRunning = false
        _ = try wait(feed) { seen in
            let running = Hledger.state(source, year: 2026, store: store).updating
            if seen.contains(.hledgerRun) && running { reportedWhileRunning = true }
            return seen.contains(.hledgerRun) && !running
        }
        #expect(!reportedWhileRunning)
        #expect(spent(Hledger.state(source, year: 2026, store: store)) == 1250)
    }
}
