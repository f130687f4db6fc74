import HomescreenHosting
import HomescreenPostgres
import HomescreenStore
import HomescreenWidgets

/// An error the command line reports in one sentence on stderr, with its exit status:
/// 2 for bad usage or bad input (nothing was written), 1 for a runtime failure.
struct CLIError: Error {
    let message: String
    let exitCode: Int32

    init(message: String, exitCode: Int32) {
        self.message = message
        self.exitCode = exitCode
    }

    static func usage(_ message: String) -> CLIError { CLIError(message: message, exitCode: 2) }

    /// The sentence `work` fails with, nil when it does not.
    static func message(of work: () throws -> Void) -> String? {
        do { try work(); return nil } catch { return CLIError(error).message }
    }
    static func runtime(_ message: String) -> CLIError { CLIError(message: message, exitCode: 1) }

    /// Maps any error of the lower layers to a sentence and a status.
    init(_ error: any Error) {
        switch error {
        case let error as CLIError: self = error
        // A kind's refusal of a value (`PantryInput`, `BudgetInput`, `EventInput`).
        case let error as InputProblem: self.init(message: error.description, exitCode: 2)
        case let error as StoreError: self.init(message: error.description, exitCode: 1)
        case let error as PostgresError: self.init(message: error.description, exitCode: 1)
        case let error as KindDataError: self.init(message: error.description, exitCode: 1)
        // A rule of the store said no to what the command would write (plain SQL's rules).
        case let error as ConstraintViolation: self.init(message: "the store refused the change: \(error.message).", exitCode: 1)
        case let error as PantryError:
            if case .unknownProduct = error { self.init(message: error.description, exitCode: 2) } else { self.init(message: error.description, exitCode: 1) }
        case let error as BudgetError: self.init(message: error.description, exitCode: 2)
        case let error as CardError: self.init(message: error.description, exitCode: 2)
        case let error as EventError: self.init(message: error.description, exitCode: 2)
        default: self.init(message: "unexpected failure: \(error)", exitCode: 1)
        }
    }
}
