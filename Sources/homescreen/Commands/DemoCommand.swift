import ArgumentParser
import Foundation
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
        let today = try storeOptions.day(today, option: "--today")
        try DemoData.check(today, option: "--today")
        let store = try storeOptions.openForWriting()
        // The check and the filling are one transaction: a demo killed part-way leaves the
        // store as it was, and two demos at once cannot both fill it.
        try store.batch {
            let existing = try PantryRepository(store).products().count
            guard existing == 0 else {
                throw CLIError.runtime("the store \(store.path) already holds \(existing) products; demo data goes into an empty store (use --store with a new path).")
            }
            let counts = try BudgetRepository(store).budgetCounts()
            guard counts.budgets == 0, counts.expenses == 0 else {
                throw CLIError.runtime("the store \(store.path) already holds \(counts.budgets) budgets and \(counts.expenses) expenses; demo data goes into an empty store (use --store with a new path).")
            }
            let cards = try CardRepository(store).cards().count
            if cards > 0 {
                throw CLIError.runtime("the store \(store.path) already holds \(cards) cards; demo data goes into an empty store (use --store with a new path).")
            }
            try DemoData.fill(store, today: today, at: Date())
        }
        let filled = try BudgetRepository(store).budgetCounts()
        Output.line("filled \(store.path) with demo data: \(try PantryRepository(store).products().count) pantry products around \(today.iso), "
            + "\(filled.budgets) monthly budgets, \(filled.expenses) expenses and \(try CardRepository(store).cards().count) business cards")
    }
}
