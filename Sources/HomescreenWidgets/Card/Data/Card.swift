import Foundation
import HomescreenStore
import HomescreenWidgetCore

/// A business card (seed 004's `WidgetCardData`): who, and the id of the card on the sharing
/// server when it has one (its code is then the card's URL; without one, a vCard).
public struct Card: Hashable, Sendable, Identifiable, Codable {
    public var id: Int64
    public var serverCardID: String?
    public var firstName: String
    public var lastName: String
    public var company: String?
    public var title: String?
    public var email: String?
    public var phone: String?
    public var isActive: Bool
    public var updatedAt: Date

    public init(id: Int64, serverCardID: String? = nil, firstName: String, lastName: String, company: String? = nil, title: String? = nil,
                email: String? = nil, phone: String? = nil, isActive: Bool = true, updatedAt: Date) {
        self.id = id
        self.serverCardID = serverCardID
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.title = title
        self.email = email
        self.phone = phone
        self.isActive = isActive
        self.updatedAt = updatedAt
    }

    public var fullName: String { firstName + " " + lastName }

    /// JSON names as seed 004 spells them.
    enum CodingKeys: String, CodingKey {
        case id, serverCardID = "serverCardId", firstName, lastName, company, title, email, phone, isActive = "active", updatedAt
    }

    /// Reads a row defensively: another program's data never crashes a view. Empty optional
    /// text reads as absent.
    init(row: StoreRow) {
        func text(_ column: String) -> String? {
            guard let value = row.text(column), !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return value
        }
        id = row.int("id") ?? 0
        serverCardID = text("serverCardID")
        firstName = row.text("firstName") ?? ""
        lastName = row.text("lastName") ?? ""
        company = text("company")
        title = text("title")
        email = text("email")
        phone = text("phone")
        isActive = (row.int("active") ?? 1) != 0
        updatedAt = row.date("updatedAt") ?? Date(timeIntervalSince1970: 0)
    }
}

/// A card as a person types it, checked before anything is written.
public struct CardDraft: Hashable, Sendable {
    public var serverCardID: String?
    public var firstName: String
    public var lastName: String
    public var company: String?
    public var title: String?
    public var email: String?
    public var phone: String?
    public var isActive: Bool

    public init(serverCardID: String? = nil, firstName: String, lastName: String, company: String? = nil, title: String? = nil,
                email: String? = nil, phone: String? = nil, isActive: Bool = true) {
        self.serverCardID = serverCardID
        self.firstName = firstName
        self.lastName = lastName
        self.company = company
        self.title = title
        self.email = email
        self.phone = phone
        self.isActive = isActive
    }

    /// The longest value each field takes: together they always fit in one QR code.
    public static let limits: [(option: String, characters: Int)] = [
        ("--first", 100), ("--last", 100), ("--company", 100), ("--title", 100), ("--email", 254), ("--phone", 40), ("--server-id", 200),
    ]

    /// The first problem with the draft, as one sentence naming the option and its value.
    public var problem: String? {
        let values: [String?] = [firstName, lastName, company, title, email, phone, serverCardID]
        for ((option, limit), value) in zip(Self.limits, values) {
            guard let value else { continue }
            let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
            if value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                return option == "--first" || option == "--last"
                    ? "\(option) '\(value)' is empty; a card needs a first and a last name."
                    : "\(option) '\(value)' is empty; leave the option out instead."
            }
            if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                return "\(option) '\(shown.debugDescription.dropFirst().dropLast())' contains control characters; use printable text."
            }
            if value.count > limit { return "\(option) '\(shown)' is \(value.count) characters long; use at most \(limit)." }
        }
        if let id = serverCardID, id.unicodeScalars.contains(where: { $0.properties.isWhitespace }) {
            return "--server-id '\(id)' contains spaces; a server card id is one word, such as 8f3a2c."
        }
        if let email, !Self.isEmailAddress(email) {
            return "--email '\(email)' is not an e-mail address; use one name@domain with a dot in the domain and no spaces, such as lan@example.com."
        }
        if let phone, !Self.isPhoneNumber(phone) {
            return "--phone '\(phone)' is not a phone number; use digits, spaces, +, - and parentheses, such as +84 28 1234 5678."
        }
        return nil
    }

    /// One `@`, a name before it, a domain of dot-separated non-empty labels after it (at least
    /// two), no spaces: what a phone's contacts accept as a mail address, without the RFC's
    /// quoted forms that no card uses.
    static func isEmailAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: { $0.isWhitespace }) else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
    }

    /// Digits, spaces, `+`, `-`, `(` and `)`, with at least one digit.
    static func isPhoneNumber(_ text: String) -> Bool {
        text.allSatisfy { ("0"..."9").contains($0) || " +-()".contains($0) } && text.contains { ("0"..."9").contains($0) }
    }
}

/// Which card the card widget shows.
public enum CardSelection: Hashable, Sendable {
    /// No card at all, or none active and none chosen.
    case noCards
    /// The chosen card was removed.
    case unavailable(id: Int64)
    /// The card to show; `chosen` is false when it is the first active card by default.
    case card(Card, chosen: Bool)

    /// The id of the card shown, if any.
    public var shownID: Int64? { if case .card(let card, _) = self { return card.id } else { return nil } }
}

/// Why a card action could not be done: an id that names no card is bad input (exit 2).
public enum CardError: StoreRefusal, Equatable {

    case unknownCard(id: Int64)

    public var sentence: String { "there is no card with id %1; `homescreen card list` shows the ids." }

    public var values: [String] {
        switch self {
        case .unknownCard(let id): return [String(id)]
        }
    }

    /// Its sentences in French, Italian and Vietnamese: the kind's own words.
    public var words: Translations { CardFeature.words }
}
