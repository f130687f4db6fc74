import ArgumentParser
import Foundation

// A thin entry point: parse, run, and turn every failure into one sentence on stderr with the
// documented exit status (0 success, 1 runtime failure, 2 bad usage or input).
do {
    var command = try HomescreenCommand.parseAsRoot()
    try command.run()
} catch {
    switch HomescreenCommand.exitCode(for: error) {
    case .success:
        // --help and friends.
        Output.line(HomescreenCommand.fullMessage(for: error))
        exit(0)
    case .validationFailure:
        // The argument parser's own errors (unknown option, missing argument): bad usage.
        Output.error(HomescreenCommand.fullMessage(for: error))
        exit(2)
    default:
        let failure = CLIError(error)
        Output.error("homescreen: " + failure.message)
        exit(failure.exitCode)
    }
}
