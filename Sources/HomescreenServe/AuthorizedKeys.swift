import Foundation
import NIOSSH

/// Household members' keys, read as OpenSSH reads `authorized_keys`: one key a line, options
/// before it (ignored: a member gets the dashboard and nothing else), a comment after it.
/// Ed25519 and ECDSA keys are taken; an RSA or DSA key, or a line that cannot be read, is kept
/// as a reason (said in the log and by `doctor`), never a crash.
public struct AuthorizedKeys: Sendable {
    public var keys: [NIOSSHPublicKey] = []
    /// "line 3: an RSA key, which this server does not take (swift-nio-ssh has no RSA); use an Ed25519 or ECDSA key".
    public var refused: [String] = []

    public init() {}

    /// The file's keys; none when it does not exist (only guests then).
    public static func load(at path: String) -> AuthorizedKeys {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return AuthorizedKeys() }
        return parse(text)
    }

    public static func parse(_ text: String) -> AuthorizedKeys {
        var result = AuthorizedKeys()
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let tokens = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let at = tokens.firstIndex(where: isKeyType), at + 1 < tokens.count else {
                result.refused.append("line \(index + 1): no key type (ssh-ed25519, ecdsa-sha2-nistp256…) found")
                continue
            }
            if tokens[at].hasPrefix("ssh-rsa") || tokens[at].hasPrefix("ssh-dss") || tokens[at].hasPrefix("rsa-") {
                result.refused.append("line \(index + 1): an \(tokens[at].hasPrefix("ssh-dss") ? "DSA" : "RSA") key, which this server does not take; use an Ed25519 or ECDSA key")
                continue
            }
            do { result.keys.append(try NIOSSHPublicKey(openSSHPublicKey: tokens[at] + " " + tokens[at + 1])) } catch {
                result.refused.append("line \(index + 1): a \(tokens[at]) key that cannot be read")
            }
        }
        return result
    }

    static func isKeyType(_ token: String) -> Bool {
        ["ssh-ed25519", "ecdsa-sha2-", "ssh-rsa", "ssh-dss", "sk-ssh-ed25519", "sk-ecdsa-sha2-", "rsa-sha2-"].contains { token.hasPrefix($0) }
    }

    public func contains(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }
}
