import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenRuntime
import HomescreenWidgets

/// `homescreen reload NAME`: runs a script widget now wherever it is shown.
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Run script widgets now, in every dashboard and homescreen tmux of this user.",
        discussion: """
            NAME is a [[widget]] of the config file. Every running dashboard, `homescreen tmux`
            and `status --follow` of this user that shows it runs its command at once (after
            the run in flight, if one is) and draws what it printed as soon as it ends.
            It writes and removes a file named NAME in $XDG_RUNTIME_DIR/homescreen/reload
            (else /run/user/UID/homescreen/reload, else /tmp/homescreen-UID/reload), a folder
            those programs watch with inotify: nothing polls, and nothing is left behind.
            It returns at once; it does not wait for the command.

            A widget with `signal = N` also runs on SIGRTMIN+N, as in i3blocks:
              pkill -RTMIN+N -x homescreen

            Exit status: 0 when asked, 1 when the folder cannot be used, 2 for a name that is
            no widget of the config file.
            """
    )

    @Argument(help: ArgumentHelp("The widgets to run: their [[widget]] name.", valueName: "name"))
    var names: [String]

    @Option(help: ArgumentHelp("The config file. Default: $XDG_CONFIG_HOME/homescreen/config.toml.", valueName: "path"),
            completion: Completions.configFile)
    var config: String?

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = config ?? DashboardConfig.defaultPath(environment: environment)
        let declared = try DashboardConfig.load(path: path, explicit: config != nil, catalog: .standard).declarations.map(\.name)
        for name in names where !declared.contains(name) {
            let known = declared.isEmpty ? "it declares none" : "its widgets are \(declared.joined(separator: ", "))"
            throw CLIError.usage("'\(name)' is no [[widget]] of \(path); \(known).")
        }
        for name in names {
            do { try ScriptHub.requestReload(name, environment: environment) } catch {
                throw CLIError.runtime("cannot ask the dashboards to run \(name): \(error)")
            }
        }
    }
}
