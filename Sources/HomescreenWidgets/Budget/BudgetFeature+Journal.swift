import Foundation
import HomescreenHosting
import HomescreenWidgetCore

/// What an expense appended to the journal was.
public struct JournalAddition: Sendable, Equatable {
    public let amount: String, account: String, day: LocalDate, journal: String
}

/// The budget's keys when its figures come from an hledger journal: `a` appends one tagged
/// transaction to the journal (never the store); editing and removing are the journal's.
extension BudgetFeature {
    /// The journal the budget pane shows, when it shows one.
    static func journal(_ environment: FeatureEnvironment) -> BudgetSource? {
        environment.entries(BudgetEntry.self).lazy.compactMap(\.journal).first
    }

    /// The form's choices: the journal's spending accounts as `hledger accounts` lists them.
    static func accounts(_ environment: FeatureEnvironment, root: String) -> String {
        let listed = environment.entries(BudgetEntry.self).first?.accounts.filter { $0 != root } ?? []
        return listed.isEmpty ? "\(root):food, \(root):rent…" : listed.joined(separator: ", ")
    }

    /// The full screen's selected row and the transaction Homescreen wrote behind it.
    static func selectedWritten(_ environment: FeatureEnvironment) -> (Expense, HledgerJournal.Written)? {
        guard let entry = environment.entries(BudgetEntry.self).first, let expense = selected(environment),
              let written = entry.written.first(where: { Int64($0.offset) == expense.id }) else { return nil }
        return (expense, written)
    }

    /// The form's account (field 3) as the journal would get it: nil for the default account, or
    /// an error under the field when hledger would read it as something else.
    static func accountChecked(_ check: inout FormCheck, _ source: BudgetSource) -> String? {
        do { return try HledgerJournal.account(check[3], root: source.accounts.first ?? "expenses") } catch {
            check.fail(3, "\(error)")
            return nil
        }
    }

    static func onlyWritten(_ journal: BudgetSource) -> String {
        "Only what Homescreen added to the journal (tagged ; homescreen:) is edited or removed here: open the budget full screen (Enter) and choose it; edit anything else in \(journal.journalName)."
    }

    static func journalUpdate(_ state: inout State, _ event: FeatureEvent<Message>, _ environment: FeatureEnvironment,
                              journal: BudgetSource) -> [FeatureEffect<Message, NoMemory>]? {
        let language = environment.language
        func text(_ english: String, _ values: String...) -> String { language.text(english, in: words, values: values) }
        switch event {
        case .action(.addExpense), .action(.addItem):
            let commodity = journal.commodity ?? environment.entries(BudgetEntry.self).first?.denomination.label ?? ""
            let root = journal.accounts.first ?? "expenses"
            return [.form(Form(title: text("Add an expense") + " · " + (journal.journal ?? "journal"), fields: [
                Form.Field(text("Amount (%1)", commodity), placeholder: "12.50", hint: text("12.50 or 12,50"), maxLength: 16),
                Form.Field(text("Note"), placeholder: text("Lunch (optional)"), maxLength: 80),
                Form.Field(text("Date"), text: environment.today.iso, hint: language.text("YYYY-MM-DD, tomorrow, +3d", in: .dashboard), maxLength: 20),
                Form.Field("Account", text: root + ":", hint: accounts(environment, root: root), maxLength: 80),
            ]), submitted: { .journalSubmitted(journal, $0) })]
        case .message(.journalSubmitted(let source, let form)):
            var check = FormCheck(form, language: language)
            let day = check.day(2, today: environment.today)
            if check[0].isEmpty { check.fail(0, "write an amount, such as 12.50.") }
            let account = accountChecked(&check, source)
            if let rejected = check.rejected(form) { return [.form(rejected, submitted: { .journalSubmitted(source, $0) })] }
            guard let day else { return [] }
            let amount = check[0], note = check[1]
            state.form.submitted(form)
            return [.write(FeatureJob(.budget, "journal-add \(amount) \(day.iso) \(note)", { store, _, _ in
                let added = try HledgerJournal.addExpense(source, text: amount, day: day, note: note, account: account, store: store)
                return JournalAddition(amount: added.amount, account: added.account, day: day, journal: source.journalName)
            }, then: Message.journalAdded))]
        case .message(.journalAdded(.success(let added))):
            state.form.saved()
            return [.message(.success("Added \(environment.amount(added.amount)) to \(added.account) on \(added.day.iso) in \(added.journal)."))]
        case .message(.journalAdded(.failure(let failure))):
            return state.form.failed(failure.text(environment), submitted: { .journalSubmitted(journal, $0) })
        case .action(.edit):
            guard let (expense, written) = selectedWritten(environment) else { return [.message(.info(onlyWritten(journal)))] }
            // The commodity it is written in (its account's goal's).
            let commodity = HledgerJournal.split(written.amount).commodity ?? journal.commodity ?? environment.entries(BudgetEntry.self).first?.denomination.label ?? ""
            return [.form(Form(title: text("Edit the expense of %1", expense.day.iso) + " · " + (journal.journal ?? "journal"), fields: [
                Form.Field(text("Amount (%1)", commodity), text: expense.amount.plain(expense.currency), hint: text("12.50 or 12,50"), maxLength: 16),
                Form.Field(text("Note"), text: written.note, placeholder: text("Lunch (optional)"), maxLength: 80),
                Form.Field(text("Date"), text: written.day.iso, hint: language.text("YYYY-MM-DD, tomorrow, +3d", in: .dashboard), maxLength: 20),
                Form.Field("Account", text: written.account, hint: accounts(environment, root: journal.accounts.first ?? "expenses"), maxLength: 80),
            ]), submitted: { .journalEditSubmitted(journal, written, $0) })]
        case .message(.journalEditSubmitted(let source, let written, let form)):
            var check = FormCheck(form, language: language)
            let day = check.day(2, today: environment.today)
            if check[0].isEmpty { check.fail(0, "write an amount, such as 12.50.") }
            let account = accountChecked(&check, source)
            if let rejected = check.rejected(form) { return [.form(rejected, submitted: { .journalEditSubmitted(source, written, $0) })] }
            guard let day else { return [] }
            let amount = check[0], note = check[1]
            state.form.submitted(form)
            return [.write(FeatureJob(.budget, "journal-edit \(written.offset) \(amount) \(day.iso)", { store, _, _ in
                let edited = try HledgerJournal.editExpense(source, written, text: amount, day: day, note: note, account: account, store: store)
                return JournalAddition(amount: edited.amount, account: edited.account, day: day, journal: source.journalName)
            }, then: Message.journalEdited))]
        case .message(.journalEdited(.success(let edited))):
            state.form.saved()
            return [.message(.success("Saved \(environment.amount(edited.amount)) to \(edited.account) on \(edited.day.iso) in \(edited.journal)."))]
        case .action(.remove):
            guard let (_, written) = selectedWritten(environment) else { return [.message(.info(onlyWritten(journal)))] }
            let what = environment.amount(written.amount) + (written.note.isEmpty ? "" : " (\(environment.name(written.note)))")
            return [.confirm(text("Remove the expense of %1 on %2?", what, written.day.iso), yes: .journalRemove(journal, written))]
        case .message(.journalRemove(let source, let written)):
            return [.write(FeatureJob(.budget, "journal-remove \(written.offset)", { _, _, _ in
                try HledgerJournal.remove(written, from: source.journalPath())
                return written
            }, then: Message.journalRemoved))]
        case .message(.journalRemoved(.success(let written))):
            return [.message(.success(text("Removed the expense of %1 on %2.", environment.amount(written.amount), written.day.iso)))]
        case .message(.journalEdited(.failure(let failure))):
            // The form comes back with what was typed; sent again, it edits the journal as it is then.
            guard let (_, written) = selectedWritten(environment) else { return [.message(.failure(failure.text(environment)))] }
            return state.form.failed(failure.text(environment), submitted: { .journalEditSubmitted(journal, written, $0) })
        case .message(.journalRemoved(.failure(let failure))):
            return [.message(.failure(failure.text(environment)))]
        case .action(.setBudget):
            return [.message(.info("The budget comes from the journal \(journal.journalName): edit its goals there (its ~ monthly transactions)."))]
        default:
            return nil
        }
    }
}
