import ArgumentParser
import Foundation
import HomescreenRender
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

do {
    // `status` runs from tmux every few seconds: its common forms are read by hand, the others
    // parsed on their own, without the root's command tree (BENCHMARKS.md). Anything neither
    // takes whole (an error, --help) goes through the full parser, so every message and exit
    // status stays as it was.
    let arguments = Array(CommandLine.arguments.dropFirst())
    let status = arguments.first == "status"
        ? StatusCommand.quick(Array(arguments.dropFirst())) ?? (try? StatusCommand.parse(Array(arguments.dropFirst()))) : nil
    var command: any ParsableCommand = try status ?? HomescreenCommand.parseAsRoot()
    try command.run()
} catch {
    switch HomescreenCommand.exitCode(for: error) {
    case .success:
        // --help and friends.
        Output.line(HomescreenCommand.fullMessage(for: error))
        exit(0)
    case .validationFailure:
        // The argument parser's own errors (unknown option, missing argument): bad usage. A
        // mistyped command gets the nearest one instead of the default command's usage.
        if let sentence = Suggestion.unknownCommand(in: Array(CommandLine.arguments.dropFirst()), root: HomescreenCommand.self) {
            Output.error("homescreen: " + SafeText.clean(sentence))
            exit(2)
        }
        Output.error(HomescreenCommand.fullMessage(for: error))
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
