import HomescreenStore

/// Demo cards: one with a server id (its code is the seed's URL), one with a Vietnamese name
/// and no server id (a vCard), one inactive.
public enum CardDemo {
    public static let cards: [CardDraft] = [
        CardDraft(serverCardID: "4821", firstName: "Lan", lastName: "Nguyen", company: "Saigon Coffee Roasters", title: "Founder",
                  email: "lan@example.com", phone: "+84 28 3822 1234"),
        CardDraft(firstName: "Thu Hương", lastName: "Nguyễn", company: "Công ty Đông Á", title: "Giám đốc", email: "huong@example.vn"),
        CardDraft(serverCardID: "7340", firstName: "Marco", lastName: "Rossi", company: "Rossi & Figli", title: "Sales", isActive: false),
    ]
}
