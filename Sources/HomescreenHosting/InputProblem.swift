import HomescreenWidgetCore

/// Bad input (a command-line value, an entry of an import file) in one sentence that names the
/// value and says what is accepted. The kinds check their own values with it (`PantryInput`,
/// `BudgetInput`, `EventInput`), so the command line needs no parser of theirs: it prints the
/// sentence and exits with status 2, having written nothing.
public struct InputProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) { self.description = description }
}

extension LocalDate {
    /// The day `text` names as `FriendlyDate` reads it (YYYY-MM-DD, tomorrow, +3d, a weekday…),
    /// relative to `today`, within the days Homescreen works with.
    ///
    /// - Parameter option: what the value was given as, for the sentence ("--due", "product 3: the due date").
    /// - Throws: `InputProblem` naming the option, the value and what is accepted.
    public init(argument text: String, option: String, today: LocalDate) throws(InputProblem) {
        guard let date = FriendlyDate.parse(text, today: today) else {
            throw InputProblem("\(option) '\(text)' is not a date; use \(FriendlyDate.accepted(today: today)).")
        }
        guard LocalDate.supported.contains(date) else {
            throw InputProblem("\(option) '\(text)' is outside the days Homescreen works with; use a day \(LocalDate.supportedText).")
        }
        self = date
    }
}
