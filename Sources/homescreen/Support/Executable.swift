import Foundation
import HomescreenCommandLine

/// This executable's path, for finding the themes installed beside it.
enum Executable {
    /// On Linux read from `/proc/self/exe`: `Bundle.main` lists every file of the executable's
    /// folder when it is first used (a /usr/bin of thousands of entries), which cost `status` a
    /// few milliseconds on each run.
    /// The path, symbolic links resolved (the kernel gives it so).
    static var path: String? {
        #if os(Linux)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if length > 0 { return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        #endif
        return Bundle.main.executableURL?.resolvingSymlinksInPath().path
    }
}
