import HomescreenCommandLine
import ArgumentParser
import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw one widget pane once, as text (no full-screen terminal needed).",
        discussion: "Without --family, every family of the kind is drawn, each under its name and size."
    )

    @Argument(help: ArgumentHelp("The widget kind: \(WidgetCatalog.standard.kindNames).", valueName: "kind"), completion: Completions.kinds)
    var kind: String

    @Option(help: ArgumentHelp("The family: \(WidgetFamily.accepted). Default: all.", valueName: "family"), completion: Completions.families)
    var family: String?

    @Option(help: ArgumentHelp("Cell density: regular or compact.", valueName: "density"), completion: Completions.densities)
    var density: String = "regular"

    @Option(help: ArgumentHelp("Draw at this size instead of the family's, as COLSxROWS (e.g. 60x12).", valueName: "size"))
    var size: String?

    @Option(help: ArgumentHelp("Output format: plain or ansi. Default: ansi on a terminal, plain otherwise.", valueName: "format"), completion: Completions.renderFormats)
    var format: String?

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var viewOptions: ViewOptions

    func run() throws {
        let kind = try Arguments.kind(kind)
        let families = try family.map { [try Arguments.family(try Arguments.family($0), of: kind)] } ?? WidgetCatalog.standard.families(of: kind)
        let density = try Arguments.density(density)
        let size = try size.map { text in
            guard let size = CellSize(argument: text) else {
                throw CLIError.usage("--size '\(text)' is not a size; use COLSxROWS with each from 1 to 1000, such as 60x12.")
            }
            return size
        }
        let format = try format.map { text in
            guard let format = OutputFormat(rawValue: text.lowercased()), format != .tmux else {
                throw CLIError.usage("--format '\(text)' is not a render format; use plain or ansi.")
            }
            return format
        } ?? (Output.isTerminal ? .ansi : .plain)
        let environment = storeOptions.environment
        let config = try viewOptions.loadConfig(environment: environment)
        let depth = try viewOptions.depth(environment: environment)
        let theme = try viewOptions.loadTheme(from: storeOptions.themeLibrary, config: config)
        let session = try WidgetSession(storeOptions: storeOptions, viewOptions: viewOptions, config: config)
        defer { session.finish() }
        let widget = session.widget(kind)
        let encoder = format.encoder(theme: theme, depth: depth)
        // Every family is drawn before anything is printed: an error leaves stdout empty.
        let drawn = try families.map { family in
            let context = session.context(family, density: density, size: size)
            return (family, context.size, try session.draw(widget, context))
        }
        for (family, size, grid) in drawn {
            if families.count > 1 { Output.line("\(family.rawValue) (\(size.columns)x\(size.rows), \(density.rawValue))") }
            Output.line(encoder.encode(grid))
            if families.count > 1 { Output.line("") }
        }
    }
}
