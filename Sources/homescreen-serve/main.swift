import Foundation
import HomescreenServe
import HomescreenServeOptions

// `homescreen serve` runs this executable with its own arguments (so the dashboard and the
// status lines never load SwiftNIO). Problems are one sentence on stderr: exit 2 for what was
// typed, 1 for what the machine refused.
let environment = ProcessInfo.processInfo.environment
func fail(_ sentence: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(("homescreen serve: " + sentence + "\n").utf8))
    exit(status)
}
let options: ServeOptions
let checked: ServeOptions.Checked
do {
    options = try ServeOptions.parse(Array(CommandLine.arguments.dropFirst()))
    checked = try options.checked()
} catch let problem as ServeOptions.Problem {
    fail(problem.description, status: 2)
} catch {
    fail(ServeOptions.message(for: error), status: 2)
}
signal(SIGPIPE, SIG_IGN)
// `pkill -RTMIN+N homescreen` (a script widget's `signal = N`, as i3blocks users send it) matches
// this program's name too: it ignores them rather than end every session.
for number in (__libc_current_sigrtmin() + 1)...__libc_current_sigrtmax() { signal(number, SIG_IGN) }
// SIGTERM, SIGINT and SIGHUP blocked in every thread (none started yet), so the server's signal
// thread takes them with sigwait and ends every session before it exits (even when started with
// them blocked: an inherited mask).
var stopping = sigset_t()
sigemptyset(&stopping)
for number in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&stopping, number) }
pthread_sigmask(SIG_BLOCK, &stopping, nil)
do {
    let hostKeyPath = options.hostKey ?? ServeOptions.defaultHostKey(environment: environment)
    let hostKey = try HostKey.loadOrCreate(at: hostKeyPath)
    if options.fingerprint {
        print(hostKey.fingerprint)
        exit(0)
    }
    let authorizedKeysPath = options.authorizedKeys ?? ServeOptions.defaultAuthorizedKeys(environment: environment)
    let keys = AuthorizedKeys.load(at: authorizedKeysPath)
    for reason in keys.refused { FileHandle.standardError.write(Data("homescreen serve: \(authorizedKeysPath) \(reason).\n".utf8)) }
    // The dashboard the sessions run: the homescreen beside this executable, or $HOMESCREEN_PROGRAM.
    let program = environment["HOMESCREEN_PROGRAM"] ?? ServeOptions.executableFolder().appendingPathComponent("homescreen").path
    guard FileManager.default.isExecutableFile(atPath: program) else { fail("\(program) is not there; install homescreen beside homescreen-serve.", status: 1) }
    var configuration = SSHServer.Configuration(
        hostKey: hostKey, authorizedKeysPath: authorizedKeysPath, guestUser: options.noGuests ? nil : options.guestUser,
        maxSessions: options.maxSessions, maxPerAddress: options.maxPerAddress, guestTimeout: checked.guestTimeout, guestIdle: checked.guestIdle,
        program: program, storeArguments: options.store.map { ["--store", $0] } ?? [], environment: environment, loginGrace: checked.loginGrace)
    configuration.maxMemberSessions = options.maxMemberSessions
    configuration.maxStartups = checked.maxStartups
    let server = SSHServer(configuration)
    try server.run(host: checked.host, port: checked.port)
} catch {
    fail("\(error)", status: 1)
}
