import HomescreenCommandLine
/// The version `homescreen --version` prints: the number, kept here and nowhere else, and the
/// git commit the binary was built from (`BuildCommit`, written at build time by the
/// BuildCommit plugin; absent outside a git checkout; "-dirty" when files were changed).
enum Version {
    static let number = "0.20.0"

    static var text: String { "homescreen \(number)" + (BuildCommit.commit.map { " (\($0))" } ?? "") }
}
