import ArgumentParser
// Re-exported: the tests that import this executable see its output and errors as before.
@_exported import HomescreenCommandLine
import HomescreenHosting
import HomescreenWidgets

struct HomescreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homescreen",
        abstract: abstract(.standard),
        discussion: discussion(.standard),
        version: Version.text,
        // The kinds' own commands (`pantry`, `expense`…) are theirs, declared in their folders.
        subcommands: [RunCommand.self, RenderCommand.self, StatusCommand.self, TmuxCommand.self, ReloadCommand.self, NotifyCommand.self, ServeCommand.self, TimelineCommand.self]
            + WidgetCatalog.standard.commands
            + [PublishCommand.self, DemoCommand.self, DoctorCommand.self, ConfigCommand.self, MigrateCommand.self],
        defaultSubcommand: RunCommand.self
    )

    /// The help's first line, naming the catalog's kinds in registration order.
    static func abstract(_ catalog: WidgetCatalog) -> String {
        "Home-screen widgets in the terminal: \(Display.list(catalog.kinds.map(\.rawValue)))."
    }

    /// The help's text, with a line per kind of the catalog: its name and its `summary`.
    static func discussion(_ catalog: WidgetCatalog) -> String {
        let width = (catalog.kinds.map(\.rawValue.count).max() ?? 0) + 2
        let kinds = catalog.features.map { "  " + $0.kind.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
        return """
            Widgets read one shared store (SQLite) that other programs write too.
            Without a command, the full-screen dashboard runs (`homescreen run`;
            press ? in it for the keys). The one-shot commands draw a widget pane
            as text: plain, ANSI, or tmux format for a status line.

            Widget kinds (the KIND of render, status and timeline):

            """ + kinds.joined(separator: "\n") + """


            Exit status: \(Manual.exitStatuses[0].status) \(Manual.exitStatuses[0].meaning), \(Manual.exitStatuses[1].status) \(Manual.exitStatuses[1].meaning),
            \(Manual.exitStatuses[2].status) \(Manual.exitStatuses[2].meaning) (nothing is written).

            Examples:
              homescreen --demo                    the dashboard on demo data
              homescreen render pantry --demo      every family, demo data
              homescreen pantry add Milk --due tomorrow --amount 2 --unit l
              homescreen pantry consume            one of the first-expiring
              homescreen budget set 2026-11 --limit 800 --currency CHF
              homescreen expense add 12,50 --note Lunch
              homescreen render calendar --family medium   the lunar month
              homescreen card add --first Lan --last Nguyen --server-id 4821
              homescreen render card --family large        a QR code that scans
              homescreen tmux --help               its lines for ~/.tmux.conf
              homescreen notify --follow           reminders as they fall due
            """
    }
}
