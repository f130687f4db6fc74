import ArgumentParser
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenWidgets

struct PantryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry",
        abstract: "Add, list, consume and remove pantry products.",
        subcommands: [Add.self, List.self, Consume.self, Undo.self, Remove.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a product.")

        @Argument(help: "The product's name.") var name: String
        @Option(help: ArgumentHelp("Due date, YYYY-MM-DD.", valueName: "date")) var due: String
        @Option(help: ArgumentHelp("How much: \(Quantity.accepted).", valueName: "amount")) var amount: String = "1"
        @Option(help: ArgumentHelp("The unit (pcs, kg, l…), up to 20 characters.", valueName: "unit")) var unit: String = ""
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty else { throw CLIError.usage("the product name '\(name)' is empty; give a name such as \"Milk\".") }
            guard trimmed.count <= 200 else { throw CLIError.usage("the product name is \(trimmed.count) characters long; use at most 200.") }
            let due = try Arguments.date(due, option: "--due")
            let amount = try Arguments.quantity(amount, option: "--amount")
            let unit = unit.trimmingCharacters(in: .whitespaces)
            guard unit.count <= 20 else { throw CLIError.usage("--unit '\(unit)' is too long; use at most 20 characters.") }
            let product = try storeOptions.openForWriting().addProduct(name: trimmed, amount: amount, unit: unit, due: due)
            Output.line("added product \(product.id): \(Display.line(product))")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List products in first-expiring-first-out order (those out of stock last).",
            discussion: "--json prints [{\"id\", \"name\", \"amount\", \"unit\", \"due\", \"urgency\", \"daysUntilDue\"}]; urgency is expired, dueSoon, fresh or empty."
        )

        @Flag(help: "Print JSON.") var json = false
        @Option(help: ArgumentHelp("The day to order for, YYYY-MM-DD (default: today).", valueName: "date")) var today: String?
        @Option(name: .customLong("due-soon-days"), help: ArgumentHelp("Products due within this many days count as due soon.", valueName: "days"))
        var dueSoonDays: Int = PantryOrder.defaultDueSoonDays
        @OptionGroup var storeOptions: StoreOptions

        struct Row: Encodable {
            let id: Int64, name: String, amount: String, unit: String, due: String, urgency: String, daysUntilDue: Int
        }

        func run() throws {
            let today = try today.map { try Arguments.date($0, option: "--today") } ?? LocalDate(Date(), in: storeOptions.timeZone)
            guard PantryOrder.dueSoonDaysRange.contains(dueSoonDays) else {
                throw CLIError.usage("--due-soon-days \(dueSoonDays) is out of range; use a whole number from 0 to 365.")
            }
            let products = try storeOptions.openForReading().products()
            let ordered = PantryOrder.ordered(products, today: today, dueSoonDays: dueSoonDays)
            let empty = products.filter { !$0.isInStock }.sorted { $0.due < $1.due }
            let rows = ordered.map { Row(id: $0.product.id, name: $0.product.name, amount: $0.product.amount.description, unit: $0.product.unit,
                                         due: $0.product.due.iso, urgency: $0.urgency.rawValue, daysUntilDue: $0.daysUntilDue) }
                + empty.map { Row(id: $0.id, name: $0.name, amount: "0", unit: $0.unit, due: $0.due.iso, urgency: "empty",
                                  daysUntilDue: today.days(until: $0.due)) }
            if json {
                Output.line(try Output.json(rows, timeZone: storeOptions.timeZone))
                return
            }
            if rows.isEmpty { Output.line("no products; add one with `homescreen pantry add NAME --due YYYY-MM-DD`"); return }
            for row in rows {
                let amount = row.unit.isEmpty ? row.amount : row.amount + " " + Display.safe(row.unit)
                Output.line("\(Display.column(String(row.id), 5))  \(Display.column(Display.safe(row.name), 28))  \(Display.column(amount, 12))  \(row.due)  \(row.urgency)")
            }
        }
    }

    struct Consume: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Consume from the first-expiring product (or --product), never below zero.")

        @Option(help: ArgumentHelp("The product id (default: the first in first-expiring-first-out order).", valueName: "id")) var product: Int64?
        @Option(help: ArgumentHelp("How much: \(Quantity.accepted).", valueName: "amount")) var amount: String = "1"
        @Option(help: ArgumentHelp("The day that decides what expires first, YYYY-MM-DD (default: today).", valueName: "date")) var today: String?
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let amount = try Arguments.quantity(amount, option: "--amount")
            let today = try today.map { try Arguments.date($0, option: "--today") } ?? LocalDate(Date(), in: storeOptions.timeZone)
            let consumption = try storeOptions.openForWriting().consume(productID: product, amount: amount) { products in
                PantryOrder.next(products, today: today, dueSoonDays: PantryOrder.defaultDueSoonDays)
            }
            Output.line("consumed \(consumption.amount) of \(Display.safe(consumption.productName)) (product \(consumption.productID)); \(consumption.remaining) left")
        }
    }

    struct Undo: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Put back the last consume.")
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let consumption = try storeOptions.openForWriting().undoLastConsume()
            Output.line("put back \(consumption.amount) of \(Display.safe(consumption.productName)) (product \(consumption.productID)); \(consumption.remaining) left")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove a product.")
        @Argument(help: "The product id (see `pantry list`).") var id: Int64
        @OptionGroup var storeOptions: StoreOptions

        func run() throws {
            let product = try storeOptions.openForWriting().removeProduct(id: id)
            Output.line("removed product \(product.id): \(Display.safe(product.name))")
        }
    }
}

/// Text from the store made safe and aligned for line output.
enum Display {
    static func safe(_ text: String) -> String { SafeText.clean(text) }

    static func column(_ text: String, _ width: Int) -> String { DisplayWidth.pad(SafeText.clean(text), to: width) }

    static func line(_ product: Product) -> String {
        let amount = product.unit.isEmpty ? product.amount.description : "\(product.amount) \(safe(product.unit))"
        return "\(safe(product.name)), \(amount), due \(product.due.iso)"
    }
}
