import Foundation
import HomescreenTestSupport
import Testing

/// `homescreen serve` never runs a script widget for a guest, and for a member only when the
/// server's config says `serve-widgets = true`: the command's marker file tells.
@Suite(.serialized)
struct ScriptWidgetServeTests {
    static func configure(_ folder: TemporaryFolder, serveWidgets: Bool, marker: String) throws {
        let config = folder.path("config/homescreen")
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        chmod(config, 0o700)
        let path = config + "/config.toml"
        try "serve-widgets = \(serveWidgets)\n\n[[widget]]\nname = \"marker\"\ncommand = \"touch '\(marker)'; echo marked\"\n"
            .write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o600)
    }

    @Test(arguments: [false, true])
    func aMemberRunsWidgetsOnlyWhereTheServerSaysAndAGuestNever(serveWidgets: Bool) throws {
        let folder = TemporaryFolder()
        let marker = folder.path("marker")
        try Self.configure(folder, serveWidgets: serveWidgets, marker: marker)
        let server = try ServeTests.Server(folder)
        let guest = try ServeTests.client(server, user: "demo")
        #expect(guest.wait(timeout: 15) { $0.contains("╭─ Pantry") }, "\(guest.text)\n\(server.text)")
        let key = try ServeTests.key("ed25519", in: folder, named: "id_member")
        try ServeTests.authorize([key], in: folder)
        let member = try ServeTests.client(server, user: "lan", key: key, columns: 160, rows: 48)
        if serveWidgets {
            #expect(member.wait(timeout: 15) { $0.contains("marked") }, "\(member.text)\n\(server.text)")
            #expect(FileManager.default.fileExists(atPath: marker))
        } else {
            #expect(member.wait(timeout: 15) { $0.contains("marker: scripts off here") }, "\(member.text)\n\(server.text)")
            #expect(!FileManager.default.fileExists(atPath: marker))
        }
        #expect(!guest.text.contains("marked"))
        member.stop()
        guest.stop()
    }
}
