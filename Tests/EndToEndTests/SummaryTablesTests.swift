import Foundation
import Testing
import HomescreenTestSupport

/// The tables a kind keeps by triggers (the pantry's `productDue`, the budget's `monthTotal`) are
/// data another program can write too (issue 51, point 3). An impossible value in any of their
/// columns (negative, huge, NULL, not a number) never crashes a view: the pantry, the budget and
/// the year draw their error state naming the table and the repair and exit 0; `doctor`
/// names it and offers the repair; `doctor --repair` rebuilds it from the source rows.
@Suite(.serialized)
struct SummaryTablesTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    /// A store with one product and one expense, its URL or path.
    static func store(_ backend: Backend, _ folder: TemporaryFolder) throws -> String {
        let store = backend == .sqlite ? folder.path("store.sqlite") : try PostgresServer.freshDatabase()
        #expect(try Homescreen.run(["pantry", "add", "Milk", "--amount", "2", "--unit", "l", "--due", "2026-11-25"], store: store).status == 0)
        #expect(try Homescreen.run(["expense", "add", "12.50", "--date", "2026-11-03"], store: store).status == 0)
        return store
    }

    /// Runs `sql` as another program: `sqlite3` on the file, `psql` on the server. - Returns: whether the store took it.
    static func plainSQL(_ backend: Backend, _ store: String, _ sql: String) throws -> Bool {
        switch backend {
        case .sqlite: return try SQLiteShell.run(store, sql).status == 0
        case .postgres: return try Spawn.runWithStatus("/usr/bin/psql", ["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", store, "-c", "SET search_path = homescreen; " + sql]).status == 0
        }
    }

    /// The values written into each summary column: negative, huge, NULL, not a whole number, text.
    static let values = ["-1", "9223372036854775807", "NULL", "2.5", "'abc'"]

    /// Whether the value goes into a column with the store's rules (SQLite's STRICT INTEGER and
    /// NOT NULL, PostgreSQL's whole-number numeric): a value refused never reaches a view.
    static func taken(_ value: String) -> Bool { value == "-1" || value == "9223372036854775807" }

    static let now = "2026-11-22"

    @Test(arguments: Backend.allCases, values)
    func anImpossibleCountInProductDueIsThePantrysErrorState(_ backend: Backend, _ value: String) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        let took = try Self.plainSQL(backend, store, "UPDATE productDue SET inStock = \(value)")
        #expect(took == Self.taken(value), "\(backend): \(value)")
        if !took, backend == .sqlite {
            // A table another program made again without its rules takes any value.
            #expect(try Self.plainSQL(backend, store, "DROP TABLE productDue; CREATE TABLE productDue (due, inStock); INSERT INTO productDue VALUES ('2026-11-25', \(value))"))
        }
        guard took || backend == .sqlite else { return }
        try Self.expectPantryErrorState(store)
        try Self.expectDoctorRepairs(store, table: "productDue")
        let render = try Homescreen.run(["render", "pantry", "--family", "medium", "--now", Self.now], store: store)
        #expect(render.status == 0 && render.stdout.contains("Milk") && render.stdout.contains("1 in stock"), "\(render.stdout)")
    }

    @Test(arguments: Backend.allCases) func aDueThatIsNoDayInProductDueIsThePantrysErrorState(_ backend: Backend) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        #expect(try Self.plainSQL(backend, store, "INSERT INTO productDue (due, inStock) VALUES ('x', 3)"))
        try Self.expectPantryErrorState(store)
        try Self.expectDoctorRepairs(store, table: "productDue")
    }

    /// Each column of `monthTotal` with each value.
    static let totalColumns = ["spentCents", "expenseCount"].flatMap { column in values.map { [column, $0] } }

    @Test(arguments: Backend.allCases, totalColumns)
    func anImpossibleMonthTotalIsTheBudgetAndYearsErrorState(_ backend: Backend, _ written: [String]) throws {
        let (column, value) = (written[0], written[1])
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        let took = try Self.plainSQL(backend, store, "UPDATE monthTotal SET \(column) = \(value)")
        #expect(took == Self.taken(value), "\(backend): \(column) = \(value)")
        if !took, backend == .sqlite {
            let row = column == "spentCents" ? "'2026-11', \(value), 1" : "'2026-11', 1250, \(value)"
            #expect(try Self.plainSQL(backend, store, "DROP TABLE monthTotal; CREATE TABLE monthTotal (month, spentCents, expenseCount); INSERT INTO monthTotal VALUES (\(row))"))
        }
        guard took || backend == .sqlite else { return }
        try Self.expectMonthTotalErrorState(store, "\(backend) \(column) = \(value)")
        try Self.expectDoctorRepairs(store, table: "monthTotal")
        let show = try Homescreen.run(["budget", "show", "2026-11"], store: store)
        #expect(show.status == 0 && show.stdout.contains("spent €12.50 in 1 expense"), "\(show.stdout)")
        let year = try Homescreen.run(["render", "year", "--family", "large", "--now", Self.now], store: store)
        #expect(year.status == 0 && !year.stdout.contains("monthTotal") && year.stdout.contains("12.50"), "\(year.stdout)")
    }

    /// A month total that disagrees with its expenses without being impossible is no error for
    /// the views (another program may be mid-way), but `doctor` finds it and repairs it.
    @Test(arguments: Backend.allCases) func doctorFindsATotalThatDisagreesWithItsRows(_ backend: Backend) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        #expect(try Self.plainSQL(backend, store, "UPDATE monthTotal SET spentCents = 999"))
        try Self.expectDoctorRepairs(store, table: "monthTotal")
        let show = try Homescreen.run(["budget", "show", "2026-11"], store: store)
        #expect(show.stdout.contains("spent €12.50 in 1 expense"), "\(show.stdout)")
    }

    /// `render` in every family, `timeline` and `timeline --json`: exit 0, the table named.
    static func expectPantryErrorState(_ store: String) throws {
        for family in ["small", "medium", "large", "rectangular", "circular", "inline"] {
            let result = try Homescreen.run(["render", "pantry", "--family", family, "--now", now, "--size", "70x12"], store: store)
            #expect(result.status == 0, "\(family): \(result.status) \(result.stderr)")
            if ["small", "medium", "large"].contains(family) {
                #expect(result.stdout.contains("productDue") && result.stdout.contains("doctor"), "\(family): \(result.stdout)")
            }
        }
        let timeline = try Homescreen.run(["timeline", "pantry", "--now", now], store: store)
        #expect(timeline.status == 0, "\(timeline.stderr)")
        let json = try Homescreen.run(["timeline", "pantry", "--json", "--now", now], store: store)
        #expect(json.status == 0 && json.stdout.contains("\"error\"") && json.stdout.contains("productDue"), "\(json.stdout)")
    }

    /// Every view that reads `monthTotal` shows its kind's error state and exits 0: the budget
    /// in every family, the year in its two, both timelines (plain and JSON: the state and the
    /// problem, no figure from the table), `budget show` (plain and JSON) and the status line.
    /// - Parameter kinds: the kinds that read the damaged row (a row for no month is in no
    ///   month's budget, only in the year's range).
    static func expectMonthTotalErrorState(_ store: String, _ label: String, kinds: Set<String> = ["budget", "year"]) throws {
        let views = (["small", "medium", "large", "rectangular", "circular", "inline"].map { ("budget", $0) } + [("year", "medium"), ("year", "large")])
            .filter { kinds.contains($0.0) }
        for (kind, family) in views {
            let result = try Homescreen.run(["render", kind, "--family", family, "--now", now, "--size", "70x12"], store: store)
            #expect(result.status == 0, "\(label), \(kind) \(family): \(result.status) \(result.stderr)")
            if ["small", "medium", "large"].contains(family) {
                #expect(result.stdout.contains("Could not load the data") && result.stdout.contains("monthTotal") && result.stdout.contains("doctor"),
                        "\(label), \(kind) \(family): \(result.stdout)")
            }
        }
        for kind in ["budget", "year"] where kinds.contains(kind) {
            let timeline = try Homescreen.run(["timeline", kind, "--now", now], store: store)
            #expect(timeline.status == 0, "\(label), timeline \(kind): \(timeline.stderr)")
            let json = try Homescreen.run(["timeline", kind, "--json", "--now", now], store: store)
            #expect(json.status == 0, "\(label), timeline \(kind) --json: \(json.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            let entry = try #require((document?["entries"] as? [[String: Any]])?.first, "\(json.stdout)")
            #expect((entry["problem"] as? String)?.contains("monthTotal holds an impossible total: run homescreen doctor --repair") == true, "\(entry)")
            if kind == "budget" {
                #expect(entry["state"] as? String == "error" && entry["spent"] is NSNull && entry["expenseCount"] is NSNull, "\(entry)")
            } else {
                #expect((entry["months"] as? [Any])?.isEmpty == true, "no month's figures: \(entry)")
            }
        }
        guard kinds.contains("budget") else { return }
        let show = try Homescreen.run(["budget", "show", "2026-11"], store: store)
        #expect(show.status == 0 && show.stdout.contains("spent unknown") && show.stdout.contains("monthTotal") && show.stdout.contains("homescreen doctor --repair"),
                "\(label), budget show: \(show.status) \(show.stdout) \(show.stderr)")
        let json = try Homescreen.run(["budget", "show", "2026-11", "--json"], store: store)
        let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(json.status == 0 && document?["spent"] is NSNull && (document?["problem"] as? String)?.contains("monthTotal") == true, "\(label): \(json.stdout)")
        let status = try Homescreen.run(["status", "budget", "--format", "plain"], store: store)
        #expect(status.status == 0 && status.stdout.contains("Could not load the data"), "\(label), status: \(status.stdout) \(status.stderr)")
    }

    /// `doctor` names the table and the repair and exits 1; `doctor --repair` rebuilds it; then `doctor` is quiet about it.
    static func expectDoctorRepairs(_ store: String, table: String) throws {
        let doctor = try Homescreen.run(["doctor"], store: store)
        #expect(doctor.status == 1 && doctor.stdout.contains("summary   \(table): 1 row disagrees") && doctor.stdout.contains("homescreen doctor --repair"), "\(doctor.stdout)")
        let repair = try Homescreen.run(["doctor", "--repair"], store: store)
        #expect(repair.stdout.contains("\(table):") && repair.stdout.contains("rebuilt"), "\(repair.stdout) \(repair.stderr)")
        let after = try Homescreen.run(["doctor"], store: store)
        #expect(after.status == 0 && !after.stdout.contains("summary"), "\(after.stdout)")
    }

    @Test(arguments: Backend.allCases) func aDashboardShowsTheErrorStateAtStartAndAfterAReload(_ backend: Backend) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        #expect(try Self.plainSQL(backend, store, "UPDATE productDue SET inStock = -1"))
        let dashboard = try TmuxDashboard(columns: 120, rows: 40, store: store, configHome: folder.path("home"))
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("productDue holds") }, "\(dashboard.text)")
        #expect(try Homescreen.run(["doctor", "--repair"], store: store).stdout.contains("rebuilt"))
        #expect(dashboard.wait { $0.contains("Milk") && !$0.contains("productDue") }, "\(dashboard.text)")
        // At the next reload: a product added, then the count made impossible again.
        #expect(try Self.plainSQL(backend, store, "UPDATE productDue SET inStock = -5; UPDATE product SET name = 'Oats'"))
        #expect(dashboard.wait { $0.contains("productDue holds") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }
}

extension SummaryTablesTests {
    @Test(arguments: Backend.allCases) func aMonthThatIsNoMonthInMonthTotalIsTheErrorState(_ backend: Backend) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        #expect(try Self.plainSQL(backend, store, "INSERT INTO monthTotal (month, spentCents, expenseCount) VALUES ('2026-0x', 5, 1)"))
        try Self.expectMonthTotalErrorState(store, "\(backend) month '2026-0x'", kinds: ["year"])
        let show = try Homescreen.run(["budget", "show", "2026-11"], store: store)
        #expect(show.status == 0 && show.stdout.contains("spent €12.50 in 1 expense"), "November's own total is good: \(show.stdout)")
        try Self.expectDoctorRepairs(store, table: "monthTotal")
    }

    /// The dashboard at both sizes the issue names: the budget and year panes show the error
    /// state at start, their figures after `doctor --repair`, the error state again at the next
    /// reload after the total is made impossible again, and q still quits with 0.
    @Test(arguments: Backend.allCases, [(80, 24), (120, 40)].map { [$0.0, $0.1] })
    func aDashboardShowsTheMonthTotalsErrorState(_ backend: Backend, _ size: [Int]) throws {
        let folder = TemporaryFolder()
        let store = try Self.store(backend, folder)
        #expect(try Self.plainSQL(backend, store, "UPDATE monthTotal SET spentCents = -1"))
        let dashboard = try TmuxDashboard(columns: size[0], rows: size[1], store: store, configHome: folder.path("home"))
        defer { dashboard.stop() }
        #expect(dashboard.wait { $0.contains("Could not") && $0.contains("monthTotal") }, "\(dashboard.text)")
        #expect(try Homescreen.run(["doctor", "--repair"], store: store).stdout.contains("rebuilt"))
        #expect(dashboard.wait { !$0.contains("monthTotal") && !$0.contains("Could not") }, "\(dashboard.text)")
        #expect(try Self.plainSQL(backend, store, "UPDATE monthTotal SET expenseCount = -3; UPDATE expense SET note = 'Lunch'"))
        #expect(dashboard.wait { $0.contains("Could not") && $0.contains("monthTotal") }, "\(dashboard.text)")
        dashboard.send("q")
        #expect(dashboard.exitStatus() == 0)
    }
}
