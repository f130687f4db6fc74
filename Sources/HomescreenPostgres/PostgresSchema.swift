import HomescreenStore

/// The store's shared schema on PostgreSQL, in a PostgreSQL schema of its own, `homescreen`, so
/// it can share a database: its identity and version, the table revisions and the function
/// whose triggers bump them and `NOTIFY homescreen, '<table>'` in the writer's transaction,
/// whoever writes, the published snapshots and the kinds' data versions. Each kind makes its
/// own tables (`KindData`, the same description as on SQLite). Identifiers are unquoted
/// (PostgreSQL folds them to lower case), so the plain SQL another program writes for the SQLite
/// store (`INSERT INTO product (name, amountMilli, …)`) works here too.
enum PostgresSchema {
    static let name = "homescreen"
    /// "HOME" in ASCII, as the SQLite store's application_id.
    static let applicationID = 0x484F_4D45
    /// The version this build writes and reads (`creation` makes it): the SQLite store's schema it mirrors.
    public static let version = 9
    /// PostgreSQL stores began at the SQLite store's schema 7, so a version row below it was
    /// never written by Homescreen.
    static let firstVersion = 7

    /// The steps from `firstVersion` to `version`, each run once, in one transaction with the
    /// others, under the store's advisory lock, when a store of an older version is opened.
    /// (Version 7 held the five first kinds' tables too, made by the store; they are their
    /// kinds' own now, rebuilt as their descriptions say when the kinds prepare the store.)
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
        (9, "-- The kinds' tables are rebuilt by the kinds themselves (StoreBackend.prepare), rows kept."),
    ]
    /// The channel every change is notified on; the payload is the table's name.
    static let channel = "homescreen"

    /// The columns of whole numbers other programs write (ids excepted: they come from sequences).
    static let wholeNumbers: [(table: String, column: String)] = [
        ("product", "amountMilli"), ("consumption", "amountMilli"), ("budget", "limitCents"), ("expense", "amountCents"),
        ("card", "active"), ("selectedCard", "cardID"), ("event", "lunarMonth"), ("event", "lunarDay"), ("event", "lunarLeap"), ("event", "lunarYear"),
    ]


    /// The shared tables views read. A store made before version 9 notifies with their names
    /// folded to lower case ("publishedsnapshot").
    static let tables: [StoreTable] = [.publishedSnapshot]

    static let creation: String = """
        CREATE SCHEMA homescreen;
        -- What makes this schema a Homescreen store, and of which version.
        CREATE TABLE identity (
            singleton integer PRIMARY KEY CHECK (singleton = 1),
            applicationID integer NOT NULL,
            version integer NOT NULL
        );
        INSERT INTO identity VALUES (1, \(applicationID), \(version));
        CREATE TABLE tableRevision (
            name text PRIMARY KEY,
            revision bigint NOT NULL DEFAULT 0
        );
        -- Each kind's own data is versioned on its own (`KindData`, migrated on both backends).
        CREATE TABLE kindSchema (
            kind text PRIMARY KEY CHECK (length(kind) BETWEEN 1 AND 40),
            version integer NOT NULL CHECK (version >= 1)
        );
        CREATE TABLE publishedSnapshot (
            kind text PRIMARY KEY CHECK (length(kind) BETWEEN 1 AND 40),
            json jsonb NOT NULL CHECK (octet_length(json::text) <= 65536),
            publishedAt timestamptz NOT NULL DEFAULT now()
        );

        -- Every write to a table a view reads bumps its revision and notifies, in the writer's
        -- transaction (a notification is delivered when it commits, never for a rollback).
        CREATE FUNCTION trackChange() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            INSERT INTO homescreen.tableRevision (name, revision) VALUES (TG_ARGV[0], 1)
            ON CONFLICT (name) DO UPDATE SET revision = homescreen.tableRevision.revision + 1;
            PERFORM pg_notify('\(channel)', TG_ARGV[0]);
            RETURN NULL;
        END $$;
        \(DataTable.tracking(.publishedSnapshot, .postgres).joined(separator: ";\n"));
        """
}
