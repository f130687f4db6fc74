import Foundation
import HomescreenHosting
import HomescreenWidgetCore
import HomescreenTestSupport
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// Each scoped part of the dashboard on its own: its state and an action in, its new state and
/// outcome out, without a dashboard around it.
struct HelpOverlayTests {
    @Test func itScrollsWithinItsLinesClosesOnEscAndPassesQuit() {
        var help = HelpOverlay()
        help.open()
        #expect(help.isShowing && help.scroll == 0)
        _ = help.handle(.focusDown, lines: 40, screenRows: 20)
        #expect(help.scroll == 1)
        for _ in 0..<100 { _ = help.handle(.nextPage, lines: 40, screenRows: 20) }
        let visible = Overlay.helpVisibleLines(lines: 40, screenRows: 20)
        #expect(help.scroll == 40 - visible, "never past the last line")
        _ = help.handle(.focusUp, lines: 40, screenRows: 20)
        #expect(help.scroll == 40 - visible - 1)
        let quits = help.handle(.quit, lines: 40, screenRows: 20)
        #expect(quits, "quit still quits")
        let closes = help.handle(.back, lines: 40, screenRows: 20)
        #expect(!closes)
        #expect(!help.isShowing)
        help.open()
        #expect(help.scroll == 0, "it opens at the top")
    }
}

struct DetailViewTests {
    @Test func aListScrollsWithinItsRowsWithoutReloading() {
        var view = DetailView()
        view.open(2)
        let list = DetailNavigation.list(5)
        #expect(view.handle(.focusDown, navigation: list, pageRows: 10) == .handled && view.scroll == 1)
        #expect(view.handle(.nextPage, navigation: list, pageRows: 10) == .handled && view.scroll == 4)
        #expect(view.handle(.focusDown, navigation: list, pageRows: 10) == .handled && view.scroll == 4, "the last row bounds it")
        #expect(view.handle(.firstRow, navigation: list, pageRows: 10) == .handled && view.scroll == 0)
        #expect(view.handle(.nextTheme, navigation: list, pageRows: 10) == nil, "left to the dashboard")
        #expect(view.handle(.back, navigation: list, pageRows: 10) == .closed && view.pane == nil)
    }

    /// The selection is the row it was on, not the row number: after a reload that puts the
    /// rows in another order it moves with its row; a row gone leaves it at its place.
    @Test func theSelectionFollowsItsRowAcrossReloads() {
        var view = DetailView()
        view.open(0)
        let before = DetailNavigation.list(keys: ["1", "2", "3", "4"])
        view.follow(before)
        #expect(view.handle(.focusDown, navigation: before, pageRows: 10) == .handled)
        #expect(view.handle(.focusDown, navigation: before, pageRows: 10) == .handled && view.scroll == 2 && view.followed == "3")
        var moved = view.follow(.list(keys: ["1", "2", "4", "3"]))
        #expect(moved && view.scroll == 3, "3 sorted last: the selection goes with it")
        moved = view.follow(.list(keys: ["1", "2", "4", "3"]))
        #expect(!moved && view.scroll == 3)
        moved = view.follow(.list(keys: ["1", "2", "4"]))
        #expect(moved && view.scroll == 2 && view.followed == "4", "3 removed: the row now at its place, within the list")
        moved = view.follow(.list(5))
        #expect(!moved, "a list without keys keeps its row number")
    }

    @Test func monthsAndDaysReloadWhenTheEntryIsMadeForThem() {
        var view = DetailView()
        view.open(0)
        // The calendar: ←/→ move a day, ↑/↓ a week, PgUp/PgDn a month; each entry is made for it.
        let calendar = DetailNavigation(scroll: -10...20, scrollReloads: true, movesByMonth: true, sideStep: 1, verticalStep: 7)
        #expect(view.handle(.focusRight, navigation: calendar, pageRows: 10) == .reload && view.scroll == 1)
        #expect(view.handle(.focusDown, navigation: calendar, pageRows: 10) == .reload && view.scroll == 8)
        #expect(view.handle(.nextPage, navigation: calendar, pageRows: 10) == .reload && view.cursor == 1 && view.scroll == 0)
        // The year: ←/→ move months.
        let year = DetailNavigation(scroll: 0...0, movesByMonth: true)
        #expect(view.handle(.focusLeft, navigation: year, pageRows: 10) == .reload && view.cursor == 0)
        #expect(view.handle(.focusDown, navigation: nil, pageRows: 10) == .handled, "before its entry is loaded, nothing moves")
    }

    /// Past the month's last day → and ↓ go on into the next month, ← and ↑ past its first into
    /// the one before, landing where the kind says (here: the last day is scroll 2, the first -27).
    @Test func daysCrossIntoTheNextAndThePreviousMonth() {
        var view = DetailView()
        view.open(0)
        let november = DetailNavigation(scroll: -27...2, scrollReloads: true, movesByMonth: true, sideStep: 1, verticalStep: 7,
                                        scrollBefore: 3, scrollAfter: -27)
        #expect(view.handle(.focusDown, navigation: november, pageRows: 10) == .reload && view.cursor == 1 && view.scroll == -23,
                "Nov 28 and a week: Dec 5 (scroll -27 is Dec 1)")
        view = DetailView()
        view.open(0)
        _ = view.handle(.lastRow, navigation: november, pageRows: 10)
        #expect(view.handle(.focusRight, navigation: november, pageRows: 10) == .reload && view.cursor == 1 && view.scroll == -27, "Nov 30 → Dec 1")
        view = DetailView()
        view.open(0)
        _ = view.handle(.firstRow, navigation: november, pageRows: 10)
        #expect(view.handle(.focusLeft, navigation: november, pageRows: 10) == .reload && view.cursor == -1 && view.scroll == 3, "Nov 1 ← Oct 31")
        // Without the kind's landing, the arrows stop at the end.
        let stops = DetailNavigation(scroll: -27...2, scrollReloads: true, movesByMonth: true, sideStep: 1, verticalStep: 7)
        view = DetailView()
        view.open(0)
        _ = view.handle(.lastRow, navigation: stops, pageRows: 10)
        #expect(view.handle(.focusRight, navigation: stops, pageRows: 10) == .handled && view.scroll == 2 && view.cursor == 0)
    }
}

struct FocusAndPagesTests {
    static func layout(_ size: CellSize) -> HomeLayout? {
        HomeLayout.make(home: DesignScreens.home, lockScreen: DesignScreens.lockScreen, size: size, forcedDensity: nil, preferLockScreen: false)
    }

    @Test func tabWalksEveryPaneAndTurnsThePagesWithIt() throws {
        let layout = try #require(Self.layout(CellSize(columns: 80, rows: 24)))
        var focus = FocusAndPages()
        focus.adopt(layout, paneCount: 5)
        #expect(focus.focus == layout.readingOrder.first && focus.page == 0)
        var seen: [Int] = []
        for _ in layout.order {
            seen.append(try #require(focus.focus))
            #expect(focus.page == layout.page(of: focus.focus!))
            focus.move(by: 1, in: layout)
        }
        #expect(seen == layout.readingOrder && focus.focus == layout.readingOrder.first, "round and back to the first")
        focus.move(by: -1, in: layout)
        #expect(focus.focus == layout.readingOrder.last)
    }

    /// Issue 28 point 2: Tab reads the screen (rows top to bottom, left to right), and an arrow
    /// goes to the pane beside the focused one that way, not to the nearest center.
    @Test(arguments: [CellSize(columns: 120, rows: 40), CellSize(columns: 160, rows: 48), CellSize(columns: 200, rows: 60)])
    func focusFollowsTheScreen(_ size: CellSize) throws {
        let layout = try #require(Self.layout(size))
        let (pantry, budget, calendar, card, year) = (0, 1, 2, 3, 4)   // the design's home panes
        let page = try #require(layout.page(of: year))
        #expect(layout.page(of: calendar) == page)
        #expect(layout.neighbor(of: year, dx: -1, dy: 0) == calendar, "← from the year is the calendar beside it")
        #expect(layout.neighbor(of: calendar, dx: 1, dy: 0) == year)
        #expect(layout.neighbor(of: calendar, dx: 0, dy: -1) == pantry, "↑ from the calendar is the pantry above it")
        if layout.page(of: card) == page, layout.page(of: budget) == page {
            #expect(layout.neighbor(of: budget, dx: 1, dy: 0) == card)
            let rows = layout.readingOrder
            #expect(rows.firstIndex(of: card)! < rows.firstIndex(of: calendar)!, "the top row is read before the next: \(rows)")
        }
    }

    @Test func aNewLayoutKeepsTheFocusWhereItStillIs() throws {
        let small = try #require(Self.layout(CellSize(columns: 80, rows: 24))), large = try #require(Self.layout(CellSize(columns: 200, rows: 60)))
        var focus = FocusAndPages()
        focus.adopt(small, paneCount: 5)
        focus.move(by: 3, in: small)
        let kept = focus.focus
        focus.adopt(large, paneCount: 5)
        #expect(focus.focus == kept && focus.page == 0)
        focus.adopt(nil, paneCount: 5)
        #expect(focus.focus == nil)
    }
}

struct ModalStepTests {
    enum Said: Sendable, Equatable { case form(String), yes, chosen(Picker.Choice) }

    static func reply(_ said: Said) -> KindMessage { KindMessage.testMessage(said, of: .pantry) }

    @Test func aFormTypesSubmitsOrCancels() throws {
        let form = Form(title: "Add", fields: [Form.Field("Name")])
        let modal = Modal(.kind(KindReply(.pantry, submitted: { Self.reply(.form($0.values[0])) })), .form(form))
        guard case .open(let typed) = modal.step(.character("M")) else { Issue.record("the form closed"); return }
        guard case .reply(let reply) = typed.step(.enter) else { Issue.record("no reply"); return }
        #expect(reply.kind == .pantry && reply.open(Said.self) == .form("M"))
        #expect(modal.step(.escape) == .cancelled("Cancelled; nothing was saved."))
    }

    @Test func aQuestionRepliesYesOrCancels() {
        let modal = Modal(.kind(KindReply(.budget, yes: Self.reply(.yes))), .confirm("Remove?"))
        guard case .reply(let reply) = modal.step(.character("y")) else { Issue.record("no reply"); return }
        #expect(reply.open(Said.self) == .yes)
        #expect(modal.step(.character("n")) == .cancelled("Cancelled; nothing was changed."))
        #expect(modal.step(.character("q")) == .open(modal))
    }

    @Test func aPickerGivesItsItemOrItsOwnKeyAndTheThemePickerATheme() {
        let picker = Picker(title: "Cards", items: [Picker.Item(title: "A"), Picker.Item(title: "B")], keys: ["n": "add"])
        let modal = Modal(.kind(KindReply(.card, chosen: { Self.reply(.chosen($0)) })), .picker(picker))
        guard case .open(let moved) = modal.step(.down), case .reply(let chosen) = moved.step(.enter),
              case .reply(let pressed) = moved.step(.character("n")) else { Issue.record("no reply"); return }
        #expect(chosen.open(Said.self) == .chosen(.item(1)) && pressed.open(Said.self) == .chosen(.key("add", item: 1)))
        #expect(Modal(.chooseTheme, .picker(picker)).step(.enter) == .theme(0))
        #expect(Modal(.chooseTheme, .picker(picker)).step(.character("n")) == .closed)
    }
}
