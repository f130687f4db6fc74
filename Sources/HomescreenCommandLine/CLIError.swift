import HomescreenHosting
import HomescreenStore

/// An error the command line reports in one sentence on stderr, with its exit status:
/// 2 for bad usage or bad input (nothing was written), 1 for a runtime failure.
public struct CLIError: Error {
    public let message: String
    public let exitCode: Int32

    public init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    public static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }

    /// The sentence `work` fails with, nil when it does not.
    public static func message(of work: () throws -> Void) -> String? {
        do { try work(); return nil } catch { return CLIError(error).message }
    }
    public static func runtime(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }

    /// Maps any error of the lower layers to a sentence and a status; a kind's refusal says
    /// which status it is (`StoreRefusal.refusesInput`), so no kind is named here.
    public init(_ error: any Error) {
        switch error {
        case let error as CLIError: self = error
        // A kind's refusal of a value (`PantryInput`, `BudgetInput`, `EventInput`).
        case let error as InputProblem: self.init(message: error.description, exitCode: 2)
        case let error as KindDataError: self.init(message: error.description, exitCode: 1)
        // A rule of the store said no to what the command would write (plain SQL's rules).
        case let error as ConstraintViolation: self.init(message: "the store refused the change: \(error.message).", exitCode: 1)
        // The store's own conditions (busy, full, gone) and a kind's refusals (an unknown id).
        case let refusal as any StoreRefusal: self.init(message: refusal.description, exitCode: refusal.refusesInput ? 2 : 1)
        default: self.init(message: "unexpected failure: \(error)", exitCode: 1)
        }
    }
}
