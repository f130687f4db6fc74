import GRDB

/// Schema 6: an expense keeps the currency it was entered in. Before it, an amount was "in the
/// currency of its month's budget", so setting a budget in another currency re-labelled every
/// amount of the month. Now each expense row has its currency, and a month keeps one currency
/// for its budget and all its expenses (the store refuses a mix: it never adds across
/// currencies); the triggers below hold that rule for plain SQL writes too.
extension Schema {
    static func addExpenseCurrency(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE expense ADD COLUMN currency TEXT CHECK (currency IS NULL OR (length(currency) = 3 AND currency GLOB '[A-Z][A-Z][A-Z]'));
            UPDATE expense SET currency = \(monthCurrency("expense.day"));
            \(currencyTriggers)
            PRAGMA user_version = 6;
            """)
    }

    /// The currency an expense of the day in `dayColumn` was shown in before schema 6: its
    /// month's budget's, else the nearest earlier budget's, else the first budget's, else EUR.
    /// A row inserted by plain SQL without a currency gets its month's (budget, then other
    /// expenses), else the same.
    static func monthCurrency(_ dayColumn: String) -> String {
        """
        COALESCE((SELECT currency FROM budget WHERE month = substr(\(dayColumn), 1, 7)),
                 (SELECT currency FROM budget WHERE month <= substr(\(dayColumn), 1, 7) ORDER BY month DESC LIMIT 1),
                 (SELECT currency FROM budget ORDER BY month LIMIT 1), 'EUR')
        """
    }

    /// One currency per month, whoever writes.
    static let currencyTriggers = """
        CREATE TRIGGER expenseCurrencyFill AFTER INSERT ON expense WHEN NEW.currency IS NULL BEGIN
            UPDATE expense SET currency = COALESCE(
                (SELECT currency FROM budget WHERE month = substr(NEW.day, 1, 7)),
                (SELECT currency FROM expense WHERE id <> NEW.id AND substr(day, 1, 7) = substr(NEW.day, 1, 7) AND currency IS NOT NULL LIMIT 1),
                (SELECT currency FROM budget WHERE month <= substr(NEW.day, 1, 7) ORDER BY month DESC LIMIT 1),
                (SELECT currency FROM budget ORDER BY month LIMIT 1), 'EUR')
            WHERE id = NEW.id;
        END;
        CREATE TRIGGER expenseCurrencyInsert BEFORE INSERT ON expense WHEN NEW.currency IS NOT NULL AND (
            EXISTS (SELECT 1 FROM budget WHERE month = substr(NEW.day, 1, 7) AND currency <> NEW.currency)
            OR EXISTS (SELECT 1 FROM expense WHERE substr(day, 1, 7) = substr(NEW.day, 1, 7) AND currency <> NEW.currency)) BEGIN
            SELECT RAISE(ABORT, 'an expense must be in the currency of its month (its budget and its other expenses)');
        END;
        CREATE TRIGGER expenseCurrencyUpdate BEFORE UPDATE OF currency, day ON expense WHEN NEW.currency IS NOT NULL AND (
            EXISTS (SELECT 1 FROM budget WHERE month = substr(NEW.day, 1, 7) AND currency <> NEW.currency)
            OR EXISTS (SELECT 1 FROM expense WHERE id <> NEW.id AND substr(day, 1, 7) = substr(NEW.day, 1, 7) AND currency <> NEW.currency)) BEGIN
            SELECT RAISE(ABORT, 'an expense must be in the currency of its month (its budget and its other expenses)');
        END;
        CREATE TRIGGER budgetCurrencyInsert BEFORE INSERT ON budget WHEN
            EXISTS (SELECT 1 FROM expense WHERE substr(day, 1, 7) = NEW.month AND currency <> NEW.currency) BEGIN
            SELECT RAISE(ABORT, 'a budget must be in the currency of its month''s expenses');
        END;
        CREATE TRIGGER budgetCurrencyUpdate BEFORE UPDATE OF currency, month ON budget WHEN
            EXISTS (SELECT 1 FROM expense WHERE substr(day, 1, 7) = NEW.month AND currency <> NEW.currency) BEGIN
            SELECT RAISE(ABORT, 'a budget must be in the currency of its month''s expenses');
        END;
        """
}
