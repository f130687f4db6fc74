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

/// Issue 29, F1: the secrets of every form of connection string stay out of messages.
struct PostgresSecretsTests {
    static let hostile: [(url: String, secret: String)] = [
        ("postgresql://hsuser:My%Pass@127.0.0.1:56999/hs", "My%Pass"),
        ("postgresql://hsuser:Secret99@[::1/hs", "Secret99"),
        ("postgresql://hsuser@127.0.0.1:56999/hs?%70assword=Xsecret", "Xsecret"),
        ("postgresql://hsuser@127.0.0.1:56999/hs?sslpassword=Ysecret&password=Zsecret", "Ysecret"),
        ("postgresql://hsuser@127.0.0.1:56999/hs?sslpassword=Ysecret&password=Zsecret", "Zsecret"),
        ("postgresql://hsuser:p%40ss%2Fword@127.0.0.1/hs", "p@ss/word"),
        ("host=127.0.0.1 port=56999 password=Wsecret dbname=hs", "Wsecret"),
        ("host=127.0.0.1 password='W s' dbname=hs", "W s"),
        // libpq takes `pa?ss` whole, quotes `Sec` alone from `Sec/ret99`, and allows spaces around `=`.
        ("postgresql://postgres:pa?ss@127.0.0.1:1/hs", "pa?ss"), ("postgresql://hsuser:Sec/ret99@127.0.0.1/hs", "Sec"),
        ("host=127.0.0.1 password = s3cret dbname=hs", "s3cret"),
    ]

    @Test func everySecretIsFoundAndMasked() {
        for (url, secret) in Self.hostile {
            #expect(PostgresSecrets.values(in: url).contains(secret), "\(url)")
            #expect(!PostgresLocation.redacted(url).contains(secret), "\(PostgresLocation.redacted(url))")
            let libpq = "invalid URI: \"\(url)\" (\(secret))"
            #expect(!PostgresSecrets.scrub(libpq, PostgresSecrets.values(in: url)).contains(secret))
        }
        #expect(PostgresLocation.redacted("postgresql://hsuser@h/hs?sslmode=require&%70assword=X") == "postgresql://hsuser@h/hs?sslmode=require")
        #expect(PostgresSecrets.values(in: "postgresql://lan@db.home/family?sslmode=require").isEmpty)
        #expect(PostgresSecrets.isKeyValueConnection("host=db dbname=hs") && !PostgresSecrets.isKeyValueConnection("/home/lan/store=1.sqlite"))
        // Issue 51, point 4: libpq reads `\ ` as a space and `&` as a character in a key=value
        // value; no piece of the password after either is left.
        for (form, tail) in [("host=h password=ab\\ Vq8cd dbname=hs", "Vq8"), ("host=h password=ab&Vq8cd dbname=hs", "Vq8"),
                             ("host=h passwd=Vq8cd", "Vq8"), ("password=Vq8cd", "Vq8")] {
            #expect(!PostgresLocation.redacted(form).contains(tail), "\(PostgresLocation.redacted(form))")
        }
    }

    /// libpq's own error for a malformed URL quotes it whole: the connection's message keeps no secret.
    @Test func libpqsOwnErrorsCarryNoSecret() {
        for (url, secret) in Self.hostile where url.hasPrefix("postgresql") {
            do {
                _ = try PostgresConnection(url: url, timeoutSeconds: 1)
                Issue.record("connected to \(url)")
            } catch {
                #expect(!"\(error)".contains(secret), "\(error)")
            }
        }
    }
}
