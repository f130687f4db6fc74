import Foundation

/// zbar's `zbarimg`, an independent QR decoder, run on an image made from modules.
public enum ZBar {
    public static let path = "/usr/bin/zbarimg"
    public static var available: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Decodes a grid of modules (true = dark), drawn as a PBM image with a 4-module light
    /// quiet zone and `scale` pixels per module. - Returns: the payload, nil when none is found.
    public static func decode(modules rows: [[Bool]], scale: Int = 6, quietZone: Int = 4) throws -> String? {
        let height = rows.count, width = rows.first?.count ?? 0
        var image = "P1\n\((width + 2 * quietZone) * scale) \((height + 2 * quietZone) * scale)\n"
        for y in -quietZone..<(height + quietZone) {
            var line = ""
            for x in -quietZone..<(width + quietZone) {
                let dark = (0..<height).contains(y) && (0..<width).contains(x) && rows[y][x]
                line += String(repeating: dark ? "1 " : "0 ", count: scale)
            }
            image += String(repeating: line + "\n", count: scale)
        }
        return try decode(image: Data(image.utf8))
    }

    /// Decodes a picture of a terminal screen.
    public static func decode(_ picture: TerminalPicture) throws -> String? { try decode(image: picture.pgm) }

    /// Decodes an image file's bytes (any format zbarimg reads).
    public static func decode(image data: Data) throws -> String? {
        try MissingTool.check(path, package: "zbar-tools")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("zbar-\(UUID().uuidString).pnm")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["--quiet", "--raw", "-Sbinary", file.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
