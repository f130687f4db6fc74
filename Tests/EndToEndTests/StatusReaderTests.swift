import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport
@testable import homescreen

/// `status` reads a store file of this version through `SQLiteReader`, and draws exactly what
/// it draws through `Store`; every other store goes through `Store`, which says what is wrong.
struct StatusReaderTests {
    /// A demo store, and one where products with hostile names and many rows were added.
    static let stores: (folder: TemporaryFolder, demo: String, busy: String) = {
        let folder = TemporaryFolder()
        let demo = folder.path("demo.sqlite"), busy = folder.path("busy.sqlite")
        for path in [demo, busy] { _ = try? Homescreen.run(["demo", "--today", "2026-11-22"], store: path) }
        let values = (0..<300).map { "('Product \($0)', \(($0 % 7) * 500), 'g', date('2026-11-22', '\($0 % 40 - 10) days'), '2026-11-20 10:00:00.000')" }
        _ = try? SQLiteShell.run(busy, "INSERT INTO product (name, amountMilli, unit, due, createdAt) VALUES " + values.joined(separator: ", ")
            + ", ('#[fg=red]evil #{pane}', 1000, '', '2026-11-01', '2026-11-20 10:00:00.000'), ('Ất Tỵ 🍞 bánh', 250, 'kg', '2026-11-23', '2026-11-20 10:00:00.000');")
        return (folder, demo, busy)
    }()

    static let forms: [[String]] = [
        [], ["pantry"], ["budget"], ["calendar"], ["pantry", "budget"], ["card", "pantry"],
        ["pantry", "--format", "plain"], ["--format", "json"], ["pantry", "budget", "--format", "ansi", "--colors", "256"],
        ["pantry", "--privacy"], ["--ascii", "--format", "plain"], ["pantry", "budget", "--locale", "vi"], ["--locale", "fr_CH", "--density", "compact"],
        ["pantry", "--separator", " # ", "--format", "tmux"], ["budget", "--now", "2026-12-31T23:59:00"], ["pantry", "--due-soon-days", "30"],
    ]

    @Test(arguments: forms)
    func theReaderDrawsWhatTheStoreDraws(form: [String]) throws {
        for store in [Self.stores.demo, Self.stores.busy] {
            var arguments = form + ["--store", store]
            if !form.contains("--now") { arguments += ["--now", "2026-11-22T09:00:00"] }
            if !form.contains("--format") { arguments += ["--format", "tmux"] }
            let drawing = try StatusCommand.parse(arguments).request.drawing()
            let quick = try drawing.draw(), full = try drawing.draw(reader: false)
            #expect(quick.reader && !full.reader, "\(arguments)")
            #expect(quick.lines.text == full.lines.text, "\(arguments)")
            #expect(quick.lines.each == full.lines.each, "\(arguments)")
            #expect(!quick.lines.text.isEmpty)
        }
    }

    /// No file yet, a file that is no store, an older store (migrated by `Store`), a newer one,
    /// a kind's newer data, a demo: `Store`'s way, with its lines or its sentence.
    @Test func anyOtherStoreGoesThroughTheStore() throws {
        let folder = TemporaryFolder()
        func copy(_ name: String, _ sql: String? = nil) throws -> String {
            let path = folder.path(name)
            try FileManager.default.copyItem(atPath: Self.stores.demo, toPath: path)
            if let sql { #expect(try SQLiteShell.run(path, sql).status == 0) }
            return path
        }
        FileManager.default.createFile(atPath: folder.path("text.sqlite"), contents: Data("not a database".utf8))
        let newer = try copy("newer.sqlite", "PRAGMA user_version = 99;")
        let kindNewer = try copy("kind-newer.sqlite", "UPDATE kindSchema SET version = 99 WHERE kind = 'pantry';")
        for (arguments, drawn) in [(["--store", folder.path("missing.sqlite")], true), (["--demo"], true),
                                   (["--store", folder.path("text.sqlite")], false), (["--store", newer], false), (["--store", kindNewer], false)] {
            let drawing = try StatusCommand.parse(["pantry", "--format", "plain", "--now", "2026-11-22T09:00:00"] + arguments).request.drawing()
            if drawn {
                #expect(try drawing.draw().reader == false, "\(arguments)")
            } else {
                // The same sentence the command prints (its exit status follows from the error).
                let viaReader = Result { try drawing.draw() }, viaStore = Result { try drawing.draw(reader: false) }
                guard case .failure(let error) = viaReader, case .failure(let expected) = viaStore else {
                    Issue.record("\(arguments) drew lines"); continue
                }
                #expect(CLIError(error).message == CLIError(expected).message, "\(arguments)")
                #expect(CLIError(error).exitCode == CLIError(expected).exitCode, "\(arguments)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("missing.sqlite")))
    }
}
