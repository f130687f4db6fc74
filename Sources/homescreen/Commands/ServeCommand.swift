import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenServeOptions

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the dashboard over SSH: guests with no account, household members with a key.",
        discussion: """
            ssh -p 2222 demo@HOST gives anyone the dashboard on a demo store of their own, made for
            the connection and removed when it ends (--no-guests: no guests). Any other user name
            logs in with a key of --authorized-keys (Ed25519 or ECDSA, as in ~/.ssh/authorized_keys;
            RSA is not taken) and gets the dashboard on this machine's store. No password, no shell:
            `ssh -p 2222 demo@HOST status pantry` runs status, render or timeline, and nothing else;
            no port, agent or X11 forwarding. The host key (Ed25519) is made on first run and never
            overwritten; check it with --fingerprint, as ssh-keygen -lf prints it. Each session is a
            homescreen on a pseudo-terminal of its own. One line per connection goes to stderr.
            Listening on an address other than loopback lets other machines in.
            """
    )

    @OptionGroup var options: ServeOptions

    func run() throws {
        do { _ = try options.checked() } catch { throw CLIError.usage(error.description) }
        // The server is its own executable, beside this one: the dashboard never loads SwiftNIO.
        let here = ServeOptions.executableFolder()
        let server = here.appendingPathComponent("homescreen-serve").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw CLIError.runtime("\(server) is not there; install homescreen-serve beside homescreen (scripts/install.sh does).")
        }
        let arguments = Array(CommandLine.arguments.drop { $0 != "serve" }.dropFirst())
        var environment = ProcessInfo.processInfo.environment
        environment["HOMESCREEN_PROGRAM"] = here.appendingPathComponent("homescreen").path
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        execve(server, argv, envp)
        throw CLIError.runtime("\(server) could not be started: \(String(cString: strerror(errno))).")
    }
}
