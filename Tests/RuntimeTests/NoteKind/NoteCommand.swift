import Foundation
import HomescreenCommandLine

/// `homescreen note add TEXT`: the kind's own command, which the root command lists from the catalog.
struct NoteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "note", abstract: "Add notes.", subcommands: [Add.self])

    struct Add: KindCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a note.")
        @Argument(help: "The note, up to 500 characters.") var text: String
        @OptionGroup var storeOptions: StoreOptions

        func run(_ context: any CommandContext) throws {
            let id = try NoteRepository(store: context.openForWriting()).add(text, at: Date())
            Output.line("added note \(id)")
        }
    }
}

extension NoteFeature: CommandsOfAKind {
    var commands: [any ParsableCommand.Type] { [NoteCommand.self] }
}
