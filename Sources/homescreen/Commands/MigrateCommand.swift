import ArgumentParser
import Foundation
import HomescreenCommandLine
import HomescreenPostgres
import HomescreenStore
import HomescreenHosting
import HomescreenWidgets

struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy a SQLite store into an empty PostgreSQL store (a household's shared store).",
        discussion: """
            Every row is copied in one transaction (ids, days, amounts, currencies and timestamps as
            they are), the server's triggers make the month totals, and every table and month total
            is compared row for row before it commits; any difference writes nothing. The SQLite store
            is only read. Then point every machine at the server:
            HOMESCREEN_STORE=postgresql://USER@HOST/DB (or --store, or store = "..." in the config).
            """)

    @Option(help: ArgumentHelp("The SQLite store to copy.", valueName: "path"), completion: .file()) var from: String
    @Option(help: ArgumentHelp("The PostgreSQL store: postgresql://USER@HOST[:PORT]/DB (an empty database).", valueName: "url")) var to: String

    func run() throws {
        guard !StoreLocation.isServer(from) else { throw CLIError.usage("--from '\(PostgresLocation.redacted(from))' is a server; give the SQLite store file to copy.") }
        guard StoreLocation.isServer(to) else {
            throw CLIError.usage("--to '\(PostgresSecrets.isKeyValueConnection(to) ? "a libpq key=value string, not shown" : PostgresSecrets.scrub(to, PostgresSecrets.values(in: to)))' is not a PostgreSQL URL; use postgresql://USER@HOST[:PORT]/DATABASE.")
        }
        let path = StoreLocation.resolve(option: from, environment: [:])
        guard FileManager.default.fileExists(atPath: path) else { throw CLIError.usage("--from '\(path)' does not exist; give an existing store file.") }
        let source = try Store.openReadOnly(at: path)
        let target = try StoreOptions.openServer(to)
        do {
            let report = try PostgresMigration.copy(from: source, to: target, kinds: WidgetCatalog.standard.data)
            let rows = report.rows.map { "\($0.count) \($0.table)" }.joined(separator: ", ")
            // The rows the kinds' rules kept, in words: "12 month totals".
            let kept = report.kept.map { table, count in
                "\(count) " + table.reduce(into: "") { words, letter in words += letter.isUppercase ? " " + letter.lowercased() : String(letter) } + "s"
            }
            Output.line("copied \(path) to \(target.path): \(rows)" + (kept.isEmpty ? "" : "; \(kept.joined(separator: ", ")) equal on both sides"))
        } catch let problem as PostgresMigration.Problem {
            throw CLIError.runtime(problem.description)
        } catch let error as PostgresError {
            throw CLIError.runtime(error.description)
        }
    }
}
