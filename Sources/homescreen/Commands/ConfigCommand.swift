import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenPostgres
import HomescreenRender
import HomescreenRuntime
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

/// Where Homescreen keeps things, the settings in force, and a starter config file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Say where the config, state, themes and store are; show the settings in force; write a starter config.",
        subcommands: [Path.self, Show.self, Init.self]
    )

    /// `--config`, for the three subcommands.
    struct FileOption: ParsableArguments {
        @Option(help: ArgumentHelp("The config file. Default: $XDG_CONFIG_HOME/homescreen/config.toml.", valueName: "path"),
                completion: Completions.configFile)
        var config: String?

        func path(environment: [String: String]) -> String { config ?? DashboardConfig.defaultPath(environment: environment) }
    }

    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path", abstract: "Print where the config file, the state file, the theme folders and the store are.",
            discussion: "One line each: config, state, themes (one line per folder, searched in this order), store; each says whether it exists.")

        @OptionGroup var file: FileOption
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let environment = storeOptions.environment
            func line(_ label: String, _ path: String) {
                let exists = FileManager.default.fileExists(atPath: path)
                Output.line(DisplayWidth.pad(label, to: 8) + SafeText.clean(path) + (exists ? "" : "  (does not exist)"))
            }
            line("config", file.path(environment: environment))
            line("state", RememberedChoices.defaultPath(environment: environment))
            for folder in storeOptions.themeLibrary.folders { line("themes", folder) }
            let store = storeOptions.storePath
            if StoreLocation.isServer(store) {
                // A server's URL, without its password.
                Output.line(DisplayWidth.pad("store", to: 8) + SafeText.clean(PostgresLocation.redacted(store)) + "  (PostgreSQL)")
            } else if let raw = storeOptions.given, PostgresSecrets.isKeyValueConnection(raw) {
                // libpq's key=value form, which commands refuse: shown as given (not as a path
                // under the working folder, whose first key no longer reads as one), without its
                // password.
                Output.line(DisplayWidth.pad("store", to: 8) + SafeText.clean(PostgresLocation.redacted(raw))
                    + "  (a libpq key=value string: write it as a URL postgresql://USER@HOST[:PORT]/DATABASE)")
            } else if let raw = storeOptions.given, StoreLocation.looksLikeURL(raw) || raw.lowercased().hasPrefix("postgres") {
                // A URL that is no PostgreSQL one (`POSTGRESQL://`, `postgresq://`), which commands
                // refuse: shown without its password, not as a file path that holds it.
                Output.line(DisplayWidth.pad("store", to: 8) + SafeText.clean(PostgresLocation.redacted(raw))
                    + "  (not a store: use a file path or a URL postgresql://USER@HOST[:PORT]/DATABASE)")
            } else {
                line("store", store)
            }
        }
    }

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Print the settings in force as a config file: the file's values over the defaults.",
            discussion: "Each line says where its value comes from: the file, or the default. Command-line options still win over both.")

        @OptionGroup var file: FileOption

        func run() throws {
            let environment = processEnvironment
            let path = file.path(environment: environment)
            let config: DashboardConfig
            do { config = try DashboardConfig.load(path: path, explicit: file.config != nil, catalog: .standard) } catch let error as ConfigError {
                throw CLIError.usage(error.description)
            }
            let fileName = config.path.map { ($0 as NSString).lastPathComponent } ?? ""
            func source(_ key: String) -> String { config.keysSet.contains(key) ? "# from \(fileName)" : "# default" }
            func quoted(_ text: String) -> String { Output.jsonString(text) }
            /// The text, then from column 41 where its value comes from.
            func commented(_ text: String, _ comment: String) { Output.line(text.padding(toLength: max(40, text.count + 1), withPad: " ", startingAt: 0) + comment) }
            func line(_ key: String, _ value: String) { commented("\(key) = \(value)", source(key)) }

            Output.line("# The settings in force: \(config.path.map { SafeText.clean($0) } ?? "no config file (\(SafeText.clean(path)) does not exist), so the defaults").")
            line("theme", quoted(config.theme ?? Theme.builtInDark.name))
            line("background", quoted(config.background?.rawValue ?? "auto"))
            if let store = environment["HOMESCREEN_STORE"], !store.isEmpty {
                commented("store = \(quoted(PostgresLocation.redacted(store)))", "# from HOMESCREEN_STORE")
            } else if let store = config.store {
                line("store", quoted(PostgresLocation.redacted(store)))
            }
            if let locale = config.locale { line("locale", quoted(locale)) } else {
                commented("locale = \(quoted(Language.fromEnvironment(environment).rawValue))", "# from the environment (LC_ALL, LC_MESSAGES, LANG)")
            }
            line("density", quoted(config.density?.rawValue ?? "auto"))
            line("mouse", config.mouse ? "true" : "false")
            // The kinds' own keys (`due-soon-days`, `card-url`…), as each kind writes its value.
            for setting in WidgetCatalog.standard.settings { line(setting.name, setting.value(in: config.widgetSettings)) }
            for (key, panes) in [("home", config.home), ("lock-screen", config.lockScreen)] {
                commented("\(key) = [", source(key))
                for pane in panes { Output.line("  { kind = \(quoted(pane.kind.rawValue)), family = \(quoted(pane.family.shortName)) },") }
                Output.line("]")
            }
            Output.line("")
            commented("[keys]", source("keys"))
            for binding in config.keys.bindings {
                Output.line("\(binding.action.name) = [\(binding.keys.map { quoted($0.name) }.joined(separator: ", "))]")
            }
            Output.line("")
            let reminders = config.reminders
            commented("[reminders]", source("reminders"))
            Output.line("channels = [\(reminders.channels.map { quoted($0.rawValue) }.joined(separator: ", "))]")
            if !reminders.command.isEmpty { Output.line("command = [\(reminders.command.map(quoted).joined(separator: ", "))]") }
            for setting in WidgetCatalog.standard.reminderSettings { Output.line("\(setting.name) = \(setting.value(in: reminders.settings))") }
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init", abstract: "Write a commented starter config file, only if there is none.",
            discussion: "Every setting in it is commented out, so it changes nothing until you edit it. An existing file is never touched (exit 1).")

        @OptionGroup var file: FileOption

        func run() throws {
            let path = file.path(environment: processEnvironment)
            if FileManager.default.fileExists(atPath: path) || (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil {
                throw CLIError.runtime("\(path) already exists; edit it, or move it away to start again (`homescreen config show` shows what it sets).")
            }
            let folder = (path as NSString).deletingLastPathComponent
            do {
                if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
                // O_EXCL: a file that appears meanwhile is not overwritten.
                let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
                guard descriptor >= 0 else { throw CLIError.runtime("cannot create \(path) (\(String(cString: strerror(errno)))).") }
                let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
                try handle.write(contentsOf: Data(StarterConfig.text.utf8))
            } catch let error as CLIError { throw error } catch {
                throw CLIError.runtime("cannot write \(path) (\(error.localizedDescription)).")
            }
            Output.line("wrote \(path); every setting in it is commented out: edit it, then `homescreen config show`")
        }
    }
}

/// The commented starter config `homescreen config init` writes: every key, at its default
/// (the panes are the catalog's, so the file never disagrees with the defaults).
enum StarterConfig {
    private static func panes(_ panes: [PaneSpec]) -> String {
        panes.map { "#   { kind = \"\($0.kind.rawValue)\", family = \"\($0.family.shortName)\" }," }.joined(separator: "\n")
    }

    static let text = """
        # Homescreen's config file. Every key is optional; command-line options win over it.
        # Remove the # in front of a line to use it. `homescreen config show` prints what is in force,
        # `man 5 homescreen-config` describes every key.

        # theme = "dark"                # dark, light, high-contrast, or a file in ~/.config/homescreen/themes
        # background = "auto"           # the terminal's: auto (asked with OSC 11, else COLORFGBG), dark or light; t offers the themes that fit
        # locale = "en"                 # en, fr, it, vi (with a region for money: fr_CH); default from LANG
        # due-soon-days = 5             # pantry: due within this many days counts as due soon (0…365)
        # density = "auto"              # auto, regular, compact
        # mouse = true                  # false leaves the mouse to the terminal
        # The URL a card with a server id opens; {serverCardId} is replaced by the id.
        # card-url = "https://sharemycard.app/card.php?id={serverCardId}&src=qr-app"

        # The home screen, in fill order (families: small, medium, large).
        # home = [
        \(panes(DashboardConfig(catalog: .standard).home))
        # ]
        # The lock-screen strip (families: inline, rectangular, circular).
        # lock-screen = [
        \(panes(DashboardConfig(catalog: .standard).lockScreen))
        # ]

        # Key bindings: action = key or [keys]; a key moves from the action that had it.
        # [keys]
        # consume = ["c"]
        # quit = ["q", "Ctrl-C"]

        # Reminders (homescreen notify, homescreen tmux --reminders), each once per item and period.
        # [reminders]
        # channels = ["notify-send", "tmux"]   # also osc9, osc777 (the terminal), command
        # The command channel runs your program with the title and the body as arguments, no shell: command = ["my-script"]
        # pantry-days = 1                      # a product expires within N days (0…60), then has expired
        # budget-percent = [80, 100]           # this month's spending passes these shares of its limit
        # anniversary-days = 3                 # a lunar anniversary N days ahead, and on the day
        # event-days = 0                       # other events N days ahead (0: the day itself)
        # event-minutes = 60                   # a timed event, on its day: this many minutes before it starts
        # pantry = true                        # each rule on or off: pantry, budget, anniversaries, events

        # Examples of what a config may add (remove the ## in front of a block to use it).
        # The budget from an hledger journal instead of the store (hledger runs it; `man 5 homescreen-config`).
        ## [budget]
        ## source = "hledger"                   # "store" (the default) or "hledger"
        ## journal = "~/.hledger.journal"       # default: $LEDGER_FILE, then ~/.hledger.journal
        ## accounts = ["expenses"]              # the accounts that count as spending
        ## commodity = "CHF"                    # the commodity the panes show (others beside it, never added in)
        ## paying-account = "assets:bank"       # what an added expense is paid from (default assets:cash)
        ## period = 25                          # the budget month starts on this day (1…28; default 1)

        # Calendars kept as vdirs (folders of .ics files, as vdirsyncer and khal keep them).
        ## [calendar]
        ## vdirs = ["~/.calendars/family", "~/.calendars/work"]

        # Any program as a widget: its output (waybar's JSON, i3blocks' lines, a timeline, text) is the pane.
        ## [[widget]]
        ## name = "load"
        ## command = "cut -d' ' -f1 /proc/loadavg"
        ## format = "i3blocks"
        ## interval = 60                        # seconds, or "once"

        """
}
