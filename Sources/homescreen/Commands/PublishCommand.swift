import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenWidgets

struct PublishCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a widget snapshot from another program (JSON), the way an app writes its widget's App Group.",
        discussion: """
            budget takes seed 001's format: {"totalAmount", "expenseCount", "hasError", "lastUpdated",
            "spent", "limit", "month", "currency", "percentage", "isDarkMode", "groupId", "groupName"}.
            It is validated (malformed JSON or impossible values exit 2 naming the position or the field)
            and stored in one transaction. While a snapshot is published the budget widget shows it,
            with its freshness ("Updated 5 min ago"), stale after 24 hours, and its error state;
            --clear removes it and the widget shows the store's own budgets and expenses again.
            """)

    @Argument(help: "The kind (budget).", completion: .list(["budget"])) var kind: String
    @Argument(help: "A JSON file, or - for standard input (the default).", completion: Completions.jsonFile) var file: String = "-"
    @Flag(help: "Remove the published snapshot instead.") var clear = false
    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        guard WidgetCatalog.standard.kind(named: kind) == .budget else {
            throw CLIError.usage("'\(kind)' cannot be published; publish budget (seed 001's snapshot).")
        }
        if clear {
            let removed = try PublishedSnapshots(storeOptions.openExistingForWriting(otherwise: CLIError.usage("there is no published budget snapshot to clear."))).clear(kind: .budget)
            guard removed else { throw CLIError.usage("there is no published budget snapshot to clear.") }
            return Output.line("cleared the published budget snapshot; the widget shows the store's budgets again")
        }
        let data = try CommandInput.contents(of: file, limit: PublishedSnapshot.maximumBytes)
        let snapshot = try PublishedBudget.parse(data, timeZone: storeOptions.timeZone)
        try PublishedSnapshots(storeOptions.openForWriting()).publish(kind: .budget, json: String(decoding: data, as: UTF8.self))
        Output.line("published the budget snapshot of \(snapshot.month.isEmpty ? "no month" : Display.safe(snapshot.month)), updated \(InstantParser.internet(snapshot.lastUpdated))")
    }
}
