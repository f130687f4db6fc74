import Foundation
import NIOCore
import NIOPosix
import NIOSSH

/// One session channel: pty-req, env (LANG and LC_* only), window-change, and one shell (the
/// dashboard on a pty) or exec (`status`, `render` or `timeline` on pipes). Anything else —
/// subsystems, X11, agent forwarding, other commands — is refused. The child's output goes to
/// the channel as the client reads it (reading from the child pauses while the channel cannot
/// take more); the child ends when the channel closes, and the channel when the child ends.
final class SessionHandler: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    let connection: Connection
    var term = "xterm-256color", columns = 80, rows = 24, hasTerminal = false
    var locale: [String: String] = [:]
    var child: Child?
    /// The relays reading the child's output (its pty, or its stdout and stderr).
    var relays: [Channel] = []
    var openRelays = 0
    var context: ChannelHandlerContext?

    /// The commands an exec request may run.
    static let commands = ["status", "render", "timeline"]

    init(connection: Connection) { self.connection = connection }

    func handlerAdded(context: ChannelHandlerContext) { self.context = context }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            // no-pty or restrict (without pty after it) in the key's authorized_keys line.
            if connection.keyOptions?.pty == false {
                connection.note("pty refused (authorized_keys: no-pty or restrict)")
                reply(context, request.wantReply, false)
                return
            }
            term = Self.safeTerm(request.term)
            (columns, rows, hasTerminal) = (max(1, request.terminalCharacterWidth), max(1, request.terminalRowHeight), true)
            reply(context, request.wantReply, true)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = (request.name == "LANG" || request.name.hasPrefix("LC_")) && request.value.count <= 64
                && request.value.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-@".contains($0)) }
            if accepted { locale[request.name] = request.value }
            reply(context, request.wantReply, accepted)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            (columns, rows) = (max(1, request.terminalCharacterWidth), max(1, request.terminalRowHeight))
            if let child, child.errors == nil { Child.resize(child.output, columns: columns, rows: rows) }
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(context, request.wantReply, start(context, command: nil))
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(context, request.wantReply, start(context, command: request.command))
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            refuse(context, "the subsystem \(request.subsystem) is not offered; this server shows the Homescreen dashboard only.")
            reply(context, request.wantReply, false)
        case ChannelEvent.inputClosed:
            break
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// A TERM from the client, if terminfo could have it (no path, no control characters).
    static func safeTerm(_ term: String) -> String {
        let ok = !term.isEmpty && term.count <= 64 && term.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-+._".contains($0)) }
        return ok ? term : "xterm-256color"
    }

    func reply(_ context: ChannelHandlerContext, _ wanted: Bool, _ success: Bool) {
        guard wanted else { return }
        context.triggerUserOutboundEvent(success ? ChannelSuccessEvent() as Any : ChannelFailureEvent() as Any, promise: nil)
    }

    /// A sentence on the client's standard error, then the channel ends with status 2.
    func refuse(_ context: ChannelHandlerContext, _ sentence: String) {
        connection.note("refused: \(sentence)")
        var buffer = context.channel.allocator.buffer(capacity: sentence.utf8.count + 20)
        buffer.writeString("homescreen serve: " + sentence + "\r\n")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 2), promise: nil)
        context.close(promise: nil)
    }

    /// Starts the child for a shell (`command` nil) or an allowed exec. - Returns: whether it runs.
    func start(_ context: ChannelHandlerContext, command requested: String?) -> Bool {
        guard child == nil else { return false }
        // A key's command= is what runs, whatever the client asked (as sshd runs it); its words
        // are the dashboard's arguments ("status pantry"; a leading homescreen is the program).
        var command = requested
        if let forced = connection.keyOptions?.command {
            var words = forced.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            if let first = words.first, first == "homescreen" || first.hasSuffix("/homescreen") { words.removeFirst() }
            command = words.isEmpty ? nil : words.joined(separator: " ")
            if requested != command { connection.note("command= of authorized_keys ran instead of \(requested.map { "'\(String($0.prefix(60)))'" } ?? "a shell")") }
        }
        var arguments: [String] = []
        if let command {
            let words = command.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = words.first, Self.commands.contains(first),
                  words.allSatisfy({ $0.allSatisfy { !$0.isNewline && $0 != "\0" } && !$0.hasPrefix("--store") && !$0.hasPrefix("--config") }) else {
                refuse(context, "'\(String(command.prefix(60)))' is not offered; run status, render or timeline with their options (ssh … status pantry), or no command for the dashboard.")
                return false
            }
            arguments = words
            // With no terminal, a status line as text, not tmux's markup (unless a format is asked for).
            if !hasTerminal, ["status", "render"].contains(words[0]), !words.contains(where: { $0 == "--format" || $0.hasPrefix("--format=") }) {
                arguments += ["--format", "plain"]
            }
        }
        if connection.isGuest {
            let running = connection.server.guestChildren
            guard running < connection.server.configuration.maxSessions else {
                refuse(context, "\(running) guest sessions are running, as many as this server takes (--max-sessions); try again in a while.")
                return false
            }
        }
        do {
            let (storeArguments, base) = try connection.childSetup()
            var environment = base.merging(locale) { $1 }
            environment["TERM"] = term
            if command == nil {
                guard hasTerminal else {
                    refuse(context, "the dashboard needs a terminal; connect with ssh -t, or run a command such as status pantry.")
                    return false
                }
                // The guest's dashboard says first where they are and when it ends.
                if connection.isGuest, let user = connection.user { environment["HOMESCREEN_GUEST"] = "\(user) \(connection.guestSecondsLeft)" }
                let started = try Child.onTerminal(connection.server.configuration.program, storeArguments, environment: environment, columns: columns, rows: rows)
                child = started
                countChild()
                relay(started.output, context: context, type: .channel, writable: true)
                if connection.isGuest { connection.shell = self }
            } else {
                let started = try Child.onPipes(connection.server.configuration.program, arguments + storeArguments, environment: environment)
                child = started
                countChild()
                relay(started.output, context: context, type: .channel, writable: false)
                relay(started.errors!, context: context, type: .stdErr, writable: false)
            }
            return true
        } catch {
            refuse(context, "\(error)")
            return false
        }
    }

    /// Reads one of the child's descriptors into the channel.
    func relay(_ descriptor: Int32, context: ChannelHandlerContext, type: SSHChannelData.DataType, writable: Bool) {
        openRelays += 1
        let loop = context.eventLoop
        let bootstrap = NIOPipeBootstrap(group: loop).channelInitializer { [self] pipe in
            loop.makeCompletedFuture { try pipe.pipeline.syncOperations.addHandler(ChildOutput(session: self, type: type)) }
        }
        let future = writable ? bootstrap.takingOwnershipOfDescriptor(inputOutput: descriptor) : bootstrap.takingOwnershipOfDescriptor(input: descriptor)
        future.whenComplete { [self] result in
            switch result {
            case .success(let pipe): relays.append(pipe)
            case .failure: Glibc.close(descriptor); relayEnded()
            }
        }
    }

    /// The client typed: to the child's terminal (a guest's idle time starts again).
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .byteBuffer(let buffer) = message.data, message.type == .channel, let pipe = relays.first, child?.errors == nil else { return }
        pipe.writeAndFlush(buffer, promise: nil)
        connection.lastInput = .now()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        // A client that does not read holds the child's output back, never the server; one that
        // has not read for `stalledLimit` seconds is dropped.
        let writable = context.channel.isWritable
        for pipe in relays { pipe.setOption(ChannelOptions.autoRead, value: writable).whenFailure { _ in } }
        stalled?.cancel()
        stalled = writable ? nil : context.eventLoop.scheduleTask(in: .seconds(Self.stalledLimit)) { [self] in
            connection.end("the client read nothing for \(Self.stalledLimit) s")
        }
        context.fireChannelWritabilityChanged()
    }

    /// How long a client may leave the session's output unread.
    static let stalledLimit: Int64 = 30
    var stalled: Scheduled<Void>?

    /// Whether this session's child is counted in its connection's live children.
    var countsChild = false
    func countChild() {
        connection.liveChildren += 1
        countsChild = true
        // A guest's idle time runs from the last key or the start of a session (the demo store
        // made, the dashboard starting), checked at its deadline only.
        connection.lastInput = .now()
    }
    func releaseChild() {
        guard countsChild else { return }
        connection.liveChildren -= 1
        countsChild = false
    }

    /// A relay reached the end of the child's output.
    func relayEnded() {
        openRelays -= 1
        guard openRelays <= 0, let context else { return }
        finishChild(context)
    }

    /// The child's status, once it has ended (polled briefly: its output ends as it exits).
    func finishChild(_ context: ChannelHandlerContext, attempt: Int = 0) {
        guard let child else { return }
        if let status = child.reap() {
            self.child = nil
            releaseChild()
            context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status), promise: nil)
            context.close(promise: nil)
            return
        }
        if attempt == 20 { kill(child.pid, SIGKILL) }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: .milliseconds(attempt < 20 ? 10 : 100)) { [self] in finishChild(bound.value, attempt: attempt + 1) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        stalled?.cancel()
        // The client went: the child goes too (SIGHUP, as a terminal closing says it), then its
        // pty closes; a child that ignores it is killed.
        if let child {
            releaseChild()   // SIGHUP now, SIGKILL in a second: it no longer holds a place
            kill(child.pid, SIGHUP)
            for pipe in relays { pipe.close(promise: nil) }
            let loop = context.eventLoop
            loop.scheduleTask(in: .seconds(1)) {
                if child.reap() == nil {
                    kill(child.pid, SIGKILL)
                    child.reapLater(on: loop)
                }
            }
        }
        context.fireChannelInactive()
    }

    /// A line on the terminal's last row, in reverse video, where the dashboard's key bar is;
    /// the dashboard draws over it at its next frame.
    func notice(_ text: String) {
        guard let context else { return }
        var buffer = context.channel.allocator.buffer(capacity: 64 + text.utf8.count)
        buffer.writeString("\u{1B}7\u{1B}[\(rows);1H\u{1B}[7m " + text + " \u{1B}[0m\u{1B}[K\u{1B}8")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
    }
}

extension Child {
    /// Reaps a killed child without blocking the loop (tries for five seconds).
    func reapLater(on loop: EventLoop, attempt: Int = 0) {
        guard reap() == nil, attempt < 50 else { return }
        loop.scheduleTask(in: .milliseconds(100)) { self.reapLater(on: loop, attempt: attempt + 1) }
    }
}

/// Reads a child's descriptor and writes it to the session's channel.
final class ChildOutput: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    let session: SessionHandler
    let type: SSHChannelData.DataType
    init(session: SessionHandler, type: SSHChannelData.DataType) {
        self.session = session
        self.type = type
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let target = session.context else { return }
        let buffer = unwrapInboundIn(data)
        target.writeAndFlush(NIOAny(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: nil)
        if !target.channel.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in } }
    }

    /// The end of its output (EOF, or EIO from a pty whose child has gone).
    func channelInactive(context: ChannelHandlerContext) {
        session.relayEnded()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
