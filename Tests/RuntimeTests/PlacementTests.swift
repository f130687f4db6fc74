import HomescreenHosting
import HomescreenWidgetCore
import HomescreenTestSupport
import HomescreenWidgets
import Testing
@testable import HomescreenRuntime

/// A kind's default places are data on its registration line, and the lines' positions make
/// the default screens; `placementProblems` (what a debug build stops on) finds the mistakes.
struct PlacementTests {
    @Test func theStandardLinesMakeTheDesignsScreens() {
        #expect(WidgetCatalog.standard.placementProblems.isEmpty)
        // The design's panes first; a kind added later takes the places after them.
        #expect(Array(WidgetCatalog.standard.home.prefix(DesignScreens.home.count)) == DesignScreens.home)
        #expect(Array(WidgetCatalog.standard.lockScreen.prefix(DesignScreens.lockScreen.count)) == DesignScreens.lockScreen)
        // The dashboard's defaults are the catalog's.
        #expect(DashboardConfig(catalog: .standard).home == WidgetCatalog.standard.home)
        #expect(DashboardConfig(catalog: .standard).lockScreen == WidgetCatalog.standard.lockScreen)
    }

    @Test func thePositionsOrderTheScreensWhateverTheRegistrationOrder() {
        let reversed = WidgetCatalog()
            .register(CardFeature(), home: .at(3, .systemSmall), lockScreen: [.at(4, .accessoryCircular)])
            .register(CalendarFeature(), home: .at(2, .systemMedium), lockScreen: [.at(3, .accessoryRectangular), .at(0, .accessoryInline)])
            .register(YearFeature(), home: .at(4, .systemMedium))
            .register(BudgetFeature(), home: .at(1, .systemSmall), lockScreen: [.at(2, .accessoryCircular)])
            .register(PantryFeature(), home: .at(0, .systemMedium), lockScreen: [.at(1, .accessoryRectangular)])
        #expect(reversed.placementProblems.isEmpty)
        #expect(reversed.home == DesignScreens.home && reversed.lockScreen == DesignScreens.lockScreen)
        #expect(reversed.kinds == [.card, .calendar, .year, .budget, .pantry], "the kinds keep their registration order")
    }

    @Test func twoKindsAtOnePositionAreAProblem() {
        let catalog = WidgetCatalog()
            .register(PantryFeature(), home: .at(0, .systemMedium))
            .register(BudgetFeature(), home: .at(0, .systemSmall), lockScreen: [.at(0, .accessoryCircular)])
            .register(CardFeature(), home: .at(1, .systemSmall), lockScreen: [.at(0, .accessoryCircular)])
        #expect(catalog.placementProblems == [.sharedPosition(.home, 0, [.pantry, .budget]), .sharedPosition(.lockScreen, 0, [.budget, .card])])
        #expect(catalog.placementProblems.map(\.description) == ["the default home screen has pantry and budget at position 0",
                                                                "the default lock screen has budget and card at position 0"])
    }

    @Test func aSkippedPositionIsAProblem() {
        let catalog = WidgetCatalog()
            .register(PantryFeature(), home: .at(0, .systemMedium), lockScreen: [.at(3, .accessoryRectangular)])
            .register(BudgetFeature(), home: .at(2, .systemSmall), lockScreen: [.at(1, .accessoryCircular)])
        #expect(catalog.placementProblems == [.gap(.home, 1), .gap(.lockScreen, 0), .gap(.lockScreen, 2)])
        #expect(catalog.placementProblems[0].description == "the default home screen has no pane at position 1; positions run from 0 without a gap")
    }

    @Test func theSamePaneTwiceIsAProblemButOneKindInTwoFamiliesIsNot() {
        let twice = WidgetCatalog().register(CalendarFeature(), home: nil, lockScreen: [.at(0, .accessoryInline), .at(1, .accessoryInline)])
        #expect(twice.placementProblems == [.repeatedPane(.lockScreen, PaneSpec(.calendar, .accessoryInline))])
        let twoFamilies = WidgetCatalog().register(CalendarFeature(), home: nil, lockScreen: [.at(0, .accessoryInline), .at(1, .accessoryRectangular)])
        #expect(twoFamilies.placementProblems.isEmpty && twoFamilies.home.isEmpty)
    }

    @Test func aKindWithoutDefaultPlacesIsHostedButNotOnTheDefaultScreens() {
        let catalog = WidgetCatalog().register(PantryFeature(), home: .at(0, .systemSmall)).register(YearFeature(), home: nil)
        #expect(catalog.placementProblems.isEmpty && catalog.kinds == [.pantry, .year])
        #expect(catalog.home == [PaneSpec(.pantry, .systemSmall)] && catalog.lockScreen.isEmpty)
    }
}
