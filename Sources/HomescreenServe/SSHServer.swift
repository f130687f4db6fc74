import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import HomescreenServeOptions

/// `homescreen serve`: the dashboard over SSH, with no system account, no sshd and no shell.
/// One event loop thread holds every connection (each a NIOSSHHandler); each shell request runs
/// the `homescreen` executable as a child on a pseudo-terminal of its own, each exec request
/// (`status`, `render`, `timeline` only) on pipes. Guests (the guest user name, no password) get a
/// demo store made for their connection and removed when it ends; household members (a key of
/// the authorized-keys file) get the server's store. Idle, the loop sleeps in epoll with no timer.
public final class SSHServer: @unchecked Sendable {
    public struct Configuration: Sendable {
        public var hostKey: HostKey
        public var authorizedKeysPath: String
        public var guestUser: String?
        public var maxSessions: Int
        public var maxPerAddress: Int
        public var guestTimeout: Int
        public var guestIdle: Int
        /// The `homescreen` executable the sessions run.
        public var program: String
        /// `--store X` for members, when given.
        public var storeArguments: [String]
        /// The server's own environment, which members' children get (their config, their store).
        public var environment: [String: String]
        /// A connection that has not logged in by then is closed.
        public var handshakeDeadline: Int = 20
        public var maxAuthAttempts: Int = 6
        /// Session channels a member's connection may have open at once (a guest's: one).
        public var maxMemberSessions: Int = 8
        /// OpenSSH's MaxStartups start:rate:full for connections not logged in yet.
        public var maxStartups: (start: Int, rate: Int, full: Int) = (10, 30, 100)

        public init(hostKey: HostKey, authorizedKeysPath: String, guestUser: String?, maxSessions: Int, maxPerAddress: Int,
                    guestTimeout: Int, guestIdle: Int, program: String, storeArguments: [String], environment: [String: String], loginGrace: Int = 20) {
            self.handshakeDeadline = loginGrace
            self.hostKey = hostKey
            self.authorizedKeysPath = authorizedKeysPath
            self.guestUser = guestUser
            self.maxSessions = maxSessions
            self.maxPerAddress = maxPerAddress
            self.guestTimeout = guestTimeout
            self.guestIdle = guestIdle
            self.program = program
            self.storeArguments = storeArguments
            self.environment = environment
        }
    }

    let configuration: Configuration
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    /// Open connections, by address (touched on the loop only).
    var connections: [ObjectIdentifier: Connection] = [:]

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        stopped = group.next().makePromise()
    }

    /// The guests' folders (under TMPDIR), made when the server starts.
    var guestFolders: GuestFolders!
    var listener: Channel?
    /// Set once SIGTERM, SIGINT or SIGHUP came: no connection is taken any more.
    var stopping = false
    let stopped: EventLoopPromise<Void>

    /// Listens until SIGTERM, SIGINT or SIGHUP, then ends every session (see `stop`). The caller
    /// blocks those signals in every thread first (before any thread starts), so they reach the
    /// thread that waits for them here. - Throws: when the address cannot be bound.
    public func run(host: String, port: Int, ready: (@Sendable (Int) -> Void)? = nil) throws {
        guestFolders = try GuestFolders()
        let removed = guestFolders.removeLeftovers()
        if removed > 0 { Log.line("removed \(removed) guest \(removed == 1 ? "folder" : "folders") an earlier run left in \(guestFolders.root)") }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.backlog, value: 256)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { [self] channel in self.accept(channel) }
        let channel: Channel
        do { channel = try bootstrap.bind(host: host, port: port).wait() } catch {
            throw ServeError("cannot listen on \(host):\(port): \(error); is another server there?")
        }
        listener = channel
        let bound = channel.localAddress?.port ?? port
        Log.line("listening on \(host):\(bound), host key \(configuration.hostKey.fingerprint)")
        ready?(bound)
        // A thread asleep in sigwait: no wake-up until a signal comes.
        let loop = channel.eventLoop
        let waiter = Thread { [self] in
            var signals = sigset_t(), number: Int32 = 0
            sigemptyset(&signals)
            for each in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&signals, each) }
            while sigwait(&signals, &number) != 0 {}
            let name = number == SIGTERM ? "SIGTERM" : number == SIGINT ? "SIGINT" : "SIGHUP"
            loop.execute { self.stop(name) }
        }
        waiter.start()
        try stopped.futureResult.wait()
    }

    /// Stops: no new connection; every session's child gets SIGHUP (SIGKILL two seconds later if
    /// it is still there), every connection closes with its log line and its guest store
    /// removed; then the folders those children may have written again go too. At most 4 s.
    func stop(_ signal: String) {
        guard !stopping else { return }
        stopping = true
        Log.line("stopping on \(signal): \(connections.count) \(connections.count == 1 ? "connection" : "connections") to end")
        listener?.close(promise: nil)
        for connection in connections.values { connection.end("the server stopped (\(signal))") }
        finishStopping(started: .now())
    }

    /// Waits (in steps of 50 ms, only while stopping) for the connections to close and the
    /// children to end, then removes what is left and lets `run` return.
    func finishStopping(started: NIODeadline) {
        let children = Self.ownChildren()
        if .now() - started > .seconds(2) { for pid in children { kill(pid, SIGKILL) } }
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
        if (connections.isEmpty && Self.ownChildren().isEmpty) || .now() - started > .seconds(4) {
            for folder in guestFolders.own() { try? FileManager.default.removeItem(atPath: folder) }
            Log.line("stopped")
            stopped.succeed(())
            return
        }
        group.next().scheduleTask(in: .milliseconds(50)) { self.finishStopping(started: started) }
    }

    /// An IPv4 client of a server listening on IPv6 ("::ffff:192.0.2.1") as its IPv4 address, as
    /// sshd gives it to from= patterns and the log.
    static func unmapped(_ address: String) -> String {
        let prefix = "::ffff:"
        guard address.lowercased().hasPrefix(prefix) else { return address }
        let rest = String(address.dropFirst(prefix.count))
        return rest.split(separator: ".").count == 4 ? rest : address
    }

    /// Guests' sessions running now (what --max-sessions counts).
    var guestChildren: Int { connections.values.reduce(0) { $0 + ($1.isGuest ? $1.liveChildren : 0) } }

    /// What --max-per-address counts: the address, or the first 64 bits of an IPv6 address (one
    /// machine's network hands out as many addresses as it likes).
    static func source(of address: String) -> String {
        guard address.contains(":"), let bytes = AddressPattern.bytes(address), bytes.count == 16 else { return address }
        return bytes[0..<8].map { String(format: "%02x", $0) }.joined() + "::/64"
    }

    /// Lines about a flood (refusals; connections that never logged in nor tried to): at most
    /// one a second of each kind, the next one saying how many were left out.
    var quietLines: [String: (last: NIODeadline, skipped: Int)] = [:]
    func logQuietly(_ kind: String, _ text: String) {
        let now = NIODeadline.now()
        let (last, skipped) = quietLines[kind] ?? (.uptimeNanoseconds(0), 0)
        guard now - last >= .seconds(1) else { quietLines[kind] = (last, skipped + 1); return }
        Log.line(text + (skipped > 0 ? " (and \(skipped) more such lines left out)" : ""))
        quietLines[kind] = (now, 0)
    }

    /// The processes whose parent is this one (the sessions' children, running or not yet reaped).
    static func ownChildren() -> [pid_t] {
        let me = getpid()
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(pid_t.init).filter { pid in
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = text.lastIndex(of: ")") else { return false }
            let fields = text[text.index(after: close)...].split(separator: " ")
            return fields.count > 1 && pid_t(fields[1]) == me && fields[0] != "Z"
        }
    }

    /// A new TCP connection, before login. What a flood cannot take from a member:
    /// - a connection must send its first bytes within 10 s (or --login-grace, if shorter) and
    ///   log in within --login-grace;
    /// - at most --max-per-address connections not logged in from one address (IPv6: one /64);
    /// - random early drop as OpenSSH's MaxStartups start:rate:full (10:30:100): from `start`
    ///   connections not logged in, a newcomer is refused with a probability rising from rate %
    ///   to 100 % at `full` — but a newcomer from an address with no connection waiting is never
    ///   dropped early, and at `full` it takes the place of the oldest waiting connection of the
    ///   address that holds the most. So a member from another address gets a place at once,
    ///   however many addresses flood, as long as they are fewer than `full`.
    /// Refusals are closed at once (nothing read or sent) and logged at most once a second.
    func accept(_ channel: Channel) -> EventLoopFuture<Void> {
        let address = Self.unmapped(channel.remoteAddress?.ipAddress ?? "?")
        if stopping { return channel.close() }
        let source = Self.source(of: address)
        let pending = connections.values.filter { $0.user == nil }
        let fromThere = pending.filter { $0.source == source }.count
        let (start, rate, full) = configuration.maxStartups
        if fromThere >= configuration.maxPerAddress {
            logQuietly("refused", "\(address): refused, \(fromThere) connections from there not logged in yet (--max-per-address)")
            return channel.close()
        }
        if fromThere > 0, pending.count >= start {
            let probability = pending.count >= full ? 100 : rate + (100 - rate) * (pending.count - start) / max(1, full - start)
            if Int.random(in: 0..<100) < probability {
                logQuietly("refused", "\(address): refused, \(pending.count) connections not logged in yet (random early drop, --max-startups \(start):\(rate):\(full))")
                return channel.close()
            }
        }
        if pending.count >= full {
            let bySource = Dictionary(grouping: pending, by: \.source)
            if let busiest = bySource.values.max(by: { $0.count < $1.count }), let oldest = busiest.min(by: { $0.started < $1.started }) {
                oldest.end("closed for a newcomer from another address (\(pending.count) connections not logged in, --max-startups)")
            }
        }
        let connection = Connection(server: self, channel: channel, address: address, port: channel.remoteAddress?.port ?? 0)
        connections[ObjectIdentifier(connection)] = connection
        channel.closeFuture.whenComplete { [self] _ in
            connections[ObjectIdentifier(connection)] = nil
            connection.ended()
        }
        var ssh = SSHServerConfiguration(hostKeys: [configuration.hostKey.sshKey], userAuthDelegate: Authenticator(connection: connection))
        ssh.maxAuthAttempts = configuration.maxAuthAttempts
        let handler = NIOSSHHandler(role: .server(ssh), allocator: channel.allocator) { [self] child, type in
            guard type == .session else {
                connection.note("refused a \(type) channel")
                return child.eventLoop.makeFailedFuture(ServeError("only sessions"))
            }
            // Session channels, not connections, hold children: a guest's connection gets one at
            // a time, a member's --max-member-sessions (OpenSSH's ControlMaster opens many).
            let limit = connection.isGuest ? 1 : configuration.maxMemberSessions
            guard connection.sessions < limit else {
                connection.refusedSessions += 1
                return child.eventLoop.makeFailedFuture(ServeError("one session at a time"))
            }
            connection.sessions += 1
            connection.sessionsOpened += 1
            // A guest's first session: no deadline before login is left to check (cancelled now,
            // NIO's timer still wakes once at the earliest one it was armed for, never later).
            if connection.isGuest { connection.deadline?.cancel() }
            child.closeFuture.whenComplete { _ in connection.sessions -= 1 }
            return child.setOption(ChannelOptions.allowRemoteHalfClosure, value: true).flatMap {
                child.pipeline.addHandler(SessionHandler(connection: connection))
            }
        }
        // The first bytes, the login and (for a guest) a session must come in time: one timer,
        // armed for each deadline in turn.
        let grace = configuration.handshakeDeadline, silent = min(10, grace)
        connection.deadline = channel.eventLoop.scheduleTask(in: .seconds(Int64(silent))) {
            guard connection.bytesIn > 0 else {
                return connection.end(silent < grace ? "sent nothing within \(silent) s" : "no login within \(grace) s (--login-grace), not a byte sent")
            }
            connection.deadline = channel.eventLoop.scheduleTask(in: .seconds(Int64(grace - silent))) {
                if connection.user == nil {
                    connection.end("no login within \(grace) s (--login-grace)")
                } else if connection.isGuest, connection.sessionsOpened == 0 {
                    connection.end("no session opened within \(grace) s (--login-grace)")
                }
            }
        }
        return channel.pipeline.addHandlers([ByteCounter(connection: connection), handler, ErrorCloser(connection: connection)])
    }
}

/// One line a connection to standard error (and the server's own lines).
enum Log {
    static func line(_ text: String) {
        FileHandle.standardError.write(Data(("homescreen serve: " + text + "\n").utf8))
    }
}

/// A TCP connection: who it is, what it did, and its guest store.
final class Connection: @unchecked Sendable {
    unowned let server: SSHServer
    let channel: Channel
    let address: String
    let started = Date()
    /// The address, or its /64 for IPv6: what --max-per-address counts.
    let source: String
    var user: String?
    var method = "-"
    var isGuest = false
    /// A member's key options (authorized_keys): its forced command, whether it gets a terminal.
    var keyOptions: KeyOptions?
    var bytesIn = 0, bytesOut = 0
    var reason: String?
    var notes: [String] = []
    var deadline: Scheduled<Void>?
    /// Session channels open now, ever opened, and refused (over the connection's limit); the
    /// children running for them.
    var sessions = 0, sessionsOpened = 0, refusedSessions = 0, liveChildren = 0
    /// A guest's limits: --guest-timeout (and its notice), --guest-idle, and a session opened
    /// within --login-grace; each timer armed for its deadline only.
    var guestTimers: [Scheduled<Void>] = []
    var idleTimer: Scheduled<Void>?
    /// When the client last typed (any session channel).
    var lastInput = NIODeadline.now()
    /// A guest's dashboard session, where the end is announced.
    weak var shell: SessionHandler?
    /// The guest's folder: its demo store, its HOME (no config or state of the server's).
    var guestFolder: String?

    let port: Int

    init(server: SSHServer, channel: Channel, address: String, port: Int) {
        self.server = server
        self.channel = channel
        self.address = address
        self.port = port
        source = SSHServer.source(of: address)
    }

    func note(_ text: String) { notes.append(text) }

    func end(_ why: String) {
        if reason == nil { reason = why }
        channel.close(promise: nil)
    }

    /// Logged in: the deadline goes; a guest gets a demo store of its own.
    func authenticated(user: String, method: String, guest: Bool) {
        self.user = user
        self.method = method
        isGuest = guest
        if !guest { deadline?.cancel() }
        if guest { armGuestLimits() }
    }

    /// Every guest connection ends: shells, exec sessions (`status --follow`) and connections
    /// that open no session (`ssh -N`) alike.
    func armGuestLimits() {
        let configuration = server.configuration
        let loop = channel.eventLoop
        let limit = configuration.guestTimeout
        lastInput = .now()
        loggedIn = .now()
        // A minute before the end (half-way through a session shorter than two minutes), on the dashboard.
        let warning = max(limit - 60, limit / 2), left = limit - warning
        guestTimers.append(loop.scheduleTask(in: .seconds(Int64(warning))) { [self] in
            shell?.notice("This demo session ends in \(left >= 60 ? "one minute" : "\(left) s").")
        })
        guestTimers.append(loop.scheduleTask(in: .seconds(Int64(limit))) { [self] in
            end("the guest time (--guest-timeout) is up")
        })
        armIdle(after: .seconds(Int64(configuration.guestIdle)))
    }

    /// When the guest logged in.
    var loggedIn = NIODeadline.now()

    /// What is left of --guest-timeout, in seconds.
    var guestSecondsLeft: Int {
        max(0, server.configuration.guestTimeout - Int((NIODeadline.now() - loggedIn).nanoseconds / 1_000_000_000))
    }

    /// --guest-idle: checked at the deadline only; a key typed since then moves it on.
    func armIdle(after delay: TimeAmount) {
        let idle = server.configuration.guestIdle
        idleTimer = channel.eventLoop.scheduleTask(in: delay) { [self] in
            let due = lastInput + .seconds(Int64(idle))
            if due <= .now() { end("idle for \(idle) s (--guest-idle)") } else { armIdle(after: due - .now()) }
        }
    }

    /// The store and environment a child of this connection runs with.
    func childSetup() throws -> (arguments: [String], environment: [String: String]) {
        let configuration = server.configuration
        // A UTF-8 locale unless the client sends its own (env LANG, LC_*): the server's, else C.UTF-8.
        var environment = ["PATH": configuration.environment["PATH"] ?? "/usr/bin:/bin",
                           "LANG": configuration.environment["LANG"].flatMap { $0.lowercased().contains("utf") ? $0 : nil } ?? "C.UTF-8"]
        for key in ["TZ", "HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "HOMESCREEN_STORE"] {
            if let value = configuration.environment[key] { environment[key] = value }
        }
        // Script widgets: never for a guest; for a member only if the config says serve-widgets = true.
        environment["HOMESCREEN_SCRIPT_WIDGETS"] = isGuest ? "off" : "serve"
        guard isGuest else { return (configuration.storeArguments, environment) }
        if guestFolder == nil {
            let folder = try server.guestFolders.make()
            guestFolder = folder
            // The demo data, written once for the connection's sessions (a blocking wait of a
            // tenth of a second on the loop: rare, and only once a guest is in).
            let status = try Child.runToEnd(configuration.program, ["demo", "--store", folder + "/store.sqlite"], environment: environment.merging(["HOME": folder]) { $1 })
            guard status == 0 else { throw ServeError("the guest's demo store could not be made (homescreen demo exited with \(status)).") }
        }
        let folder = guestFolder!
        environment["HOME"] = folder
        environment["XDG_CONFIG_HOME"] = folder + "/config"
        environment["XDG_STATE_HOME"] = folder + "/state"
        environment["HOMESCREEN_STORE"] = nil
        return (["--store", folder + "/store.sqlite"], environment)
    }

    /// The connection's line in the log, and its guest store removed.
    func ended() {
        deadline?.cancel()
        guestTimers.forEach { $0.cancel() }
        idleTimer?.cancel()
        if refusedSessions > 0 { note("\(refusedSessions) session \(refusedSessions == 1 ? "channel" : "channels") refused (\(isGuest ? "a guest has one at a time" : "--max-member-sessions"))") }
        if let guestFolder { try? FileManager.default.removeItem(atPath: guestFolder) }
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        let who = user.map { "user \($0) (\(isGuest ? "guest" : "member"), \(method))" } ?? "not logged in"
        let line = "\(address.contains(":") ? "[\(address)]" : address):\(port): \(who), \(seconds) s, \(bytesIn) bytes in, \(bytesOut) out, ended: \(reason ?? "closed by the client")"
                 + (notes.isEmpty ? "" : "; " + notes.joined(separator: "; "))
        // One that never logged in nor tried to (a scanner, a flood): at most a line a second.
        if user == nil, notes.isEmpty { server.logQuietly("not logged in", line) } else { Log.line(line) }
    }
}

/// Counts the bytes of a connection, both ways.
final class ByteCounter: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundIn = ByteBuffer
    let connection: Connection
    init(connection: Connection) { self.connection = connection }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connection.bytesIn += unwrapInboundIn(data).readableBytes
        context.fireChannelRead(data)
    }
    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        connection.bytesOut += unwrapOutboundIn(data).readableBytes
        context.write(data, promise: promise)
    }
}

/// Closes a connection on a protocol error, saying why.
final class ErrorCloser: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = Any
    let connection: Connection
    init(connection: Connection) { self.connection = connection }
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        connection.end("\(error)")
    }
}

/// Who may log in: the guest user name with no password (a demo store of its own), any other
/// name with a key of the authorized-keys file (read at each attempt, so a key added or removed
/// counts at once). Password authentication is off; OpenSSH clients try `none` first, which
/// fails for members so their key is offered.
final class Authenticator: NIOSSHServerUserAuthenticationDelegate, @unchecked Sendable {
    let connection: Connection
    init(connection: Connection) { self.connection = connection }

    var supportedAuthenticationMethods: NIOSSHAvailableUserAuthenticationMethods { .publicKey }

    func requestReceived(request: NIOSSHUserAuthenticationRequest, responsePromise: EventLoopPromise<NIOSSHUserAuthenticationOutcome>) {
        let configuration = connection.server.configuration
        if let guest = configuration.guestUser, request.username == guest {
            // Guests count against the caps; members (known keys) never wait for them. Sessions
            // (children) are counted when they start (--max-sessions); connections only so that
            // their number stays bounded (twice as many), so guests that open no session
            // (ssh -N, closed after --login-grace) hold no guest's place.
            let guests = connection.server.connections.values.filter { $0.isGuest }
            let fromThere = guests.filter { $0.source == connection.source }.count
            guard guests.count < 2 * configuration.maxSessions, fromThere < configuration.maxPerAddress else {
                connection.note(fromThere < configuration.maxPerAddress ? "guest refused: \(guests.count) guest connections (twice --max-sessions)"
                                                                        : "guest refused: \(fromThere) guests from there (--max-per-address)")
                return responsePromise.succeed(.failure)
            }
            connection.authenticated(user: request.username, method: "none", guest: true)
            return responsePromise.succeed(.success)
        }
        guard case .publicKey(let offer) = request.request else { return responsePromise.succeed(.failure) }
        let keys = AuthorizedKeys.load(at: configuration.authorizedKeysPath)
        switch keys.match(offer.publicKey, address: connection.address) {
        case .failure(let refusals):
            connection.note("key refused for \(request.username)" + (refusals.reasons.isEmpty ? "" : " (authorized_keys " + refusals.reasons.joined(separator: "; ") + ")"))
            return responsePromise.succeed(.failure)
        case .success(let key):
            connection.keyOptions = key.options
            for value in key.options.ignoredEnvironment {
                connection.note("environment=\"\(value.split(separator: "=").first ?? "")=…\" of authorized_keys line \(key.line) ignored")
            }
        }
        connection.authenticated(user: request.username, method: "publickey", guest: false)
        responsePromise.succeed(.success)
    }
}
