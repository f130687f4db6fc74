import ArgumentParser
import Testing
@testable import homescreen

/// `status`'s hand-read forms build exactly the request of the command swift-argument-parser
/// builds, and every other form is left to the parser (so its messages and exit statuses stay).
struct StatusQuickParseTests {
    static func described(_ request: StatusRequest) -> String {
        var text = ""
        dump(request, to: &text)
        return text
    }

    @Test(arguments: [[], ["pantry"], ["pantry", "budget"], ["PANTRY"], ["pantry", "--format", "tmux"], ["--format=plain", "card"],
                      ["year", "--store", "/tmp/a b.sqlite"], ["--store=/tmp/x=y.sqlite", "calendar", "--format", "json"],
                      ["pantry", "--format", "nonsense"]])
    func theHandReadFormsBuildWhatTheParserBuilds(arguments: [String]) throws {
        let quick = try #require(StatusRequest.quick(arguments))
        let parsed = try StatusCommand.parse(arguments).request
        #expect(Self.described(quick) == Self.described(parsed))
    }

    @Test(arguments: [["pantri"], ["--help"], ["-h"], ["help"], ["pantry", "--follow"], ["--format"], ["--format", "--store", "x"],
                      ["--format="], ["--format", "tmux", "--format", "plain"], ["--store", "a", "--store=b"], ["--separator", "|"],
                      ["--theme", "light"], ["--now", "2026-01-01"], ["--", "pantry"], ["pantry", "-"], ["--format", "-x"]])
    func everyOtherFormIsLeftToTheParser(arguments: [String]) {
        #expect(StatusRequest.quick(arguments) == nil)
    }
}
