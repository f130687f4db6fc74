import HomescreenWidgetCore

/// The events a reader shows: every event that covers a day of `days`, and the first
/// `following` occurrences that start after them (a pane's coming list). A read asked for a
/// window may leave out the other events (a dashboard's first frame, from the store's index of
/// the vdirs: `VdirIndex.entries(showing:folders:zone:)`); it never leaves out one of these.
public struct EventWindow: Hashable, Sendable {
    public var days: ClosedRange<LocalDate>
    public var following: Int

    public init(days: ClosedRange<LocalDate>, following: Int = 0) {
        self.days = days
        self.following = following
    }
}
