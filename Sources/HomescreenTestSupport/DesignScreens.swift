import HomescreenHosting
import HomescreenWidgetCore
import HomescreenWidgets

/// The design's default screens (the five kinds' panes, in the design's order): the layout and
/// focus tests measure geometry with these, whatever kinds the build's catalog has.
public enum DesignScreens {
    public static let home = [PaneSpec(.pantry, .systemMedium), PaneSpec(.budget, .systemSmall), PaneSpec(.calendar, .systemMedium),
                              PaneSpec(.card, .systemSmall), PaneSpec(.year, .systemMedium)]
    public static let lockScreen = [PaneSpec(.calendar, .accessoryInline), PaneSpec(.pantry, .accessoryRectangular), PaneSpec(.budget, .accessoryCircular),
                                    PaneSpec(.calendar, .accessoryRectangular), PaneSpec(.card, .accessoryCircular)]
}
