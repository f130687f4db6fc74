import ArgumentParser
import HomescreenCommandLine
import Foundation
import HomescreenStore
import HomescreenHosting

struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Add, list, choose and remove the business cards the card widget shows as a QR code.",
        discussion: """
            A card with --server-id is shown as its URL (the config file's card-url, by default
            https://sharemycard.app/card.php?id={serverCardId}&src=qr-app); one without is shown as a
            vCard, which a phone adds to its contacts with no network. The chosen card is kept in the
            store, so the dashboard (key s), `render card` and every other process show the same one;
            with none chosen, the first active card is shown.
            """,
        subcommands: [Add.self, List.self, Select.self, Remove.self]
    )

    struct Add: KindCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a card.")

        @Option(help: ArgumentHelp("First name (required).", valueName: "name")) var first: String
        @Option(help: ArgumentHelp("Last name (required).", valueName: "name")) var last: String
        @Option(help: ArgumentHelp("Company.", valueName: "name")) var company: String?
        @Option(help: ArgumentHelp("Job title.", valueName: "title")) var title: String?
        @Option(help: ArgumentHelp("E-mail address (in the vCard).", valueName: "address")) var email: String?
        @Option(help: ArgumentHelp("Phone number (in the vCard).", valueName: "number")) var phone: String?
        @Option(name: .customLong("server-id"), help: ArgumentHelp("The card's id on the sharing server: the code is then its URL.", valueName: "id"))
        var serverID: String?
        @Flag(help: "Add the card as inactive (not shown by default).") var inactive = false
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let draft = CardDraft(serverCardID: serverID, firstName: first, lastName: last, company: company, title: title,
                                  email: email, phone: phone, isActive: !inactive)
            if let problem = draft.problem { throw CLIError.usage(problem) }
            let card = try CardRepository(context.openForWriting()).addCard(draft)
            Output.line("added card \(card.id): \(Display.safe(card.fullName))")
        }
    }

    struct List: KindCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the cards; * marks the one the widget shows.",
            discussion: """
                --json prints {"selected": id or null, "shown": id or null, "cards": [{"id", "serverCardId",
                "firstName", "lastName", "company", "title", "email", "phone", "active", "updatedAt"}]}.
                """)

        @Flag(help: "Print JSON.") var json = false
        @OptionGroup var storeOptions: StoreOptions

        struct Listing: Encodable {
            let selected: Int64?
            let shown: Int64?
            let cards: [Card]
        }

        func run(_ context: any CommandContext) throws {
            let listing = try CardRepository(context.openForReading()).cardListing()
            let (cards, selected, shown) = (listing.cards, listing.chosen, listing.shown.shownID)
            if json {
                Output.line(try Output.json(Listing(selected: selected, shown: shown, cards: cards), timeZone: context.timeZone))
                return
            }
            if cards.isEmpty { Output.line("no cards; add one with `homescreen card add --first F --last L`") }
            for card in cards {
                let details = [card.company, card.title].compactMap { $0 }.map(Display.safe).joined(separator: ", ")
                let code = card.serverCardID.map { "id " + Display.safe($0) } ?? "vCard"
                Output.line("\(card.id == shown ? "*" : " ") \(Display.column(String(card.id), 4))  \(Display.column(Display.safe(card.fullName), 24))  "
                            + "\(Display.column(details, 32))  \(Display.column(card.isActive ? "active" : "inactive", 8))  \(code)")
            }
            if let selected, shown != selected { Output.line("the chosen card \(selected) was removed; choose another with `homescreen card select ID`") }
        }
    }

    struct Select: KindCommand {
        static let configuration = CommandConfiguration(commandName: "select", abstract: "Choose the card every widget shows.")
        @Argument(help: "The card id (see `card list`).", completion: Completions.cardIDs) var id: Int64
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let card = try CardRepository(context.openExistingForWriting(otherwise: CardError.unknownCard(id: id))).selectCard(id: id)
            Output.line("showing card \(card.id): \(Display.safe(card.fullName))")
        }
    }

    struct Remove: KindCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a card (the widget says so if it was the chosen one).")
        @Argument(help: "The card id (see `card list`).", completion: Completions.cardIDs) var id: Int64
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let card = try CardRepository(context.openExistingForWriting(otherwise: CardError.unknownCard(id: id))).removeCard(id: id)
            Output.line("removed card \(card.id): \(Display.safe(card.fullName))")
        }
    }
}

extension CardFeature: CommandsOfAKind {
    public var commands: [any ParsableCommand.Type] { [CardCommand.self] }
}

extension Completions {
    static let cardIDs = Completions.ids { try CardRepository($0).cardListing().cards.map(\.id) }
}
