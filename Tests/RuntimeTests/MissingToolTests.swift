import HomescreenTestSupport
import Testing

/// A test that needs a tool fails, naming the tool and its package, when the tool is missing.
struct MissingToolTests {
    @Test func aMissingToolFailsAndSaysWhichPackage() {
        #expect(throws: MissingTool.self) { try MissingTool.check("/usr/bin/no-such-zbarimg", package: "zbar-tools") }
        let error = MissingTool(path: "/usr/bin/zbarimg", package: "zbar-tools")
        #expect(error.description.contains("/usr/bin/zbarimg") && error.description.contains("apt-get install zbar-tools"))
        #expect(throws: Never.self) { try MissingTool.check("/bin/sh", package: "dash") }
    }
}
