/// Paths as text, cut and joined in their bytes: Foundation's NSString and URL brought their
/// bridging into every status line's start (issue 36).
public enum PathText {
    /// The folder a path names its file in, as NSString's `deletingLastPathComponent` gives it
    /// ("/a/b/" and "/a/b" → "/a", "/b" → "/", "b" → ""; "//" is "/", where NSString says "").
    public static func folder(of path: String) -> String {
        var bytes = Array(path.utf8)
        while bytes.count > 1, bytes.last == UInt8(ascii: "/") { bytes.removeLast() }
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        var end = slash
        while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return end == 0 ? "/" : String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// `name` in `folder`, one slash between them.
    public static func joined(_ name: String, in folder: String) -> String {
        folder + (folder.hasSuffix("/") ? "" : "/") + name
    }
}
