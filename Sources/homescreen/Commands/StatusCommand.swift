import ArgumentParser
import HomescreenRender
import HomescreenWidgetCore
import HomescreenWidgets

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print each kind's accessoryInline line, e.g. for a tmux status line.",
        discussion: """
            In ~/.tmux.conf:  set -g status-right '#(homescreen status pantry)'
            tmux format doubles every '#' of data, so a product name can never run a tmux command.
            The store is opened read-only and never created.
            """
    )

    @Argument(help: "Kinds to show (default: every built kind).")
    var kinds: [String] = []

    @Option(help: ArgumentHelp("Output format: tmux, ansi or plain. Default: ansi on a terminal, tmux otherwise.", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Cell density of the line: regular (58 columns) or compact (29).", valueName: "density"))
    var density: String = "regular"

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    func run() throws {
        let kinds = try kinds.isEmpty ? WidgetCatalog.standard.kinds.filter { WidgetCatalog.standard.families(of: $0).contains(.accessoryInline) }
            : kinds.map(Arguments.kind)
        for kind in kinds { _ = try Arguments.family(.accessoryInline, of: kind) }
        let density = try Arguments.density(density)
        let format = try format.map { text in
            guard let format = OutputFormat(rawValue: text.lowercased()) else {
                throw CLIError.usage("--format '\(text)' is not a status format; use tmux, ansi or plain.")
            }
            return format
        } ?? (Output.isTerminal ? .ansi : .tmux)
        let environment = storeOptions.environment
        // tmux converts #rrggbb to what its client can show, so give it full color.
        let depth = try viewOptions.depth(environment: environment, default: format == .tmux ? .truecolor : nil)
        // Plain text has no colors: skip finding and parsing theme files.
        let theme = format == .plain ? Theme.builtInDark : try viewOptions.loadTheme(from: storeOptions.themeLibrary)
        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions)
        defer { session.finish() }
        let encoder = format.encoder(theme: theme, depth: depth)
        for kind in kinds {
            let grid = try session.draw(session.widget(kind), session.context(.accessoryInline, density: density))
            Output.line(encoder.encode(grid))
        }
    }
}
