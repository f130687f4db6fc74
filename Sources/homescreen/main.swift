import ArgumentParser
import CSQLiteFootprint
import Foundation
import HomescreenCommandLine
import HomescreenRender
import HomescreenRuntime
import HomescreenWidgets
import HomescreenWidgetCore

// A thin entry point: parse, run, and turn every failure into one sentence on stderr with the
// documented exit status (0 success, 1 runtime failure, 2 bad usage or input).
// Before anything asks ICU for the default locale (see LocaleEnvironment).
LocaleEnvironment.sanitize()
// Signals as a user expects them (Ctrl-C, SIGTERM end a command), whatever mask the parent left
// (a test runner, a service manager); the dashboard blocks its own to read them from a signalfd.
var unblocked = sigset_t()
sigemptyset(&unblocked)
sigprocmask(SIG_SETMASK, &unblocked, nil)
// `pkill -RTMIN+N homescreen` (a script widget's `signal = N`) ends no command that takes none:
// the dashboard and `homescreen tmux` block them and read them; the rest ignore them.
EventLoop.ignoreRealtimeSignals()

// Before the first store connection opens.
_ = hs_sqlite_small_footprint()

// The man page's sections that the parser's generator cannot write (scripts/install.sh).
if Array(CommandLine.arguments.dropFirst()) == ["--experimental-manual-sections"] {
    Output.line(Manual.sections())
    exit(0)
}

do {
    // `status` runs from tmux every few seconds: its common forms are read by hand, the others
    // parsed on their own, without the root's command tree (BENCHMARKS.md). Anything neither
    // takes whole (an error, --help) goes through the full parser, so every message and exit
    // status stays as it was.
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "status", let request = StatusRequest.quick(Array(arguments.dropFirst())) {
        try request.run()
    } else {
        let status = arguments.first == "status" ? try? StatusCommand.parse(Array(arguments.dropFirst())) : nil
        var command: any ParsableCommand = try status ?? HomescreenCommand.parseAsRoot()
        // A kind's own command (`pantry add`) is given the store its options choose.
        // The config is read first for its `[calendar] vdirs` (a broken config is said by the
        // commands that draw; a kind's own command does not refuse for it).
        if let own = command as? any KindCommand {
            let environment = ProcessInfo.processInfo.environment
            _ = try? DashboardConfig.load(path: DashboardConfig.defaultPath(environment: environment), explicit: false, catalog: .standard)
            try own.run(ChosenStore(choice: own.storeOptions))
        } else { try command.run() }
    }
} catch {
    switch HomescreenCommand.exitCode(for: error) {
    case .success:
        // --help and friends.
        Output.line(HomescreenCommand.fullMessage(for: error))
        exit(0)
    case .validationFailure:
        // The argument parser's own errors (unknown option, missing argument): bad usage. A
        // mistyped command gets the nearest one instead of the default command's usage.
        // An option the command does not have gets the nearest one (`--dur`: did you mean
        // '--due'?), even when the parser first missed the required option it was meant to be;
        // any other refusal of the parser is one sentence too, with what the argument takes.
        let arguments = Array(CommandLine.arguments.dropFirst())
        let sentence = Suggestion.unknownCommand(in: arguments, root: HomescreenCommand.self)
            ?? Suggestion.unknownOption(in: arguments, root: HomescreenCommand.self)
            ?? Suggestion.usageSentence(HomescreenCommand.message(for: error), arguments: arguments, root: HomescreenCommand.self)
        Output.error("homescreen: " + SafeText.clean(sentence))
        exit(2)
    default:
        // A command that already said what went wrong (doctor) ends with its status only.
        if let code = error as? ExitCode { exit(code.rawValue) }
        let failure = CLIError(error)
        // One sentence on one line, whatever the value it quotes holds.
        Output.error("homescreen: " + SafeText.clean(failure.message))
        exit(failure.exitCode)
    }
}
