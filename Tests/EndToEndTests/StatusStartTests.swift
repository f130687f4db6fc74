import CProcessStart
import Glibc
import Testing

/// Which starts map their memory up front (Sources/CProcessStart/prefault.c): a one-shot status
/// line, which starts every few seconds and lives a few milliseconds, and nothing that stays
/// running (the dashboard, `status --follow`) or runs rarely.
struct StatusStartTests {
    static func prefaults(_ arguments: [String]) -> Bool {
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.append(nil)
        return pointers.withUnsafeMutableBufferPointer { hs_prefaults_memory(Int32(arguments.count), $0.baseAddress) } != 0
    }

    @Test(arguments: [["homescreen", "status"], ["homescreen", "status", "pantry", "--format", "tmux"],
                      ["/usr/local/bin/homescreen", "status", "--store", "/tmp/s.sqlite", "budget"],
                      ["homescreen", "status", "pantry", "--", "--follow"]])
    func aStatusLineMapsItsMemoryAtOnce(arguments: [String]) {
        #expect(Self.prefaults(arguments))
    }

    @Test(arguments: [["homescreen"], ["homescreen", "status", "--follow"], ["homescreen", "status", "pantry", "--follow", "--format", "tmux"],
                      ["homescreen", "pantry", "list"], ["homescreen", "tmux"], ["homescreen", "--store", "x", "status"], [] as [String]])
    func everythingElseStartsAsBefore(arguments: [String]) {
        #expect(!Self.prefaults(arguments))
    }
}
