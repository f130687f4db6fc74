import Foundation
import HomescreenHosting
import HomescreenStore

/// The URL a card with a server id opens: seed 004's by default, another from the config
/// file (`card-url`), with `{serverCardId}` where the id goes.
public struct CardURLTemplate: Hashable, Sendable {
    public static let placeholder = "{serverCardId}"
    public static let standard = CardURLTemplate(checked: "https://sharemycard.app/card.php?id={serverCardId}&src=qr-app")
    public let text: String

    private init(checked text: String) { self.text = text }

    /// - Throws: a sentence naming the template and what is accepted.
    public init(_ text: String) throws(CardTemplateError) {
        let problem: String?
        if !(text.hasPrefix("https://") || text.hasPrefix("http://")) {
            problem = "does not start with https:// or http://"
        } else if !text.contains(Self.placeholder) {
            problem = "has no \(Self.placeholder) where the card's id goes"
        } else if text.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.properties.generalCategory == .control }) {
            problem = "contains spaces or control characters"
        } else if text.utf8.count > 500 {
            problem = "is longer than 500 bytes"
        } else {
            problem = nil
        }
        if let problem { throw CardTemplateError(description: "card-url = \"\(text)\" \(problem); use a URL such as \(Self.standard.text).") }
        self.text = text
    }

    /// The template with the id in place, percent-encoded so that it stays one query value.
    public func url(serverCardID: String) -> String {
        var unreserved = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        unreserved.insert(charactersIn: "-._~")
        let id = serverCardID.addingPercentEncoding(withAllowedCharacters: unreserved) ?? serverCardID
        return text.replacingOccurrences(of: Self.placeholder, with: id)
    }
}

public struct CardTemplateError: Error, Equatable, CustomStringConvertible {
    public let description: String
}

/// What a card's QR code holds.
public enum CardPayload: Hashable, Sendable {
    /// The card's page on the sharing server.
    case url(String)
    /// A vCard 3.0 (RFC 2426): scanning adds the contact, with no network.
    case vCard(String)

    public init(_ card: Card, template: CardURLTemplate) {
        if let id = card.serverCardID {
            self = .url(template.url(serverCardID: id))
        } else {
            self = .vCard(Self.vCard(card))
        }
    }

    public var text: String {
        switch self {
        case .url(let text), .vCard(let text): return text
        }
    }

    public var isURL: Bool { if case .url = self { return true } else { return false } }

    /// A vCard 3.0 with CR LF line ends and UTF-8 text; ',' ';' '\' and line breaks escaped.
    static func vCard(_ card: Card) -> String {
        func escaped(_ value: String) -> String {
            var result = ""
            for character in value {
                switch character {
                case "\\": result += "\\\\"
                case ",": result += "\\,"
                case ";": result += "\\;"
                case "\n", "\r", "\r\n": result += "\\n"
                default: result.append(character)
                }
            }
            return result
        }
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:\(escaped(card.lastName));\(escaped(card.firstName));;;", "FN:\(escaped(card.fullName))"]
        if let company = card.company { lines.append("ORG:\(escaped(company))") }
        if let title = card.title { lines.append("TITLE:\(escaped(title))") }
        if let email = card.email { lines.append("EMAIL;TYPE=INTERNET:\(escaped(email))") }
        if let phone = card.phone { lines.append("TEL;TYPE=CELL:\(escaped(phone))") }
        lines.append("END:VCARD")
        return lines.joined(separator: "\r\n")
    }
}

extension CardURLTemplate: ConfigWritten {
    public var configValue: ConfigValue { .string(text) }
}
