import HomescreenStore

/// The store's schema on PostgreSQL: the same tables, columns and rules as the SQLite store
/// (schema 7 made by `creation`, then the `ladder`), in a PostgreSQL schema of its own, `homescreen`, so it can share a database.
/// Identifiers are unquoted (PostgreSQL folds them to lower case), so the plain SQL another
/// program writes for the SQLite store (`INSERT INTO product (name, amountMilli, …)`) works here
/// too. Triggers keep the month totals, the one-currency-per-month rule and the table
/// revisions, and `NOTIFY homescreen, '<table>'` in the writer's transaction, whoever writes.
enum PostgresSchema {
    static let name = "homescreen"
    /// "HOME" in ASCII, as the SQLite store's application_id.
    static let applicationID = 0x484F_4D45
    /// The version this build writes and reads: the SQLite store's schema it mirrors.
    public static let version = 8
    /// The version `creation` makes: PostgreSQL stores began at the SQLite store's schema 7, so
    /// a version row below it was never written by Homescreen.
    static let firstVersion = 7

    /// The steps from `firstVersion` to `version`, each run once, in one transaction with the
    /// others, under the store's advisory lock, when a store of an older version is opened.
    static let ladder: [(version: Int, sql: String)] = [
        (8, """
            -- Each kind's own data is versioned on its own (`KindData`, migrated on both backends).
            CREATE TABLE kindSchema (
                kind text PRIMARY KEY CHECK (length(kind) BETWEEN 1 AND 40),
                version integer NOT NULL CHECK (version >= 1)
            );
            -- Whole numbers as SQLite's STRICT INTEGER keeps them: a bigint column rounds 2.5
            -- written as a literal to 3 (an amount would change meaning); numeric keeps 2.5 for
            -- the CHECK to refuse, as SQLite does. (The month totals' trigger names a column, so it
            -- is made again around the change.)
            DROP TRIGGER expenseMonthTotal ON expense;
            \(wholeNumbers.map { table, column in
                "ALTER TABLE \(table) ALTER COLUMN \(column) TYPE numeric, ADD CONSTRAINT \(table)\(column)Whole CHECK (\(column) = trunc(\(column)));"
            }.joined(separator: "\n"))
            CREATE TRIGGER expenseMonthTotal AFTER INSERT OR DELETE OR UPDATE OF amountCents, day ON expense
                FOR EACH ROW EXECUTE FUNCTION keepMonthTotal();
            -- The one numeric column without a range: NaN and Infinity pass a whole-number check; SQLite takes any 64-bit integer.
            ALTER TABLE selectedCard ADD CONSTRAINT selectedCardCardIDRange CHECK (cardID BETWEEN -9223372036854775808 AND 9223372036854775807);
            """),
    ]
    /// The channel every change is notified on; the payload is the table's name.
    static let channel = "homescreen"

    /// The columns of whole numbers other programs write (ids excepted: they come from sequences).
    static let wholeNumbers: [(table: String, column: String)] = [
        ("product", "amountMilli"), ("consumption", "amountMilli"), ("budget", "limitCents"), ("expense", "amountCents"),
        ("card", "active"), ("selectedCard", "cardID"), ("event", "lunarMonth"), ("event", "lunarDay"), ("event", "lunarLeap"), ("event", "lunarYear"),
    ]

    /// The tables views read: tracked by triggers, named in notifications (folded to lower case).
    static let tables: [StoreTable] = [.product, .consumption, .budget, .expense, .publishedSnapshot, .card, .selectedCard, .event]

    static let creation: String = """
        CREATE SCHEMA homescreen;
        -- What makes this schema a Homescreen store, and of which version.
        CREATE TABLE identity (
            singleton integer PRIMARY KEY CHECK (singleton = 1),
            applicationID integer NOT NULL,
            version integer NOT NULL
        );
        INSERT INTO identity VALUES (1, \(applicationID), \(firstVersion));
        CREATE TABLE tableRevision (
            name text PRIMARY KEY,
            revision bigint NOT NULL DEFAULT 0
        );
        CREATE TABLE product (
            id bigserial PRIMARY KEY,
            name text NOT NULL CHECK (length(trim(name)) > 0 AND length(name) <= 200),
            amountMilli bigint NOT NULL CHECK (amountMilli BETWEEN 0 AND 1000000000),
            unit text NOT NULL DEFAULT '' CHECK (length(unit) <= 20),
            due date NOT NULL CHECK (due BETWEEN '1800-01-01' AND '2199-12-31'),
            createdAt timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX productInStockByDue ON product (due, name, id) WHERE amountMilli > 0;
        CREATE TABLE consumption (
            id bigserial PRIMARY KEY,
            productID bigint NOT NULL REFERENCES product (id) ON DELETE CASCADE,
            amountMilli bigint NOT NULL CHECK (amountMilli BETWEEN 1 AND 1000000000),
            at timestamptz NOT NULL DEFAULT now()
        );
        CREATE INDEX consumptionByProduct ON consumption (productID);
        CREATE TABLE budget (
            month text PRIMARY KEY CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' AND month BETWEEN '1800-01' AND '2199-12'),
            limitCents bigint NOT NULL CHECK (limitCents BETWEEN 1 AND 100000000000),
            currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
            updatedAt timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE expense (
            id bigserial PRIMARY KEY,
            amountCents bigint NOT NULL CHECK (amountCents BETWEEN 1 AND 100000000000),
            day date NOT NULL CHECK (day BETWEEN '1800-01-01' AND '2199-12-31'),
            note text NOT NULL DEFAULT '' CHECK (length(note) <= 200),
            category text CHECK (category IS NULL OR length(category) <= 80),
            createdAt timestamptz NOT NULL DEFAULT now(),
            currency text CHECK (currency IS NULL OR currency ~ '^[A-Z]{3}$')
        );
        CREATE INDEX expenseByDay ON expense (day, id);
        CREATE TABLE monthTotal (
            month text PRIMARY KEY,
            spentCents bigint NOT NULL,
            expenseCount bigint NOT NULL
        );
        CREATE TABLE publishedSnapshot (
            kind text PRIMARY KEY CHECK (length(kind) BETWEEN 1 AND 40),
            json jsonb NOT NULL CHECK (octet_length(json::text) <= 65536),
            publishedAt timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE card (
            id bigserial PRIMARY KEY,
            serverCardID text CHECK (serverCardID IS NULL OR (length(trim(serverCardID)) > 0 AND length(serverCardID) <= 200)),
            firstName text NOT NULL CHECK (length(trim(firstName)) > 0 AND length(firstName) <= 100),
            lastName text NOT NULL CHECK (length(trim(lastName)) > 0 AND length(lastName) <= 100),
            company text CHECK (company IS NULL OR length(company) <= 100),
            title text CHECK (title IS NULL OR length(title) <= 100),
            email text CHECK (email IS NULL OR length(email) <= 254),
            phone text CHECK (phone IS NULL OR length(phone) <= 40),
            active integer NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            updatedAt timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE selectedCard (
            singleton integer PRIMARY KEY CHECK (singleton = 1),
            cardID bigint NOT NULL
        );
        CREATE TABLE event (
            id bigserial PRIMARY KEY,
            uid text NOT NULL UNIQUE CHECK (length(trim(uid)) BETWEEN 1 AND 255),
            title text NOT NULL CHECK (length(trim(title)) > 0 AND length(title) <= 20000),
            note text NOT NULL DEFAULT '' CHECK (length(note) <= 20000),
            lunarMonth integer CHECK (lunarMonth BETWEEN 1 AND 12),
            lunarDay integer CHECK (lunarDay BETWEEN 1 AND 30),
            lunarLeap integer NOT NULL DEFAULT 0 CHECK (lunarLeap IN (0, 1)),
            lunarYear integer CHECK (lunarYear BETWEEN 1800 AND 2199),
            day date CHECK (day BETWEEN '1800-01-01' AND '2199-12-31'),
            time text CHECK (time IS NULL OR time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
            rule text NOT NULL DEFAULT '' CHECK (rule = '' OR (rule LIKE 'FREQ=%' AND length(rule) <= 500)),
            exdates text NOT NULL DEFAULT '' CHECK (length(exdates) <= 20000),
            createdAt timestamptz NOT NULL DEFAULT now(),
            CHECK ((day IS NULL) = (lunarMonth IS NOT NULL AND lunarDay IS NOT NULL)),
            CHECK (day IS NULL OR (lunarMonth IS NULL AND lunarDay IS NULL AND lunarLeap = 0 AND lunarYear IS NULL)),
            CHECK (day IS NOT NULL OR (time IS NULL AND rule = '' AND exdates = '')),
            CHECK (lunarLeap = 0 OR lunarYear IS NOT NULL)
        );

        -- The month totals, kept whoever writes the expenses.
        CREATE FUNCTION keepMonthTotal() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN
                UPDATE homescreen.monthTotal SET spentCents = spentCents - OLD.amountCents, expenseCount = expenseCount - 1
                WHERE month = to_char(OLD.day, 'YYYY-MM');
            END IF;
            IF TG_OP IN ('INSERT', 'UPDATE') THEN
                INSERT INTO homescreen.monthTotal (month, spentCents, expenseCount) VALUES (to_char(NEW.day, 'YYYY-MM'), NEW.amountCents, 1)
                ON CONFLICT (month) DO UPDATE SET spentCents = homescreen.monthTotal.spentCents + excluded.spentCents,
                                                  expenseCount = homescreen.monthTotal.expenseCount + 1;
            END IF;
            RETURN NULL;
        END $$;
        CREATE TRIGGER expenseMonthTotal AFTER INSERT OR DELETE OR UPDATE OF amountCents, day ON expense
            FOR EACH ROW EXECUTE FUNCTION keepMonthTotal();

        -- One currency per month: a missing currency is the month's; a mix is refused.
        CREATE FUNCTION keepExpenseCurrency() RETURNS trigger LANGUAGE plpgsql AS $$
        DECLARE expenseMonth text := to_char(NEW.day, 'YYYY-MM');
        BEGIN
            IF NEW.currency IS NULL THEN
                NEW.currency := COALESCE(
                    (SELECT currency FROM homescreen.budget b WHERE b.month = expenseMonth),
                    (SELECT currency FROM homescreen.expense e WHERE e.id <> NEW.id AND to_char(e.day, 'YYYY-MM') = expenseMonth AND e.currency IS NOT NULL LIMIT 1),
                    (SELECT currency FROM homescreen.budget b WHERE b.month <= expenseMonth ORDER BY b.month DESC LIMIT 1),
                    (SELECT currency FROM homescreen.budget b ORDER BY b.month LIMIT 1), 'EUR');
            ELSIF EXISTS (SELECT 1 FROM homescreen.budget b WHERE b.month = expenseMonth AND b.currency <> NEW.currency)
               OR EXISTS (SELECT 1 FROM homescreen.expense e WHERE e.id <> NEW.id AND to_char(e.day, 'YYYY-MM') = expenseMonth AND e.currency <> NEW.currency) THEN
                RAISE EXCEPTION 'an expense must be in the currency of its month (its budget and its other expenses)' USING ERRCODE = 'check_violation';
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER expenseCurrency BEFORE INSERT OR UPDATE OF currency, day ON expense
            FOR EACH ROW EXECUTE FUNCTION keepExpenseCurrency();
        CREATE FUNCTION keepBudgetCurrency() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF EXISTS (SELECT 1 FROM homescreen.expense e WHERE to_char(e.day, 'YYYY-MM') = NEW.month AND e.currency <> NEW.currency) THEN
                RAISE EXCEPTION 'a budget must be in the currency of its month''s expenses' USING ERRCODE = 'check_violation';
            END IF;
            RETURN NEW;
        END $$;
        CREATE TRIGGER budgetCurrency BEFORE INSERT OR UPDATE OF currency, month ON budget
            FOR EACH ROW EXECUTE FUNCTION keepBudgetCurrency();

        -- Every write to a table a view reads bumps its revision and notifies, in the writer's
        -- transaction (a notification is delivered when it commits, never for a rollback).
        CREATE FUNCTION trackChange() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO homescreen.tableRevision (name, revision) VALUES (TG_ARGV[0], 1)
            ON CONFLICT (name) DO UPDATE SET revision = homescreen.tableRevision.revision + 1;
            PERFORM pg_notify('\(channel)', TG_ARGV[0]);
            RETURN NULL;
        END $$;
        """ + tables.map { $0.rawValue.lowercased() }.map { table in
            "CREATE TRIGGER \(table)Tracked AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table) FOR EACH STATEMENT EXECUTE FUNCTION trackChange('\(table)');"
        }.joined(separator: "\n")
}
