import HomescreenStore

extension StoreTable {
    public static let card = StoreTable(rawValue: "card")
    public static let selectedCard = StoreTable(rawValue: "selectedCard")
}

extension CardFeature {
    /// The cards (seed 004's WidgetCardData: names required, the rest optional; with a
    /// serverCardID the code is the card's URL, without it a vCard) and the one selected.
    /// Its first steps make what the store's shared schema 7 held; a store from then has those
    /// tables rebuilt as described, rows kept.
    public static let data: KindData? = KindData(owner: "card", steps: [
        .create(DataTable(.card, columns: [
            .id, DataColumn.text("serverCardID", max: 200, nonBlank: true).orNull(),
            .text("firstName", max: 100, nonBlank: true), .text("lastName", max: 100, nonBlank: true),
            DataColumn.text("company", max: 100).orNull(), DataColumn.text("title", max: 100).orNull(),
            DataColumn.text("email", max: 254).orNull(), DataColumn.text("phone", max: 40).orNull(),
            DataColumn.flag("active").defaulting(1), .timestamp("updatedAt"),
        ])),
        // One row at most. Not a reference on purpose: a removed card stays selected, and the
        // widget says "Card unavailable".
        .create(DataTable(.selectedCard, columns: [
            DataColumn.integer("singleton", 1...1).identifying(.primary), .integer("cardID", Int64.min...Int64.max),
        ])),
    ])
}
