import ArgumentParser

struct HomescreenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "homescreen",
        abstract: "Home-screen widgets in the terminal: pantry, budget, year, calendar and card.",
        discussion: """
            Widgets read one shared store (SQLite) that other programs write too.
            Without a command, the full-screen dashboard runs (`homescreen run`;
            press ? in it for the keys). The one-shot commands draw a widget pane
            as text: plain, ANSI, or tmux format for a status line.

            Exit status: 0 success, 1 runtime failure (store, terminal),
            2 bad usage or input (nothing is written).

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
              set -g status-right '#(homescreen status pantry)'  (~/.tmux.conf)
            """,
        version: Version.text,
        subcommands: [RunCommand.self, RenderCommand.self, StatusCommand.self, TmuxCommand.self, TimelineCommand.self, PantryCommand.self,
                      BudgetCommand.self, ExpenseCommand.self, CardCommand.self, EventCommand.self, PublishCommand.self,
                      DemoCommand.self, DoctorCommand.self,
                      ConfigCommand.self, MigrateCommand.self],
        defaultSubcommand: RunCommand.self
    )
}
