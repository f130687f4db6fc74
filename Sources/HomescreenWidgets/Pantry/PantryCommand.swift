import ArgumentParser
import HomescreenCommandLine
import Foundation
import HomescreenRender
import HomescreenStore
import HomescreenWidgetCore
import HomescreenHosting

struct PantryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry",
        abstract: "Add, list, consume and remove pantry products.",
        subcommands: [Add.self, Import.self, List.self, Consume.self, Undo.self, Remove.self]
    )

    struct Add: KindCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a product.")

        @Argument(help: "The product's name.") var name: String
        @Option(parsing: .unconditional, help: ArgumentHelp("Due date: YYYY-MM-DD, today, tomorrow, a weekday, +3d, +1w, +2m.", valueName: "date"), completion: Completions.dates) var due: String
        @Option(parsing: .unconditional, help: ArgumentHelp("How much: \(Quantity.accepted).", valueName: "amount")) var amount: String = "1"
        @Option(help: ArgumentHelp("The unit (pcs, kg, l...), up to 20 characters.", valueName: "unit")) var unit: String = ""
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let new = try PantryInput.product(name: name, due: due, amount: amount, unit: unit, place: "", today: context.today)
            let product = try PantryRepository(context.openForWriting()).addProduct(name: new.name, amount: new.amount, unit: new.unit, due: new.due)
            Output.line("added product \(product.id): \(Display.line(product))")
        }
    }

    struct Import: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Add many products in one transaction, from a JSON file or standard input.",
            discussion: """
                The JSON is an array of {"name": "Milk", "due": "2026-11-24", "amount": "2", "unit": "l"}
                ("amount" and "unit" optional; amount as a string or a number). Every product is checked
                first: one bad entry rejects the whole file (exit 2) and nothing is written.
                """
        )

        @Argument(help: "A JSON file, or - for standard input.", completion: Completions.jsonFile) var file: String
        @OptionGroup var storeOptions: StoreOptions

        struct Entry: Decodable {
            let name: String
            let due: String
            let amount: Amount?
            let unit: String?
        }

        /// "2", 2 or 0.5: amounts as strings or JSON numbers (kept as written, never rounded).
        struct Amount: Decodable {
            let text: String
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let string = try? container.decode(String.self) { text = string } else { text = "\(try container.decode(Decimal.self))" }
            }
        }

        func run(_ context: any CommandContext) throws {
            let limit = 16 << 20
            let data = try CommandInput.contents(of: file, limit: limit)
            guard data.count <= limit else {
                throw CLIError.usage("'\(file)' is larger than 16 MiB, the most one import takes; split it into several files.")
            }
            let entries: [Entry]
            do { entries = try JSONDecoder().decode([Entry].self, from: data) } catch {
                throw CLIError.usage("'\(file)' is not a JSON array of products (\(JSONProblem.describe(error))); see `homescreen pantry import --help`.")
            }
            let today = context.today
            let products = try entries.enumerated().map { index, entry in
                try PantryInput.product(name: entry.name, due: entry.due, amount: entry.amount?.text ?? "1", unit: entry.unit ?? "", place: "product \(index + 1): ", today: today)
            }
            try PantryRepository(context.openForWriting()).addProducts(products)
            Output.line("imported \(products.count) " + Language.english.plural(products.count, one: "product", other: "products"))
        }
    }

    struct List: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List products in first-expiring-first-out order (those out of stock last).",
            discussion: """
                A header row, then a product a line; the last column says its state in the interface's language \
                (expired, due soon, fresh, out of stock). For scripts, --json prints [{"id", "name", "amount", "unit", "due", "urgency", "daysUntilDue"}]; urgency is expired, dueSoon, fresh or empty.
                """
        )

        @Flag(help: "Print JSON.") var json = false
        @Option(parsing: .unconditional, help: ArgumentHelp("The day to order for: YYYY-MM-DD, tomorrow, +3d... (default: today).", valueName: "date"), completion: Completions.dates) var today: String?
        @Option(name: .customLong("due-soon-days"), help: ArgumentHelp("Products due within this many days count as due soon.", valueName: "days"))
        var dueSoonDays: Int = PantryOrder.defaultDueSoonDays
        @OptionGroup var storeOptions: StoreOptions

        struct Row: Encodable {
            let id: Int64, name: String, amount: String, unit: String, due: String, urgency: String, daysUntilDue: Int
        }

        func run(_ context: any CommandContext) throws {
            let today = try context.day(today, option: "--today")
            let dueSoonDays = try PantryInput.dueSoonDays(dueSoonDays)
            let products = try PantryRepository(context.openForReading()).products()
            let ordered = PantryOrder.ordered(products, today: today, dueSoonDays: dueSoonDays)
            let empty = products.filter { !$0.isInStock }.sorted { $0.due < $1.due }
            let rows = ordered.map { Row(id: $0.product.id, name: $0.product.name, amount: $0.product.amount.description, unit: $0.product.unit,
                                         due: $0.product.due.iso, urgency: $0.urgency.rawValue, daysUntilDue: $0.daysUntilDue) }
                + empty.map { Row(id: $0.id, name: $0.name, amount: "0", unit: $0.unit, due: $0.due.iso, urgency: "empty",
                                  daysUntilDue: today.days(until: $0.due)) }
            if json {
                Output.line(try Output.json(rows, timeZone: context.timeZone))
                return
            }
            // Words of the interface's language under a header row, on a terminal or not: a
            // script reads --json, whose urgency words stay as they are.
            let language = context.language()
            if rows.isEmpty { Output.line(language.text("No products; add one with `homescreen pantry add NAME --due tomorrow`.", in: PantryFeature.words)); return }
            let strings = PantryStrings.of(language)
            let states = ordered.map { Urgency.words($0.urgency, in: language) } + empty.map { _ in Urgency.words(nil, in: language) }
            func line(_ id: String, _ name: String, _ amount: String, _ due: String, _ state: String) -> String {
                "\(Display.column(id, 5))  \(Display.column(name, 28))  \(Display.column(amount, 12))  \(Display.column(due, 10))  \(state)"
            }
            Output.line(line("#", strings.columns.product, strings.columns.amount, strings.columns.due, language.text("State", in: PantryFeature.words)))
            for (row, state) in zip(rows, states) {
                let unit = UnitName.after(row.amount == "1", row.unit)
                let amount = unit.isEmpty ? row.amount : row.amount + " " + Display.safe(unit)
                Output.line(line(String(row.id), Display.safe(row.name), amount, row.due, state))
            }
        }
    }

    struct Consume: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "consume",
            abstract: "Consume from the first-expiring product (or --product), never below zero.")

        @Option(help: ArgumentHelp("The product id (default: the first in first-expiring-first-out order).", valueName: "id"), completion: Completions.productIDs) var product: Int64?
        @Option(parsing: .unconditional, help: ArgumentHelp("How much: \(Quantity.accepted).", valueName: "amount")) var amount: String = "1"
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let amount = try PantryInput.quantity(amount, option: "--amount")
            let missing: PantryError = product.map { .unknownProduct(id: $0) } ?? .nothingInStock
            let consumption = try PantryRepository(context.openExistingForWriting(otherwise: missing)).consume(productID: product, amount: amount)
            Output.line("consumed \(Display.quantity(consumption.amount, consumption.unit)) of \(Display.safe(consumption.productName)) (product \(consumption.productID)); \(Display.quantity(consumption.remaining, consumption.unit)) left")
        }
    }

    struct Undo: KindCommand {
        static let configuration = CommandConfiguration(commandName: "undo", abstract: "Put back the last consume.")
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let consumption = try PantryRepository(context.openExistingForWriting(otherwise: PantryError.nothingToUndo)).undoLastConsume()
            Output.line("put back \(Display.quantity(consumption.amount, consumption.unit)) of \(Display.safe(consumption.productName)) (product \(consumption.productID)); \(Display.quantity(consumption.remaining, consumption.unit)) left")
        }
    }

    struct Remove: KindCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a product.")
        @Argument(help: "The product id (see `pantry list`).", completion: Completions.productIDs) var id: Int64
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let product = try PantryRepository(context.openExistingForWriting(otherwise: PantryError.unknownProduct(id: id))).removeProduct(id: id)
            Output.line("removed product \(product.id): \(Display.safe(product.name))")
        }
    }
}

extension PantryFeature: CommandsOfAKind {
    public var commands: [any ParsableCommand.Type] { [PantryCommand.self] }
}

extension Completions {
    static let productIDs = Completions.ids { try PantryRepository($0).products().map(\.id) }
}

extension Display {
    static func line(_ product: Product) -> String {
        "\(safe(product.name)), \(quantity(product.amount, product.unit)), due \(product.due.iso)"
    }

    /// An amount with its unit as the product names it ("1 kg", "2 packs"; a unit-less "2").
    static func quantity(_ amount: Quantity, _ unit: String) -> String {
        let unit = UnitName.after(amount == .one, unit)
        return unit.isEmpty ? amount.description : "\(amount) \(safe(unit))"
    }
}
