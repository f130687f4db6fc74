import Foundation
import HomescreenServeOptions
import NIOSSH

/// Household members' keys, read as sshd(8) reads `authorized_keys` (AuthorizedKeysFile parses
/// the lines and their options). Ed25519 and ECDSA keys are taken; an RSA or DSA key, a line
/// that cannot be read, or a line with an option this server does not implement is kept as a
/// reason (said in the log and by `doctor`) and cannot log in, never a crash.
public struct AuthorizedKeys: Sendable {
    public struct Key: Sendable {
        public let publicKey: NIOSSHPublicKey
        public let line: Int
        public let options: KeyOptions
    }

    public var keys: [Key] = []
    /// "line 3: an RSA key, which this server does not take (swift-nio-ssh has no RSA); use an Ed25519 or ECDSA key".
    public var refused: [String] = []

    /// Keys whose line's options refuse them, with the reason.
    public var refusedByOptions: [(NIOSSHPublicKey, String)] = []

    public init() {}

    /// The file's keys; none when it does not exist (only guests then).
    /// Why no key is taken at all: the file or its folder can be changed by another user.
    public var unsafe: String?

    public static func load(at path: String) -> AuthorizedKeys {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return AuthorizedKeys() }
        if let unsafe = AuthorizedKeysFile.unsafe(path) {
            var result = AuthorizedKeys()
            result.unsafe = unsafe
            result.refused = [unsafe]
            return result
        }
        return parse(text)
    }

    public static func parse(_ text: String) -> AuthorizedKeys {
        let file = AuthorizedKeysFile.parse(text)
        var result = AuthorizedKeys()
        result.refused = file.problems.map { "line \($0.line): \($0.reason)" }
        for entry in file.entries {
            do { result.keys.append(Key(publicKey: try NIOSSHPublicKey(openSSHPublicKey: entry.publicKey), line: entry.line, options: entry.options)) } catch {
                result.refused.append("line \(entry.line): a \(entry.keyType) key that cannot be read")
            }
        }
        // A key its options refuse: said again when it is offered.
        for problem in file.problems {
            if let text = problem.publicKey, let key = try? NIOSSHPublicKey(openSSHPublicKey: text) { result.refusedByOptions.append((key, "line \(problem.line): \(problem.reason)")) }
        }
        return result
    }

    public func contains(_ key: NIOSSHPublicKey) -> Bool { keys.contains { $0.publicKey == key } }

    /// The line that lets `key` in from `address` now (the first one whose options allow it, as
    /// sshd tries each line); else the reasons of the lines that hold the key but refuse it
    /// (empty when the file does not hold the key).
    public func match(_ key: NIOSSHPublicKey, address: String, now: Date = Date()) -> Result<Key, Refusals> {
        if let unsafe { return .failure(Refusals(reasons: ["the file " + unsafe])) }
        var reasons = refusedByOptions.filter { $0.0 == key }.map(\.1)
        for candidate in keys where candidate.publicKey == key {
            if let reason = candidate.options.refusal(address: address, now: now) { reasons.append("line \(candidate.line): \(reason)") } else { return .success(candidate) }
        }
        return .failure(Refusals(reasons: reasons))
    }

    public struct Refusals: Error, Sendable { public let reasons: [String] }
}
