import Foundation
import Testing
import HomescreenStore
import HomescreenTestSupport

/// The command line and the dashboard on a PostgreSQL store (a real server: `PostgresServer`):
/// the issue's must-holds, each checked by what the store and the screens show.
@Suite(.serialized)
struct PostgresCommandTests {
    static func run(_ arguments: [String], _ store: String, _ environment: [String: String] = [:]) throws -> CommandResult {
        try Homescreen.run(arguments, store: store, environment: environment)
    }

    @Test func fourProcessesConsumingFiftyEachLeaveExactlyNothing() throws {
        let store = try PostgresServer.freshDatabase()
        #expect(try Self.run(["pantry", "add", "Rice", "--amount", "200", "--unit", "kg", "--due", "today"], store).status == 0)
        let loop = "for i in $(seq 50); do '\(Homescreen.executable.path)' pantry consume >/dev/null 2>>\"$ERRORS\" || echo failed >> \"$ERRORS\"; done"
        let folder = TemporaryFolder()
        let errors = folder.path("errors")
        let result = try Shell.run("for p in 1 2 3 4; do (\(loop)) & done; wait", environment: ["HOMESCREEN_STORE": store, "ERRORS": errors, "PATH": "/usr/bin:/bin"])
        #expect(result.status == 0)
        #expect(((try? String(contentsOfFile: errors, encoding: .utf8)) ?? "").isEmpty, "no consume failed")
        let list = try Self.run(["pantry", "list", "--json"], store).stdout
        #expect(list.contains("\"amount\" : \"0\""), "\(list)")
        #expect(try PostgresServer.sql(store, "SELECT count(*) FROM homescreen.consumption").trimmingCharacters(in: .whitespacesAndNewlines) == "200")
        let more = try Self.run(["pantry", "consume"], store)
        #expect(more.status == 1 && more.stderr.contains("nothing to consume"))
    }

    @Test func connectionFailuresExitOneInASentenceWithoutThePassword() throws {
        let server = try PostgresServer.server()
        let wrong = server.tcpURL.replacingOccurrences(of: "postgresql://homescreen@", with: "postgresql://homescreen:hunter2@")
        for (store, words) in [(wrong, "password authentication failed"), ("postgresql://lan:hunter2@nowhere.invalid/family", "could not translate host name"),
                               ("postgresql://lan:hunter2@127.0.0.1:1/family", "Connection refused")] {
            for arguments in [["pantry", "list"], ["status", "pantry"], ["pantry", "add", "Milk", "--due", "today"]] {
                let result = try Self.run(arguments, store)
                #expect(result.status == 1, "\(arguments) on \(store)")
                #expect(result.stderr.contains("cannot connect to the PostgreSQL store") && result.stderr.contains(words), "\(result.stderr)")
                #expect(!result.stderr.contains("hunter2") && !result.stdout.contains("hunter2"))
                #expect(result.stderr.split(separator: "\n").count == 1, "one sentence: \(result.stderr)")
            }
        }
        // PGPASSWORD works as with every libpq program, and is never shown.
        let database = try PostgresServer.freshDatabase().components(separatedBy: "/").last!
        let url = PostgresServer.url(server.tcpURL, database: database)
        let doctor = try Self.run(["doctor"], url, ["PGPASSWORD": server.password])
        #expect(doctor.stdout.contains("(PostgreSQL), schema \(Store.currentSchema)") && !doctor.stdout.contains(server.password), "\(doctor.stdout)")
    }

    /// libpq (and the twenty libraries it needs) is loaded on the first use of a PostgreSQL
    /// store, not by every command: the executable does not link it, a SQLite store works
    /// without it, and a PostgreSQL store without it says so in one sentence.
    @Test func libpqIsLoadedOnlyForAPostgreSQLStore() throws {
        let needed = try Shell.run("readelf -d '\(Homescreen.executable.path)'", environment: ["PATH": "/usr/bin:/bin"])
        #expect(needed.status == 0 && needed.stdout.contains("libc.so"), "\(needed.stderr)")
        #expect(!needed.stdout.contains("libpq"), "the executable links libpq: \(needed.stdout)")
        let folder = TemporaryFolder()
        let missing = ["HOMESCREEN_LIBPQ": "/nonexistent/libpq.so.5"]
        #expect(try Self.run(["pantry", "add", "Milk", "--due", "today"], folder.path("s.sqlite"), missing).status == 0)
        let store = try PostgresServer.freshDatabase()
        let result = try Self.run(["pantry", "list"], store, missing)
        #expect(result.status == 1)
        #expect(result.stderr.contains("a PostgreSQL store needs libpq") && result.stderr.contains("/nonexistent/libpq.so.5")
                    && result.stderr.contains("apt-get install libpq5"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "one sentence: \(result.stderr)")
        #expect(try Self.run(["pantry", "list"], store).status == 0)
    }

    @Test func aForeignDatabaseIsRefusedAndLeftAlone() throws {
        let store = try PostgresServer.freshDatabase()
        try PostgresServer.sql(store, "CREATE TABLE invoices (id integer)")
        let result = try Self.run(["pantry", "add", "Milk", "--due", "today"], store)
        #expect(result.status == 1 && result.stderr.contains("is not a Homescreen store") && result.stderr.contains(store.components(separatedBy: "/").last!),
                "\(result.stderr)")
        #expect(try PostgresServer.sql(store, "SELECT count(*) FROM information_schema.schemata WHERE schema_name = 'homescreen'").hasPrefix("0"))
    }

    @Test func migrateCopiesTheDemoStoreRowForRow() throws {
        let folder = TemporaryFolder()
        let file = folder.path("s.sqlite"), server = try PostgresServer.freshDatabase()
        #expect(try Homescreen.run(["demo"], store: file).status == 0)
        #expect(try Homescreen.run(["event", "add", "Giỗ ông nội", "--lunar", "15/3"], store: file).status == 0)
        let migrated = try Homescreen.run(["migrate", "--from", file, "--to", server], store: nil)
        #expect(migrated.status == 0 && migrated.stdout.contains("month totals equal on both sides"), "\(migrated.stderr)")
        for arguments in [["pantry", "list", "--json"], ["expense", "list", "--month", "all", "--json"], ["card", "list", "--json"],
                          ["budget", "show", "--json"], ["event", "list", "--from", "2026-01-01", "--to", "2028-12-31", "--json"]] {
            let here = try Homescreen.run(arguments, store: file).stdout, there = try Self.run(arguments, server).stdout
            #expect(!here.isEmpty && here == there, "\(arguments)")
        }
        // Into a store that has rows: refused, nothing written.
        let again = try Homescreen.run(["migrate", "--from", file, "--to", server], store: nil)
        #expect(again.status == 1 && again.stderr.contains("already holds"))
    }

    @Test func theConfigFileNamesTheStoreForEveryCommand() throws {
        let store = try PostgresServer.freshDatabase()
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data("store = \"\(store)\"\n".utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let environment = ["XDG_CONFIG_HOME": folder.url.path, "HOME": folder.url.path]
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--due", "today"], store: nil, environment: environment).status == 0)
        #expect(try PostgresServer.sql(store, "SELECT name FROM homescreen.product").contains("Milk"), "written on the server")
        #expect(try Homescreen.run(["status", "pantry", "--format", "plain"], store: nil, environment: environment).stdout.contains("Milk"))
        // --store and HOMESCREEN_STORE still win.
        let file = folder.path("private/s.sqlite")
        try FileManager.default.createDirectory(atPath: folder.path("private"), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(!(try Homescreen.run(["pantry", "list"], store: file, environment: environment).stdout.contains("Milk")))
    }

    @Test func configPathAndShowNeverPrintThePassword() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path("homescreen"), withIntermediateDirectories: true)
        try Data("store = \"postgresql://lan:hunter2@nas.home/family\"\n".utf8).write(to: URL(fileURLWithPath: folder.path("homescreen/config.toml")))
        let environment = ["XDG_CONFIG_HOME": folder.url.path, "HOME": folder.url.path]
        for arguments in [["config", "path"], ["config", "show"]] {
            let result = try Homescreen.run(arguments, store: nil, environment: environment)
            #expect(result.status == 0 && result.stdout.contains("postgresql://lan@nas.home/family"), "\(arguments): \(result.stdout)")
            #expect(!result.stdout.contains("hunter2") && !result.stderr.contains("hunter2"))
        }
    }

    @Test func aMistypedURLIsRefusedNotTakenForAFile() throws {
        let folder = TemporaryFolder()
        for store in ["postgresq://lan:hunter2@nas.home/family", "postgresql:/nas.home/family", "mysql://lan:hunter2@nas.home/family"] {
            for arguments in [["pantry", "add", "Milk", "--due", "today"], ["pantry", "list"], ["status", "pantry"]] {
                let result = try Shell.run("cd '\(folder.url.path)' && HOMESCREEN_STORE='\(store)' '\(Homescreen.executable.path)' \(arguments.joined(separator: " "))",
                                           environment: ["PATH": "/usr/bin:/bin", "HOME": folder.url.path])
                #expect(result.status == 2 && result.stderr.contains("is not a store; use a file path or a URL postgresql://"), "\(store) \(arguments): \(result.stderr)")
                #expect(!result.stderr.contains("hunter2"))
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty, "no folder made from the URL")
    }
}

/// Issue 29, F1, and issue 51, point 4: no command prints any part of a store's password,
/// whatever form the connection string takes (a raw `@`, `:`, `/`, `?`, `#`, `%`, spaces,
/// quotes or letters beyond ASCII in it; in the URL's user part, its query or a libpq
/// key=value string), libpq's own errors included. Every password holds `Zq7`, and the part of
/// it after a raw `@` (which libpq takes for the host) holds `Wq9`: neither may reach any output.
struct SecretOutputTests {
    static let passwords = ["Zq7pass@Wq9word", "Zq7a@@Wq9b", "Zq7p:ss", "Zq7p/ss", "Zq7p?ss", "Zq7p#ss", "Zq7%zz", "Zq7%41",
                            "Zq7 sp", "Zq7'q", "Zq7\"q", "Zq7ủ", "Zq7&x=1", "Zq7\\b", "Zq7=", "Zq7;x"]

    /// Each password in every form it can be written in (forms a form cannot carry are left out).
    static let forms: [String] = passwords.flatMap { password -> [String] in
        let encoded = password.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? password
        var forms = ["postgresql://u:\(password)@127.0.0.1:1/hs", "postgresql://u:\(encoded)@127.0.0.1:1/hs",
                     "postgres://u:\(encoded)@[::1]:1/hs?sslmode=disable", "postgresql://u@127.0.0.1:1/hs?password=\(encoded)",
                     "postgresql://127.0.0.1:1/hs?user=u&sslpassword=\(encoded)&password=\(encoded)"]
        let quoted = password.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        forms.append("host=127.0.0.1 port=1 dbname=hs password='\(quoted)'")
        if !password.contains(where: { " '\\".contains($0) }) {
            forms.append("host=127.0.0.1 port=1 password=\(password) dbname=hs")
            // The password as the only key, or first: `config path` once made it a path under
            // the working folder (`/cwd/password=…`), which then read as no key=value string.
            forms.append("password=\(password)")
            forms.append("password=\(password) host=127.0.0.1 port=1")
            // A scheme in capitals is no PostgreSQL URL: refused, and `config path` showed it whole.
            forms.append("POSTGRESQL://u:\(encoded)@127.0.0.1:1/hs")
        }
        // libpq lets a backslash escape any character of an unquoted value (`Zq7\ sp` is `Zq7 sp`).
        let escaped = password.map { " '\\".contains($0) ? "\\\($0)" : String($0) }.joined()
        forms.append("host=127.0.0.1 port=1 password=\(escaped) dbname=hs")
        return forms
    }

    @Test func thereAreFiftyFormsAtLeast() { #expect(Self.forms.count >= 50) }

    @Test(arguments: forms)
    func noCommandPrintsAnyPartOfThePassword(form: String) throws {
        let folder = TemporaryFolder()
        let file = folder.path("store.sqlite")
        let commands: [(arguments: [String], store: String?, environment: [String: String])] = [
            (["pantry", "list"], form, [:]), (["status", "pantry"], form, [:]), (["doctor"], form, [:]),
            (["pantry", "add", "Milk", "--due", "today"], form, [:]), ([], form, [:]), (["tmux"], form, [:]),
            (["migrate", "--from", file, "--to", form], nil, [:]), (["config", "path"], form, [:]),
            (["config", "show"], nil, ["HOMESCREEN_STORE": form]),
        ]
        for (arguments, store, environment) in commands {
            let result = try Homescreen.run(arguments, store: store, environment: environment)
            for part in ["Zq7", "Wq9"] {
                #expect(!result.stdout.contains(part) && !result.stderr.contains(part), "\(arguments) on \(form): \(result.stdout) \(result.stderr)")
            }
        }
    }
}
