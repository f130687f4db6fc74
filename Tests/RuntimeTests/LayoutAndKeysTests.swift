import HomescreenRender
import HomescreenWidgetCore
import HomescreenHosting
import HomescreenTestSupport
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

struct HomeLayoutTests {
    let standard = DashboardConfig(catalog: .standard)
    /// The design's five panes: the geometry tests below measure the layout with these,
    /// whatever kinds the build has.
    let five = (home: DesignScreens.home, lockScreen: DesignScreens.lockScreen)

    @Test func spanningPanesAreExactlyTheirFamilySizeAtBothDensities() throws {
        for density in Density.allCases {
            let panes = [PaneSpec(.pantry, .systemSmall), PaneSpec(.pantry, .systemMedium), PaneSpec(.pantry, .systemLarge)]
            let layout = try #require(HomeLayout.make(home: panes, lockScreen: [], size: CellSize(columns: 400, rows: 200), forcedDensity: density, preferLockScreen: false))
            for placement in layout.pages.flatMap({ $0 }) {
                let size = panes[placement.pane].family.size(density)
                #expect(placement.rect.width == size.columns && placement.rect.height == size.rows, "\(density) \(panes[placement.pane].family)")
            }
        }
    }

    @Test(arguments: [(80, 24), (100, 30), (120, 40), (132, 43), (160, 48), (200, 60)])
    func theDefaultLayoutPutsEveryPaneOnPageOneAndFillsTheScreen(columns: Int, rows: Int) throws {
        let layout = try #require(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: columns, rows: rows),
                                                  forcedDensity: nil, preferLockScreen: false))
        #expect(layout.mode == .home && layout.pages.map { $0.map(\.pane) } == [[0, 1, 2, 3, 4]])
        let rects = layout.pages[0].map(\.rect)
        for rect in rects { #expect(rect.x >= 0 && rect.maxX <= columns && rect.maxY <= rows - HomeLayout.bottomRows(rows)) }
        for (index, rect) in rects.enumerated() {
            for other in rects[(index + 1)...] { let overlap = rect.intersection(other); #expect(overlap.width <= 0 || overlap.height <= 0, "\(rect) overlaps \(other)") }
        }
        let blank = (0..<rows).filter { y in !rects.contains { $0.y <= y && y < $0.maxY } }.count
        #expect(blank * 6 <= rows, "\(blank) of \(rows) rows blank at \(columns)×\(rows)")
        // The panes reach the status line: no band of blank rows under them.
        #expect(rects.map(\.maxY).max() == rows - HomeLayout.bottomRows(rows), "\(columns)×\(rows)")
        // Each family keeps its shape: a medium pane is twice a small one's width and a gap
        // (give or take the columns the division spreads), and as tall.
        let small = rects[1], medium = rects[0]
        #expect((2 * small.width + 1...2 * small.width + 4).contains(medium.width) && medium.height == small.height, "\(medium) \(small)")
    }

    @Test func eightyByTwentyFourIsOnePageAndAForcedDensityKeepsTheFixedSizes() throws {
        let layout = try #require(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: 80, rows: 24), forcedDensity: nil, preferLockScreen: false))
        #expect(layout.mode == .home && layout.pages.count == 1)
        let forced = try #require(HomeLayout.make(home: five.home, lockScreen: five.lockScreen, size: CellSize(columns: 160, rows: 48), forcedDensity: .regular, preferLockScreen: false))
        #expect(forced.pages.map { $0.map(\.pane) } == [[0, 1, 2, 3], [4]], "regular forced: fixed sizes, pages")
        #expect(forced.rect(of: 0) == Rect(x: 5, y: 0, width: 84, height: 20))
    }

    @Test func eightyByTwentyFourFallsBackToCompact() throws {
        let layout = try #require(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: 80, rows: 24), forcedDensity: nil, preferLockScreen: false))
        #expect(layout.mode == .home && layout.density == .compact)
        let forced = HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: 80, rows: 24), forcedDensity: .regular, preferLockScreen: false)
        #expect(forced?.mode == .lockScreen, "a medium pane does not fit 80 columns at regular density")
    }

    @Test func aShortPaneGetsTheLockScreenStrip() throws {
        let strip = try #require(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: 100, rows: 9), forcedDensity: nil, preferLockScreen: false))
        #expect(strip.mode == .lockScreen && strip.density == .compact)
        let placements = strip.pages[0]
        #expect(placements.first == HomeLayout.Placement(pane: 0, rect: Rect(x: 2, y: 0, width: 29, height: 1)), "the inline pane is a row on top")
        #expect(placements.dropFirst().allSatisfy { $0.rect.y == 1 && $0.rect.maxX <= 100 })
        #expect(placements.count == standard.lockScreen.count)
    }

    @Test func tooSmallIsNilAndTheMinimumReallyFits() throws {
        #expect(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: 24, rows: 6), forcedDensity: nil, preferLockScreen: false) == nil)
        let minimum = HomeLayout.minimumSize(home: standard.home, lockScreen: standard.lockScreen, forcedDensity: nil, preferLockScreen: false)
        #expect(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: minimum, forcedDensity: nil, preferLockScreen: false) != nil)
        #expect(HomeLayout.make(home: standard.home, lockScreen: standard.lockScreen, size: CellSize(columns: minimum.columns - 1, rows: minimum.rows), forcedDensity: nil, preferLockScreen: false) == nil)
    }

    @Test func arrowsFollowTheGrid() throws {
        let layout = try #require(HomeLayout.make(home: five.home, lockScreen: [], size: CellSize(columns: 160, rows: 48), forcedDensity: nil, preferLockScreen: false))
        #expect(layout.neighbor(of: 0, dx: 1, dy: 0) == 1)
        #expect(layout.neighbor(of: 0, dx: 0, dy: 1) == 2)
        // Pantry, budget and card on top; calendar and year below.
        #expect(layout.neighbor(of: 1, dx: 0, dy: 1) == 4)
        #expect(layout.neighbor(of: 3, dx: -1, dy: 0) == 1)
        #expect(layout.neighbor(of: 2, dx: 1, dy: 0) == 4)
        #expect(layout.neighbor(of: 0, dx: -1, dy: 0) == nil)
    }
}

struct KeyTableTests {
    @Test func keyNamesRoundTrip() {
        for key: Key in [.character("c"), .character("+"), .character("?"), .control("c"), .enter, .escape, .tab, .backTab, .up, .pageDown, .function(5)] {
            #expect(Key(name: key.name) == key, "\(key.name)")
        }
        #expect(Key(name: "ctrl-x") == .control("x"))
        #expect(Key(name: "") == nil && Key(name: "ab") == nil && Key(name: "F13") == nil && Key(name: "\u{1B}") == nil)
    }

    @Test func theStandardTableIsDesignSection8() {
        let table = KeyTable.standard
        #expect(table.action(for: .character("c")) == .consume)
        #expect(table.action(for: .character("u")) == .undo)
        #expect(table.action(for: .character("a")) == .addExpense && table.action(for: .character("+")) == .addExpense)
        #expect(table.action(for: .character("s")) == .selectCard)
        #expect(table.action(for: .tab) == .focusNext && table.action(for: .backTab) == .focusPrevious)
        #expect(table.action(for: .enter) == .open && table.action(for: .escape) == .back)
        #expect(table.action(for: .character("r")) == .reload && table.action(for: .character("t")) == .nextTheme)
        #expect(table.action(for: .character("?")) == .help)
        #expect(table.action(for: .character("q")) == .quit && table.action(for: .control("c")) == .quit)
        // No key is bound twice.
        let keys = table.bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
    }

    @Test func rebindingMovesTheKeyAndTheHelpFollows() throws {
        var table = KeyTable.standard
        try table.rebind(.consume, to: [.character("x"), .character("u")])
        #expect(table.action(for: .character("x")) == .consume)
        #expect(table.action(for: .character("c")) == nil)
        #expect(table.action(for: .character("u")) == .consume, "u moved from undo to consume")
        #expect(!table.helpLines.contains { $0.summary == Action.undo.summary }, "an action without keys leaves the help")
        #expect(table.helpLines.contains { $0.keys == "x u" && $0.summary == Action.consume.summary })
        #expect(throws: ConfigError.self) { try table.rebind(.help, to: [.escape]) }
    }
}

struct DashboardConfigTests {
    @Test func aFullFileParses() throws {
        let config = try DashboardConfig.parse(toml: """
            theme = "light"
            locale = "fr_CH"
            due-soon-days = 3
            density = "compact"
            home = [ { kind = "pantry", family = "large" }, { kind = "calendar", family = "systemSmall" } ]
            lock-screen = [ { kind = "pantry", family = "circular" } ]
            [keys]
            consume = ["x", "Ctrl-K"]
            quit = "Q"
            """, catalog: .standard)
        #expect(config.theme == "light" && config.language == .french && config.widgetSettings[PantryFeature.dueSoonDays] == 3 && config.density == .compact)
        #expect(config.home == [PaneSpec(.pantry, .systemLarge), PaneSpec(.calendar, .systemSmall)])
        #expect(config.lockScreen == [PaneSpec(.pantry, .accessoryCircular)])
        #expect(config.keys.keys(for: .consume) == [.character("x"), .control("k")])
        #expect(config.keys.keys(for: .quit) == [.character("Q")])
    }

    @Test func anEmptyFileIsTheDefault() throws {
        let config = try DashboardConfig.parse(toml: "", catalog: .standard)
        let standard = DashboardConfig(catalog: .standard)
        #expect(config.home == standard.home && config.lockScreen == standard.lockScreen && config.keys == standard.keys)
        #expect(config.theme == nil && config.language == nil && config.locale == nil && config.density == nil)
        #expect(!config.widgetSettings.isSet(PantryFeature.dueSoonDays.name) && !config.widgetSettings.isSet(CardFeature.cardURL.name))
    }

    @Test(arguments: [
        ("colour = \"red\"", "unknown key 'colour'"),
        ("due-soon-days = 400", "due-soon-days = 400"),
        ("due-soon-days = \"five\"", "due-soon-days"),
        ("density = \"huge\"", "density = \"huge\""),
        ("locale = \"de\"", "locale = \"de\""),
        ("home = [ { kind = \"weather\", family = \"small\" } ]", "home[1].kind = \"weather\""),
        ("home = [ { kind = \"pantry\", family = \"circular\" } ]", "home[1].family = \"circular\""),
        ("lock-screen = [ { kind = \"pantry\", family = \"large\" } ]", "lock-screen[1].family = \"large\""),
        ("[keys]\nconsume = \"\"", "keys.consume: \"\" is not a key"),
        ("[keys]\nlaunch = \"l\"", "keys.launch is not an action"),
        ("[keys]\nconsume = [\"q\", \"Ctrl-C\"]", "quit needs a key"),
        ("theme = [", "not valid TOML"),
    ])
    func badValuesAreNamed(toml: String, fragment: String) {
        do {
            _ = try DashboardConfig.parse(toml: toml, catalog: .standard)
            Issue.record("accepted: \(toml)")
        } catch let error as ConfigError {
            #expect(error.description.contains(fragment), "\(error.description)")
        } catch { Issue.record("\(error)") }
    }
}
