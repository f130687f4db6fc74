import Testing
@testable import HomescreenPostgres

struct PostgresLocationTests {
    @Test func aPasswordNeverReachesAMessage() {
        #expect(PostgresLocation.redacted("postgresql://lan:s3cret@db.home:5433/family") == "postgresql://lan@db.home:5433/family")
        #expect(PostgresLocation.redacted("postgresql://lan@db.home/family?sslmode=require&password=s3cret") == "postgresql://lan@db.home/family?sslmode=require")
        #expect(PostgresLocation.redacted("postgres://db.home/family") == "postgres://db.home/family")
        #expect(PostgresLocation.isPostgres("postgresql://x") && PostgresLocation.isPostgres("postgres://x") && !PostgresLocation.isPostgres("/tmp/store.sqlite"))
    }

    @Test func libpqMessagesBecomeOneClause() {
        #expect(PostgresError.reason("connection to server at \"127.0.0.1\", port 55432 failed: FATAL:  password authentication failed for user \"homescreen\"\n")
                == "password authentication failed for user \"homescreen\"")
        #expect(PostgresError.reason("could not translate host name \"nowhere.invalid\" to address: Name or service not known\n")
                == "could not translate host name \"nowhere.invalid\" to address: Name or service not known")
    }
}
