import Crypto
import Foundation
import NIOSSH

/// The server's Ed25519 host key, kept as OpenSSH keeps one (`openssh-key-v1`, unencrypted,
/// mode 0600, its public half beside it in `FILE.pub`), so `ssh-keygen -lf` reads both. Made on
/// first run, never overwritten. Written by hand: no package here writes this format.
public struct HostKey: Sendable {
    public let key: Curve25519.Signing.PrivateKey
    public let comment: String

    /// Reads the key at `path`, or makes it (and its folder, 0700) when there is none.
    public static func loadOrCreate(at path: String) throws -> HostKey {
        if FileManager.default.fileExists(atPath: path) { return try load(at: path) }
        let folder = (path as NSString).deletingLastPathComponent
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = HostKey(key: Curve25519.Signing.PrivateKey(), comment: "homescreen@" + ProcessInfo.processInfo.hostName)
        // O_EXCL: a key another process made at the same moment is never overwritten.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            if errno == EEXIST { return try load(at: path) }
            throw ServeError("cannot create the host key \(path): \(String(cString: strerror(errno))).")
        }
        let text = Array(key.privateFileText.utf8)
        let written = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        guard written == text.count else { throw ServeError("cannot write the host key \(path).") }
        try? key.publicLine.write(toFile: path + ".pub", atomically: true, encoding: .utf8)
        return key
    }

    public static func load(at path: String) throws -> HostKey {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw ServeError("cannot read the host key \(path); check its permissions.")
        }
        let body = text.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        guard let data = Data(base64Encoded: body) else { throw ServeError("\(path) is not an OpenSSH private key.") }
        var reader = Reader(bytes: [UInt8](data))
        guard reader.take(15) == Array("openssh-key-v1\0".utf8), reader.string() == Array("none".utf8), reader.string() == Array("none".utf8),
              reader.string() == [], reader.uint32() == 1, reader.string() != nil, let section = reader.string() else {
            throw ServeError("\(path) is not an unencrypted OpenSSH Ed25519 key.")
        }
        var inner = Reader(bytes: section)
        guard let check = inner.uint32(), inner.uint32() == check, inner.string() == Array("ssh-ed25519".utf8), inner.string()?.count == 32,
              let secret = inner.string(), secret.count == 64, let comment = inner.string(),
              let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: secret.prefix(32)) else {
            throw ServeError("\(path) is not an unencrypted OpenSSH Ed25519 key.")
        }
        return HostKey(key: key, comment: String(decoding: comment, as: UTF8.self))
    }

    /// The public key blob: string "ssh-ed25519", string key.
    var publicBlob: [UInt8] { Self.string(Array("ssh-ed25519".utf8)) + Self.string([UInt8](key.publicKey.rawRepresentation)) }

    /// `ssh-ed25519 AAAA… comment`.
    public var publicLine: String { "ssh-ed25519 " + Data(publicBlob).base64EncodedString() + " " + comment + "\n" }

    /// As `ssh-keygen -lf` prints it: `256 SHA256:… comment (ED25519)`.
    public var fingerprint: String {
        let digest = Data(SHA256.hash(data: publicBlob)).base64EncodedString().replacingOccurrences(of: "=", with: "")
        return "256 SHA256:\(digest) \(comment) (ED25519)"
    }

    public var sshKey: NIOSSHPrivateKey { NIOSSHPrivateKey(ed25519Key: key) }

    var privateFileText: String {
        let check = UInt32.random(in: .min ... .max)
        var section = Self.uint32(check) + Self.uint32(check) + Self.string(Array("ssh-ed25519".utf8))
            + Self.string([UInt8](key.publicKey.rawRepresentation))
            + Self.string([UInt8](key.rawRepresentation) + [UInt8](key.publicKey.rawRepresentation)) + Self.string(Array(comment.utf8))
        var pad: UInt8 = 1
        while section.count % 8 != 0 { section.append(pad); pad += 1 }
        let bytes = Array("openssh-key-v1\0".utf8) + Self.string(Array("none".utf8)) + Self.string(Array("none".utf8)) + Self.string([])
            + Self.uint32(1) + Self.string(publicBlob) + Self.string(section)
        let base64 = Data(bytes).base64EncodedString()
        let lines = stride(from: 0, to: base64.count, by: 70).map { start -> String in
            let from = base64.index(base64.startIndex, offsetBy: start)
            return String(base64[from..<(base64.index(from, offsetBy: 70, limitedBy: base64.endIndex) ?? base64.endIndex)])
        }
        return "-----BEGIN OPENSSH PRIVATE KEY-----\n" + lines.joined(separator: "\n") + "\n-----END OPENSSH PRIVATE KEY-----\n"
    }

    static func uint32(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) } }
    static func string(_ bytes: [UInt8]) -> [UInt8] { uint32(UInt32(bytes.count)) + bytes }

    struct Reader {
        let bytes: [UInt8]
        var offset = 0
        mutating func take(_ count: Int) -> [UInt8]? {
            guard count >= 0, offset + count <= bytes.count else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }
        mutating func uint32() -> UInt32? { take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } } }
        mutating func string() -> [UInt8]? { uint32().flatMap { take(Int($0)) } }
    }
}

/// A reason the server cannot start or go on, in one sentence.
public struct ServeError: Error, CustomStringConvertible, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
