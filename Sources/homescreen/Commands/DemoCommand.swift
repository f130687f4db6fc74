import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenHosting
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: abstract(.standard),
        discussion: "Only an empty store is filled, so real data is never mixed with demo data."
    )

    /// The command's summary, naming the catalog's kinds (each fills its own demo data).
    static func abstract(_ catalog: WidgetCatalog) -> String {
        "Fill an empty store with realistic demo data for \(Display.list(catalog.kinds.map(\.rawValue)))."
    }

    @Option(parsing: .unconditional, help: ArgumentHelp("The day the demo data is centred on: YYYY-MM-DD, +1m... (default: today).", valueName: "date"), completion: Completions.dates)
    var today: String?

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        let today = try ChosenStore(choice: storeOptions).day(today, option: "--today")
        try DemoData.check(today, option: "--today")
        let store = try storeOptions.openForWriting()
        // The check and the filling are one transaction: a demo killed part-way leaves the
        // store as it was, and two demos at once cannot both fill it. Each kind says what it
        // holds; a store where one holds anything is not filled.
        let catalog = WidgetCatalog.standard
        try store.batch {
            if let held = try catalog.contents(store).first {
                throw CLIError.runtime("the store \(store.path) already holds \(held); demo data goes into an empty store (use --store with a new path).")
            }
            try DemoData.fill(store, today: today, at: Date())
        }
        Output.line("filled \(store.path) with demo data around \(today.iso): \(Display.list(try catalog.contents(store)))")
    }
}
