import HomescreenStore
import HomescreenWidgetCore

/// Checks a submitted form's values, collecting one error per field: the kinds' forms use it
/// so every form trims and words its errors the same way.
public struct FormCheck {
    public let values: [String]
    public private(set) var errors: [Int: String] = [:]

    /// The language errors are written in.
    public let language: Language

    public init(_ form: Form, language: Language = .english) {
        values = form.values.map { $0.trimmingCharacters(in: .whitespaces) }
        self.language = language
    }

    public subscript(_ index: Int) -> String { values[index] }

    public mutating func fail(_ index: Int, _ message: String) { errors[index] = errors[index] ?? message }

    /// The field as a day (YYYY-MM-DD, `tomorrow`, `+3d`, a weekday… in any of the four
    /// languages: `FriendlyDate`), else an error under it.
    public mutating func day(_ index: Int, today: LocalDate) -> LocalDate? {
        guard let day = FriendlyDate.parse(values[index], today: today) else {
            fail(index, language.text("'%1' is not a date; use YYYY-MM-DD such as %2, or tomorrow, +3d, friday.", in: .dashboard,
                                      values[index], today.adding(days: 3).iso))
            return nil
        }
        guard LocalDate.supported.contains(day) else {
            fail(index, language.text("'%1' is outside the days Homescreen works with; use a day from 1800-01-01 to 2199-12-31.", in: .dashboard, values[index]))
            return nil
        }
        return day
    }

    /// The form with the errors under their fields, to show again; nil when every field passed.
    public func rejected(_ form: Form) -> Form? {
        guard !errors.isEmpty else { return nil }
        var form = form
        form.show(errors: errors)
        return form
    }
}

/// A kind's form between its submission and the store's answer: kept so that a failed save
/// opens it again with everything typed and the reason under it.
public struct SubmittedForm: Sendable, Equatable {
    private var form: Form?

    public init() {}

    public mutating func submitted(_ form: Form) { self.form = form }
    public mutating func saved() { form = nil }

    /// What a failed save does: says why and reopens the form, whose next submission comes back
    /// as `submitted` says.
    public mutating func failed<Message, Memory>(_ reason: String, submitted: @escaping @Sendable (Form) -> Message) -> [FeatureEffect<Message, Memory>] {
        var effects: [FeatureEffect<Message, Memory>] = [.message(.failure(reason))]
        if var form {
            form.error = reason
            effects.append(.form(form, submitted: submitted))
        }
        form = nil
        return effects
    }
}

/// A submitted form's values, or the form with its errors to show again.
public enum FormResult<Value> {
    case success(Value)
    case rejected(Form)

    /// The effect that reopens a rejected form (none for a success).
    public func rejection<Message, Memory>(submitted: @escaping @Sendable (Form) -> Message) -> [FeatureEffect<Message, Memory>] {
        if case .rejected(let form) = self { return [.form(form, submitted: submitted)] }
        return []
    }
}
